#!/usr/bin/env node
// npm run backup -- <file>
// PostgreSQL (DATABASE_URL set): pg_dump in its custom format, the server may keep running.
// Embedded PGlite (DATA_DIR, default ./data): a gzipped tarball of the data
// directory (PGlite's dumpDataDir); the server must be stopped — it holds the
// only connection — and this refuses while DATA_DIR/server.pid names a live process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findPgProgram, lockDataDir, openDurablePglite, readFileArg, readTarget, runMain, UsageError } from './lib/db-tools.mjs';

await runMain(async () => {
  const file = readFileArg(process.argv.slice(2), 'backup');
  const target = readTarget();
  const partial = `${file}.partial`;
  if (target.kind === 'postgres') {
    execFileSync(
      findPgProgram('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.url}`],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
  } else {
    if (!fs.existsSync(`${target.pgliteDir}/PG_VERSION`)) throw new UsageError(`no embedded database in ${target.dataDir}`);
    const release = await lockDataDir(target.dataDir);
    try {
      const db = await openDurablePglite(target.pgliteDir);
      try {
        // A checkpoint first: the tarball then holds every committed change in the data files too.
        await db.exec('checkpoint');
        const tarball = await db.dumpDataDir('gzip');
        fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
      } finally {
        await db.close();
      }
    } finally {
      release();
    }
  }
  // Only a complete backup, on disk, takes the name.
  const fd = fs.openSync(partial, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(partial, file);
  console.log(
    `backup of the ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database written to ${file} (${fs.statSync(file).size} bytes)`,
  );
});
