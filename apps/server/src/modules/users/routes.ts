import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  forceLogoutResultSchema,
  formatMessage,
  idParamsSchema,
  idsBodySchema,
  mfaResetResultSchema,
  okSchema,
  pageSchema,
  Perm,
  resetPasswordBodySchema,
  resetPasswordResultSchema,
  userCreatedSchema,
  userCreateSchema,
  userOptionQuerySchema,
  userOptionSchema,
  userQuerySchema,
  userSchema,
  userStatusBodySchema,
  userUpdateSchema,
} from '@campus/contract';
import { requirePerm } from '../../plugins/access.js';
import { createRecordRoutes, SYSTEM_TAGS } from '../../resources/record-routes.js';
import { RESOURCE_ERRORS } from '../../resources/route-parts.js';
import {
  createUser,
  deleteUsers,
  forceLogout,
  getUser,
  listUserOptions,
  listUsers,
  resetMfa,
  resetPassword,
  setUserStatus,
  unlockUser,
  updateUser,
} from './service.js';

const base = '/system/users';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const record = createRecordRoutes(base, userSchema);
  app.route(record.list(Perm.userList, 'List user accounts (keyword: username, nickname or phone prefix)', userQuerySchema, listUsers));

  app.get(
    `${base}/options`,
    {
      config: {
        access: requirePerm([Perm.userList, Perm.teacherAdd, Perm.teacherEdit, Perm.managerAdd, Perm.managerEdit], 'global'),
      },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Accounts to link a teacher or manager to: username and nickname only (keyword prefix, or one id)',
        querystring: userOptionQuerySchema,
        response: { 200: envelopeSchema(pageSchema(userOptionSchema)), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listUserOptions(app.db, request.query) }),
  );

  app.route(record.get(Perm.userList, 'One user account', getUser));
  app.route(
    record.create(
      Perm.userAdd,
      'Create a user; without a password a temporary one is generated, answered once, and must be changed',
      userCreateSchema,
      createUser,
      userCreatedSchema,
    ),
  );
  app.route(
    record.update(Perm.userEdit, 'Update a user (not the password; not your own roles, campuses or status)', userUpdateSchema, updateUser),
  );

  app.put(
    `${base}/:id/status`,
    {
      config: { access: requirePerm(Perm.userEdit, 'global'), operlog: { module: 'system:user', action: 'status' } },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Enable or disable a user; disabling ends their sessions',
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: envelopeSchema(userSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setUserStatus(request, request.params.id, request.body.status) }),
  );

  app.route(
    record.remove(Perm.userDelete, 'Delete a user (not yourself, not the last admin; 409 while referred to)', (request, id) =>
      deleteUsers(request, [id]),
    ),
  );

  app.delete(
    base,
    {
      config: { access: requirePerm(Perm.userDelete, 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Delete several users: all or none',
        body: idsBodySchema,
        response: { 200: okSchema, ...RESOURCE_ERRORS },
      },
    },
    async (request) => {
      await deleteUsers(request, request.body.ids);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.post(
    `${base}/:id/reset-password`,
    {
      config: { access: requirePerm(Perm.userResetPwd, 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "Reset a user's password (typed, encrypted as at login, or generated and answered once); ends their sessions",
        params: idParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: envelopeSchema(resetPasswordResultSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => {
      const data = await resetPassword(request, request.params.id, request.body.password);
      return { code: 0, msg: formatMessage(request.locale, 'system.passwordReset'), data };
    },
  );

  app.post(
    `${base}/:id/logout`,
    {
      config: { access: requirePerm(Perm.userForceLogout, 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Force sign-out: end every session of a user',
        params: idParamsSchema,
        response: { 200: envelopeSchema(forceLogoutResultSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => {
      const sessionsEnded = await forceLogout(request, request.params.id);
      return { code: 0, msg: formatMessage(request.locale, 'system.forcedLogout', { count: sessionsEnded }), data: { sessionsEnded } };
    },
  );

  app.delete(
    `${base}/:id/mfa`,
    {
      config: { access: requirePerm('system:user:resetMfa', 'global'), operlog: { module: 'system:user', action: 'resetMfa' } },
      schema: {
        tags: SYSTEM_TAGS,
        summary: "Reset a user's second factor (authenticator app, recovery codes, passkeys); ends their sessions and tells them",
        params: idParamsSchema,
        response: { 200: envelopeSchema(mfaResetResultSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => {
      const sessionsEnded = await resetMfa(request, request.params.id);
      return { code: 0, msg: formatMessage(request.locale, 'system.mfaReset'), data: { sessionsEnded } };
    },
  );

  app.post(
    `${base}/:id/unlock`,
    {
      config: { access: requirePerm(Perm.loginlogUnlock, 'global') },
      schema: {
        tags: SYSTEM_TAGS,
        summary: 'Lift the sign-in lockout of a user',
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema), ...RESOURCE_ERRORS },
      },
    },
    async (request) => ({
      code: 0,
      msg: formatMessage(request.locale, 'system.unlocked'),
      data: await unlockUser(request, request.params.id),
    }),
  );
};
