import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  okSchema,
  pageSchema,
  permCreateSchema,
  permGroupSchema,
  permQuerySchema,
  permSchema,
  permUpdateSchema,
  text,
  Perm,
} from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import { createPerm, deletePerm, getPerm, listPermGroups, listPerms, updatePerm } from './service.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const base = '/system/perms';
const groupQuerySchema = z.strictObject({ keyword: text().trim().max(64).optional(), module: text().trim().max(64).optional() });

export const permRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: requirePerm(Perm.permList, 'global') },
      schema: {
        tags,
        summary: 'The permission catalogue, flat and paged (keyword: code or name prefix)',
        querystring: permQuerySchema,
        response: { 200: envelopeSchema(pageSchema(permSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listPerms(app.db, request.query) }),
  );

  app.get(
    `${base}/groups`,
    {
      // The role-perm page shows the catalogue to tick from.
      config: { access: requirePerm([Perm.permList, Perm.roleAssign], 'global') },
      schema: {
        tags,
        summary: 'The whole permission catalogue grouped by module',
        querystring: groupQuerySchema,
        response: { 200: envelopeSchema(z.array(permGroupSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listPermGroups(app.db, request.query) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.permList, 'global') },
      schema: { tags, summary: 'One permission', params: idParamsSchema, response: { 200: envelopeSchema(permSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getPerm(app.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(Perm.permAdd, 'global') },
      schema: {
        tags,
        summary: 'Create a permission (code `area:thing:action`)',
        body: permCreateSchema,
        response: { 201: envelopeSchema(permSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createPerm(request, request.body);
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.permEdit, 'global') },
      schema: {
        tags,
        summary: 'Rename a permission or move it to another module (the code stays)',
        params: idParamsSchema,
        body: permUpdateSchema,
        response: { 200: envelopeSchema(permSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await updatePerm(request, request.params.id, request.body) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.permDelete, 'global') },
      schema: {
        tags,
        summary: 'Delete a permission (409 while a route, menu or role uses its code)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deletePerm(request, request.params.id);
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
