// Lighthouse on the heavy pages (issue 22): login, Workplace, student list,
// a course's schedule and the report summary, with Lighthouse's mobile preset
// (the default: Moto G-class CPU and slow 4G, simulated) and its desktop preset.
// Signed in once through the login form in a browser profile that Lighthouse
// then drives (storage kept between runs); each page a cold load.
//
//   npm run bench:lighthouse                 starts a server with the demo data on a scratch folder
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000 --password ...   an instance already running
//   ... -- --only workplace,students   some pages;  --save DIR   also writes each page's whole report there
//   ... -- --preset mobile   one preset (the table then shows only its columns)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tests/support/server-process.mjs';
import { findFreePort, SERVER_NODE_FLAGS } from './bench-procs.mjs';
import { CHROMIUM_ARGS, findChromium } from './page-load.mjs';

/** Which page, and whether it needs a signed-in session. */
function pagesOf(courseId) {
  return [
    { key: 'login', title: 'Login', path: '/login', isSignedIn: false },
    { key: 'workplace', title: 'Workplace', path: '/dashboard/workplace', isSignedIn: true },
    { key: 'students', title: 'Student list', path: '/educate/student', isSignedIn: true },
    ...(courseId ? [{ key: 'schedule', title: 'Course schedule', path: `/educate/course/${courseId}/schedule`, isSignedIn: true }] : []),
    { key: 'report', title: 'Report summary', path: '/report/summary', isSignedIn: true },
  ];
}

export const LIGHTHOUSE_BUDGETS = { performance: 90, accessibility: 100, totalBlockingTimeMs: 200 };

async function firstCourseId(base, username, password) {
  const { encryptLoginPassword } = await import('../packages/contract/dist/login-crypto.js');
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: encryptLoginPassword(password) }),
  }).then((r) => r.json());
  const camId = login.extra?.campusList?.[0]?.cam_id;
  const courses = await fetch(`${base}/api/educate/courses?page=1&pageSize=1`, {
    headers: { authorization: `Bearer ${login.data}`, 'x-access-camid': String(camId) },
  }).then((r) => r.json());
  return courses.data?.list?.[0]?.id;
}

/** Lighthouse's performance and accessibility of each page under both presets; failing accessibility audits named. */
export async function measureLighthouse(
  base,
  { username = 'admin', password, saveDir = null, only = null, presets = ['mobile', 'desktop'] },
) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium: set CHROME_PATH or apt-get install chromium' };
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { chromium } = await import('@playwright/test');
  const port = await findFreePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const pages = pagesOf(await firstCourseId(base, username, password)).filter((p) => !only || only.includes(p.key));
  const results = {};
  try {
    const run = async (page, preset) => {
      const flags = {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: page.isSignedIn,
      };
      const { lhr } = await lighthouse(`${base}${page.path}`, flags, preset === 'desktop' ? desktopConfig : undefined);
      // The whole report (diagnostics: long tasks, main-thread work, bootup time) for a closer look.
      if (saveDir) {
        fs.mkdirSync(saveDir, { recursive: true });
        fs.writeFileSync(path.join(saveDir, `${page.key}-${preset}.json`), JSON.stringify(lhr));
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? null;
      const failing = lhr.categories.accessibility.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => a.id);
      return {
        finalUrl: lhr.finalDisplayedUrl,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
        largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')),
        mainThreadWorkMs: Math.round(audit('mainthread-work-breakdown')),
        domSize: audit('dom-size'),
        failingAccessibility: failing,
        runtimeError: lhr.runtimeError?.message ?? null,
      };
    };
    // Signed out first: the login page as a newcomer sees it.
    const runPresets = async (page) => {
      const r = { title: page.title };
      for (const preset of presets) r[preset] = await run(page, preset);
      return r;
    };
    for (const page of pages.filter((p) => !p.isSignedIn)) results[page.key] = await runPresets(page);
    const tab = await context.newPage();
    await tab.goto(`${base}/login`);
    await tab.locator('input[name="username"]').fill(username);
    await tab.locator('input[name="password"]').fill(password);
    await tab.locator('input[name="password"]').press('Enter');
    await tab.waitForURL(/\/dashboard\/workplace$/);
    await tab.close();
    for (const page of pages.filter((p) => p.isSignedIn)) results[page.key] = await runPresets(page);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/** The budgets of issue 22 over a measureLighthouse result (mobile preset). */
export function evaluateLighthouseBudgets(results) {
  if (!results || results.skipped) return [];
  const budgets = [];
  for (const r of Object.values(results)) {
    const m = r.mobile;
    if (!m) continue;
    budgets.push({
      what: `Lighthouse mobile, ${r.title}: performance`,
      limit: `≥ ${LIGHTHOUSE_BUDGETS.performance}`,
      value: m.performance,
      unit: '',
      isMet: m.performance >= LIGHTHOUSE_BUDGETS.performance,
    });
    budgets.push({
      what: `Lighthouse mobile, ${r.title}: accessibility${m.failingAccessibility.length ? ` (${m.failingAccessibility.join(', ')})` : ''}`,
      limit: '100',
      value: m.accessibility,
      unit: '',
      isMet: m.accessibility >= LIGHTHOUSE_BUDGETS.accessibility,
    });
    budgets.push({
      what: `Lighthouse mobile, ${r.title}: total blocking time`,
      limit: `≤ ${LIGHTHOUSE_BUDGETS.totalBlockingTimeMs} ms`,
      value: m.totalBlockingTimeMs,
      unit: 'ms',
      isMet: m.totalBlockingTimeMs <= LIGHTHOUSE_BUDGETS.totalBlockingTimeMs,
    });
  }
  return budgets;
}

export function renderLighthouse(results) {
  if (!results) return [];
  if (results.skipped) return ['', `Lighthouse: skipped (${results.skipped}).`];
  const lines = [
    '',
    '## Lighthouse (cold load; mobile preset: simulated mid-range phone and slow 4G; desktop preset)',
    '',
    '| Page | Mobile perf | Mobile a11y | Mobile TBT ms | Mobile LCP ms | Desktop perf | Desktop a11y | Desktop TBT ms | DOM nodes |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of Object.values(results)) {
    // A preset not run (--preset) shows as dashes.
    const none = { performance: '–', accessibility: '–', totalBlockingTimeMs: '–', largestContentfulPaintMs: '–', domSize: null };
    const { mobile: m = none, desktop: d = none } = r;
    lines.push(
      `| ${r.title} | ${m.performance} | ${m.accessibility} | ${m.totalBlockingTimeMs} | ${m.largestContentfulPaintMs} | ${d.performance} | ${d.accessibility} | ${d.totalBlockingTimeMs} | ${m.domSize ?? ''} |`,
    );
  }
  return lines;
}

// Standalone: npm run bench:lighthouse
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  const arg = (name) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const password = arg('password') ?? 'Bench-Admin-Pass-2026';
  let server;
  let base = arg('url');
  const dataDir = base ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'cc-lighthouse-data-'));
  try {
    if (!base) {
      server = await startServer({
        port: await findFreePort(),
        dataDir: path.join(dataDir, 'data'),
        seedDemo: true,
        adminPassword: password,
        nodeFlags: SERVER_NODE_FLAGS,
        startTimeoutMs: 60_000,
      });
      base = server.url;
    }
    const results = await measureLighthouse(base, {
      password,
      saveDir: arg('save') ?? null,
      only: arg('only')?.split(',') ?? null,
      presets: arg('preset') ? [arg('preset')] : undefined,
    });
    console.log(renderLighthouse(results).join('\n'));
    for (const b of evaluateLighthouseBudgets(results))
      console.log(`${b.isMet ? 'met    ' : 'NOT MET'} ${b.what}: ${b.value} ${b.unit} (budget ${b.limit})`);
  } finally {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
