// A mixed read/write load against a running server: concurrent clients, each
// one request at a time, for a fixed duration. Every answer that is not a 2xx
// envelope with code 0 (or a network error) counts as an error.
import { studentBody } from '../../tests/support/server-process.mjs';

/**
 * @typedef {object} OpStats
 * @property {number} count
 * @property {number} p50
 * @property {number} p99
 */

/**
 * @typedef {object} LoadResult
 * @property {number} total
 * @property {number} durationMs
 * @property {number} rps
 * @property {number} p50
 * @property {number} p95
 * @property {number} p99
 * @property {number} max
 * @property {{ op: string, status: number, msg: string }[]} errors the first 20
 * @property {number} errorCount
 * @property {Record<string, OpStats>} byOp
 * @property {number} created students created by the load
 */

/** @param {number[]} sorted @param {number} q */
function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** @param {number[]} ms */
function summarise(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), p99: quantile(sorted, 0.99), max: sorted.at(-1) ?? 0 };
}

/**
 * Creates `count` students to read and update, answering their ids.
 * @param {import('../../tests/support/server-process.mjs').Client} client
 * @param {string} prefix
 * @param {number} count
 */
export async function seedStudents(client, prefix, count) {
  /** @type {number[]} */
  const ids = [];
  for (let i = 0; i < count; i++) {
    const res = await client.call('POST', '/educate/students', studentBody(`${prefix}-seed-${i}`));
    if (res.status !== 201) throw new Error(`seeding students: ${res.status} ${res.body.msg}`);
    ids.push(/** @type {number} */ (res.body.data.id));
  }
  return ids;
}

/**
 * Runs `concurrency` clients for `durationMs`: lists (paged, sorted, keyword),
 * get by id, current user, create and update of students.
 * @param {{ client: import('../../tests/support/server-process.mjs').Client, concurrency: number, durationMs: number, prefix: string, ids: number[] }} opts
 * @returns {Promise<LoadResult>}
 */
export async function runMixedLoad({ client, concurrency, durationMs, prefix, ids }) {
  /** @type {Record<string, number[]>} */
  const latencies = {};
  /** @type {{ op: string, status: number, msg: string }[]} */
  const errors = [];
  let errorCount = 0;
  let created = 0;
  const pick = () => ids[Math.floor(Math.random() * ids.length)] ?? 0;
  /** @type {[string, number, (worker: number, n: number) => [string, string, unknown?]][]} */
  const ops = [
    ['list', 25, (_w, n) => ['GET', `/educate/students?page=${1 + (n % 5)}&pageSize=20&sort=${n % 2 ? 'name:asc' : 'createdAt:desc'}`]],
    ['search', 10, () => ['GET', `/educate/students?keyword=${encodeURIComponent(prefix)}&pageSize=10`]],
    ['get', 20, () => ['GET', `/educate/students/${pick()}`]],
    ['currentUser', 15, () => ['GET', '/user/currentUser']],
    ['create', 15, (w, n) => ['POST', '/educate/students', studentBody(`${prefix}-${w}-${n}`)]],
    [
      'update',
      15,
      (_w, n) => [
        'PUT',
        `/educate/students/${pick()}`,
        { remark: `load update ${n}`, phone: `1380000${String(n % 10000).padStart(4, '0')}` },
      ],
    ],
  ];
  const weightSum = ops.reduce((s, [, w]) => s + w, 0);
  const chooseOp = () => {
    let r = Math.random() * weightSum;
    for (const op of ops) {
      r -= op[1];
      if (r < 0) return op;
    }
    return ops[0];
  };
  const started = performance.now();
  const deadline = started + durationMs;

  /** @param {number} worker */
  const work = async (worker) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const op = chooseOp();
      if (!op) break;
      const [name, , build] = op;
      const [method, path, body] = build(worker, n);
      const t0 = performance.now();
      let status = 0;
      let msg = '';
      let ok = false;
      try {
        const res = await client.call(method, path, body);
        status = res.status;
        msg = res.body.msg;
        ok = status >= 200 && status < 300 && res.body.code === 0;
        if (ok && name === 'create') {
          created++;
          ids.push(/** @type {number} */ (res.body.data.id));
        }
      } catch (err) {
        msg = err instanceof Error ? `${err.message} ${String(/** @type {any} */ (err).cause ?? '')}` : String(err);
      }
      (latencies[name] ??= []).push(performance.now() - t0);
      if (!ok) {
        errorCount++;
        if (errors.length < 20) errors.push({ op: `${method} ${path}`, status, msg });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => work(i)));
  const elapsed = performance.now() - started;
  const all = Object.values(latencies).flat();
  /** @type {Record<string, OpStats>} */
  const byOp = {};
  for (const [name, ms] of Object.entries(latencies)) {
    const s = summarise(ms);
    byOp[name] = { count: ms.length, p50: Math.round(s.p50), p99: Math.round(s.p99) };
  }
  const s = summarise(all);
  return {
    total: all.length,
    durationMs: Math.round(elapsed),
    rps: Math.round((all.length / elapsed) * 1000),
    p50: Math.round(s.p50),
    p95: Math.round(s.p95),
    p99: Math.round(s.p99),
    max: Math.round(s.max),
    errors,
    errorCount,
    byOp,
    created,
  };
}

/** One line per operation and the totals, for humans. @param {LoadResult} r */
export function formatLoadResult(r) {
  const lines = [
    `requests ${r.total} in ${(r.durationMs / 1000).toFixed(1)} s (${r.rps}/s), errors ${r.errorCount}`,
    `latency ms: p50 ${r.p50}  p95 ${r.p95}  p99 ${r.p99}  max ${r.max}`,
    ...Object.entries(r.byOp).map(([op, s]) => `  ${op.padEnd(12)} n=${String(s.count).padStart(6)}  p50 ${s.p50}  p99 ${s.p99}`),
  ];
  return lines.join('\n');
}
