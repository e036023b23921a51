import { z } from 'zod';
import { VALUE_LABELS, type Locale, type ValueLabelSet } from '@campus/contract';
import type { TableFormat } from '../lib/tabular.js';
import type { Label } from './campus-resource.js';

// The file side of a resource's export and import: header texts, value labels,
// the attachment header, and the query and answer schemas of the routes.

export const MAX_IMPORT_ROWS = 20_000;
export const MAX_EXPORT_ROWS = 200_000;
export const EXPORT_CHUNK = 5_000;
export const INSERT_CHUNK = 1_000;

export type { ImportRowError as ImportError } from '../lib/import-rows.js';

export const importResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), msg: z.string(), key: z.string().optional() })),
  /** Rows refused (mode valid-rows): not written, listed in `rejectedFile`. */
  rejected: z.number().int(),
  /** Where to download the refused rows as CSV, in their own columns plus an error column (a real valid-rows run with refusals). */
  rejectedFile: z.string().nullable(),
  /** What writing the rows makes besides them, in the caller's language (a student import's new grades and classes). */
  notes: z.array(z.string()),
});

export const formatQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export const IMPORT_MODES = ['all-or-nothing', 'valid-rows'] as const;
export const importQuery = z.strictObject({
  dryRun: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
  /** all-or-nothing: any error writes nothing; valid-rows: the valid rows are written, the rest come back as a file. */
  mode: z.enum(IMPORT_MODES).default('all-or-nothing'),
});

/** The error column of a refused-rows file; an import skips it, so the fixed file goes straight back in. */
export const ERROR_COLUMN: Label = { 'zh-CN': '错误原因', 'en-US': 'Errors' };

export function attachment(name: string, format: TableFormat): string {
  const file = `${name}.${format}`;
  return `attachment; filename="${format === 'csv' ? 'export.csv' : 'export.xlsx'}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

export function displayValue(set: ValueLabelSet | undefined, value: string, locale: Locale): string {
  if (!set) return value;
  const labels = VALUE_LABELS[set] as Record<string, Label>;
  return labels[value]?.[locale] ?? value;
}
