/* global window, document, MutationObserver -- the functions given to addInitScript and evaluate run in the page */
// Login page load in Chromium: each sample a fresh browser context (empty
// cache), the navigation's load event measured by the page itself.
import { execFileSync } from 'node:child_process';

export function findChromium() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  return null;
}

/** Chromium on this machine: without the networking flags it floods a closed network (docs/stack.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Load-event, form and first-paint times (ms from navigation start) of `samples` cold loads of `url`, after one discarded warm-up. */
export async function measurePageLoad(url, samples) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium: set CHROME_PATH or apt-get install chromium' };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const once = async () => {
      const context = await browser.newContext();
      try {
        // When the login form is first in the document: React renders it in a task after the load event.
        await context.addInitScript(() => {
          new MutationObserver((_, observer) => {
            if (!document.querySelector('input[name="username"]')) return;
            window.__formMs = performance.now();
            observer.disconnect();
          }).observe(document, { subtree: true, childList: true });
        });
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'load' });
        await page.locator('input[name="username"]').waitFor();
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        return await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0];
          const js = performance
            .getEntriesByType('resource')
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
            .reduce((sum, r) => sum + (r.transferSize || 0), 0);
          return {
            loadMs: nav.loadEventStart,
            domContentLoadedMs: nav.domContentLoadedEventStart,
            formMs: window.__formMs ?? null,
            firstContentfulPaintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            jsTransferBytes: js,
          };
        });
      } finally {
        await context.close();
      }
    };
    const warmUp = await once();
    const runs = [];
    for (let i = 0; i < samples; i++) runs.push(await once());
    return { warmUp, runs };
  } finally {
    await browser.close();
  }
}
