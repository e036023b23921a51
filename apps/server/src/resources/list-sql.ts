import { asc, desc, getTableColumns, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import type { CampusCrudSpec } from './campus-resource.js';
import { matchAny, type KeywordMatch } from './keyword-sql.js';
import { buildTotal, keptCountOf } from './list-total.js';

export interface ListShape {
  /** The keyword (keywordMatchOf), or placeholders for one; null: no keyword. */
  match: KeywordMatch | null;
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
  /**
   * Read the keyword's matches once (a CTE over the grams index) and take both
   * the page, in the default order, and the total from them: one index scan
   * instead of two, and a plan that suits any sparse keyword, so it can be made
   * once (decision 011). Not with `seek`, another sort or `knownVersion`.
   */
  isOneScan?: boolean;
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
  const { match, seek } = shape;
  const matches = matchAny(spec, match, shape.isWalk === true);
  const version = keptCountOf(scope, table, 'version');
  if (shape.isOneScan) return buildOneScanPage(scope, spec, shape, matches, version);
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
  const counted = buildTotal(scope, table, spec, match, shape.filters);
  const isMarked = shape.isMarked === true || seek !== undefined;
  const fields = pageFields(scope, spec, shape, version, { isMarked, hasKeptRows: shape.knownVersion !== undefined });
  // CASE evaluates the count's subqueries only on the branch taken.
  const total =
    shape.knownVersion === undefined ? counted : sql`case when ${version} = ${shape.knownVersion} then null else ${counted} end`;
  return scope.select(table, { ...fields, total: total.mapWith(Number).as('total') }, inPage).orderBy(...order);
}

/** The page's columns (or its items' JSON) and what rides along: the kept version and rows, each row's order key. */
function pageFields<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  shape: ListShape,
  version: SQL,
  { isMarked, hasKeptRows }: { isMarked: boolean; hasKeptRows: boolean },
): SelectedFields {
  const { table } = spec;
  // Named columns (`as "itemJson"` ...): a JSON page is read as the driver's rows, by name (readFoundRows).
  const columns: SelectedFields = shape.itemJson
    ? { id: table.id, itemJson: shape.itemJson.mapWith(String).as('itemJson') }
    : getTableColumns(table);
  const extra: SelectedFields = {};
  if (hasKeptRows || isMarked) extra.keptVersion = version.mapWith(String).as('keptVersion');
  // The campus's rows beside a keyword's total: how dense the keyword is (readListPage).
  if (hasKeptRows) extra.keptRows = keptCountOf(scope, table, 'n').mapWith(Number).as('keptRows');
  if (isMarked) extra.seekKey = sql`${spec.defaultOrder.column}::text`.mapWith(String).as('seekKey');
  return { ...columns, ...extra };
}

/**
 * `with matches as (…) select … where id in (page of matches) order by …`,
 * the total a count of the same matches: PostgreSQL reads a CTE used twice
 * once, so the grams index and the rows' LIKE are visited once per request.
 */
function buildOneScanPage<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  shape: ListShape,
  matches: SQL | undefined,
  version: SQL,
) {
  const { table } = spec;
  const { column, direction } = spec.defaultOrder;
  const matched = scope.db
    .$with('list_matches')
    .as(scope.select(table, { id: table.id, key: sql`${column}`.as('list_key') }, matches, ...shape.filters) as never);
  const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const inPage = sql`${table.id} in (select id from ${matched} order by list_key ${dir}, id ${dir} limit ${shape.limit} offset ${shape.offset})`;
  const fields = pageFields(scope, spec, shape, version, { isMarked: shape.isMarked === true, hasKeptRows: true });
  const total = sql`(select count(*) from ${matched})`.mapWith(Number).as('total');
  return (
    scope.db
      .with(matched)
      .select({ ...fields, total })
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc cannot resolve drizzle's conditional type for a generic T
      .from(table as PgTable)
      .where(scope.where(table, inPage))
      .orderBy(...listOrder(spec, undefined))
  );
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
