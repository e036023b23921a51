#!/usr/bin/env node
// npm run restore -- <file>
// Replaces the database the server would open with the contents of a backup
// made by `npm run backup` for the same kind of database. Stop the server first.
// PostgreSQL (DATABASE_URL set): pg_restore --clean in one transaction (all or
// nothing); refuses while a Campus Console server is connected.
// Embedded PGlite (DATA_DIR): refuses while the server runs; the current data
// directory is kept beside it as pglite.before-restore-<time>.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  findPgProgram,
  lockDataDir,
  openDurablePglite,
  readFileArg,
  readTarget,
  runMain,
  syncFolder,
  UsageError,
} from './lib/db-tools.mjs';

/** 'postgres' for pg_dump's custom format, 'pglite' for a (gzipped) tarball. */
function detectFormat(file) {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(512);
  fs.readSync(fd, head, 0, 512, 0);
  fs.closeSync(fd);
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  return 'unknown';
}

async function restorePostgres(url, file) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name like 'campus-console%'`,
    );
    if ((rows[0]?.n ?? 0) > 0) throw new UsageError('a Campus Console server is connected to this database; stop it first.');
  } finally {
    await client.end();
  }
  execFileSync(
    findPgProgram('pg_restore'),
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

async function restorePglite(target, file) {
  fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  const release = await lockDataDir(target.dataDir);
  const aside = `${target.pgliteDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  const hadData = fs.existsSync(target.pgliteDir);
  try {
    if (hadData) fs.renameSync(target.pgliteDir, aside);
    try {
      const db = await openDurablePglite(target.pgliteDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
      // Opens and answers: the restored directory is a working database.
      await db.query('select count(*) from oper_logs');
      await db.close();
      // The tarball's files were written around PostgreSQL's own flushing.
      await syncFolder(target.pgliteDir);
    } catch (err) {
      fs.rmSync(target.pgliteDir, { recursive: true, force: true });
      if (hadData) fs.renameSync(aside, target.pgliteDir);
      throw err;
    }
  } finally {
    release();
  }
  if (hadData) console.log(`the previous data directory is kept as ${aside} (delete it when the restore is confirmed)`);
}

await runMain(async () => {
  const file = readFileArg(process.argv.slice(2), 'restore');
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const target = readTarget();
  const format = detectFormat(file);
  if (format !== target.kind) {
    throw new UsageError(
      format === 'unknown'
        ? `${file} is not a Campus Console backup`
        : `${file} is a backup of ${format === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database, but the target is ${target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${target.dataDir}`}`,
    );
  }
  if (target.kind === 'postgres') await restorePostgres(target.url, file);
  else await restorePglite(target, file);
  console.log(`restored ${path.basename(file)} into the ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database`);
});
