import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CampusTable } from '../lib/campus-scope.js';
import type { Values } from './campus-resource.js';

// Rows as the database driver answers them, turned into what the routes use.

/** A prepared query of either driver, with its unmapped rows. */
export type Prepared = {
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
  /** The driver's rows as they come, keyed by column name: no mapping by Drizzle. */
  all(values?: Record<string, unknown>): Promise<unknown[]>;
};

/**
 * Both drivers' prepared queries (node-postgres, PGlite) have `all`, the
 * driver's rows unmapped, but Drizzle's public type leaves it out. Checked at
 * build time of each statement, so an upgrade that drops it fails loudly.
 */
export function withAll(query: { execute(values?: Record<string, unknown>): Promise<unknown[]> }): Prepared {
  if (typeof (query as Partial<Prepared>).all !== 'function') throw new Error('Drizzle prepared query has no all(): see readFoundRows');
  return query as Prepared;
}

/** A row of a list page statement (list-sql.ts): the row or its item's JSON, and what rides along. */
export type FoundRow = Values & {
  id: number;
  total: number | null;
  keptVersion?: string | null;
  keptRows?: number | null;
  seekKey?: string;
  itemJson?: string;
};

/**
 * A JSON page's rows as the driver gives them, without Drizzle's mapping: it
 * checks every field of every row against its entity classes, and in a server
 * that has run all its routes those checks no longer stay cheap (decision 011).
 * Counts and versions are bigint: a string from node-postgres, so converted here.
 */
export function readFoundRows(raw: unknown[]): FoundRow[] {
  const rows = raw as (Omit<FoundRow, 'total' | 'keptVersion' | 'keptRows'> & {
    total: unknown;
    keptVersion?: unknown;
    keptRows?: unknown;
  })[];
  for (const r of rows) {
    r.total = r.total === null ? null : Number(r.total);
    if (r.keptRows !== undefined && r.keptRows !== null) r.keptRows = Number(r.keptRows);
    const v = r.keptVersion;
    if (typeof v === 'number' || typeof v === 'bigint') r.keptVersion = v.toString();
  }
  return rows as FoundRow[];
}

/** A row as the driver answers raw SQL (column names, text timestamps) → the table's typed row, as drizzle maps it. */
export function mapRow<T extends CampusTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
