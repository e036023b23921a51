import type { SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { errorSchema, formatMessage, type Locale } from '@campus/contract';
import type { CampusTable } from '../lib/campus-scope.js';
import { chooseExportOrder, columnKindOf, readInKeysetChunks, streamTable } from '../lib/export-stream.js';
import { CONTENT_TYPES, type TableFormat } from '../lib/tabular.js';
import { requirePerm } from '../plugins/access.js';
import { fileAnswer as fileResponse, SPREADSHEET_TYPES } from '../plugins/openapi-document.js';
import type { CampusCrudSpec, CampusIoSpec, Values } from './campus-resource.js';
import { attachment, displayValue, EXPORT_CHUNK, formatQuery, MAX_EXPORT_ROWS } from './io-files.js';
import { keywordCondition } from './keyword-sql.js';
import { RESOURCE_TAGS, scopeOf } from './route-parts.js';

export const FILE_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema };
const fileAnswer = { 200: fileResponse(SPREADSHEET_TYPES, 'The CSV or XLSX file'), ...FILE_ERRORS };

/** The file's columns in the caller's language, each with the kind of cell its values make (dates, numbers, text). */
function columnsOf<T extends CampusTable>(crud: CampusCrudSpec<T>, io: CampusIoSpec<T>, locale: Locale) {
  const rowSchema = crud.schemas.create as z.ZodObject;
  return Object.entries(io.labels).map(([f, l]) => ({
    header: l[locale],
    kind: columnKindOf(rowSchema.shape[f] as z.ZodType | undefined),
  }));
}

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
      const conds: (SQL | undefined)[] = [keywordCondition(crud, q.keyword), ...crud.filters(q), await crud.reach?.(request)];
      const fieldNames = Object.keys(io.labels);
      // Read by keyset and written as read: a 100 000-row export holds memory flat (issue 24).
      const chunks = readInKeysetChunks(scope, crud.table, conds, chooseExportOrder(crud, q.sort), {
        chunk: EXPORT_CHUNK,
        max: MAX_EXPORT_ROWS,
      });
      const rows = (async function* () {
        for await (const chunk of chunks)
          for (const r of chunk) {
            const cells = io.toCells(r);
            yield fieldNames.map((f) => displayValue(io.valueLabels[f], cells[f] ?? '', request.locale));
          }
      })();
      const name = io.fileName[request.locale];
      return reply
        .header('content-disposition', attachment(name, q.format))
        .type(CONTENT_TYPES[q.format])
        .send(streamTable(q.format, name, columnsOf(crud, io, request.locale), rows));
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
      // A name of its own: a downloaded template is not taken for exported data.
      const name = formatMessage(request.locale, 'import.templateName', { name: io.fileName[request.locale] });
      return reply
        .header('content-disposition', attachment(name, format))
        .type(CONTENT_TYPES[format])
        .send(streamTable(format, name, columnsOf(crud, io, request.locale), []));
    },
  };
}
