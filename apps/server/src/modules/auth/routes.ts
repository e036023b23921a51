import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPUS_HEADER,
  changePasswordBodySchema,
  currentUserSchema,
  envelopeSchema,
  errorSchema,
  formatMessage,
  loginBodySchema,
  loginResponseSchema,
  mfaChallengeSchema,
  okSchema,
  ResultCode,
  switchRoleBodySchema,
} from '@campus/contract';
import { sessions, users } from '../../db/schema/system.js';
import { badRequest } from '../../lib/app-error.js';
import { assertPasswordPolicy, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { getCurrentUser } from '../../lib/current-user.js';
import { createMfaTicket } from '../../lib/second-factor/tickets.js';
import { listSecondFactorMethods } from '../../lib/second-factor/factors.js';
import { getPrincipal, ownAccount, parseCampusHeader, publicRoute, signedIn } from '../../plugins/access.js';
import { resolvePrincipal, revokeUserSessions } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { resolvePasswordTodo } from '../../lib/todos.js';
import { registerLoginCipherRoute } from './cipher-routes.js';
import { registerSecondStepRoutes } from './second-step.js';
import { defineSessionCleanupJob } from './session-cleanup.js';
import { checkPassword, decryptPassword, holdsActiveRole, recordLogin } from './service.js';
import { describeAttempt, finishSignIn } from './sign-in.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

declare module 'fastify' {
  interface FastifyRequest {
    /** The handler logged this sign-in attempt itself. */
    loginLogged?: boolean;
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  registerLoginCipherRoute(app);
  defineSessionCleanupJob(app);

  app.post(
    '/login',
    {
      config: {
        access: publicRoute(),
        // Sign-ins go to the login log, not the operation log.
        operlog: false,
        rateLimit: { max: config.loginRatePerMin, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with username or phone and the AES-encrypted password; a user with a second factor gets code 1001 and a ticket for POST /api/login/mfa instead of a session',
        body: loginBodySchema,
        response: {
          200: z.union([
            loginResponseSchema,
            z.object({ code: z.literal(ResultCode.mfaRequired), msg: z.string(), data: mfaChallengeSchema }),
          ]),
          ...errors,
        },
      },
      // Attempts refused before the handler (rate limit, empty fields) are logged here, so every attempt is.
      onSend: async (request, reply) => {
        if (request.loginLogged || reply.statusCode < 400) return;
        const body = (request.body ?? {}) as { username?: unknown };
        const typed = typeof body.username === 'string' ? body.username : '';
        const reason = reply.statusCode === 429 ? 'rate_limited' : 'invalid';
        const attempt = { typed, encryptedPassword: '', ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        await recordLogin(app.db, attempt, null, reason).catch((err: unknown) => request.log.error({ err }, 'login log write failed'));
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const attempt = describeAttempt(request, username, password);
      request.loginLogged = true;
      const userId = await checkPassword(app.db, config, attempt);
      const methods = await listSecondFactorMethods(app.db, userId);
      if (methods.length === 0) return finishSignIn(request, attempt, userId, 'password');
      // The password was right, but this is no sign-in yet: a ticket for the second step, no session.
      await recordLogin(app.db, attempt, userId, 'mfa_required');
      const mfaTicket = await createMfaTicket(app.db, userId);
      return { code: ResultCode.mfaRequired, msg: formatMessage(request.locale, 'auth.mfaRequired'), data: { mfaTicket, methods } };
    },
  );

  registerSecondStepRoutes(app);

  app.post(
    '/logout',
    {
      config: { access: ownAccount(), operlog: { module: 'auth', action: 'logout' } },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: okSchema, 401: errorSchema } },
    },
    async (request) => {
      const principal = getPrincipal(request);
      await runLoggedTransaction(request, (tx) => tx.delete(sessions).where(eq(sessions.id, principal.sessionId)));
      return { code: 0, msg: formatMessage(request.locale, 'auth.loggedOut'), data: null };
    },
  );

  app.get(
    '/user/currentUser',
    {
      config: { access: ownAccount() },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: envelopeSchema(currentUserSchema), 401: errorSchema } },
    },
    async (request) => {
      const requested = parseCampusHeader(request.headers[CAMPUS_HEADER]);
      const user = await getCurrentUser(app.db, getPrincipal(request), requested);
      return { code: 0, msg: 'ok', data: user };
    },
  );

  app.put(
    '/user/role',
    {
      config: { access: signedIn('global'), operlog: { module: 'auth', action: 'switchRole' } },
      schema: {
        tags: ['auth'],
        summary: "Act in one of one's own roles (menus and perms follow), or in all of them with roleId null; answers the new current user",
        body: switchRoleBodySchema,
        response: { 200: envelopeSchema(currentUserSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const { roleId } = request.body;
      if (roleId !== null && !(await holdsActiveRole(app.db, principal.userId, roleId)))
        throw badRequest('auth.roleNotHeld', { field: 'roleId' });
      await runLoggedTransaction(request, (tx) =>
        tx.update(sessions).set({ activeRoleId: roleId }).where(eq(sessions.id, principal.sessionId)),
      );
      const switched = await resolvePrincipal(app.db, request.headers.authorization);
      const user = await getCurrentUser(app.db, switched, parseCampusHeader(request.headers[CAMPUS_HEADER]));
      return { code: 0, msg: formatMessage(request.locale, 'auth.roleSwitched'), data: user };
    },
  );

  app.put(
    '/user/password',
    {
      config: { access: ownAccount(), operlog: { module: 'auth', action: 'changePassword' } },
      schema: {
        tags: ['auth'],
        summary: "Change one's own password (both encrypted as at login); other sessions end",
        body: changePasswordBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const oldPlain = decryptPassword(config, request.body.oldPassword, 'oldPassword');
      const newPlain = decryptPassword(config, request.body.newPassword, 'newPassword');
      const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, principal.userId));
      if (!row || !(await verifyPassword(row.hash, oldPlain))) throw badRequest('auth.oldPasswordWrong');
      await assertPasswordPolicy(newPlain, 'newPassword');
      if (newPlain === oldPlain) throw badRequest('password.sameAsOld', { field: 'newPassword' });
      const hash = await hashPassword(newPlain);
      await runLoggedTransaction(request, async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash: hash, mustChangePassword: false, updatedAt: new Date() })
          .where(eq(users.id, principal.userId));
        await revokeUserSessions(tx, principal.userId, 'password_changed', principal.sessionId);
        await resolvePasswordTodo(tx, principal.userId);
      });
      return { code: 0, msg: formatMessage(request.locale, 'auth.passwordChanged'), data: null };
    },
  );
};
