import { asc, desc, getTableColumns, inArray, like, ne, or, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  idsBodySchema,
  okSchema,
  pageSchema,
  ResultCode,
  THING_LABELS,
  type Locale,
  type ThingKey,
} from '@campus/contract';
import { getCampusId, requirePerm } from '../plugins/access.js';
import { runLoggedTransaction } from '../plugins/operlog.js';
import { AppError, notFound } from './app-error.js';
import { createCampusScope, type CampusScope, type CampusTable } from './campus-scope.js';

export type Values = Record<string, unknown>;

export interface Reference {
  thing: ThingKey;
  count: number;
  /** A few names of what refers, so the user knows where to look. */
  examples: string[];
}

export interface UniqueRule {
  field: string;
  column: PgColumn;
  /** The unique index that backs the check when two writes race. */
  constraint: string;
}

export interface CampusCrudSpec<T extends CampusTable> {
  thing: ThingKey;
  table: T;
  perms: { list: string; add: string; edit: string; delete: string };
  schemas: { create: z.ZodType; update: z.ZodType; query: z.ZodType; item: z.ZodType };
  /** The allow-list behind `sort`: API field → column. */
  sortColumns: Record<string, PgColumn>;
  defaultSort: SQL[];
  /** Columns `keyword` matches by prefix (indexed with text_pattern_ops). */
  keywordColumns: PgColumn[];
  filters(query: Values): (SQL | undefined)[];
  uniques: UniqueRule[];
  /** Validated body → column values. */
  toValues(body: Values): Values;
  toItem(row: T['$inferSelect']): unknown;
  /** Rules across rows: references exist in this campus, no overlapping terms, ... */
  check?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null): Promise<void>;
  /** Runs inside the write's transaction, before the write. */
  beforeWrite?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null): Promise<void>;
  /** What refers to these rows; anything found blocks the delete with 409. */
  findReferences?(scope: CampusScope, ids: number[]): Promise<Reference[]>;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Prefix match on any of the columns; the btree text_pattern_ops indexes serve it. */
export function keywordCondition(columns: PgColumn[], keyword: unknown): SQL | undefined {
  if (typeof keyword !== 'string' || keyword === '') return undefined;
  const pattern = `${escapeLike(keyword)}%`;
  return or(...columns.map((c) => like(c, pattern)));
}

export function orderBy(sortColumns: Record<string, PgColumn>, sort: unknown, fallback: SQL[], id: PgColumn): SQL[] {
  if (typeof sort !== 'string') return fallback;
  const [field, dir] = sort.split(':');
  const column = field ? sortColumns[field] : undefined;
  // The schema's enum already refused anything else; this is the second lock.
  if (!column) return fallback;
  return [dir === 'desc' ? desc(column) : asc(column), dir === 'desc' ? desc(id) : asc(id)];
}

function describeReferences(refs: Reference[], locale: Locale): string {
  return refs
    .map(
      (r) =>
        `${THING_LABELS[r.thing][locale]} ×${r.count}${r.examples.length ? ` (${r.examples.join(', ')}${r.count > r.examples.length ? ', …' : ''})` : ''}`,
    )
    .join('; ');
}

export function inUse(thing: ThingKey, refs: Reference[], locale: Locale): AppError {
  return new AppError(409, ResultCode.conflict, 'data.inUse', { thing, refs: describeReferences(refs, locale) }, { references: refs });
}

function findUniqueViolation(err: unknown): string | null {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const e = cur as { code?: string; constraint?: string };
    if (e.code === '23505') return e.constraint ?? '';
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

function duplicate(rule: UniqueRule, values: Values): AppError {
  return new AppError(
    409,
    ResultCode.conflict,
    'data.duplicate',
    { field: rule.field, value: JSON.stringify(values[rule.field] ?? '').replace(/^"|"$/g, '') },
    { field: rule.field },
  );
}

async function assertUnique<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  body: Values,
  values: Values,
  existingId: number | null,
) {
  for (const rule of spec.uniques) {
    const value = values[columnKey(spec.table, rule.column)];
    if (value === undefined) continue;
    const found = await scope
      .select(spec.table, { id: spec.table.id }, eq(rule.column, value), existingId === null ? undefined : ne(spec.table.id, existingId))
      .limit(1);
    if (found.length) throw duplicate(rule, body);
  }
}

/** The property name of a column in its table (e.g. studentNo for student_no). */
function columnKey(table: CampusTable, column: PgColumn): string {
  for (const [key, c] of Object.entries(getTableColumns(table))) if (c === column) return key;
  throw new Error(`column ${column.name} is not in the table`);
}

async function loadOne<T extends CampusTable>(scope: CampusScope, spec: CampusCrudSpec<T>, id: number): Promise<T['$inferSelect']> {
  const [row] = await scope.select(spec.table, getTableColumns(spec.table), eq(spec.table.id, id)).limit(1);
  if (!row) throw notFound(spec.thing);
  return row as T['$inferSelect'];
}

async function write<T>(
  request: FastifyRequest,
  spec: { uniques: UniqueRule[] },
  body: Values,
  fn: Parameters<typeof runLoggedTransaction<T>>[1],
  status = 200,
): Promise<T> {
  try {
    return await runLoggedTransaction(request, fn, status);
  } catch (err) {
    const constraint = findUniqueViolation(err);
    const rule = constraint === null ? undefined : spec.uniques.find((u) => u.constraint === constraint);
    if (rule) throw duplicate(rule, body);
    throw err;
  }
}

/**
 * The list/get/create/update/delete/bulk-delete routes of one campus resource,
 * each declaring its perm and campus scope, validated by the contract's schemas.
 */
export function registerCampusCrud<T extends CampusTable>(parent: FastifyInstance, base: string, spec: CampusCrudSpec<T>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { table } = spec;
  const tags = ['educate'];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const scopeOf = (request: FastifyRequest, db: CampusScope['db'] = app.db) => createCampusScope(db, getCampusId(request));
  const item = spec.schemas.item;

  app.get(
    base,
    {
      config: { access: requirePerm(spec.perms.list, 'campus') },
      schema: {
        tags,
        summary: `List ${spec.thing}s of the campus`,
        querystring: spec.schemas.query,
        response: { 200: envelopeSchema(pageSchema(item)), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Values & { page: number; pageSize: number };
      const scope = scopeOf(request);
      const conds = [keywordCondition(spec.keywordColumns, q.keyword), ...spec.filters(q)];
      const [rows, total] = await Promise.all([
        scope
          .select(table, getTableColumns(table), ...conds)
          .orderBy(...orderBy(spec.sortColumns, q.sort, spec.defaultSort, table.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        scope.count(table, ...conds),
      ]);
      return {
        code: 0,
        msg: 'ok',
        data: { list: rows.map((r) => spec.toItem(r as T['$inferSelect'])), total, page: q.page, pageSize: q.pageSize },
      };
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: requirePerm(spec.perms.list, 'campus') },
      schema: { tags, summary: `One ${spec.thing}`, params: idParamsSchema, response: { 200: envelopeSchema(item), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: spec.toItem(await loadOne(scopeOf(request), spec, request.params.id)) }),
  );

  app.post(
    base,
    {
      config: { access: requirePerm(spec.perms.add, 'campus') },
      schema: { tags, summary: `Create a ${spec.thing}`, body: spec.schemas.create, response: { 201: envelopeSchema(item), ...errors } },
    },
    async (request, reply) => {
      const body = request.body as Values;
      const values = spec.toValues(body);
      const scope = scopeOf(request);
      await assertUnique(scope, spec, body, values, null);
      await spec.check?.(scope, values, null);
      const row = await write(
        request,
        spec,
        body,
        async (tx) => {
          const s = scopeOf(request, tx);
          await spec.beforeWrite?.(s, values, null);
          const [created] = await s.insert(table, [values as Omit<T['$inferInsert'], 'camId'>]).returning();
          return created as T['$inferSelect'];
        },
        201,
      );
      reply.code(201);
      return { code: 0, msg: 'ok', data: spec.toItem(row) };
    },
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: requirePerm(spec.perms.edit, 'campus') },
      schema: {
        tags,
        summary: `Update a ${spec.thing}`,
        params: idParamsSchema,
        body: spec.schemas.update,
        response: { 200: envelopeSchema(item), ...errors },
      },
    },
    async (request) => {
      const body = request.body as Values;
      const values = spec.toValues(body);
      const scope = scopeOf(request);
      const existing = await loadOne(scope, spec, request.params.id);
      await assertUnique(scope, spec, body, values, request.params.id);
      await spec.check?.(scope, values, existing);
      const row = await write(request, spec, body, async (tx) => {
        const s = scopeOf(request, tx);
        await spec.beforeWrite?.(s, values, existing);
        const set = { ...values, updatedAt: new Date() } as unknown as Partial<Omit<T['$inferInsert'], 'camId' | 'id'>>;
        const rows = (await s.update(table, set, eq(table.id, request.params.id)).returning()) as unknown as T['$inferSelect'][];
        const updated = rows[0];
        if (!updated) throw notFound(spec.thing);
        return updated;
      });
      return { code: 0, msg: 'ok', data: spec.toItem(row) };
    },
  );

  const remove = async (request: FastifyRequest, ids: number[]) => {
    const scope = scopeOf(request);
    const found = await scope.select(table, { id: table.id }, inArray(table.id, ids));
    if (found.length !== new Set(ids).size) throw notFound(spec.thing);
    const refs = (await spec.findReferences?.(scope, ids)) ?? [];
    if (refs.length) throw inUse(spec.thing, refs, request.locale);
    await runLoggedTransaction(request, async (tx) => {
      const deleted = await scopeOf(request, tx).delete(table, inArray(table.id, ids)).returning({ id: table.id });
      if (deleted.length !== found.length) throw notFound(spec.thing);
    });
  };

  app.delete(
    `${base}/:id`,
    {
      config: { access: requirePerm(spec.perms.delete, 'campus') },
      schema: {
        tags,
        summary: `Delete a ${spec.thing} (409 while others refer to it)`,
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await remove(request, [request.params.id]);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.delete(
    base,
    {
      config: { access: requirePerm(spec.perms.delete, 'campus') },
      schema: { tags, summary: `Delete several ${spec.thing}s: all or none`, body: idsBodySchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await remove(request, request.body.ids);
      return { code: 0, msg: 'ok', data: null };
    },
  );
}

export const toIsoDate = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d : d.toISOString().slice(0, 10);
export const stampsOf = (row: { id: number; createdAt: Date; updatedAt: Date }) => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** A page of the `z.infer` of a schema: handy for typing toItem. */
export type ItemOf<S extends z.ZodType> = z.infer<S>;
