import { count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import { matchAny, type KeywordMatch, type KeywordSource } from './keyword-sql.js';

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
 * The total of a list as one SQL expression: the count kept by triggers for
 * the whole list, else a count of the matching rows (a keyword's through its
 * grams' index where the resource has one, decision 018).
 */
export function buildTotal(
  scope: CampusScope,
  table: CampusTable,
  keyword: KeywordSource,
  match: KeywordMatch | null,
  filters: (SQL | undefined)[],
): SQL {
  const countOf = (...conds: (SQL | undefined)[]) => sql`${scope.select(table, { n: count() }, ...conds, ...filters)}`;
  if (match === null && !filters.some(Boolean) && KEPT_COUNTS.has(getTableName(table))) {
    // The whole list: the count kept by the table's triggers (migration 0009).
    // No count row (a campus without rows yet, or counts switched off): count; coalesce stops at the first non-null.
    return sql`coalesce(${keptCountOf(scope, table, 'n')}, ${countOf()})`;
  }
  return countOf(matchAny(keyword, match));
}
