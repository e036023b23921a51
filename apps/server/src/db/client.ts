import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AppConfig } from '../config/config.js';
import { lockDataDir } from './data-dir-lock.js';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { parseDatabaseUrl } from '../config/database-url.js';
import { createFailoverClientClass, HostLocator, type DbLog } from './multi-host.js';
import { openEmbeddedCluster } from './pglite-durable.js';
import { startPgliteMaintenance, type PgliteMaintenance } from './pglite-maintenance.js';
import { schema } from './schema/tables.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `fn` with migrations applied and exclusive against other instances
   * starting at the same time (PostgreSQL advisory lock; PGlite has one owner).
   */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * For the reads whose best plan does not depend on the values bound (decision
   * 011). PostgreSQL: a second pool whose sessions plan each prepared statement
   * once (`plan_cache_mode = force_generic_plan`). PGlite: its one handle, which
   * plans per request but takes the same statement shapes.
   */
  planOnce?: Db;
  ping(): Promise<void>;
  /** PostgreSQL only: connections of both pools, open, idle, and requests waiting for one (the monitor). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * PGlite only: LISTEN in this process (its one connection); answers the
   * unsubscribe. PostgreSQL listeners need their own connection (lib/change-feed.ts).
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a new connection of its own (not pooled) to the host the
   * pools use — the LISTEN connection (lib/change-feed.ts) — following a failover alike.
   */
  createClient?: (config: Omit<pg.ClientConfig, 'connectionString'>) => pg.Client;
  /**
   * PGlite on disk only: analyze (and vacuum) the tables that changed enough,
   * now rather than at the next pass (db/pglite-maintenance.ts); after bulk writes.
   */
  maintain?(): Promise<void>;
}

/** Arbitrary, fixed: the advisory lock key of start-up (migrate + seed). */
const STARTUP_LOCK_KEY = 7_262_001;

export interface OpenOptions {
  /** The embedded database's contents when this start makes it (the demo template, seed/demo-template.ts). */
  findNewClusterTemplate?: () => string | undefined;
  /** An in-memory database's first contents, a PGlite data-folder dump (the tests' migrated image: initdb in
   * WebAssembly is most of a fresh database's cost). */
  memoryImage?: Blob;
}

export async function openDatabase(
  config: AppConfig,
  log: DbLog = createDbLog(config.logLevel),
  options: OpenOptions = {},
): Promise<Database> {
  return config.databaseUrl ? openPostgres(config, config.databaseUrl, log) : openPglite(config, log, options);
}

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Database events before (and beside) the app's logger: a JSON line like the app's own. */
function createDbLog(level: string): DbLog {
  const min = LEVELS[level] ?? 30;
  return (at, msg) => {
    if ((LEVELS[at] ?? 0) >= min)
      process.stdout.write(`${JSON.stringify({ level: LEVELS[at], time: Date.now(), pid: process.pid, msg })}\n`);
  };
}

/** Where connections go: a URL (one host, as before) or a client class that follows the locator's host. */
interface Target {
  url: string;
  Client?: typeof pg.Client;
}

function createPool(config: AppConfig, target: Target, max: number, applicationName: string, options?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: target.url,
    ...(target.Client ? { Client: target.Client } : {}),
    max,
    connectionTimeoutMillis: config.dbConnectTimeoutMs,
    statement_timeout: config.dbStatementTimeoutMs,
    idle_in_transaction_session_timeout: config.dbStatementTimeoutMs * 2,
    idleTimeoutMillis: 30_000,
    application_name: applicationName,
    ...(options ? { options } : {}),
  });
  // An idle client losing its server (restart, network) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may a checked-out one: the pool listens only while a client is idle, and a
  // backend ended between two statements (pg_ctl stop) would emit an unhandled
  // 'error'. The client's next query fails instead, the request answers 503, and
  // the pool drops the client on release (tests/system/pg-outage.pg.test.ts).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

async function openPostgres(config: AppConfig, url: string, log: DbLog): Promise<Database> {
  const parsed = parseDatabaseUrl(url, 'write');
  // Several hosts (or a role to check): one locator for both pools and the LISTEN connection.
  const locator = parsed.needsLocator
    ? new HostLocator({ url: parsed, connectTimeoutMs: config.dbConnectTimeoutMs, log, applicationName: 'campus-console-locate' })
    : null;
  const target: Target = locator
    ? { url: parsed.urlFor(parsed.hosts[0]!), Client: createFailoverClientClass(locator, config.dbConnectTimeoutMs) }
    : { url };
  const pool = createPool(config, target, config.dbPoolMax, 'campus-console');
  const planOncePool = createPool(
    config,
    target,
    // As large as the main pool: every keyword page of students and teachers is read here (decisions 011, 018).
    config.dbPoolMax,
    'campus-console-plan-once',
    '-c plan_cache_mode=force_generic_plan',
  );
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    planOnce: drizzlePg({ client: planOncePool, schema }) as unknown as Db,
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        const locked = drizzlePg({ client, schema });
        await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
        return await fn(locked);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount + planOncePool.totalCount,
      idle: pool.idleCount + planOncePool.idleCount,
      waiting: pool.waitingCount + planOncePool.waitingCount,
    }),
    createClient: (clientConfig) =>
      target.Client ? new target.Client(clientConfig) : new pg.Client({ ...clientConfig, connectionString: target.url }),
    async close() {
      locator?.close();
      await Promise.all([pool.end(), planOncePool.end()]);
    },
  };
}

async function openPglite(config: AppConfig, log: DbLog, options: OpenOptions): Promise<Database> {
  let releaseLock = () => undefined as void;
  let client: PGlite;
  let finishFirstStart = async () => undefined as void;
  if (config.inMemory) {
    client = await PGlite.create(options.memoryImage ? { loadDataDir: options.memoryImage } : {});
  } else {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    releaseLock = lockDataDir(config.dataDir);
    try {
      const cluster = await openEmbeddedCluster(path.join(config.dataDir, 'pglite'), {
        sharedBuffers: config.pgliteSharedBuffers,
        ...(options.findNewClusterTemplate ? { findTemplate: options.findNewClusterTemplate } : {}),
      });
      client = cluster.client;
      finishFirstStart = () => cluster.finishFirstStart();
    } catch (err) {
      releaseLock();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // One owner process (the pid lock); within it, start-up work runs one at a time.
  let startupQueue: Promise<unknown> = Promise.resolve();
  let maintenance: PgliteMaintenance | undefined;
  return {
    kind: 'pglite',
    db,
    // The one session plans each statement for its values anyway, but the list shapes made for the plan-once pool
    // (the order's index walked for a dense keyword, one scan of a rare keyword's matches: decisions 011, 018) are
    // what keep those pages cheap, here too: a keyword's page 50 took 10 ms planned freely, 6 ms walked.
    planOnce: db,
    withStartupLock(fn) {
      const run = startupQueue.then(async () => {
        await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        const result = await fn(db);
        await finishFirstStart();
        if (!config.inMemory && !maintenance)
          maintenance = startPgliteMaintenance(client, (err) => log('warn', `table maintenance failed: ${String(err)}`));
        return result;
      });
      startupQueue = run.catch(() => undefined);
      return run;
    },
    async ping() {
      await client.query('select 1');
    },
    listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    async maintain() {
      await maintenance?.runDue();
    },
    async close() {
      try {
        await maintenance?.stop();
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}
