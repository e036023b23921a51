import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
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

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const base = '/system/users';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: requirePerm(Perm.userList, 'global') },
      schema: {
        tags,
        summary: 'List user accounts (keyword: username, nickname or phone prefix)',
        querystring: userQuerySchema,
        response: { 200: envelopeSchema(pageSchema(userSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listUsers(app.db, request.query) }),
  );

  app.get(
    `${base}/options`,
    {
      config: {
        access: requirePerm([Perm.userList, Perm.teacherAdd, Perm.teacherEdit, Perm.managerAdd, Perm.managerEdit], 'global'),
      },
      schema: {
        tags,
        summary: 'Accounts to link a teacher or manager to: username and nickname only (keyword prefix, or one id)',
        querystring: userOptionQuerySchema,
        response: { 200: envelopeSchema(pageSchema(userOptionSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await listUserOptions(app.db, request.query) }),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.userList, 'global') },
      schema: { tags, summary: 'One user account', params: idParamsSchema, response: { 200: envelopeSchema(userSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await getUser(app.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(Perm.userAdd, 'global') },
      schema: {
        tags,
        summary: 'Create a user; without a password a temporary one is generated, answered once, and must be changed',
        body: userCreateSchema,
        response: { 201: envelopeSchema(userCreatedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await createUser(request, request.body);
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.userEdit, 'global') },
      schema: {
        tags,
        summary: 'Update a user (not the password; not your own roles, campuses or status)',
        params: idParamsSchema,
        body: userUpdateSchema,
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await updateUser(request, request.params.id, request.body) }),
  );

  app.put(
    `${base}/:id/status`,
    {
      config: { access: requirePerm(Perm.userEdit, 'global'), operlog: { module: 'system:user', action: 'status' } },
      schema: {
        tags,
        summary: 'Enable or disable a user; disabling ends their sessions',
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await setUserStatus(request, request.params.id, request.body.status) }),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(Perm.userDelete, 'global') },
      schema: {
        tags,
        summary: 'Delete a user (not yourself, not the last admin; 409 while referred to)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await deleteUsers(request, [request.params.id]);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.delete(
    base,
    {
      config: { access: requirePerm(Perm.userDelete, 'global') },
      schema: { tags, summary: 'Delete several users: all or none', body: idsBodySchema, response: { 200: okSchema, ...errors } },
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
        tags,
        summary: "Reset a user's password (typed, encrypted as at login, or generated and answered once); ends their sessions",
        params: idParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: envelopeSchema(resetPasswordResultSchema), ...errors },
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
        tags,
        summary: 'Force sign-out: end every session of a user',
        params: idParamsSchema,
        response: { 200: envelopeSchema(forceLogoutResultSchema), ...errors },
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
        tags,
        summary: "Reset a user's second factor (authenticator app, recovery codes, passkeys); ends their sessions and tells them",
        params: idParamsSchema,
        response: { 200: envelopeSchema(mfaResetResultSchema), ...errors },
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
        tags,
        summary: 'Lift the sign-in lockout of a user',
        params: idParamsSchema,
        response: { 200: envelopeSchema(userSchema), ...errors },
      },
    },
    async (request) => ({
      code: 0,
      msg: formatMessage(request.locale, 'system.unlocked'),
      data: await unlockUser(request, request.params.id),
    }),
  );
};
