import { z } from 'zod';
import { VALUE_LABELS, type Locale, type ValueLabelSet } from '@campus/contract';
import { CONTENT_TYPES, writeCsv, writeXlsx, type TableFormat } from '../lib/tabular.js';
import type { Label } from './campus-resource.js';

// The file side of a resource's export and import: header texts, value labels,
// the attachment header, and the query and answer schemas of the routes.

export const MAX_IMPORT_ROWS = 20_000;
export const MAX_EXPORT_ROWS = 200_000;
export const EXPORT_CHUNK = 5_000;
export const INSERT_CHUNK = 1_000;

export interface ImportError {
  row: number;
  field: string;
  msg: string;
}

export const importResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), msg: z.string() })),
});

export const formatQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
export const importQuery = z.strictObject({
  dryRun: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
});

export function attachment(name: string, format: TableFormat): string {
  const file = `${name}.${format}`;
  return `attachment; filename="${format === 'csv' ? 'export.csv' : 'export.xlsx'}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

export function headerOf(labels: Record<string, Label>, locale: Locale): string[] {
  return Object.values(labels).map((l) => l[locale]);
}

export function displayValue(set: ValueLabelSet | undefined, value: string, locale: Locale): string {
  if (!set) return value;
  const labels = VALUE_LABELS[set] as Record<string, Label>;
  return labels[value]?.[locale] ?? value;
}

export function codeOf(set: ValueLabelSet, value: string): string {
  const labels = VALUE_LABELS[set] as Record<string, Label>;
  const wanted = value.trim().toLowerCase();
  for (const [code, l] of Object.entries(labels)) {
    if (code === wanted || l['zh-CN'] === value.trim() || l['en-US'].toLowerCase() === wanted) return code;
  }
  return value;
}

/** Which field each header cell names: its API name, or its label in either language. */
export function mapHeader(header: string[], labels: Record<string, Label>): { fields: (string | null)[]; unknown: string[] } {
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

/** The file's bytes and content type. */
export async function writeTable(format: TableFormat, name: string, header: string[], rows: string[][]) {
  return {
    body: format === 'csv' ? writeCsv(header, rows) : await writeXlsx(name, header, rows),
    type: CONTENT_TYPES[format],
  };
}
