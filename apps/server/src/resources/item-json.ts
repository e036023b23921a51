import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CampusTable } from '../lib/campus-scope.js';

/**
 * A list item written as JSON text by the database, for items whose every
 * field is a column of the row (decision 010). A list page then reaches the
 * response as a few strings: no driver parsing of each field, no mapping into
 * row objects and out again, no `JSON.stringify` of the rows. That was a fifth
 * of the server's CPU per list request.
 *
 * Null when a field of the item is not a plain column, or a column has a type
 * whose JSON the mapping in JavaScript might write differently; such lists map
 * rows in JavaScript. `item-json.test.ts` holds each spec's SQL item equal to
 * its `toItem` over awkward rows.
 */
export function buildItemJson(table: CampusTable, item: z.ZodType): SQL | null {
  if (!(item instanceof z.ZodObject)) return null;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const pairs: SQL[] = [];
  for (const key of Object.keys(item.shape)) {
    const column = columns[key];
    const value = column ? jsonValueOf(column) : null;
    // Keys are the contract's field names; written into the SQL, not bound, so a prepared page binds no more values.
    if (!value || !/^[A-Za-z][A-Za-z0-9]*$/.test(key)) return null;
    pairs.push(sql`${sql.raw(`'${key}'`)}, ${value}`);
  }
  return sql`json_build_object(${sql.join(pairs, sql`, `)})::text`;
}

/** The column as `toItem` writes it: timestamps as `Date.toISOString()` (UTC, milliseconds, `Z`). */
function jsonValueOf(column: PgColumn): SQL | null {
  switch (column.columnType) {
    case 'PgTimestamp':
      // to_char's MS truncates microseconds, as the driver's Date does.
      return (column as PgColumn & { withTimezone?: boolean }).withTimezone
        ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : null;
    case 'PgDateString':
    case 'PgVarchar':
    case 'PgText':
    case 'PgInteger':
    case 'PgSerial':
    case 'PgSmallInt':
    case 'PgBoolean':
      return sql`${column}`;
    default:
      return null;
  }
}
