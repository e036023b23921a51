import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  formatIssues,
  formatMessage,
  ResultCode,
  VALUE_LABELS,
  type Locale,
  type ValueLabelSet,
} from '@campus/contract';
import { getCampusId, requirePerm } from '../plugins/access.js';
import { queryRows } from '../db/query.js';
import { runLoggedTransaction } from '../plugins/operlog.js';
import { AppError, badRequest } from './app-error.js';
import { keywordCondition, listOrder, type CampusCrudSpec, type Values } from './campus-crud.js';
import { createCampusScope, type CampusTable } from './campus-scope.js';
import { CONTENT_TYPES, readSheet, writeCsv, writeXlsx, type TableFormat } from './tabular.js';

type Label = Record<Locale, string>;

export interface CampusIoSpec<T extends CampusTable> {
  /** Columns in file order, with their header text in both languages. */
  labels: Record<string, Label>;
  /** Fields whose values are codes with readable labels (gender: 男/Male/male). */
  valueLabels: Partial<Record<string, ValueLabelSet>>;
  perms: { import: string; export: string };
  fileName: Label;
  /** The natural key an import matches existing rows on, e.g. studentNo. */
  key: { field: string; column: PgColumn };
  /** Column values of a row as the export writes them (codes, dates as YYYY-MM-DD). */
  toCells(row: T['$inferSelect']): Record<string, string>;
}

const MAX_IMPORT_ROWS = 20_000;
const MAX_EXPORT_ROWS = 200_000;
const EXPORT_CHUNK = 5_000;
const INSERT_CHUNK = 1_000;

export interface ImportError {
  row: number;
  field: string;
  msg: string;
}

const importResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), msg: z.string() })),
});

const formatQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
const importQuery = z.strictObject({
  dryRun: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
});

function attachment(name: string, format: TableFormat): string {
  const file = `${name}.${format}`;
  return `attachment; filename="${format === 'csv' ? 'export.csv' : 'export.xlsx'}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

function headerOf(labels: Record<string, Label>, locale: Locale): string[] {
  return Object.values(labels).map((l) => l[locale]);
}

function displayValue(set: ValueLabelSet | undefined, value: string, locale: Locale): string {
  if (!set) return value;
  const labels = VALUE_LABELS[set] as Record<string, Label>;
  return labels[value]?.[locale] ?? value;
}

function codeOf(set: ValueLabelSet, value: string): string {
  const labels = VALUE_LABELS[set] as Record<string, Label>;
  const wanted = value.trim().toLowerCase();
  for (const [code, l] of Object.entries(labels)) {
    if (code === wanted || l['zh-CN'] === value.trim() || l['en-US'].toLowerCase() === wanted) return code;
  }
  return value;
}

/** Which field each header cell names: its API name, or its label in either language. */
function mapHeader(header: string[], labels: Record<string, Label>): { fields: (string | null)[]; unknown: string[] } {
  const lookup = new Map<string, string>();
  for (const [field, l] of Object.entries(labels)) {
    for (const name of [field, l['zh-CN'], l['en-US']]) lookup.set(name.trim().toLowerCase(), field);
  }
  const unknown: string[] = [];
  const fields = header.map((h) => {
    const f = lookup.get(h.trim().toLowerCase()) ?? null;
    if (!f && h.trim() !== '') unknown.push(h);
    return f;
  });
  return { fields, unknown };
}

/**
 * Export (the list's filters and sort), import (dry run or all-or-nothing
 * upsert on the natural key) and an import template for a campus resource.
 */
export function registerCampusIo<T extends CampusTable>(
  parent: FastifyInstance,
  base: string,
  crud: CampusCrudSpec<T>,
  io: CampusIoSpec<T>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { table } = crud;
  const tags = ['educate'];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema };
  const fileAnswer = { 200: z.unknown().describe('The CSV or XLSX file'), ...errors };
  const listQuery = crud.schemas.query as z.ZodObject;
  const exportQuery = listQuery.omit({ page: true, pageSize: true }).extend(formatQuery.shape);
  const rowSchema = crud.schemas.create as z.ZodObject;
  const required = Object.entries(rowSchema.shape)
    .filter(([, s]) => !(s as z.ZodType).safeParse(undefined).success)
    .map(([k]) => k);

  const send = async (format: TableFormat, name: string, header: string[], rows: string[][]) => ({
    body: format === 'csv' ? writeCsv(header, rows) : await writeXlsx(name, header, rows),
    type: CONTENT_TYPES[format],
  });

  app.get(
    `${base}/export`,
    {
      config: { access: requirePerm(io.perms.export, 'campus') },
      schema: {
        tags,
        summary: `Export ${crud.thing}s with the list's filters and sort (CSV or XLSX)`,
        querystring: exportQuery,
        response: fileAnswer,
      },
    },
    async (request, reply) => {
      const q = request.query as Values & { format: TableFormat };
      const scope = createCampusScope(app.db, getCampusId(request));
      const conds: (SQL | undefined)[] = [keywordCondition(crud.keywordColumns, q.keyword), ...crud.filters(q)];
      const order = listOrder(crud, q.sort);
      const rows: string[][] = [];
      for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += EXPORT_CHUNK) {
        const chunk = await scope
          .select(table, getTableColumns(table), ...conds)
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
      const file = await send(q.format, name, headerOf(io.labels, request.locale), rows);
      return reply.header('content-disposition', attachment(name, q.format)).type(file.type).send(file.body);
    },
  );

  app.get(
    `${base}/import-template`,
    {
      config: { access: requirePerm(io.perms.import, 'campus') },
      schema: { tags, summary: `An empty ${crud.thing} import file with the header row`, querystring: formatQuery, response: fileAnswer },
    },
    async (request, reply) => {
      const name = formatMessage(request.locale, 'import.templateName', { name: io.fileName[request.locale] });
      const file = await send(request.query.format, name, headerOf(io.labels, request.locale), []);
      return reply.header('content-disposition', attachment(name, request.query.format)).type(file.type).send(file.body);
    },
  );

  app.post(
    `${base}/import`,
    {
      config: { access: requirePerm(io.perms.import, 'campus') },
      schema: {
        tags,
        summary: `Import ${crud.thing}s from CSV or XLSX (multipart field "file"): dryRun=true checks every row and writes nothing; a run with any error writes nothing`,
        querystring: importQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(importResultSchema), ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('import.noFile');
      const part = await request.file();
      if (!part) throw badRequest('import.noFile');
      const data = await part.toBuffer();
      let sheet;
      try {
        sheet = await readSheet(data, MAX_IMPORT_ROWS);
      } catch (err) {
        if (err instanceof RangeError) throw badRequest('import.tooManyRows', { max: MAX_IMPORT_ROWS });
        throw badRequest('import.badFile');
      }
      const { fields, unknown } = mapHeader(sheet.header, io.labels);
      if (unknown.length) throw badRequest('import.unknownColumns', { columns: unknown.join(', ') });
      const missing = required.filter((f) => !fields.includes(f));
      if (missing.length)
        throw badRequest('import.missingColumns', { columns: missing.map((f) => io.labels[f]?.[request.locale] ?? f).join(', ') });

      const errorsFound: ImportError[] = [];
      const seen = new Map<string, number>();
      const valid: Values[] = [];
      for (const { row, cells } of sheet.rows) {
        const input: Values = {};
        fields.forEach((f, i) => {
          const cell = cells[i] ?? '';
          if (!f || cell === '') return;
          const set = io.valueLabels[f];
          input[f] = set ? codeOf(set, cell) : cell;
        });
        const parsed = rowSchema.safeParse(input);
        if (!parsed.success) {
          for (const e of formatIssues(parsed.error.issues, input, request.locale)) errorsFound.push({ row, ...e });
          continue;
        }
        const key = String(input[io.key.field]);
        const first = seen.get(key);
        if (first !== undefined) {
          errorsFound.push({
            row,
            field: io.key.field,
            msg: formatMessage(request.locale, 'import.duplicateInFile', { field: io.key.field, row: first }),
          });
          continue;
        }
        seen.set(key, row);
        valid.push(crud.toValues(parsed.data));
      }

      const camId = getCampusId(request);
      const scope = createCampusScope(app.db, camId);
      const keys = [...seen.keys()];
      // All keys as one jsonb parameter: one statement, not one bound parameter per key.
      const existing = keys.length
        ? await scope.count(table, sql`${io.key.column} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
        : 0;
      const result = { total: sheet.rows.length, created: valid.length - existing, updated: existing, errors: errorsFound };
      if (errorsFound.length) {
        if (request.query.dryRun) return { code: 0, msg: 'ok', data: result };
        throw new AppError(
          400,
          ResultCode.badRequest,
          'import.hasErrors',
          { count: errorsFound.length },
          { ...result, created: 0, updated: 0 },
        );
      }
      if (request.query.dryRun) return { code: 0, msg: 'ok', data: result };

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
      return { code: 0, msg: 'ok', data: { ...result, ...counts } };
    },
  );
}

export const dateCell = (d: string | null) => d ?? '';

/**
 * One chunk of an import as one upsert on (cam_id, key), the rows passed as a
 * single jsonb parameter that PostgreSQL unpacks: binding every cell as its own
 * parameter (17 000 per chunk of students) cost the query builder and the
 * driver more than the database's own work. A cell the row lacks takes the
 * column's default, as a multi-row insert would.
 */
export function buildUpsert(
  table: CampusTable,
  camId: number,
  key: PgColumn,
  written: { field: string; column: PgColumn }[],
  rows: Values[],
): SQL {
  const id = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
  const records = rows.map((row) =>
    Object.fromEntries(
      written.map(({ field, column }) => {
        const fallback = column.default === undefined || is(column.default, SQL) ? null : column.default;
        return [column.name, row[field] ?? fallback];
      }),
    ),
  );
  const names = sql.join(
    written.map(({ column }) => id(column.name)),
    sql`, `,
  );
  const types = sql.join(
    written.map(({ column }) => sql`${id(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const picked = sql.join(
    written.map(({ column }) => sql`r.${id(column.name)}`),
    sql`, `,
  );
  const updates = written.filter(({ column }) => column !== key).map(({ column }) => sql`${id(column.name)} = excluded.${id(column.name)}`);
  return sql`insert into ${table} (cam_id, ${names})
    select ${camId}::int, ${picked} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})
    on conflict (cam_id, ${id(key.name)}) do update set ${sql.join([...updates, sql`updated_at = now()`], sql`, `)}
    returning (xmax = 0) as inserted`;
}
