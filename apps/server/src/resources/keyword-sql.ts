import { or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { prefixRange } from '../lib/prefix-range.js';

type Bound = string | Placeholder;

/** A keyword's prefix range (lib/prefix-range.ts), as values or as placeholders of a prepared statement. */
export interface RangeBounds {
  lo: Bound;
  hi: Bound | null;
}

export function inRange(column: PgColumn | SQL, range: RangeBounds): SQL {
  const lower = sql`${column} ~>=~ ${range.lo}`;
  return range.hi === null ? lower : sql`(${lower} and ${column} ~<~ ${range.hi})`;
}

/**
 * Prefix match on any of the columns; the btree text_pattern_ops indexes serve
 * each range. `isWalk`: the same match on `column || ''`, which no index
 * serves, so the plan walks the order's index and filters: the best plan for a
 * dense keyword, and the only one a plan made once may hold (decision 011).
 */
export function matchAny(columns: PgColumn[], range: RangeBounds | null, isWalk = false): SQL | undefined {
  return range === null ? undefined : or(...columns.map((c) => inRange(isWalk ? sql`(${c} || '')` : c, range)));
}

/** The list's `keyword` as a condition on its keyword columns; none without a keyword. */
export function keywordCondition(columns: PgColumn[], keyword: unknown): SQL | undefined {
  return matchAny(columns, prefixRange(keyword));
}
