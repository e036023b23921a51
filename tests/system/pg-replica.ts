import { execFile, spawn, type ChildProcess } from 'node:child_process';
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
  /** Who promotes the standby. */
  manager: 'pg_ctl promote' | 'pg_auto_failover';
  /** libpq multi-host URL of both, the standby listed first. */
  multiHostUrl(database: string): string;
  /**
   * A standby falling behind (a slow link, a busy standby): the primary's WAL
   * sender is stopped (SIGSTOP), so WAL written from now on never leaves the primary.
   */
  pauseReplication(): Promise<void>;
  /** The primary's host dies: every process of its cluster gets SIGKILL at once. */
  killPrimary(): Promise<void>;
  /**
   * Resolves once the standby accepts writes: promoted by `pg_ctl promote` here
   * (what a failover manager does), or by pg_auto_failover's monitor on its own.
   */
  promoteStandby(): Promise<void>;
  /** Settings of the primary worth printing (synchronous_standby_names, synchronous_commit). */
  describePrimary(): Promise<string>;
  destroy(): Promise<void>;
}

const STANDBY_NAME = 'standby1';

const multiHostUrl = (nodes: PgNode[], database: string) =>
  `postgres://postgres@${nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}/${database}?target_session_attrs=read-write`;

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

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `root` and every process below it, collected before any is killed (orphans are re-parented). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      parents.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

function killTree(root: number): void {
  for (const pid of processTree(root)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

const postmasterPid = (node: PgNode) => Number(fs.readFileSync(path.join(node.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function pauseWalSenders(node: PgNode): Promise<void> {
  const sql = await openPostgres(node.url());
  try {
    const senders = await sql.query<{ pid: number }>('select pid from pg_stat_replication');
    if (!senders.length) throw new Error('no WAL sender to pause');
    for (const { pid } of senders) process.kill(pid, 'SIGSTOP');
  } finally {
    await sql.close();
  }
}

async function waitWritable(node: PgNode, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `${node.name} to accept writes`,
    async () => {
      const sql = await openPostgres(node.url());
      try {
        // What the servers check too (target_session_attrs=read-write): out of recovery and not read-only.
        const [row] = await sql.query<{ standby: boolean }>(
          "select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as standby",
        );
        return row?.standby === false ? true : null;
      } finally {
        await sql.close();
      }
    },
    timeoutMs,
    50,
  );
}

async function describeSettings(node: PgNode): Promise<string> {
  const sql = await openPostgres(node.url());
  try {
    const rows = await sql.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('synchronous_commit', 'synchronous_standby_names') order by name",
    );
    return rows.map((r) => `${r.name} = '${r.setting}'`).join(', ');
  } finally {
    await sql.close();
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
    multiHostUrl: (database) => multiHostUrl([standby, primary], database),
    manager: 'pg_ctl promote',
    pauseReplication: () => pauseWalSenders(primary),
    async killPrimary() {
      killTree(postmasterPid(primary));
    },
    async promoteStandby() {
      await asOwner('pg_ctl', ['-D', standby.dir, '-w', '-t', '60', 'promote']);
      await waitWritable(standby);
    },
    describePrimary: () => describeSettings(primary),
    async destroy() {
      for (const n of [standby, primary]) {
        if (fs.existsSync(path.join(n.dir, 'postmaster.pid')))
          await asOwner('pg_ctl', ['-D', n.dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      }
      temp.remove();
    },
  };
}

/** pg_autoctl, from Debian's postgresql-<v>-auto-failover. */
function findPgAutoctl(): string {
  try {
    return findBin('pg_autoctl');
  } catch {
    throw new Error('pg_autoctl not found: apt-get install -y postgresql-15-auto-failover (.ci/run installs it)');
  }
}

/**
 * The same pair run by pg_auto_failover: a monitor and two keepers (`pg_autoctl
 * create ... --run`), each with its Postgres. The first node becomes the primary,
 * the second its synchronous standby; the monitor promotes the standby when the
 * primary's host dies (after its demote timeout: the old primary must have had
 * time to stop taking writes on its own).
 */
export async function startAutoFailoverPair(): Promise<ReplicatedPair> {
  const autoctl = findPgAutoctl();
  // The server binaries beside its extension (Debian's /usr/lib/postgresql/<v>/bin), not a link elsewhere.
  const pgBin = path.dirname(fs.realpathSync(findBin('pg_ctl')));
  const temp = makeTempDir('pg-auto');
  fs.chmodSync(temp.dir, 0o755);
  const [monitorPort, port1, port2] = [await findFreePort(), await findFreePort(), await findFreePort()];
  // pg_autoctl creates each data folder and a backup folder beside them: a parent the postgres user owns.
  const home = path.join(temp.dir, 'pg');
  makeOwnedDir(home);
  const node = (name: string, port: number): PgNode => ({
    name,
    port,
    dir: path.join(home, name),
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
  });
  const [monitor, primary, standby] = [node('monitor', monitorPort), node('node1', port1), node('node2', port2)];
  const keepers = new Map<string, ChildProcess>();
  // pg_autoctl keeps its configuration, state and pid files under the XDG folders: this pair's own.
  const xdg = path.join(temp.dir, 'xdg');
  makeOwnedDir(xdg);
  const runKeeper = (n: PgNode, args: string[]) => {
    const log = fs.openSync(path.join(temp.dir, `${n.name}.log`), 'a');
    const vars = [
      `PATH=${pgBin}:/usr/bin:/bin`,
      ...['CONFIG', 'DATA', 'RUNTIME'].map((k) => `XDG_${k}_${k === 'RUNTIME' ? 'DIR' : 'HOME'}=${xdg}/${k.toLowerCase()}`),
    ];
    const [cmd, argv] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...vars, autoctl, ...args]]
      : ['env', [...vars, autoctl, ...args]];
    const child = spawn(cmd, argv, { stdio: ['ignore', log, log], cwd: temp.dir });
    fs.closeSync(log);
    keepers.set(n.name, child);
  };
  const common = (n: PgNode) => ['--pgdata', n.dir, '--pgport', String(n.port), '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  const monitorUri = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const pgState = async (n: PgNode) => {
    const sql = await openPostgres(n.url());
    try {
      const [row] = await sql.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      return row?.standby ?? null;
    } finally {
      await sql.close();
    }
  };
  const nodeStates = async () => {
    const sql = await openPostgres(`postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover`);
    try {
      return await sql.query<{ nodename: string; reportedstate: string; goalstate: string }>(
        'select nodename, reportedstate::text, goalstate::text from pgautofailover.node order by nodeid',
      );
    } finally {
      await sql.close();
    }
  };
  try {
    runKeeper(monitor, ['create', 'monitor', ...common(monitor), '--run']);
    await waitFor('the pg_auto_failover monitor', async () => ((await nodeStates()) ? true : null), 120_000);
    runKeeper(primary, ['create', 'postgres', ...common(primary), '--name', 'node1', '--monitor', monitorUri, '--run']);
    await waitFor(
      'node1 to be the primary',
      async () => ((await nodeStates()).some((r) => r.nodename === 'node1' && r.reportedstate === 'single') ? true : null),
      120_000,
    );
    runKeeper(standby, ['create', 'postgres', ...common(standby), '--name', 'node2', '--monitor', monitorUri, '--run']);
    await waitFor(
      'node2 to be a streaming standby',
      async () => {
        const states = await nodeStates();
        const ready =
          states.some((r) => r.nodename === 'node1' && r.reportedstate === 'primary') &&
          states.some((r) => r.nodename === 'node2' && r.reportedstate === 'secondary');
        return ready && (await pgState(standby)) === true ? true : null;
      },
      180_000,
    );
  } catch (err) {
    for (const child of keepers.values()) if (child.pid) killTree(child.pid);
    const logs = ['monitor', 'node1', 'node2'].map((n) => {
      const file = path.join(temp.dir, `${n}.log`);
      return fs.existsSync(file) ? `--- ${n}\n${fs.readFileSync(file, 'utf8').slice(-3000)}` : '';
    });
    temp.remove();
    throw new Error(`${String(err)}\n${logs.join('\n')}`);
  }

  return {
    primary,
    standby,
    // pg_auto_failover makes the standby synchronous (number_sync_standbys 0, replication-quorum on).
    synchronous: true,
    manager: 'pg_auto_failover',
    multiHostUrl: (database) => multiHostUrl([standby, primary], database),
    pauseReplication: () => pauseWalSenders(primary),
    async killPrimary() {
      // The host dies: its keeper (which would restart Postgres) and its Postgres.
      const keeper = keepers.get('node1')?.pid;
      const roots = [postmasterPid(primary), ...(keeper ? [keeper] : [])];
      const all = roots.flatMap(processTree);
      for (const pid of all) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
    async promoteStandby() {
      await waitWritable(standby, 120_000);
    },
    describePrimary: () => describeSettings(primary),
    async destroy() {
      // pg_autoctl stops its Postgres on SIGTERM; what is left after 20 s is killed.
      for (const name of ['node2', 'node1', 'monitor']) {
        const child = keepers.get(name);
        if (!child?.pid || child.exitCode !== null || child.signalCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const keeper = isRoot ? processTree(child.pid)[1] : child.pid; // under runuser: its child
        if (keeper) process.kill(keeper, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        killTree(child.pid);
      }
      for (const n of [standby, primary, monitor]) {
        const pidFile = path.join(n.dir, 'postmaster.pid');
        if (!fs.existsSync(pidFile)) continue;
        try {
          killTree(postmasterPid(n));
        } catch {
          // no such process
        }
      }
      temp.remove();
    },
  };
}
