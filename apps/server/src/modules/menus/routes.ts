import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  menuCreateSchema,
  menuItemSchema,
  menuNodeSchema,
  menuQuerySchema,
  menuSchema,
  menuUpdateSchema,
  okSchema,
  pageSchema,
  Perm,
} from '@campus/contract';
import { getPrincipal, requirePerm, signedIn } from '../../plugins/access.js';
import { createMenu, deleteMenu, getAdminMenuTree, getMenu, listMenus, updateMenu } from './admin-service.js';
import { getMenuTree } from './service.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const base = '/system/menus';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/menuList',
    {
      config: { access: signedIn('global', { allowMustChange: true, allowMustEnrol: true }) },
      schema: {
        tags: ['auth'],
        summary: "The menu tree, filtered by the caller's perms",
        response: { 200: envelopeSchema(z.array(menuItemSchema)), 401: errorSchema },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getMenuTree(app.db, getPrincipal(request).perms) }),
  );

  app.get(
    base,
    {
      config: { access: requirePerm(Perm.menuList, 'global') },
      schema: {
        tags,
        summary: 'List menus flat (keyword: name, path or locale prefix)',
        querystring: menuQuerySchema,
        response: { 200: envelopeSchema(pageSchema(menuSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listMenus(app.db, request.query) }),
  );

  app.get(
    `${base}/tree`,
    {
      // The role-menu page needs the tree to tick boxes in.
      config: { access: requirePerm([Perm.menuList, Perm.roleAssign], 'global') },
      schema: {
        tags,
        summary: 'Every menu as a tree with ids, unfiltered',
        response: { 200: envelopeSchema(z.array(menuNodeSchema)), ...errors },
      },
    },
    async () => ({ code: 0, msg: 'ok', data: await getAdminMenuTree(app.db) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.menuList, 'global') },
      schema: { tags, summary: 'One menu', params: idParamsSchema, response: { 200: envelopeSchema(menuSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getMenu(app.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(Perm.menuAdd, 'global') },
      schema: { tags, summary: 'Create a menu', body: menuCreateSchema, response: { 201: envelopeSchema(menuSchema), ...errors } },
    },
    async (request, reply) => {
      const data = await createMenu(request, request.body);
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.menuEdit, 'global') },
      schema: {
        tags,
        summary: 'Update a menu (no cycles; perm codes must exist)',
        params: idParamsSchema,
        body: menuUpdateSchema,
        response: { 200: envelopeSchema(menuSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await updateMenu(request, request.params.id, request.body) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.menuDelete, 'global') },
      schema: {
        tags,
        summary: 'Delete a menu (409 while it has children)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deleteMenu(request, request.params.id);
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
