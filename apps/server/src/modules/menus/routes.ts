import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorSchema, menuItemSchema } from '@campus/contract';
import { getPrincipal, signedIn } from '../../plugins/access.js';
import { getMenuTree } from './service.js';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/menuList',
    {
      config: { access: signedIn('global', { allowMustChange: true }) },
      schema: {
        tags: ['auth'],
        summary: "The menu tree, filtered by the caller's perms",
        response: { 200: envelopeSchema(z.array(menuItemSchema)), 401: errorSchema },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getMenuTree(app.db, getPrincipal(request).perms) }),
  );
};
