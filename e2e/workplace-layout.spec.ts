import { waitForPageSettled } from './all-pages';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

for (const width of [1280, 1440]) {
  test(`at ${width} px the Workplace's cards side by side in one row are one height`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInFresh(page);
    await expect(page.getByText('今日课表')).toBeVisible();
    // Let the cards fill in (today's lessons, the ranking) before measuring.
    await waitForPageSettled(page);
    const uneven = await page.evaluate(() => {
      const rows = new Map<Element, { top: number; height: number; title: string }[]>();
      for (const col of document.querySelectorAll('main .arco-row > .arco-col')) {
        const only = col.children.length === 1 ? col.firstElementChild : null;
        if (!only?.classList.contains('arco-card') || !col.parentElement) continue;
        const r = only.getBoundingClientRect();
        const title = only.querySelector('.arco-card-header-title')?.textContent ?? '';
        const list = rows.get(col.parentElement) ?? [];
        list.push({ top: Math.round(r.top), height: Math.round(r.height), title });
        rows.set(col.parentElement, list);
      }
      return [...rows.values()]
        .map((cards) => cards.filter((c) => cards.some((o) => o !== c && o.top === c.top)))
        .filter((cards) => cards.length > 1 && new Set(cards.map((c) => c.height)).size > 1)
        .map((cards) => cards.map((c) => `${c.title} ${c.height}px`).join(' / '));
    });
    expect(uneven).toEqual([]);
  });
}
