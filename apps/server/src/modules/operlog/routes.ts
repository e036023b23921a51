import { and, count, desc, eq, gte, lt, ilike, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  OPERLOG_EXPORT_COLUMNS,
  OPERLOG_EXPORT_MAX_ROWS,
  operlogExportQuerySchema,
  operlogItemSchema,
  operlogQuerySchema,
  pageSchema,
  Perm,
  ResultCode,
  describeOperation,
  findRecordLink,
  type Locale,
  type OperlogChange,
  type OperlogQuery,
  type OperlogTarget,
} from '@campus/contract';
import { operLogs } from '../../db/schema/system.js';
import { AppError } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { fileAnswer, SPREADSHEET_TYPES } from '../../plugins/openapi-document.js';
import { CONTENT_TYPES, writeCsv, writeXlsx } from '../../lib/tabular.js';
import { requirePerm } from '../../plugins/access.js';
import { defineOperlogPurgeJob } from './retention.js';

/** `to` as a bare date means the whole of that day. */
function parseBound(value: string, isEnd: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    if (isEnd) d.setUTCDate(d.getUTCDate() + 1);
    return d;
  }
  return new Date(value);
}

function buildFilter(q: Omit<OperlogQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conds: SQL[] = [];
  if (q.username) conds.push(ilike(operLogs.username, `${escapeLike(q.username)}%`));
  if (q.module) conds.push(eq(operLogs.module, q.module));
  if (q.action) conds.push(eq(operLogs.action, q.action));
  if (q.status === 'success') conds.push(eq(operLogs.code, 0));
  if (q.status === 'fail') conds.push(gte(operLogs.status, 400));
  if (q.from) conds.push(gte(operLogs.createdAt, parseBound(q.from, false)));
  if (q.to) conds.push(lt(operLogs.createdAt, parseBound(q.to, true)));
  return conds.length ? and(...conds) : undefined;
}

type OperlogRow = typeof operLogs.$inferSelect;
/** A row with its words in the reader's language, rendered when read (a row written in one language reads in the other). */
function toItem(r: OperlogRow, locale: Locale) {
  const target = (r.target as OperlogTarget | null) ?? null;
  const changes = (r.changes as OperlogChange[] | null) ?? [];
  return {
    ...r,
    createdAt: r.createdAt.toISOString(),
    target,
    changes,
    text: describeOperation({ module: r.module, action: r.action, target, changes }, locale),
    link: findRecordLink(target),
  };
}

function toCells(r: OperlogRow, locale: Locale): string[] {
  const item = toItem(r, locale);
  return OPERLOG_EXPORT_COLUMNS.map((c) => {
    const v: unknown = item[c];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    // params is JSON; null columns are empty cells.
    return v === null || v === undefined ? '' : JSON.stringify(v);
  });
}

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

// Read-only by design: no route here writes, and the table refuses updates itself.
export const operlogRoutes: FastifyPluginAsyncZod = async (app) => {
  defineOperlogPurgeJob(app);

  app.get(
    '/system/operlogs',
    {
      config: { access: requirePerm(Perm.operlogList, 'global') },
      schema: {
        tags: ['system'],
        summary: 'Search the operation log by user, module, action, status and time (read-only; newest first)',
        querystring: operlogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(operlogItemSchema)), ...errors },
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
        data: { list: rows.map((r) => toItem(r, request.locale)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize },
      };
    },
  );

  app.get(
    '/system/operlogs/export',
    {
      config: { access: requirePerm(Perm.operlogExport, 'global') },
      schema: {
        tags: ['system'],
        summary: 'Export the operation log (CSV or XLSX, same filters as the list; formula-safe cells)',
        querystring: operlogExportQuerySchema,
        response: { 200: fileAnswer(SPREADSHEET_TYPES, 'The operation log as CSV or XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const where = buildFilter(q);
      const [total] = await app.db.select({ n: count() }).from(operLogs).where(where);
      if ((total?.n ?? 0) > OPERLOG_EXPORT_MAX_ROWS) {
        throw new AppError(400, ResultCode.badRequest, 'system.exportTooLarge', { max: OPERLOG_EXPORT_MAX_ROWS });
      }
      const rows = await app.db.select().from(operLogs).where(where).orderBy(desc(operLogs.createdAt), desc(operLogs.id));
      const header = [...OPERLOG_EXPORT_COLUMNS];
      const cells = rows.map((r) => toCells(r, request.locale));
      const file = q.format === 'xlsx' ? await writeXlsx('operlog', header, cells) : writeCsv(header, cells);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', CONTENT_TYPES[q.format])
        .header('content-disposition', `attachment; filename="operlog-${stamp}.${q.format}"`)
        .send(file);
    },
  );

  app.get(
    '/system/operlogs/:id',
    {
      config: { access: requirePerm(Perm.operlogList, 'global') },
      schema: {
        tags: ['system'],
        summary: 'One operation-log entry: params with secrets blanked, result code, duration, ip',
        params: idParamsSchema,
        response: { 200: envelopeSchema(operlogItemSchema), ...errors },
      },
    },
    async (request) => {
      const [row] = await app.db.select().from(operLogs).where(eq(operLogs.id, request.params.id)).limit(1);
      if (!row) throw new AppError(404, ResultCode.notFound, 'system.logNotFound');
      return { code: 0, msg: 'ok', data: toItem(row, request.locale) };
    },
  );
};
