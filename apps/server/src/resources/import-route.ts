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
import { runLoggedTransaction } from '../plugins/operlog.js';
import type { CampusCrudSpec, CampusIoSpec, Values } from './campus-resource.js';
import { FILE_ERRORS } from './export-routes.js';
import { importQuery, importResultSchema, INSERT_CHUNK, MAX_IMPORT_ROWS } from './io-files.js';
import { RESOURCE_TAGS } from './route-parts.js';
import { buildUpsert } from './upsert-sql.js';

/**
 * POST `url/import`: a CSV or XLSX file (multipart field "file") checked row by
 * row against the create schema; `dryRun=true` writes nothing, and a file with
 * any error writes nothing either. Rows upsert on the natural key.
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
      summary: `Import ${crud.thing}s from CSV or XLSX (multipart field "file"): dryRun=true checks every row and writes nothing; a run with any error writes nothing`,
      querystring: importQuery,
      consumes: ['multipart/form-data'],
      response: { 200: envelopeSchema(importResultSchema), ...FILE_ERRORS },
    },
    async handler(request) {
      const { dryRun } = request.query as z.infer<typeof importQuery>;
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
      const header = mapHeader(sheet.header, io.labels);
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
      const { errors: errorsFound, keys: seen } = read;
      const valid: Values[] = read.valid.map((r) => crud.toValues(r.data));

      const camId = getCampusId(request);
      const scope = createCampusScope(request.server.db, camId);
      const keys = [...seen.keys()];
      // All keys as one jsonb parameter: one statement, not one bound parameter per key.
      const existing = keys.length
        ? await scope.count(table, sql`${io.key.column} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
        : 0;
      const result = { total: sheet.rows.length, created: valid.length - existing, updated: existing, errors: errorsFound };
      if (errorsFound.length) {
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
      const counts = await runLoggedTransaction(request, async (tx) => {
        let created = 0;
        for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
          const out = await queryRows<{ inserted: boolean }>(
            tx,
            buildUpsert(table, camId, io.key.column, written, valid.slice(i, i + INSERT_CHUNK)),
          );
          created += out.filter((o) => o.inserted).length;
        }
        return { created, updated: valid.length - created };
      });
      // The embedded database has no autovacuum: fresh statistics before the list is read again.
      await request.server.database.maintain?.();
      return { code: 0, msg: 'ok', data: { ...result, ...counts } };
    },
  };
}
