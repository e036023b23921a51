import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/server-process.mjs';
import { makeTempDir } from './temp-dir.js';

const run = promisify(execFile);
const PG_LOCAL = path.join(ROOT, 'scripts/pg-local.sh');

/** A port nobody listens on right now. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A PostgreSQL cluster of this test's own (scripts/pg-local.sh), so it can be stopped and started. */
export interface OwnCluster {
  url: string;
  /** `pg_ctl stop -m fast`: backends terminated, no new connections. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const port = await findFreePort();
  const temp = makeTempDir(`pg-${port}`);
  // Run as root, pg-local.sh starts the cluster as the postgres user, who must reach the folder.
  fs.chmodSync(temp.dir, 0o755);
  const env = { ...process.env, PG_LOCAL_PORT: String(port), PG_LOCAL_DIR: path.join(temp.dir, 'cluster') };
  const pgLocal = async (cmd: string) => (await run('bash', [PG_LOCAL, cmd], { env })).stdout.trim();
  const url = await pgLocal('start');
  return {
    url,
    stop: async () => void (await pgLocal('stop')),
    start: async () => void (await pgLocal('start')),
    async destroy() {
      await pgLocal('destroy');
      temp.remove();
    },
  };
}
