import { ARTIFACTS_DIR } from './env';
import { PENDING_SERVICES, closeSettings, expect, setSetting, signInFresh, test } from './fixtures';

test.use({ allowedFailures: PENDING_SERVICES });

const tabBar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: '已打开的页面' });
const menu = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: '主菜单' });
const breadcrumb = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: '当前位置' });

test.describe('navigation', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
  });

  test('menu, breadcrumb and tabs follow navigation', async ({ page }) => {
    await setSetting(page, '多页签', true);
    await closeSettings(page);
    await expect(tabBar(page).getByRole('link')).toHaveText(['工作台']);

    await menu(page).getByText('教务管理').click();
    await menu(page).getByRole('menuitem', { name: '学生管理' }).click();
    await expect(page).toHaveURL(/\/educate\/student$/);
    await expect(breadcrumb(page)).toContainText('教务管理');
    await expect(breadcrumb(page)).toContainText('学生管理');
    await expect(menu(page).locator('.arco-menu-selected')).toHaveText('学生管理');
    await expect(page).toHaveTitle(/学生管理/);

    await menu(page).getByText('系统管理').click();
    await menu(page).getByRole('menuitem', { name: '角色管理' }).click();
    await expect(tabBar(page).getByRole('link')).toHaveText(['工作台', '学生管理', '角色管理']);

    // A hidden page keeps its menu entry lit and never hides Workplace's first place.
    await page.goto('/system/role/1/perm');
    await expect(menu(page).locator('.arco-menu-selected')).toHaveText('角色管理');
    await expect(breadcrumb(page)).toContainText('角色权限');

    // The redirect route bounces back and never becomes a tab.
    await page.goto('/redirect/educate/teacher');
    await expect(page).toHaveURL(/\/educate\/teacher$/);
    await expect(tabBar(page).getByRole('link', { name: /跳转/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: '教师管理' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/placeholder-page.png` });
  });

  test('a tab keeps its page state across a switch', async ({ page }) => {
    await setSetting(page, '多页签', true);
    await closeSettings(page);
    await page.goto('/educate/student');
    const keyword = page.getByRole('searchbox').or(page.getByLabel('关键字'));
    await keyword.fill('张三');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/list-page.png`, fullPage: true });

    await tabBar(page).getByRole('link', { name: '工作台' }).click();
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    await tabBar(page).getByRole('link', { name: '学生管理' }).click();
    await expect(page.getByLabel('关键字')).toHaveValue('张三');

    // Reload from the tab menu starts the page afresh.
    await tabBar(page).getByRole('link', { name: '学生管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '重新加载' }).click();
    await expect(page.getByLabel('关键字')).toHaveValue('');
  });

  test('tab menu actions close left, right, others and all', async ({ page }) => {
    await setSetting(page, '多页签', true);
    await closeSettings(page);
    for (const path of ['/educate/student', '/educate/teacher', '/educate/manager', '/educate/course']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(path));
    }
    const links = tabBar(page).getByRole('link');
    await expect(links).toHaveText(['工作台', '学生管理', '教师管理', '管理人员', '课程管理']);

    await tabBar(page).getByRole('link', { name: '教师管理' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭左侧标签页' }).click();
    await expect(links).toHaveText(['工作台', '教师管理', '管理人员', '课程管理']);

    await tabBar(page).getByRole('link', { name: '管理人员' }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '关闭右侧标签页' }).click();
    await expect(links).toHaveText(['工作台', '教师管理', '管理人员']);
    await expect(page).toHaveURL(/\/educate\/manager$/);

    await tabBar(page).getByRole('button', { name: '关闭 教师管理' }).click();
    await expect(links).toHaveText(['工作台', '管理人员']);

    await page.goto('/report/summary');
    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '关闭其它标签页' }).click();
    await expect(links).toHaveText(['工作台', '汇总报表']);

    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '关闭当前标签页' }).click();
    await expect(links).toHaveText(['工作台']);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    await page.goto('/system/user');
    await tabBar(page).getByRole('button', { name: '标签页操作' }).click();
    await page.getByRole('menuitem', { name: '关闭全部标签页' }).click();
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
