import { mkdirSync } from 'node:fs';
import { StorageKey } from '@campus/contract';
import { listConsolePages, waitForPageSettled } from './all-pages';
import { ARTIFACTS_DIR } from './env';
import { expect, signInFresh, test } from './fixtures';

/**
 * Not a check: a picture of every page at two widths in both themes, for a
 * person to look at (`npm run screenshots`, PNGs under e2e/.artifacts/screens).
 */
/** `SCREENSHOT_WIDTHS=390,768`: other widths (a phone, a tablet). */
const WIDTHS = process.env.SCREENSHOT_WIDTHS?.split(',')
  .map(Number)
  .filter((w) => w > 0) ?? [1280, 1440];
const THEMES = ['light', 'dark'] as const;
const OUT_DIR = `${ARTIFACTS_DIR}/screens`;
/** `SCREENSHOT_PAGES=Summary,Menu npm run screenshots`: only these route names. */
const ONLY = process.env.SCREENSHOT_PAGES?.split(',').filter(Boolean) ?? [];
/** `SCREENSHOT_LOCALE=en-US`: the other language (file names end in -en-US). */
const LOCALE = process.env.SCREENSHOT_LOCALE ?? 'zh-CN';
const SUFFIX = LOCALE === 'zh-CN' ? '' : `-${LOCALE}`;

for (const theme of THEMES) {
  test(`every page at ${WIDTHS.join(' and ')} px, ${theme} theme`, async ({ page }) => {
    test.setTimeout(300_000);
    mkdirSync(OUT_DIR, { recursive: true });
    await page.addInitScript((value) => localStorage.setItem('sch-theme', value), theme);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [StorageKey.locale, LOCALE] as const);
    await signInFresh(page);
    const pages = (await listConsolePages(page)).filter((p) => ONLY.length === 0 || ONLY.includes(p.name));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const target of pages) {
        await page.goto(target.url);
        await expect(page).toHaveURL(new RegExp(`${target.url}$`));
        await waitForPageSettled(page);
        await page.screenshot({ path: `${OUT_DIR}/${target.name}-${width}-${theme}${SUFFIX}.png`, fullPage: true });
      }
    }
  });
}
