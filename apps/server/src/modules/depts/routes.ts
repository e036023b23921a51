import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deptCreateSchema, deptNodeSchema, deptQuerySchema, deptSchema, deptUpdateSchema, envelopeSchema, Perm } from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import { createRecordRoutes, SYSTEM_TAGS } from '../../resources/record-routes.js';
import { RESOURCE_ERRORS } from '../../resources/route-parts.js';
import { createDept, deleteDept, getDept, getDeptTree, updateDept } from './service.js';

const base = '/system/depts';

export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      // The user and manager forms pick a department from this tree.
      config: { access: requirePerm([Perm.deptList, Perm.userList, Perm.managerAdd, Perm.managerEdit], 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'The department tree (filters keep the ancestors of what matches)',
        querystring: deptQuerySchema,
        response: { 200: envelopeSchema(z.array(deptNodeSchema)), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getDeptTree(app.db, request.query) }),
  );

  const record = createRecordRoutes(base, deptSchema);
  app.route(record.get(Perm.deptList, 'One department', getDept));
  app.route(record.create(Perm.deptAdd, 'Create a department', deptCreateSchema, createDept));
  app.route(
    record.update(Perm.deptEdit, 'Update or move a department (never under itself or its descendants)', deptUpdateSchema, updateDept),
  );
  app.route(
    record.remove(Perm.deptDelete, 'Delete a department (409 naming its sub-departments, users and managers while it has any)', deleteDept),
  );
};
