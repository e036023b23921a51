import { USER_CENTER_PATH } from '@campus/contract';
import type { Page } from '@playwright/test';
import { listConsolePages, waitForPageSettled, type ConsolePage } from './all-pages';
import { findSeriousViolations, type AxeFinding } from './axe';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

/** Every page of the route table: the menu's leaves (records opened for an `:id`), the user center and not-found. */
async function listEveryPage(page: Page): Promise<ConsolePage[]> {
  return [
    ...(await listConsolePages(page)),
    { name: 'UserCenter', pattern: USER_CENTER_PATH, url: USER_CENTER_PATH },
    { name: 'NotFound', pattern: '*', url: '/no-such-page' },
  ];
}

/**
 * The list page's create drawer, opened; false when the page has no toolbar
 * create button or its create form is a page of its own (swept as a route).
 */
async function openCreateDrawer(page: Page, listUrl: string): Promise<boolean> {
  const create = page.locator('.list-toolbar .arco-btn-primary').first();
  if ((await create.count()) === 0) return false;
  await create.click();
  const drawer = page.locator('.arco-drawer:visible');
  await expect.poll(async () => (await drawer.count()) > 0 || new URL(page.url()).pathname !== listUrl).toBe(true);
  if (new URL(page.url()).pathname !== listUrl) return false;
  await expect(drawer.locator('form')).toBeVisible();
  await waitForPageSettled(page);
  return true;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every page of the route table, and every list's create drawer, has no serious or critical axe violations (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await signInFresh(page);
    if (theme === 'dark') {
      await page.getByRole('button', { name: '切换为暗色主题' }).click();
      await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    }
    const report: Record<string, string[]> = {};
    // One line per rule (how many nodes, the first two), so a failure reads at a glance.
    const summarise = (found: AxeFinding[]) =>
      found.map((f) => `${f.id} (${f.impact}) ×${f.nodes.length}${f.detail ? ` [${f.detail}]` : ''}: ${f.nodes.slice(0, 2).join(' | ')}`);
    const drawers: string[] = [];
    for (const target of await listEveryPage(page)) {
      await page.goto(target.url);
      await waitForPageSettled(page);
      if (theme === 'dark') await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
      const found = await findSeriousViolations(page);
      if (found.length) report[target.name] = summarise(found);
      if (target.pattern.includes(':') || !(await openCreateDrawer(page, target.url))) continue;
      drawers.push(target.name);
      const inDrawer = await findSeriousViolations(page);
      if (inDrawer.length) report[`${target.name} (create drawer)`] = summarise(inDrawer);
    }
    expect(report).toEqual({});
    // The list pages whose create form is a drawer, so a page that stops being checked is noticed.
    expect(drawers).toEqual([
      'Student',
      'Teacher',
      'Manager',
      'Room',
      'Term',
      'SchoolClass',
      'User',
      'Role',
      'Menu',
      'Perm',
      'Dept',
      'Notice',
    ]);
  });
}
