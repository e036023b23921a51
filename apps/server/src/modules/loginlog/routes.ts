import { and, asc, count, desc, eq, gt, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  lockedUserSchema,
  loginlogQuerySchema,
  loginlogSchema,
  pageSchema,
  type LoginlogQuery,
  Perm,
} from '@campus/contract';
import { loginLogs, users } from '../../db/schema/system.js';
import { escapeLike } from '../../lib/escape-like.js';
import { requirePerm } from '../../plugins/access.js';

/** `to` as a bare date means the whole of that day. */
function parseBound(value: string, isEnd: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    if (isEnd) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  }
  return new Date(value);
}

function buildFilter(q: LoginlogQuery): SQL | undefined {
  const conds: SQL[] = [];
  // Stored lower-cased, as typed at sign-in.
  if (q.username) conds.push(ilike(loginLogs.username, `${escapeLike(q.username.toLowerCase())}%`));
  if (q.ip) conds.push(eq(loginLogs.ip, q.ip));
  if (q.success !== undefined) conds.push(eq(loginLogs.success, q.success));
  if (q.reason) conds.push(eq(loginLogs.reason, q.reason));
  if (q.from) conds.push(gte(loginLogs.createdAt, parseBound(q.from, false)));
  if (q.to) conds.push(lt(loginLogs.createdAt, parseBound(q.to, true)));
  return conds.length ? and(...conds) : undefined;
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

// Read-only: rows are written by the sign-in handler only.
export const loginlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/loginlogs',
    {
      config: { access: requirePerm(Perm.loginlogList, 'global') },
      schema: {
        tags: ['system'],
        summary: 'Search sign-in attempts (read-only; newest first)',
        querystring: loginlogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(loginlogSchema)), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const where = buildFilter(q);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(loginLogs)
          .where(where)
          .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        app.db.select({ n: count() }).from(loginLogs).where(where),
      ]);
      return {
        code: 0,
        msg: 'ok',
        data: {
          list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
          total: total?.n ?? 0,
          page: q.page,
          pageSize: q.pageSize,
        },
      };
    },
  );

  app.get(
    '/system/loginlogs/locked',
    {
      config: { access: requirePerm(Perm.loginlogList, 'global') },
      schema: {
        tags: ['system'],
        summary: 'Accounts whose sign-in is locked right now (unlock: POST /api/system/users/:id/unlock)',
        response: { 200: envelopeSchema(z.array(lockedUserSchema)), ...errors },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          id: users.id,
          username: users.username,
          nickname: users.nickname,
          lockedUntil: users.lockedUntil,
          lastLoginAt: users.lastLoginAt,
          lastLoginIp: users.lastLoginIp,
        })
        .from(users)
        .where(gt(users.lockedUntil, new Date()))
        .orderBy(asc(users.lockedUntil), asc(users.id))
        .limit(1000);
      return {
        code: 0,
        msg: 'ok',
        data: rows.map((r) => ({
          ...r,
          lockedUntil: (r.lockedUntil ?? new Date()).toISOString(),
          lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
        })),
      };
    },
  );
};
