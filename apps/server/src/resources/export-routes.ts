import { getTableColumns, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@campus/contract';
import type { CampusTable } from '../lib/campus-scope.js';
import type { TableFormat } from '../lib/tabular.js';
import { requirePerm } from '../plugins/access.js';
import type { CampusCrudSpec, CampusIoSpec, Values } from './campus-resource.js';
import { attachment, displayValue, EXPORT_CHUNK, formatQuery, headerOf, MAX_EXPORT_ROWS, writeTable } from './io-files.js';
import { keywordCondition } from './keyword-sql.js';
import { listOrder } from './list-sql.js';
import { RESOURCE_TAGS, scopeOf } from './route-parts.js';

export const FILE_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema };
const fileAnswer = { 200: z.unknown().describe('The CSV or XLSX file'), ...FILE_ERRORS };

/** GET `url/export`: the list's rows under its filters and sort, as CSV or XLSX with headers in the caller's language. */
export function exportRoute<T extends CampusTable>(url: string, crud: CampusCrudSpec<T>, io: CampusIoSpec<T>): RouteOptions {
  const listQuery = crud.schemas.query as z.ZodObject;
  const exportQuery = listQuery.omit({ page: true, pageSize: true }).extend(formatQuery.shape);
  return {
    method: 'GET',
    url: `${url}/export`,
    config: { access: requirePerm(io.perms.export, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Export ${crud.thing}s with the list's filters and sort (CSV or XLSX)`,
      querystring: exportQuery,
      response: fileAnswer,
    },
    async handler(request, reply) {
      const q = request.query as Values & { format: TableFormat };
      const scope = scopeOf(request);
      const conds: (SQL | undefined)[] = [keywordCondition(crud.keywordColumns, q.keyword), ...crud.filters(q)];
      const order = listOrder(crud, q.sort);
      const rows: string[][] = [];
      for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += EXPORT_CHUNK) {
        const chunk = await scope
          .select(crud.table, getTableColumns(crud.table), ...conds)
          .orderBy(...order)
          .limit(EXPORT_CHUNK)
          .offset(offset);
        for (const r of chunk) {
          const cells = io.toCells(r as T['$inferSelect']);
          rows.push(Object.keys(io.labels).map((f) => displayValue(io.valueLabels[f], cells[f] ?? '', request.locale)));
        }
        if (chunk.length < EXPORT_CHUNK) break;
      }
      const name = io.fileName[request.locale];
      const file = await writeTable(q.format, name, headerOf(io.labels, request.locale), rows);
      return reply.header('content-disposition', attachment(name, q.format)).type(file.type).send(file.body);
    },
  };
}

/** GET `url/import-template`: an empty import file with the header row. */
export function importTemplateRoute<T extends CampusTable>(url: string, crud: CampusCrudSpec<T>, io: CampusIoSpec<T>): RouteOptions {
  return {
    method: 'GET',
    url: `${url}/import-template`,
    config: { access: requirePerm(io.perms.import, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `An empty ${crud.thing} import file with the header row`,
      querystring: formatQuery,
      response: fileAnswer,
    },
    async handler(request, reply) {
      const { format } = request.query as z.infer<typeof formatQuery>;
      const name = io.fileName[request.locale];
      const file = await writeTable(format, name, headerOf(io.labels, request.locale), []);
      return reply.header('content-disposition', attachment(name, format)).type(file.type).send(file.body);
    },
  };
}
