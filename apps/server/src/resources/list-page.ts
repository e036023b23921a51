import diagnostics from 'node:diagnostics_channel';
import { getTableName, sql, type SQL } from 'drizzle-orm';
import { createCampusScope, type CampusScope, type CampusTable } from '../lib/campus-scope.js';
import type { CampusCrudSpec, ListPageQuery, Values } from './campus-resource.js';
import { readFoundRows, withAll, type FoundRow } from './driver-rows.js';
import { buildItemJson } from './item-json.js';
import type { ListCaches } from './list-caches.js';
import { keywordMatchOf, readKeyword } from './keyword-sql.js';
import { buildListPage } from './list-sql.js';
import { KEPT_COUNTS } from './list-total.js';

/** A page as rows for `toItem`, or as its items' JSON when the database wrote them (decision 010). */
export type ListPage<R> = { total: number | undefined } & ({ rows: R[]; json?: undefined } | { json: string; rows?: undefined });

/**
 * How a page in the default order was read: `bySeek`/`byOffset`; `planOnce` when its page walked the
 * order's index on the plan-once pool, `oneScan` when its keyword's matches were read once there.
 */
export type ListPageRead = 'bySeek' | 'byOffset' | 'planOnce' | 'oneScan';

/**
 * Announces each `ListPageRead` to whoever subscribes (the tests, to know the
 * seek or the plan-once pool was taken); costs nothing without subscribers.
 */
export const LIST_PAGE_READS = 'campus-console:list-page-read';
const pageReads = diagnostics.channel(LIST_PAGE_READS);
const announce = (read: ListPageRead) => {
  if (pageReads.hasSubscribers) pageReads.publish(read);
};

/**
 * A keyword is dense when at least one row in this many matches it: walking
 * the order's index then finds a page of 20 within ~1 000 entries.
 */
const DENSE_ONE_IN = 50;

export interface ListSources {
  caches: ListCaches;
  /**
   * The database handle whose sessions keep one plan per statement (decision
   * 011; on PGlite its one handle, planned per request), for pages whose best
   * plan does not depend on the keyword.
   */
  planOnce: CampusScope['db'] | undefined;
}

/** Reads the pages of one resource's list; its items' SQL JSON is built once (decision 010). */
export function createListReader<T extends CampusTable>(spec: CampusCrudSpec<T>) {
  const itemJson = buildItemJson(spec.table, spec.schemas.item);
  return (scope: CampusScope, q: ListPageQuery & Values, sources: ListSources, extra: (SQL | undefined)[] = []) =>
    readListPage(scope, spec, q, sources, itemJson, extra);
}

/** The page's rows, and the total when the statement had a row to carry it. */
async function readListPage<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  q: ListPageQuery & Values,
  { caches, planOnce }: ListSources,
  itemJson: SQL | null,
  extra: (SQL | undefined)[],
): Promise<ListPage<T['$inferSelect']>> {
  // `extra`: the caller's data scope, a filter like any other (built per request, never a remembered total).
  const filters = [...spec.filters(q), ...extra];
  const keyword = readKeyword(q.keyword);
  const limit = q.pageSize;
  const offset = (q.page - 1) * q.pageSize;
  if (filters.some(Boolean)) {
    // Filter values vary without end: built per request.
    const match = keyword === null ? null : keywordMatchOf(keyword);
    const found = (await buildListPage(scope, spec, { match, sort: q.sort, filters, limit, offset, itemJson })) as FoundRow[];
    return toListPage(found, found[0]?.total ?? undefined, itemJson !== null);
  }
  const sort = typeof q.sort === 'string' ? q.sort : '';
  const isKept = KEPT_COUNTS.has(getTableName(spec.table));
  const hasKnownTotal = isKept && keyword !== null;
  const isSeekable = isKept && sort === '';
  const marks = caches.pageMarks;
  const markKey = (page: number) => `${scope.camId}:${spec.thing}:${keyword ?? '-'}:${limit}:${page}`;
  const stored = isSeekable ? marks.get(markKey(q.page)) : undefined;
  const known = caches.knownTotals;
  const totalKey = `${scope.camId}:${spec.thing}:${keyword}`;
  const before = hasKnownTotal ? known.get(totalKey) : undefined;
  // Planned once (decision 011): the first page or a page after a boundary, in the default order, of
  // the whole list or of a keyword known to be dense. Anything else is planned for its own values.
  const isDense = keyword === null || (before !== undefined && before.total * DENSE_ONE_IN >= before.rows);
  const isWalk = planOnce !== undefined && isSeekable && isDense && (q.page === 1 || stored !== undefined);
  // A keyword not known to be dense (a new one, a rare one) with a grams index: its matches are few or
  // must all be counted anyway, so one scan of them gives page and total, under a plan made once.
  const isOneScan = planOnce !== undefined && isSeekable && !isDense && spec.keywordGrams !== undefined;
  const mark = isOneScan ? undefined : stored;
  const on = isWalk || isOneScan ? createCampusScope(planOnce, scope.camId) : scope;
  if (isWalk) announce('planOnce');
  if (isOneScan) announce('oneScan');
  // The statement with the seek branch only when there is a boundary: off the plan-once pool each keyword is planned per request, and two branches plan slower than one.
  const shapeKey = `${mark ? 'seek' : ''}:${isWalk ? 'walk' : ''}${isOneScan ? 'one' : ''}`;
  const key = `${spec.thing}:list:${scope.camId}:${keyword === null ? '-' : 'k'}:${sort}:${shapeKey}`;
  const query = caches.prepare(on.db, key, (name) =>
    withAll(
      buildListPage(on, spec, {
        isWalk,
        isOneScan,
        match: keyword === null ? null : { raw: sql.placeholder('kw'), like: sql.placeholder('kwLike') },
        sort: q.sort,
        filters: [],
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        itemJson,
        ...(hasKnownTotal && !isOneScan ? { knownVersion: sql.placeholder('knownVersion') } : {}),
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
  const params: Values = { limit, offset };
  if (keyword !== null) Object.assign(params, { kw: keyword, kwLike: keywordMatchOf(keyword).like });
  if (hasKnownTotal && !isOneScan) params.knownVersion = before?.version ?? '-1';
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
    known.remember(totalKey, { version: first.keptVersion, total: first.total, rows: first.keptRows ?? 0 });
  }
  if (isSeekable && first) {
    const version = first.keptVersion;
    const isBySeek = mark !== undefined && version === mark.version;
    announce(isBySeek ? 'bySeek' : 'byOffset');
    const previous = !isBySeek && offset > 0 ? found.shift() : undefined;
    const last = found[found.length - 1];
    if (version) {
      if (previous?.seekKey !== undefined) marks.remember(markKey(q.page), { version, key: previous.seekKey, id: previous.id });
      if (found.length === limit && last?.seekKey !== undefined) {
        marks.remember(markKey(q.page + 1), { version, key: last.seekKey, id: last.id });
      }
    }
  }
  return toListPage(found, total, itemJson !== null);
}

function toListPage<R>(found: FoundRow[], total: number | undefined, isJson: boolean): ListPage<R> {
  if (isJson) return { json: `[${found.map((r) => r.itemJson).join(',')}]`, total };
  // toItem picks its fields by name, so the extra columns (total, version, key) need no stripping.
  return { rows: found as unknown as R[], total };
}
