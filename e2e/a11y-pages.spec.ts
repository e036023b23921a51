import { USER_CENTER_PATH } from '@campus/contract';
import type { Page } from '@playwright/test';
import { listConsolePages, waitForPageSettled, type ConsolePage } from './all-pages';
import { COLOUR_RULES, findSeriousViolations, type AxeFinding } from './axe';
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

/**
 * The sweep in parts (each its own test and time limit), by the route's first segment; the list
 * pages whose create form is a drawer are named, so a page that stops being checked is noticed.
 */
const PARTS: { name: string; matches: (pattern: string) => boolean; drawers: string[] }[] = [
  { name: 'dashboard and report', matches: (p) => /^\/(dashboard|report)\//.test(p), drawers: [] },
  {
    name: 'educate',
    matches: (p) => p.startsWith('/educate/'),
    drawers: ['Student', 'Teacher', 'Manager', 'Room', 'Term', 'SchoolClass'],
  },
  { name: 'system', matches: (p) => p.startsWith('/system/'), drawers: ['User', 'Role', 'Menu', 'Perm', 'Dept', 'Notice'] },
  { name: 'user center and not-found', matches: (p) => p === USER_CENTER_PATH || p === '*', drawers: [] },
];

// The dark theme is the same markup in other colours: its sweep runs the colour rules, the light one every rule.
for (const theme of ['light', 'dark'] as const) {
  const rules = theme === 'dark' ? COLOUR_RULES : undefined;
  const label = theme === 'dark' ? 'dark, colour rules' : theme;
  for (const part of PARTS) {
    test(`${part.name}: every page, and every list's create drawer, has no serious or critical axe violations (${label})`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
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
      const targets = (await listEveryPage(page)).filter((p) => part.matches(p.pattern));
      expect(targets.length, part.name).toBeGreaterThan(0);
      for (const target of targets) {
        await page.goto(target.url);
        await waitForPageSettled(page);
        if (theme === 'dark') await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
        const found = await findSeriousViolations(page, { rules });
        if (found.length) report[target.name] = summarise(found);
        if (target.pattern.includes(':') || !(await openCreateDrawer(page, target.url))) continue;
        drawers.push(target.name);
        const inDrawer = await findSeriousViolations(page, { rules });
        if (inDrawer.length) report[`${target.name} (create drawer)`] = summarise(inDrawer);
      }
      expect(report).toEqual({});
      expect(drawers).toEqual(part.drawers);
    });
  }
}
