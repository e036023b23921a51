import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './env';
import { PENDING_SERVICES, closeSettings, expect, openFromMenu, setSetting, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

const tabBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
/** Picks an entry of the tab menu and waits for the menu to close, so the next one is unambiguous. */
async function pickTabAction(page: Page, action: string) {
  await page.getByRole('menuitem', { name: action }).click();
  await expect(page.getByRole('menuitem', { name: action })).toHaveCount(0);
}

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: '当前位置' });

test.describe('navigation', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
  });

  test('menu, breadcrumb and tabs follow navigation', async ({ page }) => {
    const selected = menu(page).locator('.arco-menu-item.arco-menu-selected');
    // A hidden page lights its owner's entry; the redirect route bounces on and is never a tab.
    await page.goto('/system/role/1/perm');
    await expect(selected).toHaveText('角色管理');
    await expect(breadcrumb(page)).toContainText(['系统管理', '角色管理', '角色权限'].join(''));
    await page.goto('/redirect/educate/teacher');
    await expect(page).toHaveURL(/\/educate\/teacher$/);
    await expect(page.getByRole('heading', { level: 1, name: '教师管理' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/placeholder-page.png` });

    await setSetting(page, '多页签', true);
    await closeSettings(page);
    // Tabs live in memory: the reload above left Workplace and the page it opened.
    await expect(tabBar(page).getByRole('link')).toHaveText(['工作台', '教师管理']);

    await openFromMenu(page, '教务管理', '学生管理');
    await expect(page).toHaveURL(/\/educate\/student$/);
    await expect(breadcrumb(page)).toContainText('教务管理学生管理');
    await expect(selected).toHaveText('学生管理');
    await expect(page).toHaveTitle(/学生管理/);
    await openFromMenu(page, '系统管理', '角色管理');
    await expect(tabBar(page).getByRole('link')).toHaveText(['工作台', '教师管理', '学生管理', '角色管理']);
    await expect(tabBar(page).getByRole('link', { name: '角色管理' })).toHaveAttribute('aria-current', 'page');
    await expect(breadcrumb(page)).toContainText('系统管理角色管理');
  });

  test('a tab keeps its page state across a switch', async ({ page }) => {
    await setSetting(page, '多页签', true);
    await closeSettings(page);
    await openFromMenu(page, '教务管理', '学生管理');
    await page.getByLabel('关键字').fill('张三');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS_DIR}/list-page.png` });

    await tabBar(page).getByRole('link', { name: '工作台' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await tabBar(page).getByRole('link', { name: '学生管理' }).click();
    await expect(page.getByLabel('关键字')).toHaveValue('张三');

    // Reload from the tab menu starts the page afresh.
    await tabBar(page).getByRole('link', { name: '学生管理' }).click({ button: 'right' });
    await pickTabAction(page, '重新加载');
    await expect(page.getByLabel('关键字')).toHaveValue('');
  });

  test('tab menu actions close left, right, others and all', async ({ page }) => {
    await setSetting(page, '多页签', true);
    await closeSettings(page);
    for (const item of ['学生管理', '教师管理', '管理人员', '课程管理']) await openFromMenu(page, '教务管理', item);
    const links = tabBar(page).getByRole('link');
    await expect(links).toHaveText(['工作台', '学生管理', '教师管理', '管理人员', '课程管理']);

    await tabBar(page).getByRole('link', { name: '教师管理' }).click({ button: 'right' });
    await pickTabAction(page, '关闭左侧标签页');
    await expect(links).toHaveText(['工作台', '教师管理', '管理人员', '课程管理']);

    await tabBar(page).getByRole('link', { name: '管理人员' }).click({ button: 'right' });
    await pickTabAction(page, '关闭右侧标签页');
    await expect(links).toHaveText(['工作台', '教师管理', '管理人员']);
    await expect(page).toHaveURL(/\/educate\/manager$/);

    await tabBar(page).getByRole('button', { name: '关闭 教师管理' }).click();
    await expect(links).toHaveText(['工作台', '管理人员']);

    await openFromMenu(page, '报表中心', '汇总报表');
    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await pickTabAction(page, '关闭其它标签页');
    await expect(links).toHaveText(['工作台', '汇总报表']);

    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await pickTabAction(page, '关闭当前标签页');
    await expect(links).toHaveText(['工作台']);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    await openFromMenu(page, '系统管理', '用户管理');
    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await pickTabAction(page, '关闭全部标签页');
    await expect(links).toHaveText(['工作台']);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });

  test('an unknown path shows not-found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await page.getByRole('button', { name: '返回工作台' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
  });
});
