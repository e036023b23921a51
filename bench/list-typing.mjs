/* global window -- the functions given to evaluate run in the page */
// Typing in a list page's search box on a slow CPU (issue 22): how long each key waits for the screen.
// Chromium's Event Timing (the measure behind Interaction to Next Paint) on the student list, the CPU
// slowed 4× (Lighthouse's mobile preset uses the same factor), eight keys a third of a second apart.
//
//   node bench/list-typing.mjs --url http://127.0.0.1:3000 --password ...
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from './page-load.mjs';

const KEYS = 'zhangsan';

/** Event durations (input to next paint, ms) of the keys typed, and the slowest. */
export async function measureListTyping(base, { username = 'admin', password, path: pagePath = '/educate/student' }) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium: set CHROME_PATH or apt-get install chromium' };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL(/\/dashboard\/workplace$/);
    await page.goto(`${base}${pagePath}`);
    await page.locator('tbody tr').nth(5).waitFor();
    await page.waitForTimeout(1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      window.__keyEvents = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'keydown' || e.name === 'keyup') window.__keyEvents.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16 });
    });
    await page.getByRole('search').getByRole('textbox').first().click();
    for (const key of KEYS) {
      await page.keyboard.type(key);
      await page.waitForTimeout(330);
    }
    await page.waitForTimeout(500);
    const reported = await page.evaluate(() => window.__keyEvents);
    // A key down and up each; the browser leaves out events under 16 ms, counted here as 16.
    const missing = Math.max(0, 2 * KEYS.length - reported.length);
    const durations = [...Array(missing).fill(16), ...reported].sort((a, b) => a - b);
    return {
      path: pagePath,
      keys: KEYS.length,
      medianMs: durations[Math.floor(durations.length / 2)],
      maxMs: durations.at(-1),
    };
  } finally {
    await browser.close();
  }
}

export function renderListTyping(result) {
  if (!result) return [];
  if (result.skipped) return ['', `Typing in a list's search box: skipped (${result.skipped}).`];
  return [
    '',
    `Typing in the search box of ${result.path}, CPU slowed 4×, ${result.keys} keys: key to next paint median ${result.medianMs} ms, slowest ${result.maxMs} ms.`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  const arg = (name) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const result = await measureListTyping(arg('url') ?? 'http://127.0.0.1:3000', { password: arg('password') ?? 'Bench-Admin-Pass-2026' });
  console.log(renderListTyping(result).join('\n'));
}
