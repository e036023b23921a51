import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { envelopeSchema, idParamsSchema, pageSchema } from '@campus/contract';
import { notFound } from '../lib/app-error.js';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import { requirePerm } from '../plugins/access.js';
import type { CampusCrudSpec, ListPageQuery, Values } from './campus-resource.js';
import { withAll } from './driver-rows.js';
import { keywordCondition } from './keyword-sql.js';
import type { ListCaches } from './list-caches.js';
import { createListReader } from './list-page.js';
import { idOf, RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf, sendJsonText } from './route-parts.js';

/** GET `url`: one page of the campus's rows, with its total (keyword, filters, sort, paging of the query schema). */
export function listRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  const readPage = createListReader(spec);
  return {
    method: 'GET',
    url,
    config: { access: requirePerm(spec.perms.list, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `List ${spec.thing}s of the campus`,
      querystring: spec.schemas.query,
      response: { 200: envelopeSchema(pageSchema(spec.schemas.item)), ...RESOURCE_ERRORS },
    },
    async handler(request, reply) {
      const q = request.query as Values & ListPageQuery;
      const scope = scopeOf(request);
      const { listCaches, database } = request.server;
      const reach = await spec.reach?.(request);
      const page = await readPage(scope, q, { caches: listCaches, planOnce: database.planOnce }, [reach]);
      // A page past the end has no row to carry the total; ask once more (rare).
      const total =
        page.total ?? (q.page === 1 ? 0 : await scope.count(spec.table, keywordCondition(spec, q.keyword), ...spec.filters(q), reach));
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
  };
}

/** GET `url/:id`: one row of the campus, 404 for any other. */
export function getRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  return {
    method: 'GET',
    url: `${url}/:id`,
    config: { access: requirePerm(spec.perms.list, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `One ${spec.thing}`,
      params: idParamsSchema,
      response: { 200: envelopeSchema(spec.schemas.item), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const row = await loadOne(request.server.listCaches, scopeOf(request), spec, idOf(request), await spec.reach?.(request));
      return { code: 0, msg: 'ok', data: spec.toItem(row) };
    },
  };
}

/**
 * The row `id` of the campus, by a statement prepared once per campus; 404
 * when there is none, or when it is outside `reach` (the caller's data scope).
 */
export async function loadOne<T extends CampusTable>(
  caches: ListCaches,
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  id: number,
  reach?: SQL,
): Promise<T['$inferSelect']> {
  if (reach) {
    const [row] = await scope.select(spec.table, getTableColumns(spec.table), eq(spec.table.id, id), reach).limit(1);
    if (!row) throw notFound(spec.thing);
    return row as T['$inferSelect'];
  }
  const query = caches.prepare(scope.db, `${spec.thing}:one:${scope.camId}`, (name) =>
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
