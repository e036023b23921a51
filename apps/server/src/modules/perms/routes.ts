import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  permCreateSchema,
  permGroupSchema,
  permQuerySchema,
  permSchema,
  permUpdateSchema,
  text,
  Perm,
} from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import { createRecordRoutes, SYSTEM_TAGS } from '../../resources/record-routes.js';
import { RESOURCE_ERRORS } from '../../resources/route-parts.js';
import { createPerm, deletePerm, getPerm, listPermGroups, listPerms, updatePerm } from './service.js';

const base = '/system/perms';
const groupQuerySchema = z.strictObject({ keyword: text().trim().max(64).optional(), module: text().trim().max(64).optional() });

export const permRoutes: FastifyPluginAsyncZod = async (app) => {
  const record = createRecordRoutes(base, permSchema);
  app.route(
    record.list(Perm.permList, 'The permission catalogue, flat and paged (keyword: code or name prefix)', permQuerySchema, listPerms),
  );

  app.get(
    `${base}/groups`,
    {
      // The role-perm page shows the catalogue to tick from.
      config: { access: requirePerm([Perm.permList, Perm.roleAssign], 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'The whole permission catalogue grouped by module',
        querystring: groupQuerySchema,
        response: { 200: envelopeSchema(z.array(permGroupSchema)), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listPermGroups(app.db, request.query) }),
  );

  app.route(record.get(Perm.permList, 'One permission', getPerm));
  app.route(record.create(Perm.permAdd, 'Create a permission (code `area:thing:action`)', permCreateSchema, createPerm));
  app.route(
    record.update(Perm.permEdit, 'Rename a permission or move it to another module (the code stays)', permUpdateSchema, updatePerm),
  );
  app.route(record.remove(Perm.permDelete, 'Delete a permission (409 while a route, menu or role uses its code)', deletePerm));
};
