import { asc, count, desc, getTableColumns, getTableName, inArray, ne, or, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { runLoggedStatement, runLoggedTransaction } from '../plugins/operlog.js';
import { AppError, notFound } from './app-error.js';
import { createCampusScope, type CampusScope, type CampusTable } from './campus-scope.js';
import { buildItemJson } from './item-json.js';

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
  /**
   * The list's order without `sort`, then by id. The column is not null, and
   * the kept count's version moves when it changes (migration 0011), so a page
   * boundary in this order is reusable while the version holds (decision 009).
   */
  defaultOrder: DefaultOrder;
  /** Columns `keyword` matches by prefix (indexed with text_pattern_ops). */
  keywordColumns: PgColumn[];
  filters(query: Values): (SQL | undefined)[];
  uniques: UniqueRule[];
  /** Validated body → column values. */
  toValues(body: Values): Values;
  toItem(row: T['$inferSelect']): unknown;
  /** Rules across rows: references exist in this campus, no overlapping terms, ... */
  check?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null): Promise<void>;
  /** Runs inside the write's transaction, before the write; `locale` words any refusal's details. */
  beforeWrite?(scope: CampusScope, values: Values, existing: T['$inferSelect'] | null, locale: Locale): Promise<void>;
  /** What refers to these rows; anything found blocks the delete with 409. */
  findReferences?(scope: CampusScope, ids: number[]): Promise<Reference[]>;
}

export interface DefaultOrder {
  column: PgColumn;
  direction: 'asc' | 'desc';
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The strings that start with a prefix, as a half-open range [lo, hi) in the
 * byte order of `text_pattern_ops` (UTF-8 byte order is code point order): hi
 * is the prefix with its last code point raised by one; null when nothing is
 * above it (a prefix of U+10FFFF only). A range is an index condition under any
 * collation, needs no wildcard escaping and, unlike LIKE, no re-check of every
 * index entry, so a prefix count reads only the index.
 */
export interface PrefixRange {
  lo: string;
  hi: string | null;
}

export function prefixRange(keyword: unknown): PrefixRange | null {
  if (typeof keyword !== 'string' || keyword === '') return null;
  const points = Array.from(keyword, (ch) => ch.codePointAt(0) ?? 0);
  while (points.length && points[points.length - 1] === 0x10ffff) points.pop();
  const last = points.pop();
  if (last === undefined) return { lo: keyword, hi: null };
  // The next code point that UTF-8 can carry: surrogates are not characters.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return { lo: keyword, hi: String.fromCodePoint(...points, next) };
}

type Bound = string | Placeholder;
interface RangeBounds {
  lo: Bound;
  hi: Bound | null;
}

function inRange(column: PgColumn | SQL, range: RangeBounds): SQL {
  const lower = sql`${column} ~>=~ ${range.lo}`;
  return range.hi === null ? lower : sql`(${lower} and ${column} ~<~ ${range.hi})`;
}

/**
 * Prefix match on any of the columns; the btree text_pattern_ops indexes serve
 * each range. `isWalk`: the same match on `column || ''`, which no index
 * serves, so the plan walks the order's index and filters: the best plan for a
 * dense keyword, and the only one a plan made once may hold (decision 011).
 */
function matchAny(columns: PgColumn[], range: RangeBounds | null, isWalk = false): SQL | undefined {
  return range === null ? undefined : or(...columns.map((c) => inRange(isWalk ? sql`(${c} || '')` : c, range)));
}

export function keywordCondition(columns: PgColumn[], keyword: unknown): SQL | undefined {
  return matchAny(columns, prefixRange(keyword));
}

/** Tables whose rows per campus are counted by triggers (migration 0009; campus-row-counts.test.ts). */
export const KEPT_COUNTS: ReadonlySet<string> = new Set(['students', 'teachers', 'managers', 'rooms', 'terms', 'courses']);

/**
 * The total of a list as one SQL expression. A keyword on two columns A, B is
 * counted as |A| + |B \ A|: two index-only range scans (B's prefix index
 * carries A's column, migration 0009), where counting `A or B` reads every
 * matching row of the table. Same answer, same snapshot.
 */
export function buildTotal(
  scope: CampusScope,
  table: CampusTable,
  keywordColumns: PgColumn[],
  range: RangeBounds | null,
  filters: (SQL | undefined)[],
): SQL {
  const countOf = (...conds: (SQL | undefined)[]) => sql`${scope.select(table, { n: count() }, ...conds, ...filters)}`;
  if (range === null && !filters.some(Boolean) && KEPT_COUNTS.has(getTableName(table))) {
    // The whole list: the count kept by the table's triggers (migration 0009).
    // No count row (a campus without rows yet, or counts switched off): count; coalesce stops at the first non-null.
    return sql`coalesce(${keptCountOf(scope, table, 'n')}, ${countOf()})`;
  }
  if (range === null || keywordColumns.length === 0) return countOf();
  const [a, b, ...more] = keywordColumns.map((c) => inRange(c, range));
  if (!b || more.length) return countOf(or(a, b, ...more));
  return sql`(${countOf(a)} + ${countOf(b, sql`not coalesce(${a}, false)`)})`;
}

export interface ListPageQuery {
  keyword?: unknown;
  sort?: unknown;
  page: number;
  pageSize: number;
}

interface ListShape {
  /** The keyword's prefix range (prefixRange), or placeholders for one; null: no keyword. */
  range: RangeBounds | null;
  sort: unknown;
  filters: (SQL | undefined)[];
  limit: number | Placeholder;
  offset: number | Placeholder;
  /**
   * The version of the kept count (migration 0009) a total was last counted
   * at: when it still holds, the statement answers a null total and skips the
   * count. Only for a keyword without filters on a table with a kept count.
   */
  knownVersion?: Placeholder;
  /**
   * A page boundary in the default order (decision 009): the sort key and id
   * of the row just before the page, seen at a kept-count version. While that
   * version holds, the page is read after the boundary (`limit` rows); when it
   * has moved, by `limit`/`offset` as without it. The choice is made inside
   * the statement, so both read one snapshot.
   */
  seek?: { version: Placeholder | string; key: Placeholder | string; id: Placeholder | number; limit: Placeholder | number };
  /** Select the kept version and each row's key in the default order, to remember page boundaries. */
  isMarked?: boolean;
  /** Select each row as its item's JSON text (`buildItemJson`) instead of its columns. */
  itemJson?: SQL | null;
  /** Find the page by walking the order's index (matchAny's `isWalk`), for a plan made once. */
  isWalk?: boolean;
}

/**
 * A column of the campus's kept count (migration 0009) as of the statement's
 * snapshot: `n`, its rows, or `version`, moved by every write a list reads.
 */
function keptCountOf(scope: CampusScope, table: CampusTable, column: 'n' | 'version'): SQL {
  return sql`(select ${sql.raw(column)} from campus_row_counts where cam_id = ${scope.camId} and table_name = ${getTableName(table)})`;
}

/**
 * One page of a list and its total in one statement. The page is chosen by id
 * first (an index-only scan when an index covers the order and the keyword
 * columns), then only its rows are read; the total rides along as a scalar
 * subquery, so the list costs one round trip.
 */
export function buildListPage<T extends CampusTable>(scope: CampusScope, spec: CampusCrudSpec<T>, shape: ListShape) {
  const { table } = spec;
  const order = listOrder(spec, shape.sort);
  const { range, seek } = shape;
  const matches = matchAny(spec.keywordColumns, range, shape.isWalk === true);
  const version = keptCountOf(scope, table, 'version');
  const byOffset = scope
    .select(table, { id: table.id }, matches, ...shape.filters, seek && sql`${version} is distinct from ${seek.version}`)
    .orderBy(...order)
    .limit(shape.limit)
    .offset(shape.offset);
  let inPage = inArray(table.id, byOffset);
  if (seek) {
    const { column, direction } = spec.defaultOrder;
    const after = sql`(${column}, ${table.id}) ${sql.raw(direction === 'desc' ? '<' : '>')} (cast(${seek.key} as ${sql.raw(column.getSQLType())}), cast(${seek.id} as integer))`;
    // Both branches gate on the version as one-time filters: only one reads the index.
    const bySeek = scope
      .select(table, { id: table.id }, matches, ...shape.filters, sql`${version} = ${seek.version}`, after)
      .orderBy(...order)
      .limit(seek.limit);
    inPage = sql`${table.id} in (${bySeek} union all ${byOffset})`;
  }
  const counted = buildTotal(scope, table, spec.keywordColumns, range, shape.filters);
  // Named columns (`as "itemJson"` ...): a JSON page is read as the driver's rows, by name (readFoundRows).
  const columns: SelectedFields = shape.itemJson
    ? { id: table.id, itemJson: shape.itemJson.mapWith(String).as('itemJson') }
    : getTableColumns(table);
  const extra: SelectedFields = {};
  const isMarked = shape.isMarked === true || seek !== undefined;
  if (shape.knownVersion !== undefined || isMarked) extra.keptVersion = version.mapWith(String).as('keptVersion');
  // The campus's rows beside a keyword's total: how dense the keyword is (selectListPage).
  if (shape.knownVersion !== undefined) extra.keptRows = keptCountOf(scope, table, 'n').mapWith(Number).as('keptRows');
  if (isMarked) extra.seekKey = sql`${spec.defaultOrder.column}::text`.mapWith(String).as('seekKey');
  // CASE evaluates the count's subqueries only on the branch taken.
  const total =
    shape.knownVersion === undefined ? counted : sql`case when ${version} = ${shape.knownVersion} then null else ${counted} end`;
  return scope.select(table, { ...columns, ...extra, total: total.mapWith(Number).as('total') }, inPage).orderBy(...order);
}

/** A map per database handle (a test opens many), dropped with the handle. */
function createMapPerDb<V>(): (db: object) => Map<string, V> {
  const byDb = new WeakMap<object, Map<string, V>>();
  return (db) => {
    let map = byDb.get(db);
    if (!map) byDb.set(db, (map = new Map<string, V>()));
    return map;
  };
}

/** Set, dropping the oldest entry beyond `max` (a Map keeps insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  if (map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

/**
 * Keyword totals by campus, table and keyword, each with the kept count's
 * version it was counted at. Any insert, delete, or change of a keyword column
 * in that campus moves the version in the writing transaction, so a total is
 * reused only while it is still exact for the reading statement's snapshot
 * (paging through one search counts once). Bounded; per process, and safe
 * with many processes since the database holds the version.
 */
interface KnownTotal {
  version: string;
  total: number;
  /** The campus's rows at that version. */
  rows: number;
}
const knownTotalsOf = createMapPerDb<KnownTotal>();
const MAX_KNOWN_TOTALS = 2_000;

/**
 * Page boundaries in the default order by campus, table, keyword, page size
 * and page: the row before the page, at a kept-count version. The version
 * also moves when the order's column changes (migration 0011), so while it
 * holds the rows before the boundary are exactly the rows before the page.
 */
interface PageMark {
  version: string;
  key: string;
  id: number;
}
const pageMarksOf = createMapPerDb<PageMark>();
const MAX_PAGE_MARKS = 5_000;

/** How pages in the default order were read; tests read it to know the seek is taken. */
export const listPageReads = { bySeek: 0, byOffset: 0, planOnce: 0 };

type Prepared = {
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
  /** The driver's rows as they come, keyed by column name: no mapping by Drizzle. */
  all(values?: Record<string, unknown>): Promise<unknown[]>;
};

/**
 * Both drivers' prepared queries (node-postgres, PGlite) have `all`, the
 * driver's rows unmapped, but Drizzle's public type leaves it out. Checked at
 * build time of each statement, so an upgrade that drops it fails loudly.
 */
function withAll(query: { execute(values?: Record<string, unknown>): Promise<unknown[]> }): Prepared {
  if (typeof (query as Partial<Prepared>).all !== 'function') throw new Error('Drizzle prepared query has no all(): see readFoundRows');
  return query as Prepared;
}

/**
 * Queries of the hot read paths, built once per database, campus and shape:
 * building SQL cost more CPU than the database's answer to a page. Values are
 * bound per request; the statement is named, so PostgreSQL parses it once per
 * connection (it still plans each prefix pattern on its own while that pays).
 */
const preparedOf = createMapPerDb<Prepared>();
const MAX_PREPARED = 500;
let preparedSeq = 0;

function prepareOnce(db: object, key: string, build: (name: string) => Prepared): Prepared {
  const cache = preparedOf(db);
  let query = cache.get(key);
  if (!query) {
    if (cache.size >= MAX_PREPARED) cache.clear();
    query = build(`cc_q${++preparedSeq}`);
    cache.set(key, query);
  }
  return query;
}

type FoundRow = Values & {
  id: number;
  total: number | null;
  keptVersion?: string | null;
  keptRows?: number | null;
  seekKey?: string;
  itemJson?: string;
};

/**
 * A keyword is dense when at least one row in this many matches it: walking
 * the order's index then finds a page of 20 within ~1 000 entries.
 */
const DENSE_ONE_IN = 50;

/**
 * The page's rows, and the total when the statement had a row to carry it.
 * `planOnce`: the database handle whose sessions keep one plan per statement
 * (decision 011), for pages whose best plan does not depend on the keyword.
 */
export async function selectListPage<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  q: ListPageQuery & Values,
  planOnce?: CampusScope['db'],
): Promise<ListPage<T['$inferSelect']>> {
  const filters = spec.filters(q);
  const range = prefixRange(q.keyword);
  const limit = q.pageSize;
  const offset = (q.page - 1) * q.pageSize;
  const itemJson = itemJsonOf(spec);
  if (filters.some(Boolean) || range?.hi === null) {
    // Filter values vary without end: built per request.
    const found = (await buildListPage(scope, spec, { range, sort: q.sort, filters, limit, offset, itemJson })) as FoundRow[];
    return toListPage(found, found[0]?.total ?? undefined, itemJson !== null);
  }
  const sort = typeof q.sort === 'string' ? q.sort : '';
  const isKept = KEPT_COUNTS.has(getTableName(spec.table));
  const hasKnownTotal = isKept && range !== null;
  const isSeekable = isKept && sort === '';
  const marks = pageMarksOf(scope.db);
  const markKey = (page: number) => `${scope.camId}:${spec.thing}:${range === null ? '-' : range.lo}:${limit}:${page}`;
  const mark = isSeekable ? marks.get(markKey(q.page)) : undefined;
  const known = knownTotalsOf(scope.db);
  const totalKey = `${scope.camId}:${spec.thing}:${range?.lo}`;
  const before = hasKnownTotal ? known.get(totalKey) : undefined;
  // Planned once (decision 011): the first page or a page after a boundary, in the default order, of
  // the whole list or of a keyword known to be dense. Anything else is planned for its own values.
  const isDense = range === null || (before !== undefined && before.total * DENSE_ONE_IN >= before.rows);
  const isWalk = planOnce !== undefined && isSeekable && isDense && (q.page === 1 || mark !== undefined);
  const on = isWalk ? createCampusScope(planOnce, scope.camId) : scope;
  if (isWalk) listPageReads.planOnce += 1;
  // The statement with the seek branch only when there is a boundary: each prefix is planned per request, and two branches plan slower than one.
  const key = `${spec.thing}:list:${scope.camId}:${range === null ? '-' : 'k'}:${sort}:${mark ? 'seek' : ''}:${isWalk ? 'walk' : ''}`;
  const query = prepareOnce(on.db, key, (name) =>
    withAll(
      buildListPage(on, spec, {
        isWalk,
        range: range === null ? null : { lo: sql.placeholder('lo'), hi: sql.placeholder('hi') },
        sort: q.sort,
        filters: [],
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        itemJson,
        ...(hasKnownTotal ? { knownVersion: sql.placeholder('knownVersion') } : {}),
        isMarked: isSeekable,
        ...(mark
          ? {
              seek: {
                version: sql.placeholder('seekVersion'),
                key: sql.placeholder('seekKey'),
                id: sql.placeholder('seekId'),
                limit: sql.placeholder('seekLimit'),
              },
            }
          : {}),
      }).prepare(name),
    ),
  );
  const params: Values = { lo: range?.lo, hi: range?.hi, limit, offset };
  if (hasKnownTotal) params.knownVersion = before?.version ?? '-1';
  if (isSeekable) {
    if (mark) Object.assign(params, { seekVersion: mark.version, seekKey: mark.key, seekId: mark.id, seekLimit: limit });
    // By offset, read the row before the page too: it marks the page for the next read.
    if (offset > 0) Object.assign(params, { limit: limit + 1, offset: offset - 1 });
  }
  const found = itemJson ? readFoundRows(await query.all(params)) : ((await query.execute(params)) as FoundRow[]);
  const first = found[0];
  let total = first?.total ?? undefined;
  if (first && first.total === null && before) total = before.total;
  else if (hasKnownTotal && first && first.total !== null && first.keptVersion) {
    remember(known, totalKey, { version: first.keptVersion, total: first.total, rows: first.keptRows ?? 0 }, MAX_KNOWN_TOTALS);
  }
  if (isSeekable && first) {
    const version = first.keptVersion;
    const isBySeek = mark !== undefined && version === mark.version;
    if (isBySeek) listPageReads.bySeek += 1;
    else listPageReads.byOffset += 1;
    const previous = !isBySeek && offset > 0 ? found.shift() : undefined;
    const last = found[found.length - 1];
    if (version) {
      if (previous?.seekKey !== undefined)
        remember(marks, markKey(q.page), { version, key: previous.seekKey, id: previous.id }, MAX_PAGE_MARKS);
      if (found.length === limit && last?.seekKey !== undefined) {
        remember(marks, markKey(q.page + 1), { version, key: last.seekKey, id: last.id }, MAX_PAGE_MARKS);
      }
    }
  }
  return toListPage(found, total, itemJson !== null);
}

/**
 * A JSON page's rows as the driver gives them, without Drizzle's mapping: it
 * checks every field of every row against its entity classes, and in a server
 * that has run all its routes those checks no longer stay cheap (decision 011).
 * Counts and versions are bigint: a string from node-postgres, so converted here.
 */
function readFoundRows(raw: unknown[]): FoundRow[] {
  const rows = raw as (Omit<FoundRow, 'total' | 'keptVersion' | 'keptRows'> & {
    total: unknown;
    keptVersion?: unknown;
    keptRows?: unknown;
  })[];
  for (const r of rows) {
    r.total = r.total === null ? null : Number(r.total);
    if (r.keptRows !== undefined && r.keptRows !== null) r.keptRows = Number(r.keptRows);
    const v = r.keptVersion;
    if (typeof v === 'number' || typeof v === 'bigint') r.keptVersion = v.toString();
  }
  return rows as FoundRow[];
}

/** A page as rows for `toItem`, or as its items' JSON when the database wrote them (decision 010). */
export type ListPage<R> = { total: number | undefined } & ({ rows: R[]; json?: undefined } | { json: string; rows?: undefined });

function toListPage<R>(found: FoundRow[], total: number | undefined, isJson: boolean): ListPage<R> {
  if (isJson) return { json: `[${found.map((r) => r.itemJson).join(',')}]`, total };
  // toItem picks its fields by name, so the extra columns (total, version, key) need no stripping.
  return { rows: found as unknown as R[], total };
}

const itemJsonBySpec = new WeakMap<object, SQL | null>();

function itemJsonOf(spec: CampusCrudSpec<CampusTable>): SQL | null {
  let json = itemJsonBySpec.get(spec);
  if (json === undefined) itemJsonBySpec.set(spec, (json = buildItemJson(spec.table, spec.schemas.item)));
  return json;
}

/** A list's order: `sort` (`field:asc|desc`, from the spec's allow-list), else the default order; then by id. */
export function listOrder(spec: Pick<CampusCrudSpec<CampusTable>, 'table' | 'sortColumns' | 'defaultOrder'>, sort: unknown): SQL[] {
  const [field, dir] = typeof sort === 'string' ? sort.split(':') : [];
  // The schema's enum already refused anything else; this is the second lock.
  const chosen = field ? spec.sortColumns[field] : undefined;
  const { column, direction } = chosen ? { column: chosen, direction: dir } : spec.defaultOrder;
  const by = direction === 'desc' ? desc : asc;
  return [by(column), by(spec.table.id)];
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
  const query = prepareOnce(scope.db, `${spec.thing}:one:${scope.camId}`, (name) =>
    withAll(
      scope
        .select(spec.table, getTableColumns(spec.table), eq(spec.table.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    ),
  );
  const [row] = await query.execute({ id });
  if (!row) throw notFound(spec.thing);
  return row as T['$inferSelect'];
}

/** A row as the driver answers raw SQL (column names, text timestamps) → the table's typed row, as drizzle maps it. */
function mapRow<T extends CampusTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Runs a logged write; a unique index's refusal becomes the 409 naming its field. */
async function write<T>(spec: { uniques: UniqueRule[] }, body: Values, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = findUniqueViolation(err);
    const rule = constraint === null ? undefined : spec.uniques.find((u) => u.constraint === constraint);
    if (rule) throw duplicate(rule, body);
    throw err;
  }
}

/** Sends JSON text as it is (a string with a JSON type skips the serializer); the route's schema still documents it. */
async function sendJsonText(reply: FastifyReply, text: string): Promise<void> {
  await reply.type('application/json; charset=utf-8').send(text);
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
    async (request, reply) => {
      const q = request.query as Values & ListPageQuery;
      const scope = scopeOf(request);
      const page = await selectListPage(scope, spec, q, app.database.planOnce);
      // A page past the end has no row to carry the total; ask once more (rare).
      const total =
        page.total ?? (q.page === 1 ? 0 : await scope.count(table, keywordCondition(spec.keywordColumns, q.keyword), ...spec.filters(q)));
      if (page.json === undefined) {
        return { code: 0, msg: 'ok', data: { list: page.rows.map((r) => spec.toItem(r)), total, page: q.page, pageSize: q.pageSize } };
      }
      // The items are JSON written by the database (decision 010); the envelope around them is the one above.
      // page and pageSize are integers from the query schema, total a count.
      return sendJsonText(
        reply,
        `{"code":0,"msg":"ok","data":{"list":${page.json},"total":${Number(total)},"page":${Number(q.page)},"pageSize":${Number(q.pageSize)}}}`,
      );
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
      const row = await write(spec, body, () =>
        runLoggedTransaction(
          request,
          async (tx) => {
            const s = scopeOf(request, tx);
            await spec.beforeWrite?.(s, values, null, request.locale);
            const [created] = await s.insert(table, [values as Omit<T['$inferInsert'], 'camId'>]).returning();
            return created as T['$inferSelect'];
          },
          201,
        ),
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
      // The row is read first only when a rule needs it (or a 404 must beat a 409); else the update's own 0 rows say 404.
      const needsExisting =
        spec.check !== undefined ||
        spec.beforeWrite !== undefined ||
        spec.uniques.some((u) => values[columnKey(table, u.column)] !== undefined);
      const existing = needsExisting ? await loadOne(scope, spec, request.params.id) : null;
      await assertUnique(scope, spec, body, values, request.params.id);
      await spec.check?.(scope, values, existing);
      const set = { ...values, updatedAt: new Date() } as unknown as Partial<Omit<T['$inferInsert'], 'camId' | 'id'>>;
      const row = spec.beforeWrite
        ? await write(spec, body, () =>
            runLoggedTransaction(request, async (tx) => {
              const s = scopeOf(request, tx);
              await spec.beforeWrite?.(s, values, existing, request.locale);
              const rows = (await s.update(table, set, eq(table.id, request.params.id)).returning()) as unknown as T['$inferSelect'][];
              const updated = rows[0];
              if (!updated) throw notFound(spec.thing);
              return updated;
            }),
          )
        : // Nothing to run in between: the update and its log row as one statement, one round trip.
          await write(spec, body, async () => {
            const update = scope.update(table, set, eq(table.id, request.params.id)).returning();
            const [updated] = await runLoggedStatement(request, update.getSQL());
            if (!updated) throw notFound(spec.thing);
            return mapRow(table, updated);
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
/** A page of the `z.infer` of a schema: handy for typing toItem. */
export type ItemOf<S extends z.ZodType> = z.infer<S>;
