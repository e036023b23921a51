import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  okSchema,
  pageSchema,
  roleCreateSchema,
  roleMenusBodySchema,
  roleMenusSchema,
  rolePermsBodySchema,
  rolePermsSchema,
  roleQuerySchema,
  roleSchema,
  roleUpdateSchema,
  roleUsersBodySchema,
  roleUsersSchema,
  Perm,
} from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import {
  createRole,
  deleteRole,
  getRole,
  getRoleMenus,
  getRolePerms,
  getRoleUsers,
  listRoles,
  setRoleMenus,
  setRolePerms,
  setRoleUsers,
  updateRole,
} from './service.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const base = '/system/roles';
const readAccess = requirePerm([Perm.roleList, Perm.roleAssign], 'global');
const assignAccess = requirePerm(Perm.roleAssign, 'global');

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: requirePerm(Perm.roleList, 'global') },
      schema: {
        tags,
        summary: 'List roles (keyword: name or code prefix)',
        querystring: roleQuerySchema,
        response: { 200: envelopeSchema(pageSchema(roleSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listRoles(app.db, request.query) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: readAccess },
      schema: { tags, summary: 'One role', params: idParamsSchema, response: { 200: envelopeSchema(roleSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRole(app.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(Perm.roleAdd, 'global') },
      schema: { tags, summary: 'Create a role', body: roleCreateSchema, response: { 201: envelopeSchema(roleSchema), ...errors } },
    },
    async (request, reply) => {
      const data = await createRole(request, request.body);
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.roleEdit, 'global') },
      schema: {
        tags,
        summary: 'Update a role (the built-in admin role keeps its code and stays active)',
        params: idParamsSchema,
        body: roleUpdateSchema,
        response: { 200: envelopeSchema(roleSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await updateRole(request, request.params.id, request.body) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.roleDelete, 'global') },
      schema: {
        tags,
        summary: 'Delete a role (not the built-in one; 409 naming its members while it has any)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deleteRole(request, request.params.id);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.get(
    `${base}/:id/users`,
    {
      config: { access: readAccess },
      schema: {
        tags,
        summary: "The role's members",
        params: idParamsSchema,
        response: { 200: envelopeSchema(roleUsersSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRoleUsers(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/users`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignUsers' } },
      schema: {
        tags,
        summary: "Set the role's members (you must hold every perm of the role)",
        params: idParamsSchema,
        body: roleUsersBodySchema,
        response: { 200: envelopeSchema(roleUsersSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRoleUsers(request, request.params.id, request.body.userIds) }),
  );

  app.get(
    `${base}/:id/menus`,
    {
      config: { access: readAccess },
      schema: { tags, summary: "The role's menus", params: idParamsSchema, response: { 200: envelopeSchema(roleMenusSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRoleMenus(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/menus`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignMenus' } },
      schema: {
        tags,
        summary: "Set the role's menus (only menus you hold)",
        params: idParamsSchema,
        body: roleMenusBodySchema,
        response: { 200: envelopeSchema(roleMenusSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRoleMenus(request, request.params.id, request.body.menuIds) }),
  );

  app.get(
    `${base}/:id/perms`,
    {
      config: { access: readAccess },
      schema: { tags, summary: "The role's perms", params: idParamsSchema, response: { 200: envelopeSchema(rolePermsSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRolePerms(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/perms`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignPerms' } },
      schema: {
        tags,
        summary: "Set the role's perms (only perms you hold; takes effect on the members' next request)",
        params: idParamsSchema,
        body: rolePermsBodySchema,
        response: { 200: envelopeSchema(rolePermsSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRolePerms(request, request.params.id, request.body.permIds) }),
  );
};
