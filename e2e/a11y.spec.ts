import { createRole, createUserWithRoles, signInAdminApi } from './admin-api';
import { listConsolePages, waitForPageSettled } from './all-pages';
import { findSeriousViolations } from './axe';
import { PENDING_SERVICES, expect, signIn, signInFresh, test } from './fixtures';
import { totpCode } from './totp';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

test('login has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(await findSeriousViolations(page)).toEqual([]);
});

test('Workplace has no serious or critical axe violations, light and dark', async ({ page }) => {
  await signInFresh(page);
  await expect(page.getByRole('heading', { level: 1, name: /欢迎回来/ })).toBeVisible();
  expect(await findSeriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '切换为暗色主题' }).click();
  await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
  expect(await findSeriousViolations(page)).toEqual([]);
});

// Issue 22: the heavy pages Lighthouse measures, light theme. Contrast of muted text, red text
// buttons and light tags; the table's select-all box, page jump and page-size box; scrolling regions.
test('student list, course schedule and report summary have no serious or critical axe violations', async ({ page }) => {
  await signInFresh(page);
  const pages = await listConsolePages(page);
  for (const name of ['Student', 'CourseSchedule', 'Summary']) {
    const target = pages.find((p) => p.name === name);
    expect(target, name).toBeTruthy();
    if (!target) continue;
    await page.goto(target.url);
    await waitForPageSettled(page);
    expect(await findSeriousViolations(page), name).toEqual([]);
  }
});

// A system set to reduce motion: Arco's transitions and animations are cut to nothing (app/a11y-overrides.css).
test('a system set to reduce motion gets no transitions or animations', async ({ page }) => {
  const longestTransition = () =>
    page.evaluate(() => {
      const seconds = (list: string) => Math.max(...list.split(',').map((v) => parseFloat(v)));
      const button = document.querySelector('.arco-btn');
      if (!button) throw new Error('no button');
      const style = getComputedStyle(button);
      return Math.max(seconds(style.transitionDuration), seconds(style.animationDuration));
    });
  await signInFresh(page);
  await expect(page.getByRole('heading', { level: 1, name: /欢迎回来/ })).toBeVisible();
  expect(await longestTransition()).toBeGreaterThan(0.05);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await longestTransition()).toBeLessThan(0.001);
});

test('every icon-only control in the navbar has a name and is reachable by keyboard', async ({ page }) => {
  await signInFresh(page);
  const unnamed = await page
    .locator('header button, header [role="button"]')
    .evaluateAll((els) =>
      els.filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim())).map((el) => el.outerHTML.slice(0, 80)),
    );
  expect(unnamed).toEqual([]);
  // The Workplace (its chart chunk included) must have rendered: a late mount would move the focus.
  await expect(page.getByRole('heading', { level: 1, name: /欢迎回来/ })).toBeVisible();
  await expect(page.locator('.content-chart canvas')).toBeVisible();
  // Start keyboard navigation from the top of the document: a blur alone leaves Chrome's starting point
  // wherever the removed login form was, which the Workplace's cards may now follow.
  await page.evaluate(() => {
    document.body.setAttribute('tabindex', '-1');
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
});

test.describe('user center and second factor pages', () => {
  test('user center (both tabs), online users and the second sign-in step have no serious or critical axe violations', async ({ page }) => {
    const stamp = `${Date.now() % 1_000_000}`;
    const username = `axe${stamp}`;
    const password = 'Axe-Check-Pass-2026!';
    const headers = await signInAdminApi(page.request);
    const roleId = await createRole(page.request, headers, {
      name: `Axe ${stamp}`,
      code: `axe_${stamp}`,
      perms: ['monitor:online:list', 'monitor:online:forceLogout'],
    });
    await createUserWithRoles(page.request, headers, { username, nickname: `Axe ${stamp}`, password, roleIds: [roleId] });
    await page.goto('/login');
    await signIn(page, username, password);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await page.goto('/user/center');
    await expect(page.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible();
    await expect(page.getByLabel('姓名')).toBeVisible();
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: '安全设置' }).click();
    await expect(page.locator('.uc-sessions')).toContainText('本设备');
    expect(await findSeriousViolations(page)).toEqual([]);
    // The set-up dialog, QR code and all.
    await page.getByRole('button', { name: '开启', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '开启身份验证器' });
    await expect(dialog.getByRole('img', { name: '身份验证器绑定二维码' })).toBeVisible();
    expect(await findSeriousViolations(page)).toEqual([]);
    const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await dialog.getByLabel('验证码', { exact: true }).fill(totpCode(secret));
    await dialog.getByRole('button', { name: '验证并开启' }).click();
    await expect(dialog.getByRole('list', { name: '恢复码' })).toBeVisible();
    expect(await findSeriousViolations(page)).toEqual([]);
    await dialog.getByText('我已妥善保存恢复码').click();
    await dialog.getByRole('button', { name: '完成' }).click();
    await page.goto('/system/online');
    await expect(page.getByRole('heading', { level: 1, name: '在线用户' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(username) })).toBeVisible();
    // The list toolkit's pager (Arco's page-size select and jump box) is every list's, judged with the toolkit.
    expect(await findSeriousViolations(page, { exclude: ['.arco-pagination'] })).toEqual([]);
    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, username, password);
    await expect(page.getByLabel('身份验证器验证码')).toBeVisible();
    expect(await findSeriousViolations(page)).toEqual([]);
  });
});
