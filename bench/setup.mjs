// Setup of a benchmark run: its options, the build, and the HTTP calls that
// sign in, seed through the import API and touch the data between runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildStudentCsv } from './bench-data.mjs';
import { ROOT } from './bench-procs.mjs';

// ---- options ------------------------------------------------------------------

const argv = process.argv.slice(2);
export const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : fallback;
};
const isQuick = flag('quick');
const onlyAt = argv.indexOf('--only');
/** Scenario keys to run (default: all). */
export const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? '').split(',')) : null;
export const opts = {
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
/** The product's per-file import limit (resources/io-files.ts); 100 000 students are five files. */
export const IMPORT_FILE_ROWS = 20_000;
export const ADMIN_PASSWORD = 'Bench-Admin-Pass-2026';

export const began = Date.now();
export const log = (...a) => console.log(`[bench ${((Date.now() - began) / 1000).toFixed(0).padStart(4)}s]`, ...a);

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

export function ensureBuilt() {
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

export async function callJson(base, pathName, { method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(base + pathName, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

export async function signIn(base, encrypt) {
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
export async function createTouch(base, headers, id) {
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

export async function importFile(base, headers, route, csv, name) {
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
export async function importStudents(base, headers, count) {
  const files = [];
  for (let from = 0; from < count; from += IMPORT_FILE_ROWS) {
    const csv = buildStudentCsv(from, Math.min(count, from + IMPORT_FILE_ROWS), count);
    files.push(await importFile(base, headers, '/api/educate/students', csv, `students-${from}.csv`));
  }
  const created = files.reduce((s, f) => s + f.created, 0);
  if (created !== count) throw new Error(`import created ${created} students, expected ${count}`);
  return { rows: count, files: files.length, totalMs: files.reduce((s, f) => s + f.ms, 0), fileMs: files.map((f) => Math.round(f.ms)) };
}
