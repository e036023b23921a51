import type { z } from 'zod';
import { formatIssues, formatMessage, toHalfWidth, type Locale, type ValueLabelSet } from '@campus/contract';
import type { Sheet } from './tabular.js';
import { describeField, nameColumnInMessage, readCell, type FieldInfo } from './spreadsheet-values.js';

type Label = Record<Locale, string>;

/** A refused row of an import: `field` is the column as the file's header writes it, `key` the API field. */
export interface ImportRowError {
  row: number;
  field: string;
  msg: string;
  key?: string;
}

export interface HeaderMap {
  /** The API field of each header cell (null for an empty header cell). */
  fields: (string | null)[];
  /** Header cells that name no field, as written. */
  unknown: string[];
  /** The header text of each mapped field, as written (its first column). */
  columnOf: Record<string, string>;
}

/** Header text compared loosely: width, case, spaces and a required-mark asterisk do not matter. */
const headerKey = (s: string) =>
  toHalfWidth(s)
    .replace(/^\uFEFF/, '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Which field each header cell names: its API name, or its label in either
 * language. `ignored`: columns read as no field and not refused (the error
 * column of a refused-rows file).
 */
export function mapHeader(header: readonly string[], labels: Record<string, Label>, ignored: readonly Label[] = []): HeaderMap {
  const lookup = new Map<string, string>();
  for (const [field, l] of Object.entries(labels)) for (const name of [field, l['zh-CN'], l['en-US']]) lookup.set(headerKey(name), field);
  const skipped = new Set(ignored.flatMap((l) => [headerKey(l['zh-CN']), headerKey(l['en-US'])]));
  const unknown: string[] = [];
  const columnOf: Record<string, string> = {};
  const fields = header.map((h) => {
    const f = lookup.get(headerKey(h)) ?? null;
    if (!f && headerKey(h) !== '' && !skipped.has(headerKey(h))) unknown.push(h);
    if (f && !(f in columnOf)) columnOf[f] = h.trim();
    return f;
  });
  return { fields, unknown, columnOf };
}

export interface ImportRowsSpec {
  rowSchema: z.ZodObject;
  valueLabels: Partial<Record<string, ValueLabelSet>>;
  /** The natural key: a second row with the same key is an error. */
  keyField: string;
  locale: Locale;
}

export interface ImportRows {
  errors: ImportRowError[];
  /** Rows that passed, parsed by the row schema, with their sheet row numbers. */
  valid: { row: number; data: Record<string, unknown> }[];
  /** Each key seen, with the row it was first seen on. */
  keys: Map<string, number>;
}

/**
 * Reads every row of an import sheet through the row schema: cells become
 * values (spreadsheet dates, enum labels, full-width digits — see
 * spreadsheet-values.ts) and each refusal names the row and the column as
 * written in the file.
 */
export function readImportRows(sheet: Sheet, header: HeaderMap, spec: ImportRowsSpec): ImportRows {
  const { rowSchema, locale } = spec;
  const shape = rowSchema.shape as Record<string, z.ZodType>;
  const infos = new Map<string, FieldInfo>();
  for (const f of header.fields) if (f && !infos.has(f)) infos.set(f, describeField(shape[f]));
  const columnOf = (field: string) => header.columnOf[field] ?? field;

  const errors: ImportRowError[] = [];
  const valid: ImportRows['valid'] = [];
  const keys = new Map<string, number>();
  for (const { row, cells } of sheet.rows) {
    const input: Record<string, unknown> = {};
    const rowErrors: ImportRowError[] = [];
    header.fields.forEach((f, i) => {
      const cell = cells[i] ?? '';
      if (!f || cell.trim() === '' || f in input) return;
      const read = readCell(cell, {
        field: f,
        column: columnOf(f),
        info: infos.get(f) ?? { kind: 'text', options: [] },
        schema: shape[f],
        labelSet: spec.valueLabels[f],
        locale,
      });
      if (read.ok) input[f] = read.value;
      else rowErrors.push({ row, field: columnOf(f), key: f, msg: read.msg });
    });
    const failed = new Set(rowErrors.map((e) => e.key));
    const parsed = rowSchema.safeParse(input);
    if (!parsed.success) {
      for (const e of formatIssues(parsed.error.issues, input, locale)) {
        // A cell already refused above is reported once.
        if (failed.has(e.field)) continue;
        rowErrors.push({ row, field: columnOf(e.field), key: e.field, msg: nameColumnInMessage(e.msg, e.field, columnOf(e.field)) });
      }
    }
    if (rowErrors.length || !parsed.success) {
      // In the file's column order, as a reader scans the row.
      const at = (e: ImportRowError) => (e.key === undefined ? -1 : header.fields.indexOf(e.key));
      errors.push(...rowErrors.sort((a, b) => at(a) - at(b)));
      continue;
    }
    const key = String(input[spec.keyField]);
    const first = keys.get(key);
    if (first !== undefined) {
      const column = columnOf(spec.keyField);
      errors.push({
        row,
        field: column,
        key: spec.keyField,
        msg: formatMessage(locale, 'import.duplicateInFile', { field: column, row: first }),
      });
      continue;
    }
    keys.set(key, row);
    valid.push({ row, data: parsed.data });
  }
  return { errors, valid, keys };
}
