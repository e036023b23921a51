import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/**
 * Tables that grow on refused requests by design: the operation log records
 * refusals, the login log records failed sign-ins. Every other table must be
 * untouched by a refused request.
 */
export const LOG_TABLES: readonly string[] = ['oper_logs', 'login_logs'];

/**
 * Columns that change with use, not with writes: a session's last-seen time is
 * written in a batch every minute by whichever instance served it, at a moment
 * no request chooses. Left out of the checksum; every other column counts.
 */
export const BOOKKEEPING_COLUMNS: Readonly<Record<string, readonly string[]>> = { sessions: ['last_seen_at'] };

export type Checksums = Record<string, string>;

const IDENT = /^[a-z_][a-z0-9_]*$/;

async function listTables(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name).filter((n) => !LOG_TABLES.includes(n));
}

let cachedQuery: { tables: string; query: string } | null = null;

/**
 * md5 of every row of every public table (but the logs), in one round trip:
 * the same value before and after means nothing was written.
 */
export async function takeChecksums(db: Executor): Promise<Checksums> {
  const tables = await listTables(db);
  const key = tables.join(',');
  if (cachedQuery?.tables !== key) {
    const parts = tables.map((name) => {
      if (!IDENT.test(name)) throw new Error(`unexpected table name ${name}`);
      const skipped = BOOKKEEPING_COLUMNS[name] ?? [];
      for (const c of skipped) if (!IDENT.test(c)) throw new Error(`unexpected column name ${c}`);
      const row = skipped.length ? `(to_jsonb(t) - array[${skipped.map((c) => `'${c}'`).join(', ')}])::text` : 't::text';
      return `select '${name}' as name, (select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from "${name}" t) as sum`;
    });
    cachedQuery = { tables: key, query: parts.join(' union all ') };
  }
  const rows = await queryRows<{ name: string; sum: string }>(db, sql.raw(cachedQuery.query));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

/** Names of the tables whose checksum differs (or that appeared or vanished). */
export function changedTables(before: Checksums, after: Checksums): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}
