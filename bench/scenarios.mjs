// The benchmark's scenarios and how they are driven: autocannon runs, round
// after round, product then baseline, with CPU and RSS per run.
import autocannon from 'autocannon';
import { listNamePrefixes } from './bench-data.mjs';
import { diffChildrenCpuMs, readChildrenCpuMs, readCpuMs, sampleRss } from './bench-procs.mjs';
import { ADMIN_PASSWORD, log, only } from './setup.mjs';

// ---- load ---------------------------------------------------------------------

export function fire(base, scenario, { connections, durationS, headers }) {
  const req = scenario.request();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: durationS,
        timeout: 30,
        requests: [
          {
            method: req.method,
            path: req.path,
            headers: { ...headers, ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: req.body,
            ...(scenario.next ? { setupRequest: (r) => ({ ...r, ...scenario.next() }) } : {}),
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
  });
}

export function summarise(res, expectStatus) {
  const codes = Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const expected = codes[String(expectStatus)] ?? 0;
  return {
    rps: res.requests.average,
    requests: res.requests.total,
    latency: { mean: res.latency.average, p50: res.latency.p50, p99: res.latency.p99, max: res.latency.max },
    statusCodes: codes,
    errors: res.errors + res.timeouts,
    /** Every answer the expected one, nothing failed. */
    isClean: res.errors + res.timeouts === 0 && expected === res.requests.total && expected > 0,
  };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const range = (xs) => [Math.min(...xs), Math.max(...xs)];

export function aggregate(runs) {
  if (!runs.length) return null;
  const rps = runs.map((r) => r.rps);
  const p99 = runs.map((r) => r.latency.p99);
  const p50 = runs.map((r) => r.latency.p50);
  const perReq = (key) => (runs.every((r) => r[key] !== undefined) ? median(runs.map((r) => r[key])) : undefined);
  return {
    rps: { median: median(rps), range: range(rps) },
    serverCpuMsPerReq: perReq('serverCpuMsPerReq'),
    dbCpuMsPerReq: perReq('dbCpuMsPerReq'),
    p50: { median: median(p50), range: range(p50) },
    p99: { median: median(p99), range: range(p99) },
    rssPeakMiB: runs.some((r) => r.rssPeakMiB !== undefined) ? Math.max(...runs.map((r) => r.rssPeakMiB ?? 0)) : undefined,
    isClean: runs.every((r) => r.isClean),
    runs,
  };
}

/** The benchmark's requests; `next` varies the target per request (ids, bodies). */
export function defineScenarios({ keyword, pageSize, ids, encrypt, probe, touch }) {
  const listPath = (page, k = keyword) => `/api/educate/students?keyword=${encodeURIComponent(k)}&page=${page}&pageSize=${pageSize}`;
  const prefixes = listNamePrefixes();
  let f = 0;
  let g = 0;
  let u = 0;
  const nextId = (i) => ids[i % ids.length];
  return [
    {
      key: 'listPage1',
      title: 'Student list, page 1, keyword + total',
      request: () => ({ method: 'GET', path: listPath(1) }),
      expect: 200,
    },
    {
      key: 'listPage50',
      title: 'Student list, page 50, keyword + total',
      request: () => ({ method: 'GET', path: listPath(50) }),
      expect: 200,
    },
    {
      // Totals are reused only while nothing in the campus changed (resources/list-page.ts): an
      // edit before each run, and a keyword no request repeats within a run, so every total is counted.
      key: 'listFresh',
      title: 'Student list, page 1, a new keyword each request (total counted)',
      request: () => ({ method: 'GET', path: listPath(1, prefixes[0]) }),
      next: () => ({ path: listPath(1, prefixes[++f % prefixes.length]) }),
      beforeRun: touch,
      expect: 200,
    },
    {
      key: 'get',
      title: 'Get one student',
      request: () => ({ method: 'GET', path: `/api/educate/students/${ids[0]}` }),
      next: () => ({ path: `/api/educate/students/${nextId(g++)}` }),
      expect: 200,
    },
    {
      key: 'update',
      title: 'Update one student (+ operation log row)',
      request: () => ({ method: 'PUT', path: `/api/educate/students/${ids[0]}`, body: JSON.stringify({ remark: 'bench' }) }),
      next: () => {
        u++;
        return { path: `/api/educate/students/${nextId(u * 7)}`, body: JSON.stringify({ remark: `bench edit ${u}` }) };
      },
      expect: 200,
    },
    { key: 'currentUser', title: 'currentUser', request: () => ({ method: 'GET', path: '/api/user/currentUser' }), expect: 200 },
    {
      key: 'login',
      title: 'Login (argon2id verify + session)',
      request: () => ({
        method: 'POST',
        path: '/api/login',
        body: JSON.stringify({ username: 'admin', password: encrypt(ADMIN_PASSWORD) }),
      }),
      expect: 200,
    },
    ...(probe
      ? [
          {
            key: 'clash',
            title: `Schedule clash check (${probe.entries} entries; 409)`,
            productOnly: true,
            request: () => ({ method: 'POST', path: `/api/educate/courses/${probe.courseId}/schedule`, body: JSON.stringify(probe.body) }),
            expect: 409,
          },
        ]
      : []),
  ];
}

/**
 * The order of the runs in a round (the table keeps the order above). The
 * update burst (10 connections at full speed: more edits in 10 s than a campus
 * office makes in a month) goes first and the list last, a minute or more
 * later, so the list reads the table as autovacuum keeps it rather than in the
 * seconds right after the burst; the ranges show the rounds as they came.
 */
const RUN_ORDER = ['update', 'login', 'currentUser', 'clash', 'get', 'listFresh', 'listPage1', 'listPage50'];

export async function runScenarios(targets, defined, { rounds, durationS, warmUpS, connections }) {
  const scenarios = defined.filter((s) => !only || only.has(s.key)).sort((a, b) => RUN_ORDER.indexOf(a.key) - RUN_ORDER.indexOf(b.key));
  const results = Object.fromEntries(scenarios.map((s) => [s.key, Object.fromEntries(targets.map((t) => [t.name, []]))]));
  const applies = (s, t) => !(s.productOnly && t.name !== 'product');
  log(`warm-up (${warmUpS} s per scenario and target)`);
  for (const s of scenarios) {
    for (const t of targets) {
      if (!applies(s, t)) continue;
      await s.beforeRun?.(t);
      await fire(t.url, s, { connections, durationS: warmUpS, headers: t.headers });
    }
  }
  for (let r = 1; r <= rounds; r++) {
    for (const s of scenarios) {
      for (const t of targets) {
        if (!applies(s, t)) continue;
        await s.beforeRun?.(t);
        const rss = t.pid ? sampleRss(t.pid) : null;
        const cpu0 = t.pid ? readCpuMs(t.pid) : null;
        const db0 = t.dbPid ? readChildrenCpuMs(t.dbPid) : null;
        const res = summarise(await fire(t.url, s, { connections, durationS, headers: t.headers }), s.expect);
        if (rss) res.rssPeakMiB = rss.stop();
        // CPU per request is steadier than req/s on a machine shared with other work.
        if (cpu0 !== null) res.serverCpuMsPerReq = ((readCpuMs(t.pid) ?? cpu0) - cpu0) / Math.max(1, res.requests);
        if (db0 !== null) res.dbCpuMsPerReq = diffChildrenCpuMs(db0, readChildrenCpuMs(t.dbPid)) / Math.max(1, res.requests);
        results[s.key][t.name].push(res);
        const cpu =
          res.serverCpuMsPerReq === undefined
            ? ''
            : `  cpu/req ${res.serverCpuMsPerReq.toFixed(2)}+${(res.dbCpuMsPerReq ?? 0).toFixed(2)} ms`;
        log(
          `round ${r}/${rounds} ${s.key.padEnd(11)} ${t.name.padEnd(8)} ${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.latency.p50} ms  p99 ${res.latency.p99} ms${cpu}${res.rssPeakMiB ? `  rss ${res.rssPeakMiB.toFixed(0)} MiB` : ''}${res.isClean ? '' : `  NOT CLEAN ${JSON.stringify(res.statusCodes)} errors ${res.errors}`}`,
        );
      }
    }
  }
  return Object.fromEntries(
    scenarios.map((s) => [
      s.key,
      {
        title: s.title,
        ...Object.fromEntries(targets.filter((t) => applies(s, t)).map((t) => [t.name, aggregate(results[s.key][t.name])])),
      },
    ]),
  );
}
