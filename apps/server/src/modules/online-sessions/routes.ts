import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
  formatMessage,
  idParamsSchema,
  okSchema,
  onlineSessionQuerySchema,
  onlineSessionSchema,
  pageSchema,
  Perm,
  sessionsEndedSchema,
  userIdParamsSchema,
  type OnlineSession,
} from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { notFound } from '../../lib/app-error.js';
import { assertCanManageUser } from '../../lib/grants.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { getPrincipal, requirePerm } from '../../plugins/access.js';
import { revokeSession, revokeUserSessions } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';

const tags = ['monitor'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

interface Row {
  id: number;
  user_id: number;
  username: string;
  nickname: string;
  ip: string;
  user_agent: string;
  created_at: Date;
  last_seen_at: Date;
  auth_method: string;
}

/**
 * Online sessions (issue 19): every live session of every instance — they all
 * live in the database — with force sign-out of one or of all of a user's. An
 * ended session's next request answers 401 / 50012 on any instance (the
 * session-cache triggers, decision 007).
 */
export const onlineSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/monitor/sessions',
    {
      config: { access: requirePerm(Perm.onlineList, 'global') },
      schema: {
        tags,
        summary: 'Every live session (all instances), most recently seen first; keyword: username or nickname prefix, or an exact address',
        querystring: onlineSessionQuerySchema,
        response: { 200: envelopeSchema(pageSchema(onlineSessionSchema)), ...errors },
      },
    },
    async (request) => {
      const { page, pageSize, keyword } = request.query;
      const { sessionId } = getPrincipal(request);
      // This instance's last-seen times first; other instances write theirs within a minute.
      await app.sessionActivity.flush();
      const prefix = keyword ? `${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = sql`s.revoked_at is null and s.expires_at > now() and u.status = 'active'
        ${prefix === null ? sql`` : sql`and (lower(u.username) like ${prefix} or lower(u.nickname) like ${prefix} or s.ip = ${keyword})`}`;
      const [rows, [total]] = await Promise.all([
        queryRows<Row>(
          app.db,
          sql`select s.id, s.user_id, u.username, u.nickname, s.ip, s.user_agent, s.created_at, s.last_seen_at, s.auth_method
              from sessions s join users u on u.id = s.user_id
              where ${where}
              order by s.last_seen_at desc, s.id desc
              limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where ${where}`),
      ]);
      const list: OnlineSession[] = rows.map((r) => ({
        id: Number(r.id),
        userId: r.user_id,
        username: r.username,
        nickname: r.nickname,
        ip: r.ip,
        userAgent: r.user_agent,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        authMethod: r.auth_method,
        current: Number(r.id) === sessionId,
        ...describeUserAgent(r.user_agent),
      }));
      return { code: 0, msg: 'ok', data: { list, total: total?.n ?? 0, page, pageSize } };
    },
  );

  app.delete(
    '/monitor/sessions/:id',
    {
      config: { access: requirePerm(Perm.onlineForceLogout, 'global'), operlog: { module: 'monitor:online', action: 'forceLogout' } },
      schema: {
        tags,
        summary: 'Force sign-out of one session: its next request answers 401 / 50012 on any instance',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const [session] = await queryRows<{ user_id: number; username: string }>(
        app.db,
        sql`select s.user_id, u.username from sessions s join users u on u.id = s.user_id
            where s.id = ${request.params.id} and s.revoked_at is null and s.expires_at > now()`,
      );
      if (!session) throw notFound('session');
      // Nobody signs out someone holding more than they do.
      await assertCanManageUser(app.db, principal, { id: session.user_id, username: session.username });
      await runLoggedTransaction(request, async (tx) => {
        if (!(await revokeSession(tx, request.params.id, 'forced'))) throw notFound('session');
      });
      return { code: 0, msg: formatMessage(request.locale, 'online.sessionEnded'), data: null };
    },
  );

  app.delete(
    '/monitor/users/:userId/sessions',
    {
      config: {
        access: requirePerm(Perm.onlineForceLogout, 'global'),
        operlog: { module: 'monitor:online', action: 'forceLogoutUser' },
      },
      schema: {
        tags,
        summary: "Force sign-out of every session of a user (the caller's own current session is kept)",
        params: userIdParamsSchema,
        response: { 200: envelopeSchema(sessionsEndedSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const { userId } = request.params;
      const [user] = await queryRows<{ id: number; username: string }>(app.db, sql`select id, username from users where id = ${userId}`);
      if (!user) throw notFound('user');
      await assertCanManageUser(app.db, principal, user);
      const keep = userId === principal.userId ? principal.sessionId : undefined;
      const sessionsEnded = await runLoggedTransaction(request, (tx) => revokeUserSessions(tx, userId, 'forced', keep));
      return { code: 0, msg: formatMessage(request.locale, 'online.userSessionsEnded', { count: sessionsEnded }), data: { sessionsEnded } };
    },
  );
};
