import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  menuCreateSchema,
  menuItemSchema,
  menuNodeSchema,
  menuQuerySchema,
  menuSchema,
  menuUpdateSchema,
  Perm,
} from '@campus/contract';
import { getPrincipal, requirePerm, signedIn } from '../../plugins/access.js';
import { createRecordRoutes, SYSTEM_TAGS } from '../../resources/record-routes.js';
import { RESOURCE_ERRORS } from '../../resources/route-parts.js';
import { createMenu, deleteMenu, getAdminMenuTree, getMenu, listMenus, updateMenu } from './admin-service.js';
import { getMenuTree } from './service.js';

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

  const record = createRecordRoutes(base, menuSchema);
  app.route(record.list(Perm.menuList, 'List menus flat (keyword: name, path or locale prefix)', menuQuerySchema, listMenus));

  app.get(
    `${base}/tree`,
    {
      // The role-menu page needs the tree to tick boxes in.
      config: { access: requirePerm([Perm.menuList, Perm.roleAssign], 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Every menu as a tree with ids, unfiltered',
        response: { 200: envelopeSchema(z.array(menuNodeSchema)), ...RESOURCE_ERRORS },
      },
    },
    async () => ({ code: 0, msg: 'ok', data: await getAdminMenuTree(app.db) }),
  );

  app.route(record.get(Perm.menuList, 'One menu', getMenu));
  app.route(record.create(Perm.menuAdd, 'Create a menu', menuCreateSchema, createMenu));
  app.route(record.update(Perm.menuEdit, 'Update a menu (no cycles; perm codes must exist)', menuUpdateSchema, updateMenu));
  app.route(record.remove(Perm.menuDelete, 'Delete a menu (409 while it has children)', deleteMenu));
};
