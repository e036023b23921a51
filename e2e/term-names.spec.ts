import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

/** "第一学期" repeats every year: wherever a term is named, its school year comes with it. */
const TERM = /^\d{4}-\d{4} 第[一二三四]学期/;

test('terms are named with their school year in lists, pickers and page headings', async ({ page }) => {
  await signInFresh(page);

  await page.goto('/educate/course');
  const termCells = page.locator('.list-card .arco-table tbody tr td').nth(3);
  await expect(termCells).toHaveText(TERM);
  await page.getByRole('combobox', { name: '学期' }).click();
  const options = await page.locator('.arco-select-popup:visible .arco-select-option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  for (const option of options) expect(option).toMatch(TERM);
  await page.keyboard.press('Escape');

  await page.locator('.list-card .arco-table tbody tr').first().getByRole('button', { name: '排课' }).click();
  await expect(page.locator('main .arco-tag', { hasText: '周' }).first()).toHaveText(/^\d{4}-\d{4} 第.学期 · 共 \d+ 周$/);

  await page.goto('/report/summary');
  const picker = page.getByRole('combobox', { name: '学期' });
  await expect(picker).toHaveText(/\d{4}-\d{4} 第.学期（当前）/);

  // The picker is searchable: typing the current term's name leaves only the terms that contain it.
  const current = ((await picker.innerText()).match(/\d{4}-\d{4} 第.学期/) ?? [''])[0];
  await picker.click();
  const shown = page.locator('.arco-select-popup:visible .arco-select-option');
  await expect(shown.first()).toBeVisible();
  const before = await shown.count();
  expect(before, 'the demo has more than one term').toBeGreaterThan(1);
  await page.keyboard.type(current);
  await expect(shown.filter({ hasNotText: current })).toHaveCount(0);
  await expect(shown.filter({ hasText: current }).first()).toBeVisible();
  expect(await shown.count()).toBeLessThan(before);
  await page.keyboard.press('Escape');
});
