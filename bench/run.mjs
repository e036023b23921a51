// npm run bench [-- --quick] [-- --no-build] [-- --rounds N] [-- --duration S] [-- --skip-pglite] [-- --skip-postgres] [-- --skip-browser] [-- --skip-lighthouse]
//                 [-- --skip-timetable]
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
import pg from 'pg';
import { startServer } from '../tests/support/server-process.mjs';
import { buildTeacherCsv, findClashProbe, seedTimetable } from './bench-data.mjs';
import {
  diffChildrenCpuMs,
  findFreePort,
  readChildrenCpuMs,
  readCpuMs,
  readPostmasterPid,
  readRssMiB,
  ROOT,
  SERVER_NODE_FLAGS,
  startPostgres,
  waitRssSettled,
} from './bench-procs.mjs';
import { evaluateLighthouseBudgets, measureLighthouse } from './lighthouse.mjs';
import { measureListTyping } from './list-typing.mjs';
import { measurePageLoad } from './page-load.mjs';
import { evaluateBudgets, evaluateEmbeddedBudgets, fmt, renderMarkdown } from './report.mjs';
import { aggregate, defineScenarios, fire, runScenarios, summarise } from './scenarios.mjs';
import {
  ADMIN_PASSWORD,
  began,
  callJson,
  createTouch,
  ensureBuilt,
  flag,
  importFile,
  importStudents,
  log,
  only,
  opts,
  signIn,
} from './setup.mjs';

/** The product as `npm start` runs it (SEED_DEMO off, LOG_LEVEL warn by default), signing in without a rate limit. */
const PRODUCT = {
  nodeFlags: SERVER_NODE_FLAGS,
  adminPassword: ADMIN_PASSWORD,
  env: { LOGIN_RATE_PER_MIN: '1000000' },
  startTimeoutMs: 60_000,
  stopTimeoutMs: 15_000,
};
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
  const product = await startServer({
    ...PRODUCT,
    port: productPort,
    logFile: path.join(tmp, 'product-pg.log'),
    databaseUrl,
  });
  cleanups.push(product.stop);
  log(`product on ${product.url} (first start, migrations + seed: ${product.startMs.toFixed(0)} ms)`);
  const { token, camId } = await signIn(product.url, encrypt);
  const headers = { authorization: `Bearer ${token}`, 'x-access-camid': String(camId) };

  log(`importing ${opts.teachers} teachers and ${opts.students} students through the import API`);
  const teacherImport = await importFile(product.url, headers, '/api/educate/teachers', buildTeacherCsv(opts.teachers), 'teachers.csv');
  // CPU time beside wall time: on a shared machine the wall time is mostly other people's work.
  const importDbPid = readPostmasterPid(pgDir);
  const importCpu0 = readCpuMs(product.pid);
  const importDb0 = importDbPid ? readChildrenCpuMs(importDbPid) : null;
  const studentImport = await importStudents(product.url, headers, opts.students);
  studentImport.serverCpuMs = Math.round((readCpuMs(product.pid) ?? importCpu0) - importCpu0);
  if (importDb0) studentImport.dbCpuMs = Math.round(diffChildrenCpuMs(importDb0, readChildrenCpuMs(importDbPid)));
  log(
    `students imported in ${(studentImport.totalMs / 1000).toFixed(1)} s (${studentImport.files} files: ${studentImport.fileMs.join(', ')} ms; cpu ${studentImport.serverCpuMs} ms server + ${studentImport.dbCpuMs ?? '?'} ms db)`,
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
    await db.query(
      `select count(*)::int as n from students where cam_id = $1 and (lower(student_no) like $2 or lower(name) like $2 or lower(phone) like $2)`,
      [camId, `%${opts.keyword.toLowerCase()}%`],
    )
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
  const baseline = await startServer({
    isBare: true,
    script: 'bench/baseline-server.mjs',
    port: baselinePort,
    logFile: path.join(tmp, 'baseline.log'),
    env: { DATABASE_URL: databaseUrl, HOST: '127.0.0.1' },
    startTimeoutMs: 60_000,
    stopTimeoutMs: 15_000,
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
    productPeakDuringImportMiB: readRssMiB(product.pid, 'VmHWM'),
    productAfterSeedMiB: readRssMiB(product.pid),
  };
  // A campus office does not import 100 000 students and then list them in the same second: let the
  // server hand back what the import grew (the import's peak is reported above) before the load starts.
  log('waiting for the product to hand back the memory of the import');
  results.rss.productSettledMiB = await waitRssSettled(product.pid);
  const dbPid = readPostmasterPid(pgDir);
  const targets = [
    { name: 'product', url: product.url, headers, pid: product.pid, dbPid },
    { name: 'baseline', url: baseline.url, headers, pid: baseline.pid, dbPid },
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
  const port = await findFreePort();
  const logFile = path.join(tmp, 'product-pglite.log');
  // As a newcomer's npm start: the demo seed on the first start.
  let product = await startServer({ ...PRODUCT, port, logFile, dataDir, seedDemo: true });
  const firstStartMs = product.startMs;
  const firstStartRssMiB = readRssMiB(product.pid);
  await product.stop();
  product = await startServer({ ...PRODUCT, port, logFile, dataDir, seedDemo: true });
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
  const rssAfterImportMiB = readRssMiB(product.pid);
  const figures = await runScenarios([{ name: 'product', url: product.url, headers, pid: product.pid }], scenarios, {
    ...opts,
    rounds: 1,
  });
  const rssAfterLoadMiB = await waitRssSettled(product.pid);
  await product.stop();
  // Restart on the data as it is now: 20 000 more students and the load's edits.
  product = await startServer({ ...PRODUCT, port, logFile, dataDir, seedDemo: true });
  cleanups.push(product.stop);
  const restartMs = product.startMs;
  if (!flag('skip-browser') && !flag('skip-lighthouse')) {
    log('Lighthouse on the heavy pages (demo data and the imported students), mobile and desktop presets');
    results.lighthouse = await measureLighthouse(product.url, { password: ADMIN_PASSWORD });
    log('Typing in the student list search box, CPU slowed 4x');
    results.listTyping = await measureListTyping(product.url, { password: ADMIN_PASSWORD });
  }
  results.pglite = {
    students: opts.pgliteStudents,
    import: { ...studentImport, totalMs: Math.round(studentImport.totalMs) },
    firstStartMs: Math.round(firstStartMs),
    secondStartMs: Math.round(restartMs),
    firstStartRssMiB,
    rssAfterImportMiB,
    rssAfterLoadMiB,
    rssPeakUnderLoadMiB: Math.max(...Object.values(figures).map((s) => s.product?.rssPeakMiB ?? 0)),
    scenarios: figures,
  };
  log(
    `PGlite: restart ${restartMs.toFixed(0)} ms; RSS first start ${firstStartRssMiB}, after import ${rssAfterImportMiB}, peak under load ${results.pglite.rssPeakUnderLoadMiB.toFixed(0)}, settled after ${rssAfterLoadMiB} MiB`,
  );
  await product.stop();
  cleanups.length = 0;
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
  if (!flag('skip-postgres')) await benchPostgres(results, encryptLoginPassword);
  if (only) {
    // A partial run: its lines above are the answer; the committed results stay those of a full run.
    log(`--only ${[...only].join(',')}: bench/results.* left as they were`);
    await cleanUp();
    return;
  }
  if (!flag('skip-pglite')) await benchPglite(results, encryptLoginPassword);
  if (!results.postgres) {
    // The embedded database alone: its figures are the answer; the committed results stay those of a full run.
    for (const b of [...(results.pglite ? evaluateEmbeddedBudgets(results.pglite) : []), ...evaluateLighthouseBudgets(results.lighthouse)])
      log(`${b.isMet ? 'met    ' : 'NOT MET'} ${b.what}: ${fmt(b.value, 1)} ${b.unit} (budget ${b.limit})`);
    await cleanUp();
    return;
  }
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
    execFileSync(process.execPath, [path.join(ROOT, 'bench/timetable.mjs'), ...(opts.quick ? ['--quick'] : [])], { stdio: 'inherit' });
  }
}

main().catch(async (err) => {
  console.error(err);
  console.error(`logs kept in ${tmp}`);
  await cleanUp();
  process.exit(1);
});
