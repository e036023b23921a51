import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPostgres } from './db-inspect.js';
import { findFreePort } from './pg-cluster.js';
import { makeTempDir } from './temp-dir.js';

const run = promisify(execFile);

/** A PostgreSQL server binary: on PATH, else Debian's newest /usr/lib/postgresql/<v>/bin. */
function findBin(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const candidate = path.join(base, v, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found: apt-get install -y postgresql`);
}

const isRoot = process.getuid?.() === 0;

/** initdb and the server refuse root: run them as the postgres OS user then (as scripts/pg-local.sh does). */
async function asOwner(bin: string, args: string[]): Promise<string> {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', findBin(bin), ...args]] : [findBin(bin), args];
  return (await run(cmd, argv, { maxBuffer: 16 * 1024 * 1024 })).stdout;
}

function makeOwnedDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isRoot) fs.chownSync(dir, ...postgresIds());
}

function postgresIds(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('no postgres OS user');
  return [Number(uid), Number(gid)];
}

export interface PgNode {
  name: string;
  port: number;
  dir: string;
  /** postgres:// URL of one database on this node. */
  url(database?: string): string;
}

export interface ReplicatedPair {
  primary: PgNode;
  standby: PgNode;
  synchronous: boolean;
  /** libpq multi-host URL of both, the standby listed first. */
  multiHostUrl(database: string): string;
  /**
   * A standby falling behind (a slow link, a busy standby): the primary's WAL
   * sender is stopped (SIGSTOP), so WAL written from now on never leaves the primary.
   */
  pauseReplication(): Promise<void>;
  /** The primary's host dies: every process of its cluster gets SIGKILL at once. */
  killPrimary(): Promise<void>;
  /** What a failover manager does: `pg_ctl promote` on the standby, waiting until it accepts writes. */
  promoteStandby(): Promise<void>;
  destroy(): Promise<void>;
}

const STANDBY_NAME = 'standby1';

async function startNode(node: PgNode): Promise<void> {
  await asOwner('pg_ctl', [
    '-D',
    node.dir,
    '-l',
    path.join(node.dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${node.port} -k /tmp`,
    'start',
  ]);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A primary and a streaming standby on loopback (initdb, pg_basebackup -R).
 * `synchronous`: the primary acknowledges a commit only once the standby has
 * flushed it (synchronous_commit = on, synchronous_standby_names naming it).
 */
export async function startReplicatedPair(opts: { synchronous: boolean }): Promise<ReplicatedPair> {
  const temp = makeTempDir('pg-pair');
  fs.chmodSync(temp.dir, 0o755);
  const [primaryPort, standbyPort] = [await findFreePort(), await findFreePort()];
  const node = (name: string, port: number): PgNode => ({
    name,
    port,
    dir: path.join(temp.dir, name),
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
  });
  const primary = node('primary', primaryPort);
  const standby = node('standby', standbyPort);

  makeOwnedDir(primary.dir);
  await asOwner('initdb', ['-D', primary.dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  fs.appendFileSync(
    path.join(primary.dir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      'max_connections = 100',
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      'synchronous_commit = on',
      `synchronous_standby_names = '${opts.synchronous ? `FIRST 1 (${STANDBY_NAME})` : ''}'`,
      '',
    ].join('\n'),
  );
  await startNode(primary);

  makeOwnedDir(standby.dir);
  await asOwner('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standby.dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  // cluster_name is the walreceiver's application_name, which synchronous_standby_names
  // names. Once promoted, the standby is alone: it must not wait for a standby of its own.
  fs.appendFileSync(path.join(standby.dir, 'postgresql.conf'), `\ncluster_name = '${STANDBY_NAME}'\nsynchronous_standby_names = ''\n`);
  await startNode(standby);

  const wanted = opts.synchronous ? 'sync' : 'async';
  await waitFor(`the standby streaming (${wanted})`, async () => {
    const sql = await openPostgres(primary.url());
    try {
      const rows = await sql.query<{ sync_state: string }>('select sync_state from pg_stat_replication where application_name = $1', [
        STANDBY_NAME,
      ]);
      return rows[0]?.sync_state === wanted ? true : null;
    } finally {
      await sql.close();
    }
  });

  return {
    primary,
    standby,
    synchronous: opts.synchronous,
    multiHostUrl: (database) =>
      `postgres://postgres@127.0.0.1:${standbyPort},127.0.0.1:${primaryPort}/${database}?target_session_attrs=read-write`,
    async pauseReplication() {
      const sql = await openPostgres(primary.url());
      try {
        const senders = await sql.query<{ pid: number }>('select pid from pg_stat_replication');
        if (!senders.length) throw new Error('no WAL sender to pause');
        for (const { pid } of senders) process.kill(pid, 'SIGSTOP');
      } finally {
        await sql.close();
      }
    },
    async killPrimary() {
      const pid = Number(fs.readFileSync(path.join(primary.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = fs
        .readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
            const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
          } catch {
            return false;
          }
        })
        .map(Number);
      for (const p of [pid, ...children]) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
    async promoteStandby() {
      await asOwner('pg_ctl', ['-D', standby.dir, '-w', '-t', '60', 'promote']);
      await waitFor('the promoted standby to accept writes', async () => {
        const sql = await openPostgres(standby.url());
        try {
          const [row] = await sql.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
          return row?.standby === false ? true : null;
        } finally {
          await sql.close();
        }
      });
    },
    async destroy() {
      for (const n of [standby, primary]) {
        if (fs.existsSync(path.join(n.dir, 'postmaster.pid')))
          await asOwner('pg_ctl', ['-D', n.dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      }
      temp.remove();
    },
  };
}
