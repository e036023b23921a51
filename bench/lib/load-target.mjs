// Where bench/load.mjs and bench/soak.mjs run the server: a fresh embedded
// database in a temporary folder, or (--postgres) a throwaway PostgreSQL
// cluster on a free port (scripts/pg-local.sh). Answers the server options and a clean-up.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../tests/support/server-process.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * @param {boolean} usePostgres
 * @returns {Promise<{ label: string, options: { dataDir?: string, databaseUrl?: string }, cleanUp: () => void }>}
 */
export async function prepareTarget(usePostgres) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-load-'));
  if (!usePostgres) {
    return {
      label: 'PGlite',
      options: { dataDir: path.join(tmp, 'data') },
      cleanUp: () => fs.rmSync(tmp, { recursive: true, force: true }),
    };
  }
  fs.chmodSync(tmp, 0o755); // pg-local.sh runs the cluster as the postgres user when root
  const env = { ...process.env, PG_LOCAL_PORT: String(await freePort()), PG_LOCAL_DIR: path.join(tmp, 'pg') };
  const pgLocal = (cmd) => execFileSync('bash', [path.join(ROOT, 'scripts/pg-local.sh'), cmd], { env, encoding: 'utf8' }).trim();
  const databaseUrl = pgLocal('start');
  return {
    label: 'PostgreSQL',
    options: { databaseUrl },
    cleanUp() {
      pgLocal('destroy');
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** `--name value` as a number, else the fallback. @param {string[]} argv @param {string} name @param {number} fallback */
export function numberArg(argv, name, fallback) {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

/** Writes bench/results/<name>.json (git-ignored) and answers its path. @param {string} name @param {unknown} data */
export function writeResult(name, data) {
  const dir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
