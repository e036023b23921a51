// Shared by scripts/backup.mjs and scripts/restore.mjs: which database the
// server would open (the same environment variables), the embedded database's
// pid lock, and the PostgreSQL client programs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class UsageError extends Error {}

/** DATABASE_URL → PostgreSQL; otherwise the embedded PGlite under DATA_DIR (default ./data), as the server decides. */
export function readTarget(env = process.env) {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError('DATABASE_URL must start with postgres:// or postgresql://');
    return /** @type {const} */ ({ kind: 'postgres', url });
  }
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  if (dataDir === path.resolve(':memory:')) throw new UsageError('DATA_DIR=:memory: has nothing to back up or restore');
  return /** @type {const} */ ({ kind: 'pglite', dataDir, pgliteDir: path.join(dataDir, 'pglite') });
}

/** The one argument: the backup file. */
export function readFileArg(argv, verb) {
  const args = argv.filter((a) => !a.startsWith('--'));
  if (args.length !== 1 || !args[0]) throw new UsageError(`usage: npm run ${verb} -- <file>`);
  return path.resolve(args[0]);
}

/**
 * The server's own database code, from its build: the scripts take the same
 * DATA_DIR lock and open the embedded database the same durable way.
 */
async function importServerDb() {
  const dist = new URL('../../apps/server/dist/db/', import.meta.url);
  try {
    const [lock, durable] = await Promise.all([
      import(new URL('data-dir-lock.js', dist).href),
      import(new URL('pglite-durable.js', dist).href),
    ]);
    return { ...lock, ...durable };
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code === 'ERR_MODULE_NOT_FOUND') {
      throw new UsageError('the server is not built: run npm run build first');
    }
    throw err;
  }
}

/** Takes DATA_DIR/server.pid as the server does: a running server makes this refuse, one started meanwhile refuses to start. Answers the release. */
export async function lockDataDir(dataDir) {
  const { lockDataDir: lock, DataDirInUseError } = await importServerDb();
  try {
    return lock(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUseError)
      throw new UsageError(`DATA_DIR ${dataDir} is in use by a running server (pid ${err.pid}); stop it first.`);
    throw err;
  }
}

/** A PostgreSQL client program: PG_BIN_DIR, then PATH, then Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPgProgram(name) {
  const candidates = [];
  if (process.env.PG_BIN_DIR) candidates.push(path.join(process.env.PG_BIN_DIR, name));
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, name));
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) candidates.push(path.join('/usr/lib/postgresql', v, 'bin', name));
  } catch {
    // not Debian-style
  }
  for (const c of candidates) {
    try {
      execFileSync(c, ['--version'], { stdio: 'ignore' });
      return c;
    } catch {
      // next
    }
  }
  throw new UsageError(
    `${name} not found (PATH, PG_BIN_DIR, /usr/lib/postgresql/*/bin): install the PostgreSQL client, e.g. apt-get install -y postgresql-client`,
  );
}

/** Runs a command's main; a UsageError prints its message and exits 2, anything else 1. */
export async function runMain(main) {
  try {
    await main();
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

/** Opens the embedded database exactly as the server does (fsync on and honoured). */
export async function openDurablePglite(dir, options = {}) {
  const { createDurablePglite } = await importServerDb();
  return createDurablePglite(dir, options);
}

/** Everything under `dir` to disk, as the server's first start does (db/pglite-durable.ts): files written outside PostgreSQL's flushing. */
export async function syncFolder(dir) {
  const { syncFolder: sync } = await importServerDb();
  sync(dir);
}
