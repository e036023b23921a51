import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A plain SQL connection to the database a server used, for checking what it wrote. */
export interface SqlConnection {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Opens the embedded database of a stopped server (DATA_DIR/pglite). */
export async function openPgliteDir(dataDir: string): Promise<SqlConnection> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await db.query<T>(text, params)).rows;
    },
    close: () => db.close(),
  };
}

export async function openPostgres(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as T[];
    },
    close: () => client.end(),
  };
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of `baseUrl`, dropped by `drop()`. */
export async function createScratchDatabase(baseUrl: string): Promise<ScratchDatabase> {
  const name = `cc_system_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(baseUrl);
  await admin.query(`create database ${name}`);
  await admin.close();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await openPostgres(baseUrl);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.close();
    },
  };
}

export interface TableSum {
  rows: number;
  md5: string;
}

/**
 * Row count and an order-independent content checksum of every table of the
 * application (public) and of the migration journal (drizzle).
 */
export async function checksumTables(sql: SqlConnection): Promise<Record<string, TableSum>> {
  const tables = await sql.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name
       from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, TableSum> = {};
  for (const { name } of tables) {
    const [row] = await sql.query<{ n: number; sum: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum from ${name} t`,
    );
    out[name] = { rows: row?.n ?? -1, md5: row?.sum ?? '' };
  }
  return out;
}
