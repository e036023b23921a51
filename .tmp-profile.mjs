// Throwaway: CPU profile of one cold page load at 4x CPU slowdown, self time by source file (source maps).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium } from '@playwright/test';
import sourceMap from 'source-map';
import { startServer } from './tests/support/server-process.mjs';
import { findFreePort, SERVER_NODE_FLAGS } from './bench/bench-procs.mjs';
import { CHROMIUM_ARGS, findChromium } from './bench/page-load.mjs';

const pages = process.argv.slice(2);
const password = 'Prof-Admin-Pass-2026';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-prof-'));
const server = await startServer({ port: await findFreePort(), dataDir: path.join(dataDir, 'data'), seedDemo: true, adminPassword: password, nodeFlags: SERVER_NODE_FLAGS, startTimeoutMs: 60000 });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'zh-CN' });
const page = await ctx.newPage();
await page.goto(`${server.url}/login`);
await page.locator('input[name="username"]').fill('admin');
await page.locator('input[name="password"]').fill(password);
await page.locator('input[name="password"]').press('Enter');
await page.waitForURL(/workplace/);
await page.waitForTimeout(2000);
const consumers = new Map();
async function mapPos(url, line, col) {
  const m = url.match(/\/assets\/([^?]+\.js)$/);
  if (!m) return url || '(native)';
  const file = path.join('apps/web/dist/assets', m[1]);
  if (!consumers.has(file)) {
    const map = file + '.map';
    consumers.set(file, fs.existsSync(map) ? await new sourceMap.SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null);
  }
  const c = consumers.get(file);
  if (!c) return m[1];
  const p = c.originalPositionFor({ line: line + 1, column: col });
  return `${(p.source ?? m[1]).replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${p.name ?? ''}`;
}
for (const target of pages) {
  const cdp = await ctx.newCDPSession(page);
  await page.goto(`${server.url}/login`); // leave the page
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${server.url}${target}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dts = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dts[i + 1] ?? 0));
  const byFile = new Map();
  const byFn = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') { byFile.set(cf.functionName, (byFile.get(cf.functionName) ?? 0) + us); continue; }
    const key = cf.url ? await mapPos(cf.url, cf.lineNumber, cf.columnNumber) : cf.functionName;
    const file = key.split(':')[0].replace(/\/[^/]*$/, '');
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    byFn.set(key, (byFn.get(key) ?? 0) + us);
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${Math.round(v / 1000)} ms ${k}`).join('\n');
  console.log(`\n== ${target} (${Date.now() - t0} ms wall)\n-- by folder\n${top(byFile, 18)}\n-- by function\n${top(byFn, 30)}`);
}
await browser.close();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
