import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema, ResultCode } from '@campus/contract';
import { queryRows } from '../db/query.js';
import { AppError, badRequest } from '../lib/app-error.js';
import { createCampusScope, type CampusTable } from '../lib/campus-scope.js';
import { mapHeader, readImportRows } from '../lib/import-rows.js';
import { describeDecodeError, TextDecodeError } from '../lib/tabular-decode.js';
import { readSheet } from '../lib/tabular.js';
import { getCampusId, requirePerm } from '../plugins/access.js';
import { runLoggedTransaction, setOperlogTarget } from '../plugins/operlog.js';
import type { CampusCrudSpec, CampusIoSpec } from './campus-resource.js';
import { FILE_ERRORS } from './export-routes.js';
import { ERROR_COLUMN, importQuery, importResultSchema, INSERT_CHUNK, MAX_IMPORT_ROWS } from './io-files.js';
import { storeRejectedRows } from './rejected-rows.js';
import { RESOURCE_TAGS } from './route-parts.js';
import { buildUpsert } from './upsert-sql.js';

/**
 * POST `url/import`: a CSV or XLSX file (multipart field "file") checked row by
 * row against the create schema; `dryRun=true` writes nothing. mode
 * all-or-nothing: a file with any error writes nothing; valid-rows: the valid
 * rows are written (all of them or none) and the refused ones come back as a
 * CSV file in the file's own columns plus an error column. Rows upsert on the
 * natural key.
 */
export function importRoute<T extends CampusTable>(url: string, crud: CampusCrudSpec<T>, io: CampusIoSpec<T>): RouteOptions {
  const { table } = crud;
  const rowSchema = crud.schemas.create as z.ZodObject;
  const required = Object.entries(rowSchema.shape)
    .filter(([, s]) => !(s as z.ZodType).safeParse(undefined).success)
    .map(([k]) => k);
  return {
    method: 'POST',
    url: `${url}/import`,
    config: { access: requirePerm(io.perms.import, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Import ${crud.thing}s from CSV or XLSX (multipart field "file"): dryRun=true checks every row and writes nothing; mode=all-or-nothing (default) writes nothing when any row is refused, mode=valid-rows writes the valid rows and answers rejectedFile, a CSV of the refused ones with an error column`,
      querystring: importQuery,
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(importResultSchema), ...FILE_ERRORS },
    },
    async handler(request) {
      const { dryRun, mode } = request.query as z.infer<typeof importQuery>;
      if (!request.isMultipart()) throw badRequest('import.noFile');
      const part = await request.file();
      if (!part) throw badRequest('import.noFile');
      const data = await part.toBuffer();
      let sheet;
      try {
        sheet = await readSheet(data, MAX_IMPORT_ROWS);
      } catch (err) {
        if (err instanceof RangeError) throw badRequest('import.tooManyRows', { max: MAX_IMPORT_ROWS });
        if (err instanceof TextDecodeError) throw describeDecodeError(err);
        throw badRequest('import.badFile');
      }
      const header = mapHeader(sheet.header, io.labels, [ERROR_COLUMN]);
      const { fields, unknown } = header;
      if (unknown.length) throw badRequest('import.unknownColumns', { columns: unknown.join(', ') });
      const missing = required.filter((f) => !fields.includes(f));
      if (missing.length)
        throw badRequest('import.missingColumns', { columns: missing.map((f) => io.labels[f]?.[request.locale] ?? f).join(', ') });

      const read = readImportRows(sheet, header, {
        rowSchema,
        valueLabels: io.valueLabels,
        keyField: io.key.field,
        locale: request.locale,
      });
      const parsed = read.valid.map((r) => ({ row: r.row, values: crud.toValues(r.data) }));
      // Rules that need the database (data scope, read-only rows) refuse rows as the row rules do.
      const columnOf = (field: string) => header.columnOf[field] ?? io.labels[field]?.[request.locale] ?? field;
      const refusedByData = parsed.length ? ((await io.checkRows?.(request, parsed, columnOf)) ?? []) : [];
      const errorsFound = [...read.errors, ...refusedByData].sort((a, b) => a.row - b.row);
      const refused = new Set(errorsFound.map((e) => e.row));
      const writable = parsed.filter((r) => !refused.has(r.row));

      const camId = getCampusId(request);
      const scope = createCampusScope(request.server.db, camId);
      const keys = writable.map((r) => String(r.values[io.key.field]));
      // All keys as one jsonb parameter: one statement, not one bound parameter per key.
      const existing = keys.length
        ? await scope.count(table, sql`${io.key.column} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
        : 0;
      const result = {
        total: sheet.rows.length,
        created: writable.length - existing,
        updated: existing,
        errors: errorsFound,
        rejected: refused.size,
        rejectedFile: null as string | null,
        notes: writable.length ? ((await io.describeNew?.(request, writable)) ?? []) : [],
      };
      if (errorsFound.length && mode === 'all-or-nothing') {
        if (dryRun) return { code: 0, msg: 'ok', data: result };
        throw new AppError(
          400,
          ResultCode.badRequest,
          'import.hasErrors',
          { count: errorsFound.length },
          { ...result, created: 0, updated: 0 },
        );
      }
      if (dryRun) return { code: 0, msg: 'ok', data: result };

      // The file's columns, key included; empty cells clear that field on update, as the file is the record.
      const columns = getTableColumns(table) as Record<string, PgColumn>;
      const written = [...new Set(fields)].flatMap((f) => {
        const column = f ? columns[f] : undefined;
        return f && column ? [{ field: f, column }] : [];
      });
      setOperlogTarget(request, {
        thing: crud.thing,
        counts: { created: result.created, updated: result.updated, rejected: refused.size },
      });
      const counts = writable.length
        ? await runLoggedTransaction(request, async (tx) => {
            let created = 0;
            for (let i = 0; i < writable.length; i += INSERT_CHUNK) {
              const chunk = writable.slice(i, i + INSERT_CHUNK).map((r) => r.values);
              const out = await queryRows<{ inserted: boolean }>(tx, buildUpsert(table, camId, io.key.column, written, chunk));
              created += out.filter((o) => o.inserted).length;
            }
            return { created, updated: writable.length - created };
          })
        : { created: 0, updated: 0 };
      if (refused.size) {
        result.rejectedFile = await storeRejectedRows(request, {
          name: `${io.fileName[request.locale]}-${request.locale === 'zh-CN' ? '未导入' : 'refused'}`,
          header: sheet.header,
          rows: sheet.rows.filter((r) => refused.has(r.row)),
          errors: errorsFound,
        });
      }
      // The embedded database has no autovacuum: fresh statistics before the list is read again.
      await request.server.database.maintain?.();
      return { code: 0, msg: 'ok', data: { ...result, ...counts } };
    },
  };
}
