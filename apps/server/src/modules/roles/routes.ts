import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamsSchema,
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
import { createRecordRoutes, SYSTEM_TAGS } from '../../resources/record-routes.js';
import { RESOURCE_ERRORS } from '../../resources/route-parts.js';
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

const base = '/system/roles';
const readAccess = requirePerm([Perm.roleList, Perm.roleAssign], 'global');
const assignAccess = requirePerm(Perm.roleAssign, 'global');

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const record = createRecordRoutes(base, roleSchema);
  app.route(record.list(Perm.roleList, 'List roles (keyword: name or code prefix)', roleQuerySchema, listRoles));
  app.route(record.get([Perm.roleList, Perm.roleAssign], 'One role', getRole));
  app.route(record.create(Perm.roleAdd, 'Create a role', roleCreateSchema, createRole));
  app.route(
    record.update(Perm.roleEdit, 'Update a role (the built-in admin role keeps its code and stays active)', roleUpdateSchema, updateRole),
  );
  app.route(record.remove(Perm.roleDelete, 'Delete a role (not the built-in one; 409 naming its members while it has any)', deleteRole));

  app.get(
    `${base}/:id/users`,
    {
      config: { access: readAccess },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "The role's members",
        params: idParamsSchema,
        response: { 200: envelopeSchema(roleUsersSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRoleUsers(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/users`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignUsers' } },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "Set the role's members (you must hold every perm of the role)",
        params: idParamsSchema,
        body: roleUsersBodySchema,
        response: { 200: envelopeSchema(roleUsersSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRoleUsers(request, request.params.id, request.body.userIds) }),
  );

  app.get(
    `${base}/:id/menus`,
    {
      config: { access: readAccess },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "The role's menus",
        params: idParamsSchema,
        response: { 200: envelopeSchema(roleMenusSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRoleMenus(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/menus`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignMenus' } },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "Set the role's menus (only menus you hold)",
        params: idParamsSchema,
        body: roleMenusBodySchema,
        response: { 200: envelopeSchema(roleMenusSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRoleMenus(request, request.params.id, request.body.menuIds) }),
  );

  app.get(
    `${base}/:id/perms`,
    {
      config: { access: readAccess },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "The role's perms",
        params: idParamsSchema,
        response: { 200: envelopeSchema(rolePermsSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getRolePerms(app.db, request.params.id) }),
  );

  app.put(
    `${base}/:id/perms`,
    {
      config: { access: assignAccess, operlog: { module: 'system:role', action: 'assignPerms' } },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "Set the role's perms (only perms you hold; takes effect on the members' next request)",
        params: idParamsSchema,
        body: rolePermsBodySchema,
        response: { 200: envelopeSchema(rolePermsSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setRolePerms(request, request.params.id, request.body.permIds) }),
  );
};
