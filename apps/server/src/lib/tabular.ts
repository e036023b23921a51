import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { readDelimitedText, sniffDelimiter } from './tabular-decode.js';
import { writeXlsxBuffer } from './xlsx-stream.js';

let excel: Promise<typeof ExcelJS> | undefined;
/** ExcelJS on first use: it is the heaviest import and most processes never need it (start-up time). */
export function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((m) => m.default);
  return excel;
}

export type TableFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number;
  /** Cells as text, as many as the header has. */
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

const DANGEROUS = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will not run: text starting with = + - @ tab or CR gets a
 * leading apostrophe (OWASP CSV injection). Imports strip it again.
 */
export function neutraliseCell(value: string): string {
  return DANGEROUS.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return value.startsWith("'") && DANGEROUS.test(value.slice(1)) ? value.slice(1) : value;
}

export const CONTENT_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A UTF-8 BOM keeps Excel from reading Chinese CSV as the local code page. */
export function writeCsv(header: string[], rows: string[][]): Buffer {
  const body = stringify([header, ...rows.map((r) => r.map(neutraliseCell))], { eof: true, record_delimiter: '\r\n' });
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(body, 'utf8')]);
}

/** A small sheet of text cells in memory (the big exports stream: export-stream.ts); text is text, never a formula. */
export async function writeXlsx(sheetName: string, header: string[], rows: string[][]): Promise<Buffer> {
  return writeXlsxBuffer([{ name: sheetName, columns: header.map((h) => ({ header: h, kind: 'text' as const })), rows }]);
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return typeof v.result === 'string' || typeof v.result === 'number' ? String(v.result) : '';
    return '';
  }
  return String(v);
}

/** Reads the first sheet of a CSV or XLSX file; throws on anything else. */
export async function readSheet(data: Buffer, maxRows: number): Promise<Sheet> {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b;
  const table: SheetRow[] = [];
  if (isZip) {
    const wb = new (await loadExcel()).Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no worksheet');
    ws.eachRow({ includeEmpty: false }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      table.push({ row: row.number, cells: values.map((v) => cellText(v).trim()) });
    });
  } else {
    const text = readDelimitedText(data);
    const records: string[][] = parse(text, {
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    });
    records.forEach((cells, i) => table.push({ row: i + 1, cells }));
  }
  const [header, ...rows] = table;
  const filled = rows.filter((r) => r.cells.some((c) => c !== ''));
  if (filled.length > maxRows) throw new RangeError(String(maxRows));
  const width = header?.cells.length ?? 0;
  return {
    header: (header?.cells ?? []).map((h) => h.trim()),
    rows: filled.map((r) => ({ row: r.row, cells: Array.from({ length: width }, (_, i) => restoreCell(r.cells[i] ?? '')) })),
  };
}
