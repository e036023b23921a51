import { createRole, createUserWithRoles, signInAdminApi } from './admin-api';
import { PENDING_SERVICES, expect, openFromMenu, signIn, signInFresh, test } from './fixtures';

test.describe('session and permissions', () => {
  test.describe('expired session', () => {
    // The provoked 401 answers are the point of this test.
    test.use({
      allowedFailures: { urls: [...PENDING_SERVICES, /\/api\/user\/currentUser/, /\/api\/report\/summary/, /\/api\/educate\/terms/] },
    });

    test('shows the re-login modal, and Re-Login goes back to sign-in', async ({ page }) => {
      // Let the console's first requests finish with the good token before spoiling it.
      const settled = Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/user/currentUser')),
        page.waitForResponse((r) => r.url().includes('/api/message/list')),
      ]);
      await signInFresh(page);
      await settled;
      await page.evaluate(() =>
        localStorage.setItem('sch-token', JSON.stringify({ data: 'garbled-token', expire: Date.now() + 3_600_000 })),
      );
      // The next page to ask the server (the summary report) meets the refusal (50008).
      await openFromMenu(page, '报表中心', '汇总报表');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('确认退出');
      await expect(dialog).toContainText('您已被登出，可以取消停留在此页面，或重新登录');
      await dialog.getByRole('button', { name: '重新登录' }).click();
      await expect(page).toHaveURL(/\/login\?redirect=Summary$/);
    });
  });

  test.describe('restricted user', () => {
    test.use({ allowedFailures: { urls: PENDING_SERVICES } });

    test('a page outside the perms redirects to the first allowed route and says so', async ({ page, request }) => {
      // A role with one perm and a user holding it, made through the system API.
      const headers = await signInAdminApi(request);
      const roleId = await createRole(request, headers, { name: 'Student clerk', code: 'student_clerk', perms: ['educate:student:list'] });
      const password = 'Clerk-Pass-2026!';
      await createUserWithRoles(request, headers, { username: 'clerk', nickname: 'Clerk', password, roleIds: [roleId] });

      await page.goto('/login');
      await signIn(page, 'clerk', password);
      await expect(page).toHaveURL(/\/dashboard\/workplace$/);
      await page.goto('/system/user');
      await expect(page).toHaveURL(/\/dashboard\/workplace$/);
      // The redirect says why, naming the page refused and the one opened instead.
      await expect(page.locator('.arco-message')).toHaveText('您没有访问「用户管理」的权限，已为您打开「工作台」');
      await expect(page.getByRole('navigation', { name: '主菜单' })).not.toContainText('系统管理');
    });
  });

  test.describe('signed out', () => {
    test('an unknown path asks for sign-in first', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
    });
  });
});
