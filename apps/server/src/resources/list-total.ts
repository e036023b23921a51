import { count, getTableName, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import { inRange, type RangeBounds } from './keyword-sql.js';

/** Tables whose rows per campus are counted by triggers (migration 0009; campus-row-counts.test.ts). */
export const KEPT_COUNTS: ReadonlySet<string> = new Set(['students', 'teachers', 'managers', 'rooms', 'terms', 'courses']);

/**
 * A column of the campus's kept count (migration 0009) as of the statement's
 * snapshot: `n`, its rows, or `version`, moved by every write a list reads.
 */
export function keptCountOf(scope: CampusScope, table: CampusTable, column: 'n' | 'version'): SQL {
  return sql`(select ${sql.raw(column)} from campus_row_counts where cam_id = ${scope.camId} and table_name = ${getTableName(table)})`;
}

/**
 * The total of a list as one SQL expression. A keyword on two columns A, B is
 * counted as |A| + |B \ A|: two index-only range scans (B's prefix index
 * carries A's column, migration 0009), where counting `A or B` reads every
 * matching row of the table. Same answer, same snapshot.
 */
export function buildTotal(
  scope: CampusScope,
  table: CampusTable,
  keywordColumns: PgColumn[],
  range: RangeBounds | null,
  filters: (SQL | undefined)[],
): SQL {
  const countOf = (...conds: (SQL | undefined)[]) => sql`${scope.select(table, { n: count() }, ...conds, ...filters)}`;
  if (range === null && !filters.some(Boolean) && KEPT_COUNTS.has(getTableName(table))) {
    // The whole list: the count kept by the table's triggers (migration 0009).
    // No count row (a campus without rows yet, or counts switched off): count; coalesce stops at the first non-null.
    return sql`coalesce(${keptCountOf(scope, table, 'n')}, ${countOf()})`;
  }
  if (range === null || keywordColumns.length === 0) return countOf();
  const [a, b, ...more] = keywordColumns.map((c) => inRange(c, range));
  if (!b || more.length) return countOf(or(a, b, ...more));
  return sql`(${countOf(a)} + ${countOf(b, sql`not coalesce(${a}, false)`)})`;
}
