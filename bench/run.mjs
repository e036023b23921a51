// npm run bench [-- --quick] [-- --no-build] [-- --rounds N] [-- --duration S] [-- --skip-pglite] [-- --skip-browser] [-- --skip-timetable]
//                 [-- --only listPage1,listFresh] [-- --hold]  (seed, start both servers, print their URLs and wait: for EXPLAIN and profiling)
//
// Starts a PostgreSQL on loopback, the product on it, seeds one campus
// (students and teachers through the product's import API, the rest by SQL),
// starts the bare baseline (bench/baseline-server.mjs) on the same database,
// and drives both with autocannon, round after round, product then baseline.
// Then the embedded database (PGlite) on its own, and the login page in
// Chromium. Writes bench/results.json and bench/results.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildStudentCsv, buildTeacherCsv, findClashProbe, listNamePrefixes, seedTimetable } from './bench-data.mjs';
import {
  diffChildrenCpuMs,
  findFreePort,
  readChildrenCpuMs,
  readCpuMs,
  readPostmasterPid,
  readRssMiB,
  ROOT,
  sampleRss,
  startNode,
  SERVER_NODE_FLAGS,
  startPostgres,
  waitRssSettled,
} from './bench-procs.mjs';
import { measurePageLoad } from './page-load.mjs';

// ---- options ------------------------------------------------------------------

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : fallback;
};
const isQuick = flag('quick');
const onlyAt = argv.indexOf('--only');
/** Scenario keys to run (default: all). */
const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? '').split(',')) : null;
const opts = {
  quick: isQuick,
  students: isQuick ? 10_000 : 100_000,
  teachers: isQuick ? 200 : 2_000,
  courses: isQuick ? 300 : 3_000,
  /** Courses meeting twice a week: 2 000 + 3 000 = 5 000 timetable entries. */
  secondEntryCourses: isQuick ? 200 : 2_000,
  pgliteStudents: isQuick ? 10_000 : 20_000,
  rounds: value('rounds', isQuick ? 1 : 3),
  durationS: value('duration', isQuick ? 5 : 10),
  warmUpS: isQuick ? 2 : 3,
  connections: 10,
  /** The most common surname: about a tenth of the students, so page 50 exists. */
  keyword: '王',
  pageSize: 20,
  pageLoadSamples: 9,
};
/** The product's per-file import limit (lib/campus-io.ts); 100 000 students are five files. */
const IMPORT_FILE_ROWS = 20_000;
const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';

const began = Date.now();
const log = (...a) => console.log(`[bench ${((Date.now() - began) / 1000).toFixed(0).padStart(4)}s]`, ...a);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-'));
const cleanups = [];
async function cleanUp() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => undefined);
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
}

// ---- build --------------------------------------------------------------------

function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  const outputs = ['packages/contract/dist/index.js', 'apps/server/dist/server.js', 'apps/web/dist/index.html'].map((p) =>
    path.join(ROOT, p),
  );
  const missing = outputs.filter((p) => !fs.existsSync(p));
  let reason = missing.length ? `missing ${missing.map((p) => path.relative(ROOT, p)).join(', ')}` : '';
  if (!reason && !flag('no-build')) {
    const built = Math.min(...outputs.map((p) => fs.statSync(p).mtimeMs));
    const sources = Math.max(...['packages/contract/src', 'apps/server/src', 'apps/web/src'].map((d) => newestMtime(path.join(ROOT, d))));
    if (sources > built) reason = 'sources newer than the build';
  }
  if (!reason) return;
  log(`building (${reason}) ...`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

// ---- HTTP helpers -------------------------------------------------------------

async function callJson(base, pathName, { method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(base + pathName, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function signIn(base, encrypt) {
  const { status, json } = await callJson(base, '/api/login', {
    method: 'POST',
    body: { username: 'admin', password: encrypt(ADMIN_PASSWORD) },
  });
  if (status !== 200) throw new Error(`sign-in answered ${status}: ${JSON.stringify(json)}`);
  return { token: json.data, camId: json.extra.campusList[0].cam_id };
}

/**
 * An edit a campus office makes: one student's name gains a dot, or loses it.
 * It moves the campus's count version, so list totals are counted again.
 */
async function createTouch(base, headers, id) {
  const { json } = await callJson(base, `/api/educate/students/${id}`, { headers });
  const name = json.data.name;
  let n = 0;
  return async (target) => {
    if (target.name !== 'product') return;
    const res = await callJson(base, `/api/educate/students/${id}`, {
      method: 'PUT',
      headers,
      body: { name: ++n % 2 ? `${name}·` : name },
    });
    if (res.status !== 200) throw new Error(`touch answered ${res.status}`);
  };
}

async function importFile(base, headers, route, csv, name) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  const started = performance.now();
  const res = await fetch(`${base}${route}/import?dryRun=false`, { method: 'POST', headers, body: form });
  const json = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`import ${name} answered ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
  return { ms, created: json.data.created };
}

/** Students through the import API in files of the product's limit; answers the total time. */
async function importStudents(base, headers, count) {
  const files = [];
  for (let from = 0; from < count; from += IMPORT_FILE_ROWS) {
    const csv = buildStudentCsv(from, Math.min(count, from + IMPORT_FILE_ROWS), count);
    files.push(await importFile(base, headers, '/api/educate/students', csv, `students-${from}.csv`));
  }
  const created = files.reduce((s, f) => s + f.created, 0);
  if (created !== count) throw new Error(`import created ${created} students, expected ${count}`);
  return { rows: count, files: files.length, totalMs: files.reduce((s, f) => s + f.ms, 0), fileMs: files.map((f) => Math.round(f.ms)) };
}

// ---- load ---------------------------------------------------------------------

function fire(base, scenario, { connections, durationS, headers }) {
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

function summarise(res, expectStatus) {
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

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const range = (xs) => [Math.min(...xs), Math.max(...xs)];

function aggregate(runs) {
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
function defineScenarios({ keyword, pageSize, ids, encrypt, probe, touch }) {
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
      // Totals are reused only while nothing in the campus changed (lib/campus-crud.ts): an
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

async function runScenarios(targets, defined, { rounds, durationS, warmUpS, connections }) {
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

// ---- the run ------------------------------------------------------------------

function describeMachine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

async function benchPostgres(results, encrypt) {
  const pgPort = await findFreePort();
  const pgDir = `/tmp/campus-bench-pg-${pgPort}`;
  log(`starting PostgreSQL on 127.0.0.1:${pgPort}`);
  const server = await startPostgres(pgPort, pgDir);
  cleanups.push(server.destroy);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('drop database if exists campus_bench');
  await admin.query('create database campus_bench');
  results.machine.postgres = (await admin.query('show server_version')).rows[0].server_version;
  await admin.end();
  const dbUrl = new URL(server.url);
  dbUrl.pathname = '/campus_bench';
  const databaseUrl = dbUrl.toString();

  const productPort = await findFreePort();
  const product = await startNode('apps/server/dist/server.js', {
    nodeFlags: SERVER_NODE_FLAGS,
    port: productPort,
    logFile: path.join(tmp, 'product-pg.log'),
    env: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MIN: '1000000',
    },
  });
  cleanups.push(product.stop);
  log(`product on ${product.url} (first start, migrations + seed: ${product.startMs.toFixed(0)} ms)`);
  const { token, camId } = await signIn(product.url, encrypt);
  const headers = { authorization: `Bearer ${token}`, 'x-access-camid': String(camId) };

  log(`importing ${opts.teachers} teachers and ${opts.students} students through the import API`);
  const teacherImport = await importFile(product.url, headers, '/api/educate/teachers', buildTeacherCsv(opts.teachers), 'teachers.csv');
  const studentImport = await importStudents(product.url, headers, opts.students);
  log(
    `students imported in ${(studentImport.totalMs / 1000).toFixed(1)} s (${studentImport.files} files: ${studentImport.fileMs.join(', ')} ms)`,
  );

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  cleanups.push(() => db.end());
  log('courses, enrolments and timetable by SQL');
  const setupStarted = performance.now();
  const timetable = await seedTimetable(db, { camId, courses: opts.courses, secondEntryCourses: opts.secondEntryCourses });
  // What autovacuum would have done by the time anyone uses the campus.
  await db.query('vacuum analyze');
  const setupMs = performance.now() - setupStarted;
  const probe = { ...(await findClashProbe(db, camId)), entries: timetable.entries };
  const ids = (await db.query('select id from students where cam_id = $1 order by random() limit 2000', [camId])).rows.map((r) => r.id);
  const matches = (
    await db.query(`select count(*)::int as n from students where cam_id = $1 and (student_no like $2 or name like $2)`, [
      camId,
      `${opts.keyword}%`,
    ])
  ).rows[0].n;
  results.seed = {
    students: opts.students,
    teachers: opts.teachers,
    ...timetable,
    keyword: opts.keyword,
    keywordMatches: matches,
    import: { teachersMs: Math.round(teacherImport.ms), students: { ...studentImport, totalMs: Math.round(studentImport.totalMs) } },
    sqlSetupMs: Math.round(setupMs),
  };
  log(`seeded: ${JSON.stringify(results.seed)}`);

  const baselinePort = await findFreePort();
  const baseline = await startNode('bench/baseline-server.mjs', {
    port: baselinePort,
    logFile: path.join(tmp, 'baseline.log'),
    env: { DATABASE_URL: databaseUrl },
  });
  cleanups.push(baseline.stop);

  // Same question, same answer: the product and the baseline must agree before they race.
  const touch = await createTouch(product.url, headers, ids[ids.length - 1]);
  const scenarios = defineScenarios({ keyword: opts.keyword, pageSize: opts.pageSize, ids, encrypt, probe, touch });
  for (const s of scenarios.filter((x) => x.key.startsWith('list'))) {
    const req = s.request();
    const [a, b] = await Promise.all([callJson(product.url, req.path, { headers }), callJson(baseline.url, req.path, { headers })]);
    const idsOf = (r) => r.json.data.list.map((x) => x.id).join(',');
    if (
      a.json.data.total !== b.json.data.total ||
      idsOf(a) !== idsOf(b) ||
      (s.key !== 'listFresh' && a.json.data.list.length !== opts.pageSize)
    ) {
      throw new Error(`${s.key}: product and baseline disagree (totals ${a.json.data.total} / ${b.json.data.total})`);
    }
  }
  const clashAnswer = await callJson(product.url, scenarios.find((s) => s.key === 'clash').request().path, {
    method: 'POST',
    headers,
    body: probe.body,
  });
  if (clashAnswer.status !== 409)
    throw new Error(`clash probe answered ${clashAnswer.status}: ${JSON.stringify(clashAnswer.json).slice(0, 300)}`);
  results.seed.clashProbeConflicts = clashAnswer.json.data.conflicts.length;

  if (flag('hold')) {
    log(`holding: product ${product.url}, baseline ${baseline.url}, database ${databaseUrl}`);
    log(`headers: ${JSON.stringify(headers)}`);
    log('Ctrl-C (or SIGTERM) stops everything');
    await new Promise(() => undefined);
  }

  results.rss = {
    productPeakDuringImportMiB: readRssMiB(product.proc.pid, 'VmHWM'),
    productAfterSeedMiB: readRssMiB(product.proc.pid),
  };
  // A campus office does not import 100 000 students and then list them in the same second: let the
  // server hand back what the import grew (the import's peak is reported above) before the load starts.
  log('waiting for the product to hand back the memory of the import');
  results.rss.productSettledMiB = await waitRssSettled(product.proc.pid);
  const dbPid = readPostmasterPid(pgDir);
  const targets = [
    { name: 'product', url: product.url, headers, pid: product.proc.pid, dbPid },
    { name: 'baseline', url: baseline.url, headers, pid: baseline.proc.pid, dbPid },
  ];
  results.postgres = await runScenarios(targets, scenarios, opts);

  // One connection measures the check's own latency: let autovacuum finish what the runs above left first.
  results.clashQuietWaitMs = await waitDatabaseQuiet(db);
  log(`clash check latency, one connection (waited ${fmt(results.clashQuietWaitMs)} ms for autovacuum and a checkpoint)`);
  const clash = scenarios.find((s) => s.key === 'clash');
  const single = [];
  for (let r = 0; r < Math.max(1, opts.rounds); r++) {
    single.push(summarise(await fire(product.url, clash, { connections: 1, durationS: opts.durationS, headers }), 409));
  }
  results.clashSingle = aggregate(single);

  results.rss.productPeakUnderLoadMiB = Math.max(
    ...Object.values(results.postgres)
      .map((s) => s.product?.rssPeakMiB)
      .filter((v) => v !== undefined),
  );
  results.rss.baselinePeakUnderLoadMiB = Math.max(
    ...Object.values(results.postgres)
      .map((s) => s.baseline?.rssPeakMiB)
      .filter((v) => v !== undefined),
  );

  if (!flag('skip-browser')) {
    // The budget is the page's, not the previous scenarios': on 2 cores an autovacuum of the updated
    // students table or a checkpoint takes a core from the browser (docs/performance.md).
    results.pageLoad = { quietWaitMs: await waitDatabaseQuiet(db) };
    log(`login page load in Chromium (waited ${fmt(results.pageLoad.quietWaitMs)} ms for autovacuum and a checkpoint)`);
    Object.assign(results.pageLoad, await measurePageLoad(`${product.url}/login`, opts.pageLoadSamples));
  }
  await baseline.stop();
  await product.stop();
  await db.end().catch(() => undefined);
  await server.destroy();
  cleanups.length = 0;
}

/** Waits (at most a minute) until no autovacuum worker runs, then checkpoints; returns the ms spent. */
async function waitDatabaseQuiet(db) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const { rows } = await db.query("select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'");
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await db.query('checkpoint');
  return Date.now() - started;
}

async function benchPglite(results, encrypt) {
  const dataDir = path.join(tmp, 'pglite');
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD, LOG_LEVEL: 'warn', LOGIN_RATE_PER_MIN: '1000000' };
  const port = await findFreePort();
  const logFile = path.join(tmp, 'product-pglite.log');
  let product = await startNode('apps/server/dist/server.js', {
    nodeFlags: SERVER_NODE_FLAGS,
    port,
    logFile,
    env,
  });
  const firstStartMs = product.startMs;
  await product.stop();
  product = await startNode('apps/server/dist/server.js', {
    nodeFlags: SERVER_NODE_FLAGS,
    port,
    logFile,
    env,
  });
  cleanups.push(product.stop);
  log(`PGlite product: first start ${firstStartMs.toFixed(0)} ms, second start ${product.startMs.toFixed(0)} ms`);
  const { token, camId } = await signIn(product.url, encrypt);
  const headers = { authorization: `Bearer ${token}`, 'x-access-camid': String(camId) };
  const studentImport = await importStudents(product.url, headers, opts.pgliteStudents);
  log(`PGlite: ${opts.pgliteStudents} students imported in ${(studentImport.totalMs / 1000).toFixed(1)} s`);
  const page = await callJson(product.url, `/api/educate/students?page=1&pageSize=200`, { headers });
  const ids = page.json.data.list.map((s) => s.id);
  const touch = await createTouch(product.url, headers, ids[ids.length - 1]);
  const scenarios = defineScenarios({ keyword: opts.keyword, pageSize: opts.pageSize, ids, encrypt, probe: null, touch }).filter(
    (s) => s.key !== 'login',
  );
  const figures = await runScenarios([{ name: 'product', url: product.url, headers, pid: product.proc.pid }], scenarios, {
    ...opts,
    rounds: 1,
  });
  results.pglite = {
    students: opts.pgliteStudents,
    import: { ...studentImport, totalMs: Math.round(studentImport.totalMs) },
    firstStartMs: Math.round(firstStartMs),
    secondStartMs: Math.round(product.startMs),
    scenarios: figures,
  };
  await product.stop();
  cleanups.length = 0;
}

// ---- report -------------------------------------------------------------------

const fmt = (n, digits = 0) => (n === undefined || n === null || Number.isNaN(n) ? '–' : n.toFixed(digits));
const fmtRange = (agg, key, digits = 0) =>
  agg ? `${fmt(agg[key].median, digits)} (${fmt(agg[key].range[0], digits)}–${fmt(agg[key].range[1], digits)})` : '–';

const fmtCpu = (agg) => (agg?.serverCpuMsPerReq === undefined ? '–' : `${fmt(agg.serverCpuMsPerReq, 2)} + ${fmt(agg.dbCpuMsPerReq, 2)}`);

function evaluateBudgets(results) {
  const pgs = results.postgres;
  const ratio = (k) => pgs[k].product.rps.median / pgs[k].baseline.rps.median;
  const budgets = [];
  for (const k of ['listPage1', 'listPage50', 'listFresh']) {
    budgets.push({ what: `${pgs[k].title}: ratio to baseline`, limit: '≥ 1.0×', value: ratio(k), unit: '×', isMet: ratio(k) >= 1.0 });
    const p99 = pgs[k].product.p99.median;
    budgets.push({ what: `${pgs[k].title}: p99`, limit: '≤ 30 ms', value: p99, unit: 'ms', isMet: p99 <= 30 });
  }
  budgets.push({ what: 'Get one student: ratio to baseline', limit: '≥ 0.7×', value: ratio('get'), unit: '×', isMet: ratio('get') >= 0.7 });
  budgets.push({
    what: 'Update one student: ratio to baseline',
    limit: '≥ 0.5×',
    value: ratio('update'),
    unit: '×',
    isMet: ratio('update') >= 0.5,
  });
  const imp = results.seed.import.students;
  budgets.push({
    what: `Import of ${imp.rows} students (${imp.files} files)`,
    limit: '≤ 20 s for 100 000',
    value: imp.totalMs / 1000,
    unit: 's',
    isMet: imp.rows >= 100_000 ? imp.totalMs <= 20_000 : null,
  });
  const clash = results.clashSingle.p50.median;
  budgets.push({
    what: `Clash check, one entry, ${results.seed.entries} entries (median, 1 connection)`,
    limit: '≤ 10 ms',
    value: clash,
    unit: 'ms',
    isMet: results.seed.entries >= 5_000 ? clash <= 10 : null,
  });
  budgets.push({
    what: 'Server RSS under load (peak, PostgreSQL)',
    limit: '≤ 150 MiB',
    value: results.rss.productPeakUnderLoadMiB,
    unit: 'MiB',
    isMet: results.rss.productPeakUnderLoadMiB <= 150,
  });
  if (results.pageLoad?.runs) {
    const ms = median(results.pageLoad.runs.map((r) => r.loadMs));
    budgets.push({ what: 'Login page load event, cold (median)', limit: '≤ 300 ms', value: ms, unit: 'ms', isMet: ms <= 300 });
  }
  return budgets;
}

function renderMarkdown(results) {
  const m = results.machine;
  const lines = [
    '# Benchmark results',
    '',
    `Run ${results.date} (${results.options.quick ? 'quick' : 'full'}; ${results.options.rounds} round(s) × ${results.options.durationS} s, ${results.options.connections} connections, after a ${results.options.warmUpS} s warm-up; whole run ${fmt(results.elapsedS)} s).`,
    '',
    `Machine: ${m.cpuModel}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.os}; Node ${m.node}; PostgreSQL ${m.postgres}; PGlite ${m.pglite}. Load average at start: ${m.loadAverageAtStart.join(' ')}.`,
    '',
    `Seed: one campus, ${results.seed.students} students and ${results.seed.teachers} teachers through the import API, ${results.seed.courses} courses, ${results.seed.enrolments} enrolments, ${results.seed.entries} timetable entries in ${results.seed.rooms} rooms by SQL. Keyword \`${results.seed.keyword}\` matches ${results.seed.keywordMatches} students.`,
    '',
    '## PostgreSQL: product beside the bare baseline',
    '',
    'Medians of the rounds, range in brackets. Ratio = product req/s ÷ baseline req/s. CPU ms/req: CPU time of the server process and of the PostgreSQL backends during the run, per request (steadier than req/s on a shared machine).',
    '',
    '| Scenario | Product req/s | Product p50 ms | Product p99 ms | Baseline req/s | Baseline p99 ms | Ratio | CPU ms/req product (server + db) | CPU ms/req baseline (server + db) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const s of Object.values(results.postgres)) {
    const ratio = s.baseline ? `${fmt(s.product.rps.median / s.baseline.rps.median, 2)}×` : '–';
    const dirty = s.product.isClean && (s.baseline?.isClean ?? true) ? '' : ' (errors: see results.json)';
    lines.push(
      `| ${s.title}${dirty} | ${fmtRange(s.product, 'rps')} | ${fmt(s.product.p50.median, 1)} | ${fmtRange(s.product, 'p99', 1)} | ${fmtRange(s.baseline, 'rps')} | ${s.baseline ? fmt(s.baseline.p99.median, 1) : '–'} | ${ratio} | ${fmtCpu(s.product)} | ${fmtCpu(s.baseline)} |`,
    );
  }
  lines.push(
    '',
    `Clash check on one connection: p50 ${fmt(results.clashSingle.p50.median, 1)} ms, p99 ${fmt(results.clashSingle.p99.median, 1)} ms, ${fmt(results.clashSingle.rps.median)} checks/s (${results.seed.clashProbeConflicts} conflicts in each answer; measured once no autovacuum ran and after a checkpoint, waited ${fmt(results.clashQuietWaitMs ?? 0)} ms).`,
    '',
    `RSS: product peak during the import ${fmt(results.rss.productPeakDuringImportMiB)} MiB, ${fmt(results.rss.productAfterSeedMiB)} MiB right after seeding, ${fmt(results.rss.productSettledMiB)} MiB once settled; peak under load ${fmt(results.rss.productPeakUnderLoadMiB)} MiB; baseline peak ${fmt(results.rss.baselinePeakUnderLoadMiB)} MiB.`,
    '',
    `Import: ${results.seed.import.students.rows} students in ${fmt(results.seed.import.students.totalMs / 1000, 1)} s (${results.seed.import.students.files} files of up to ${IMPORT_FILE_ROWS} rows: ${results.seed.import.students.fileMs.join(', ')} ms); ${results.seed.teachers} teachers in ${fmt(results.seed.import.teachersMs)} ms.`,
  );
  if (results.pageLoad?.runs) {
    const loads = results.pageLoad.runs.map((r) => r.loadMs);
    lines.push(
      '',
      `Login page, Chromium, cold context: load event median ${fmt(median(loads))} ms (${loads.map((l) => fmt(l)).join(', ')}; warm-up ${fmt(results.pageLoad.warmUp.loadMs)} ms), ${fmt((results.pageLoad.runs[0]?.jsTransferBytes ?? 0) / 1024)} KiB of JS transferred. The form is in the page at ${fmt(median(results.pageLoad.runs.map((r) => r.formMs)))} ms and first painted at ${fmt(median(results.pageLoad.runs.map((r) => r.firstContentfulPaintMs)))} ms (medians; React renders it in a task after the load event). Measured once no autovacuum ran and after a checkpoint (waited ${fmt(results.pageLoad.quietWaitMs ?? 0)} ms).`,
    );
  } else if (results.pageLoad?.skipped) lines.push('', `Login page load: skipped (${results.pageLoad.skipped}).`);
  if (results.pglite) {
    const p = results.pglite;
    lines.push(
      '',
      `## Embedded database (PGlite), ${p.students} students`,
      '',
      `Import ${fmt(p.import.totalMs / 1000, 1)} s; start to healthy: first start ${p.firstStartMs} ms (migrations + seed), second start ${p.secondStartMs} ms. One round.`,
      '',
      '| Scenario | req/s | p50 ms | p99 ms | RSS peak MiB |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const s of Object.values(p.scenarios)) {
      lines.push(
        `| ${s.title} | ${fmt(s.product.rps.median)} | ${fmt(s.product.p50.median, 1)} | ${fmt(s.product.p99.median, 1)} | ${fmt(s.product.rssPeakMiB)} |`,
      );
    }
  }
  lines.push('', '## Budgets', '', '| Budget | Limit | Measured | Met |', '| --- | --- | --- | --- |');
  for (const b of results.budgets) {
    lines.push(
      `| ${b.what} | ${b.limit} | ${fmt(b.value, b.unit === '×' ? 2 : 1)} ${b.unit} | ${b.isMet === null ? 'n/a (quick seed)' : b.isMet ? 'yes' : '**no**'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  ensureBuilt();
  const { encryptLoginPassword } = await import(path.join(ROOT, 'packages/contract/dist/login-crypto.js'));
  const results = {
    date: new Date().toISOString(),
    options: opts,
    machine: {
      ...describeMachine(),
      pglite: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version,
    },
  };
  await benchPostgres(results, encryptLoginPassword);
  if (only) {
    // A partial run: its lines above are the answer; the committed results stay those of a full run.
    log(`--only ${[...only].join(',')}: bench/results.* left as they were`);
    await cleanUp();
    return;
  }
  if (!flag('skip-pglite')) await benchPglite(results, encryptLoginPassword);
  results.elapsedS = (Date.now() - began) / 1000;
  results.budgets = evaluateBudgets(results);

  const json = path.join(ROOT, 'bench/results.json');
  const md = path.join(ROOT, 'bench/results.md');
  fs.writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  const markdown = renderMarkdown(results);
  fs.writeFileSync(md, markdown);
  try {
    // The repository's format check covers these files too.
    execFileSync(path.join(ROOT, 'node_modules/.bin/prettier'), ['--write', json, md], { stdio: 'ignore' });
  } catch {
    // formatting is a nicety here
  }
  console.log(`\n${markdown}`);
  log(`done in ${fmt(results.elapsedS)} s: bench/results.json, bench/results.md`);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (!flag('skip-timetable')) {
    // The timetable generator beside fet-cl (bench/timetable.mjs, also `npm run bench:timetable` alone).
    log('timetable generator beside fet-cl ...');
    execFileSync(process.execPath, [path.join(ROOT, 'bench/timetable.mjs'), ...(isQuick ? ['--quick'] : [])], { stdio: 'inherit' });
  }
}

main().catch(async (err) => {
  console.error(err);
  console.error(`logs kept in ${tmp}`);
  await cleanUp();
  process.exit(1);
});
