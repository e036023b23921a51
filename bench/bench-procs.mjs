// Processes of a benchmark run: a throwaway PostgreSQL, the product, the
// baseline (started by tests/support/server-process.mjs); free ports and RSS sampling.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ROOT = path.resolve(import.meta.dirname, '..');

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** scripts/pg-local.sh with a port and data dir of this run; answers the URL of the postgres database. */
export async function startPostgres(port, dir) {
  const env = { ...process.env, PG_LOCAL_PORT: String(port), PG_LOCAL_DIR: dir };
  const { stdout } = await run('bash', [path.join(ROOT, 'scripts/pg-local.sh'), 'start'], { env });
  return {
    url: stdout.trim(),
    destroy: () => run('bash', [path.join(ROOT, 'scripts/pg-local.sh'), 'destroy'], { env }).catch(() => undefined),
  };
}

/**
 * The V8 flags `npm start` gives the server (package.json config.node_flags):
 * a 4 MiB young generation keeps the server's RSS ~30 MiB lower under load at
 * the same throughput (docs/performance.md).
 */
export const SERVER_NODE_FLAGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).config.node_flags.split(' ');

/**
 * Waits while a process's RSS still falls: V8 hands back the heap an import
 * grew only once allocation has been quiet for a while (its memory reducer,
 * ~10–15 s). Answers the settled RSS; at most `maxMs`.
 */
export async function waitRssSettled(pid, { minMs = 20_000, maxMs = 60_000 } = {}) {
  const began = Date.now();
  const samples = [];
  for (;;) {
    samples.push(readRssMiB(pid) ?? 0);
    const last = samples.slice(-5);
    const isSteady = last.length === 5 && Math.max(...last) - Math.min(...last) < 1;
    if ((Date.now() - began >= minMs && isSteady) || Date.now() - began >= maxMs) return samples[samples.length - 1];
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Resident set size of a process in MiB (Linux /proc), or null. */
export function readRssMiB(pid, field = 'VmRSS') {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak. */
export function sampleRss(pid, everyMs = 200) {
  let peak = readRssMiB(pid) ?? 0;
  const timer = setInterval(() => {
    const v = readRssMiB(pid);
    if (v !== null && v > peak) peak = v;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const v = readRssMiB(pid);
      return Math.max(peak, v ?? 0);
    },
  };
}

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function readStat(pid) {
  try {
    // comm may hold spaces: fields start after the last ')'.
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used, in ms; null when it is gone. */
export function readCpuMs(pid) {
  const f = readStat(pid);
  return f ? (Number(f[11]) + Number(f[12])) * TICK_MS : null;
}

/** CPU time of each child of a process (PostgreSQL: the postmaster's backends and workers), ms by pid. */
export function readChildrenCpuMs(parentPid) {
  const byPid = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = readStat(name);
    if (f && Number(f[1]) === parentPid) byPid.set(name, (Number(f[11]) + Number(f[12])) * TICK_MS);
  }
  return byPid;
}

/** CPU the children used between two readings: new ones count whole, ones that ended in between are lost (idle pool connections). */
export function diffChildrenCpuMs(before, after) {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** The postmaster's pid, from its data directory. */
export function readPostmasterPid(dataDir) {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}
