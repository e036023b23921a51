import {
  COURSE_STATUSES,
  DEFAULT_MENUS,
  FIELD_LABELS,
  GENDERS,
  PERMISSIONS,
  RouteName,
  STAFF_STATUSES,
  STUDENT_STATUSES,
  USER_STATUSES,
  courseSchema,
  deptSchema,
  managerSchema,
  menuSchema,
  noticeSchema,
  permSchema,
  roleSchema,
  roomSchema,
  studentSchema,
  teacherSchema,
  termSchema,
  userSchema,
} from '@campus/contract';
import type { Page } from '@playwright/test';
import { dashboardZhCN } from '../apps/web/src/locale/dashboard-zh-cn';
import { listZhCN } from '../apps/web/src/locale/list-zh-cn';
import { reportZhCN } from '../apps/web/src/locale/report-zh-cn';
import { scheduleZhCN } from '../apps/web/src/locale/schedule-zh-cn';
import { systemZhCN } from '../apps/web/src/locale/system-zh-cn';
import { zhCN } from '../apps/web/src/locale/zh-cn';
import { PAGE_ROUTES, listConsolePages, waitForPageSettled } from './all-pages';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

function collectPaths(items: typeof DEFAULT_MENUS): string[] {
  return items.flatMap((m) => [m.path, ...collectPaths(m.children ?? [])]);
}

const schemaKeys = [
  studentSchema,
  teacherSchema,
  managerSchema,
  roomSchema,
  termSchema,
  courseSchema,
  userSchema,
  roleSchema,
  menuSchema,
  permSchema,
  deptSchema,
  noticeSchema,
].flatMap((s) => Object.keys(s.shape));

/**
 * What must never reach a zh-CN reader as text: the catalogue's perm codes,
 * route names and patterns, the contract's field keys (camelCase ones:
 * `studentNo`; plain words like `name` are left to the locale check), enum
 * codes, and locale keys that failed to translate.
 */
const RAW_CODES = {
  whole: [
    ...Object.values(RouteName).filter((n) => n.length > 1),
    ...new Set([...schemaKeys, ...Object.values(FIELD_LABELS).flatMap((f) => Object.keys(f))].filter((k) => /[a-z][A-Z]/.test(k))),
    ...GENDERS,
    ...STUDENT_STATUSES,
    ...STAFF_STATUSES,
    ...COURSE_STATUSES,
    ...USER_STATUSES,
  ],
  /** Route paths of the web app, not the API's (`/api/educate/students` in a logged request is another thing). */
  paths: collectPaths(DEFAULT_MENUS).filter((p) => p.split('/').length > 2),
  anywhere: [
    ...PERMISSIONS.map((p) => p.code).filter((c) => c !== '*'),
    ...Object.keys({ ...zhCN, ...listZhCN, ...systemZhCN, ...scheduleZhCN, ...dashboardZhCN, ...reportZhCN }),
  ],
};

/**
 * The text a reader sees: visible text nodes and placeholders, less what the
 * page shows on purpose as an identifier (inside <code>: a perm's code on the
 * permission page, a menu's route on the menu page).
 */
async function readVisibleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || !text || parent.closest('code, script, style, noscript')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]'))
      if (el.checkVisibility()) out.push(el.placeholder);
    return out;
  });
}

/** Chinese text and its punctuation: a code word next to it is a code shown to a Chinese reader. */
const CJK = '[\\u3000-\\u303f\\u4e00-\\u9fff\\uff00-\\uffef]';

function findRawCodes(texts: readonly string[]): string[] {
  const hits = new Set<string>();
  for (const text of texts) {
    if (text === '*') hits.add(`${text} (the all-perms code)`);
    for (const code of RAW_CODES.anywhere) if (text.includes(code)) hits.add(`${code} in "${text.slice(0, 60)}"`);
    for (const path of RAW_CODES.paths)
      if (new RegExp(`(^|[^\\w/-])${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text))
        hits.add(`${path} in "${text.slice(0, 60)}"`);
    // A code word standing alone ("Student", "male") or set in Chinese ("高亮 Course", "性别：male");
    // English prose of the data ("Notice Reader", a user's name) is left alone.
    for (const code of RAW_CODES.whole)
      if (new RegExp(`(^|${CJK})\\s*${code}\\s*($|${CJK})`).test(text)) hits.add(`${code} in "${text.slice(0, 60)}"`);
  }
  return [...hits];
}

test('no page shows a raw code, route, field key or untranslated key in zh-CN', async ({ page }) => {
  test.setTimeout(180_000);
  await signInFresh(page);
  const found: Record<string, string[]> = {};
  for (const target of await listConsolePages(page)) {
    await page.goto(target.url);
    await waitForPageSettled(page);
    const hits = findRawCodes(await readVisibleText(page));
    if (hits.length > 0) found[target.name] = hits;
  }
  // The user center (profile and security), opened from the account menu.
  await page.getByRole('button', { name: /账号菜单/ }).click();
  await page.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible();
  await waitForPageSettled(page);
  const hits = findRawCodes(await readVisibleText(page));
  if (hits.length > 0) found.userCenter = hits;
  expect(found).toEqual({});
  expect(PAGE_ROUTES.length).toBeGreaterThan(20);
});

test('the role permission page names its groups as the menu names its areas, in the menu order', async ({ page }) => {
  await signInFresh(page);
  await page.goto('/system/role');
  await page
    .locator('.arco-table tbody tr')
    .first()
    .getByRole('link', { name: /分配权限/ })
    .click();
  await expect(page.locator('.perm-group-title').first()).toBeVisible();
  const titles = await page.locator('.perm-group-title').allTextContents();
  const menuTitles = await page.getByRole('navigation', { name: '主菜单' }).locator('.arco-menu-inline-header').allTextContents();
  expect(titles).toEqual(menuTitles.map((s) => s.trim()));
});
