import type { Page } from '@playwright/test';
import { StorageKey } from '@campus/contract';
import { listConsolePages, waitForPageSettled } from './all-pages';
import { callApi } from './educate-api';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

interface HiddenCell {
  table: number;
  row: number;
  column: string;
  text: string;
  why: string;
}

/**
 * Cells whose content does not fit their own cell (it spills under the next
 * column or under a sticky one), or that a sticky column covers with the table
 * scrolled as far as it goes. Each table is scrolled to its start and its end.
 */
async function findHiddenCells(page: Page, ends: readonly ('start' | 'end')[] = ['start', 'end']): Promise<HiddenCell[]> {
  return page.evaluate(async (ends) => {
    const problems: HiddenCell[] = [];
    const tables = [...document.querySelectorAll<HTMLElement>('main .arco-table')].filter((t) => t.offsetParent !== null);
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    /** The extent of everything drawn in a cell: each text run and each descendant box, however deep. */
    const measureContent = (cell: HTMLElement) => {
      let left = Infinity;
      let right = -Infinity;
      const add = (r: DOMRect) => {
        if (r.width === 0 && r.height === 0) return;
        left = Math.min(left, r.left);
        right = Math.max(right, r.right);
      };
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Text) {
          if (!node.data.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          add(range.getBoundingClientRect());
        } else if (node instanceof HTMLElement || node instanceof SVGElement) add(node.getBoundingClientRect());
      }
      return { left, right, width: right - left };
    };
    const WORD = /^(?:[A-Za-z0-9@._+-]+|[\u4e00-\u9fff]{2,5})$/;
    const findBrokenWord = (cell: HTMLElement): string | null => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const word = (node as Text).data.trim();
        if (!WORD.test(word)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) return word;
      }
      return null;
    };
    for (const [ti, table] of tables.entries()) {
      const scroller = table.querySelector<HTMLElement>('.arco-table-content-inner, .arco-table-body');
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const isScrollable =
        scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1 && getComputedStyle(scroller).overflowX !== 'hidden';
      for (const end of ends) {
        if (scroller) scroller.scrollLeft = end === 'start' ? 0 : scroller.scrollWidth;
        await frame();
        for (const [ri, row] of [...table.querySelectorAll('thead tr, tbody tr')].entries()) {
          const cells = [...row.querySelectorAll<HTMLTableCellElement>(':scope > td, :scope > th')];
          const stickyRight = cells.filter((c) => c.classList.contains('arco-table-col-fixed-right'));
          const stickyLeft = cells.filter((c) => c.classList.contains('arco-table-col-fixed-left'));
          const coverFrom = Math.min(...stickyRight.map((c) => c.getBoundingClientRect().left), Infinity);
          const coverTo = Math.max(...stickyLeft.map((c) => c.getBoundingClientRect().right), -Infinity);
          for (const [ci, cell] of cells.entries()) {
            if (cell.colSpan > 1 || !cell.textContent?.trim()) continue;
            const box = cell.getBoundingClientRect();
            const content = measureContent(cell);
            const column = headers[ci] ?? `#${ci}`;
            const text = cell.textContent.trim().slice(0, 40);
            if (content.right > box.right + 1 || content.left < box.left - 1)
              problems.push({
                table: ti,
                row: ri,
                column,
                text,
                why: `content ${Math.round(content.width)} px in a ${Math.round(box.width)} px cell`,
              });
            // A number, code, e-mail or short name is never broken across lines ("DC2026042 / 0", "欧阳薇 / 艳").
            const broken = findBrokenWord(cell);
            if (broken) problems.push({ table: ti, row: ri, column, text, why: `"${broken}" broken across lines` });
            const isSticky = stickyRight.includes(cell) || stickyLeft.includes(cell);
            // A sticky column covers nothing a user cannot reach: at rest only a table that scrolls sideways
            // (its edge shadow says there is more) may pass under it, and scrolled to its end nothing does.
            const mayPassUnder = end === 'start' && isScrollable;
            if (!isSticky && !mayPassUnder && content.right > coverFrom + 1 && content.left >= coverTo - 1)
              problems.push({ table: ti, row: ri, column, text, why: `under the sticky right column (scrolled to the ${end})` });
          }
        }
      }
      if (scroller) scroller.scrollLeft = 0;
    }
    return problems;
  }, ends);
}

// English labels are longer ("Courses", "Delete"): the narrow window is checked in both languages.
const LAYOUTS = [
  { width: 1280, locale: 'zh-CN' },
  { width: 1280, locale: 'en-US' },
  { width: 1440, locale: 'zh-CN' },
] as const;

for (const { width, locale } of LAYOUTS) {
  test(`at ${width} px in ${locale} no page is wider than the window and no table cell is hidden`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [StorageKey.locale, locale] as const);
    await signInFresh(page);
    // One logged change, so the operation log has a row to lay out.
    await callApi(page, 'POST', '/system/depts', { name: `版面检查 ${width} ${locale}`, sort: 99 });
    const report: Record<string, unknown> = {};
    for (const target of await listConsolePages(page)) {
      await page.goto(target.url);
      await waitForPageSettled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      const hidden = await findHiddenCells(page);
      // A row's actions share one line: rows stay one line high ("编辑 / 课程" stacked beside "删除" did not).
      const stackedActions = await page.evaluate(
        () =>
          [...document.querySelectorAll('.list-row-actions')].filter(
            (el) => new Set([...el.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().top))).size > 1,
          ).length,
      );
      if (overflow > 0 || hidden.length > 0 || stackedActions > 0)
        report[target.name] = {
          overflow,
          stackedActions,
          hidden: [...new Set(hidden.map((h) => `${h.column}: ${h.why} (${h.text})`))].slice(0, 8),
        };
    }
    expect(report).toEqual({});
  });
}

test('a table whose columns do not fit scrolls sideways, and scrolled to its end hides nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFresh(page);
  await page.goto('/educate/student');
  await expect(page.locator('.list-card .arco-table tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: '列设置' }).click();
  const chooser = page.locator('.list-column-chooser');
  for (const column of ['出生日期', '邮箱', '监护人电话', '入学日期']) await chooser.getByText(column, { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('.list-card .arco-table thead th').filter({ hasText: '入学日期' })).toHaveCount(1);
  const scroller = page.locator('.list-card .arco-table-content-inner');
  const sizes = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
  }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  expect(sizes.overflowX).toBe('auto');
  expect(await findHiddenCells(page, ['end'])).toEqual([]);
});
