import { and, count, desc, eq, gte, lt, ilike, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorSchema, operlogItemSchema, operlogQuerySchema, pageSchema, Perm, type OperlogQuery } from '@campus/contract';
import { operLogs } from '../../db/schema.js';
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

function buildFilter(q: OperlogQuery): SQL | undefined {
  const conds: SQL[] = [];
  const escape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (q.username) conds.push(ilike(operLogs.username, `${escape(q.username)}%`));
  if (q.module) conds.push(eq(operLogs.module, q.module));
  if (q.action) conds.push(eq(operLogs.action, q.action));
  if (q.status === 'success') conds.push(eq(operLogs.code, 0));
  if (q.status === 'fail') conds.push(gte(operLogs.status, 400));
  if (q.from) conds.push(gte(operLogs.createdAt, parseBound(q.from, false)));
  if (q.to) conds.push(lt(operLogs.createdAt, parseBound(q.to, true)));
  return conds.length ? and(...conds) : undefined;
}

export const operlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/operlogs',
    {
      config: { access: requirePerm(Perm.operlogList, 'global') },
      schema: {
        tags: ['system'],
        summary: 'Search the operation log (read-only; newest first)',
        querystring: operlogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(operlogItemSchema)), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const where = buildFilter(q);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(operLogs)
          .where(where)
          .orderBy(desc(operLogs.createdAt), desc(operLogs.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        app.db.select({ n: count() }).from(operLogs).where(where),
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
};
