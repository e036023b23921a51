import type { SQL } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

// Columns every table of the schema spells the same way.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What a list's `keyword` searches, as the 1- and 2-character grams of those
 * columns (lower-cased), kept by the database itself: a GIN index on it finds
 * the rows containing a keyword of any length (decision 018).
 */
export const searchGrams = (expr: SQL) => text('search_grams').array().generatedAlwaysAs(expr);
