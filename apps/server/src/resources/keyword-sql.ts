import { and, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from '../lib/escape-like.js';

type Bound = string | Placeholder;

/**
 * A list's `keyword` as the list matches it (decision 018): contained anywhere
 * in any keyword column, ignoring case. `raw` is the keyword as typed, for its
 * grams; `like` the same text escaped for LIKE. Values, or placeholders of a
 * prepared statement.
 */
export interface KeywordMatch {
  raw: Bound;
  like: Bound;
}

/** What a resource's keyword searches: its columns, and the generated column of their grams when it has one. */
export interface KeywordSource {
  keywordColumns: PgColumn[];
  /** `search_grams` (db/schema/columns.ts): its GIN index finds the candidate rows of a sparse keyword. */
  keywordGrams?: PgColumn | undefined;
}

/** The keyword of a list query, or null when there is none. */
export function readKeyword(keyword: unknown): string | null {
  return typeof keyword === 'string' && keyword !== '' ? keyword : null;
}

export function keywordMatchOf(keyword: string): KeywordMatch {
  return { raw: keyword, like: escapeLike(keyword) };
}

/**
 * Contains-match on any of the columns. With grams, the rows must first hold
 * every gram of the keyword: the GIN index finds them, LIKE keeps the ones
 * that contain it. `isWalk`: without the grams, so the plan walks the order's
 * index and filters — the best plan for a dense keyword, and the only one a
 * plan made once may hold (decision 011).
 */
export function matchAny(source: KeywordSource, match: KeywordMatch | null, isWalk = false): SQL | undefined {
  if (match === null) return undefined;
  const contains = or(...source.keywordColumns.map((c) => sql`(lower(${c}) like ('%' || lower(${match.like}) || '%'))`));
  if (!source.keywordGrams || isWalk) return contains;
  return and(sql`${source.keywordGrams} @> cc_keyword_grams(${match.raw})`, contains);
}

/** The list's `keyword` as a condition on its keyword columns; none without a keyword. */
export function keywordCondition(source: KeywordSource, keyword: unknown): SQL | undefined {
  const text = readKeyword(keyword);
  return text === null ? undefined : matchAny(source, keywordMatchOf(text));
}
