import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deptCreateSchema,
  deptNodeSchema,
  deptQuerySchema,
  deptSchema,
  deptUpdateSchema,
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  okSchema,
  Perm,
} from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import { createDept, deleteDept, getDept, getDeptTree, updateDept } from './service.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const base = '/system/depts';

export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      // The user and manager forms pick a department from this tree.
      config: { access: requirePerm([Perm.deptList, Perm.userList, Perm.managerAdd, Perm.managerEdit], 'global') },
      schema: {
        tags,
        summary: 'The department tree (filters keep the ancestors of what matches)',
        querystring: deptQuerySchema,
        response: { 200: envelopeSchema(z.array(deptNodeSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getDeptTree(app.db, request.query) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.deptList, 'global') },
      schema: { tags, summary: 'One department', params: idParamsSchema, response: { 200: envelopeSchema(deptSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getDept(app.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(Perm.deptAdd, 'global') },
      schema: { tags, summary: 'Create a department', body: deptCreateSchema, response: { 201: envelopeSchema(deptSchema), ...errors } },
    },
    async (request, reply) => {
      const data = await createDept(request, request.body);
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.deptEdit, 'global') },
      schema: {
        tags,
        summary: 'Update or move a department (never under itself or its descendants)',
        params: idParamsSchema,
        body: deptUpdateSchema,
        response: { 200: envelopeSchema(deptSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await updateDept(request, request.params.id, request.body) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.deptDelete, 'global') },
      schema: {
        tags,
        summary: 'Delete a department (409 naming its sub-departments, users and managers while it has any)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deleteDept(request, request.params.id);
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
