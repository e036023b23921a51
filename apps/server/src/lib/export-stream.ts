import { Readable } from 'node:stream';
import { asc, desc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { stringify } from 'csv-stringify/sync';
import type { CampusScope, CampusTable } from './campus-scope.js';
import { neutraliseCell } from './tabular.js';
import type { z } from 'zod';
import { describeField } from './spreadsheet-values.js';
import { streamXlsx, type CellValue, type ColumnKind, type SheetColumn } from './xlsx-stream.js';

// Exports read in keyset chunks (the next chunk starts after the last row's
// sort key and id: every chunk is an index range, where OFFSET re-walked every
// row before it) and are written as they are read.

export interface ExportOrder {
  column: PgColumn;
  direction: 'asc' | 'desc';
}

/** The list's order for `sort` (`field:asc|desc` from the allow-list), else the default; id breaks ties. */
export function chooseExportOrder(
  spec: { sortColumns: Record<string, PgColumn>; defaultOrder: { column: PgColumn; direction: 'asc' | 'desc' } },
  sort: unknown,
): ExportOrder {
  const [field, dir] = typeof sort === 'string' ? sort.split(':') : [];
  const chosen = field ? spec.sortColumns[field] : undefined;
  return chosen ? { column: chosen, direction: dir === 'desc' ? 'desc' : 'asc' } : spec.defaultOrder;
}

/**
 * After the row whose sort key is `key` (as text, null for NULL) and id is
 * `id`, in PostgreSQL's default null placement (last ascending, first descending).
 */
function afterBoundary(order: ExportOrder, id: PgColumn, key: string | null, lastId: number): SQL {
  const col = order.column;
  // A serial column's values are integers (serial is no type to cast to).
  const type = col
    .getSQLType()
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint');
  const typed = sql`${key}::${sql.raw(type)}`;
  if (order.direction === 'asc') {
    return key === null
      ? sql`(${col} is null and ${id} > ${lastId})`
      : sql`(${col} > ${typed} or (${col} = ${typed} and ${id} > ${lastId}) or ${col} is null)`;
  }
  return key === null
    ? sql`((${col} is null and ${id} < ${lastId}) or ${col} is not null)`
    : sql`(${col} < ${typed} or (${col} = ${typed} and ${id} < ${lastId}))`;
}

/**
 * Every row of `table` in this campus matching `conds`, in `order`, read
 * `chunk` rows at a time by keyset; stops after `max` rows.
 */
export async function* readInKeysetChunks<T extends CampusTable>(
  scope: CampusScope,
  table: T,
  conds: (SQL | undefined)[],
  order: ExportOrder,
  opts: { chunk: number; max: number },
): AsyncGenerator<T['$inferSelect'][]> {
  const by = order.direction === 'desc' ? desc : asc;
  // The key as text keeps what a JS value would lose (timestamps' microseconds).
  const fields = { ...getTableColumns(table), exportKey: sql<string | null>`${order.column}::text` };
  let boundary: { key: string | null; id: number } | null = null;
  let read = 0;
  while (read < opts.max) {
    const limit = Math.min(opts.chunk, opts.max - read);
    const after: SQL | undefined = boundary ? afterBoundary(order, table.id, boundary.key, boundary.id) : undefined;
    const rows = (await scope
      .select(table, fields, ...conds, after)
      .orderBy(by(order.column), by(table.id))
      .limit(limit)) as unknown as (T['$inferSelect'] & { exportKey: string | null; id: number })[];
    if (!rows.length) return;
    read += rows.length;
    const last = rows[rows.length - 1];
    if (last) boundary = { key: last.exportKey, id: last.id };
    yield rows;
    if (rows.length < limit) return;
  }
}

/** CSV with a BOM (Excel reads it as UTF-8), CRLF, and the formula guard on every text cell. */
export function streamCsv(
  header: readonly string[],
  kinds: readonly ColumnKind[],
  rows: AsyncIterable<readonly CellValue[]> | Iterable<readonly CellValue[]>,
): Readable {
  const line = (cells: string[]) => stringify([cells], { record_delimiter: '\r\n' });
  async function* produce() {
    yield Buffer.from(`\uFEFF${line(header.map(neutraliseCell))}`, 'utf8');
    let batch = '';
    for await (const r of rows) {
      batch += line(
        kinds.map((kind, i) => {
          const v = r[i];
          if (v === null || v === undefined) return '';
          // A number is data, not a formula: -2 stays -2.
          return kind === 'number' && typeof v === 'number' ? String(v) : neutraliseCell(String(v));
        }),
      );
      if (batch.length >= 64 * 1024) {
        yield Buffer.from(batch, 'utf8');
        batch = '';
      }
    }
    if (batch) yield Buffer.from(batch, 'utf8');
  }
  return Readable.from(produce(), { objectMode: false });
}

export type TableFormat = 'csv' | 'xlsx';

/** One sheet as CSV or XLSX, streamed. */
export function streamTable(
  format: TableFormat,
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<readonly CellValue[]> | Iterable<readonly CellValue[]>,
): Readable {
  if (format === 'csv')
    return streamCsv(
      columns.map((c) => c.header),
      columns.map((c) => c.kind),
      rows,
    );
  return streamXlsx([{ name: sheetName, columns, rows }]);
}

/** The cell kind of a field of a create schema: dates as date cells, numbers as numbers, the rest text. */
export function columnKindOf(schema: z.ZodType | undefined): ColumnKind {
  const { kind } = describeField(schema);
  return kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text';
}
