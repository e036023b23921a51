import type { Browser, Locator, Page } from '@playwright/test';
import { pickClass } from './educate-api';
import { ARTIFACTS_DIR } from './env';
import { PENDING_SERVICES, expect, signIn, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

const drawer = (page: Page) => page.locator('.arco-drawer');
const rows = (page: Page) => page.locator('.list-card .arco-table tbody tr.arco-table-tr');
const mainMenu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

/** Picks an option of an Arco select inside `scope`'s form item labelled `label`. */
async function pickOption(page: Page, scope: Locator, label: RegExp, option: string): Promise<void> {
  await scope
    .locator('.arco-form-item', { has: page.locator('label', { hasText: label }) })
    .locator('.arco-select-view')
    .click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
  await page.keyboard.press('Escape');
  // The popup fades out; until it is gone, a `:visible` popup query would find it instead of the next one.
  await expect(page.locator('.arco-select-popup:visible')).toHaveCount(0);
}

/**
 * The second user's own browser context, with the same console guard as the
 * fixture's page; the session ended by the reset answers 401, which is expected.
 */
async function openUserContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const isExpected =
      message.text().startsWith('Failed to load resource') &&
      [...PENDING_SERVICES, /\/api\/.*/].some((p) => p.test(url)) &&
      /401/.test(message.text());
    if (!isExpected && !PENDING_SERVICES.some((p) => p.test(url))) problems.push(message.text());
  });
  return { context, page, problems };
}

test.describe('system administration', () => {
  test('a role with two perms, a user on one campus, their restricted console, and a reset that ends their session', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const roleName = `学生录入员${suffix}`;
    const username = `clerk_${suffix}`;
    const password = `Clerk-${suffix}-Pass!`;

    await signInFresh(page);

    // The role, through the role page.
    await page.goto('/system/role');
    await expect(page.getByRole('heading', { level: 1, name: '角色管理' })).toBeVisible();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await drawer(page).getByPlaceholder('请输入角色名称').fill(roleName);
    await drawer(page)
      .getByPlaceholder(/字母开头/)
      .fill(`clerk_${suffix}`);
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toBeHidden();
    const roleRow = rows(page).filter({ hasText: roleName });
    await expect(roleRow).toHaveCount(1);

    // Its two permissions, through the role's perm page; the Role entry stays the active one.
    await roleRow.getByRole('link', { name: `为 ${roleName} 分配权限` }).click();
    await expect(page).toHaveURL(/\/system\/role\/\d+\/perm$/);
    await expect(mainMenu(page).locator('.arco-menu-item.arco-menu-selected')).toHaveText('角色管理');
    for (const code of ['educate:student:list', 'educate:student:add'])
      await page.locator('.perm-group-body label', { hasText: code }).click();
    await expect(page.getByText('已选 2 项权限')).toBeVisible();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('有未保存的修改')).toBeHidden();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/system-role-perm.png`, fullPage: true });

    // The user, through the user page: that role, one campus, a typed password.
    await page.goto('/system/user');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await drawer(page).getByPlaceholder('请输入用户名').fill(username);
    await drawer(page).getByPlaceholder('请输入昵称').fill(`录入员 ${suffix}`);
    await drawer(page)
      .getByPlaceholder(/留空则随机生成/)
      .fill(password);
    // Without a role and a campus the user could not sign in: the form asks for both.
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page).locator('.arco-form-message')).toHaveText(['角色：不能为空', '校区：不能为空']);
    await pickOption(page, drawer(page), /角色/, roleName);
    const campusField = drawer(page).locator('.arco-form-item', { has: page.locator('label', { hasText: /校区/ }) });
    await campusField.locator('.arco-select-view').click();
    await expect(page.locator('.arco-select-popup:visible')).toHaveCount(1);
    const firstCampus = page.locator('.arco-select-popup:visible .arco-select-option').first();
    const campusName = (await firstCampus.innerText()).trim();
    await firstCampus.click();
    await page.keyboard.press('Escape');
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toBeHidden();
    await page.getByLabel('关键字').fill(username);
    await page.getByRole('button', { name: '查询' }).click();
    const userRow = rows(page).filter({ hasText: username });
    await expect(userRow).toHaveCount(1);
    await expect(userRow).toContainText(roleName);
    await expect(userRow).toContainText(campusName);

    // Signed in as that user in a browser of their own: only what the role allows.
    const other = await openUserContext(browser, baseURL ?? '');
    await other.page.goto('/login');
    await signIn(other.page, username, password);
    await expect(other.page).toHaveURL(/\/dashboard\/workplace$/);
    const menu = mainMenu(other.page);
    await expect(menu).toContainText('教务管理');
    await expect(menu).not.toContainText('系统管理');
    await expect(menu).not.toContainText('报表');
    await menu.getByRole('menuitem', { name: '教务管理', exact: true }).click();
    await expect(menu.getByRole('menuitem', { name: '学生管理', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '教师管理', exact: true })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: '学生管理', exact: true }).click();
    await expect(other.page).toHaveURL(/\/educate\/student/);
    await expect(other.page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
    await expect(other.page.getByRole('button', { name: /导入/ })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /导出/ })).toHaveCount(0);
    await expect(other.page.getByRole('button', { name: /批量删除/ })).toHaveCount(0);
    // A forbidden page by URL lands on the first allowed route.
    await other.page.goto('/system/user');
    await expect(other.page).toHaveURL(/\/dashboard\/workplace$/);
    await expect(other.page.getByRole('heading', { level: 1, name: '用户管理' })).toHaveCount(0);
    await other.page.goto('/educate/student');
    await expect(other.page.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible();
    // Without the class perm, the form still offers the campus's classes under their grades (it showed "#16").
    await other.page.getByRole('button', { name: '新增', exact: true }).click();
    const form = other.page.locator('.arco-drawer:visible');
    await form.getByLabel('班级', { exact: true }).click();
    const popup = other.page.locator('.arco-select-popup:visible');
    await expect(popup.locator('.arco-select-group-title').first()).toHaveText('高一');
    await pickClass(other.page, form, '高一 1班');
    await expect(form.locator('.arco-select-view-value', { hasText: '高一 1班' })).toBeVisible();
    await form.getByRole('button', { name: '取消' }).click();

    // The admin resets the password: a random one, shown once.
    await page.screenshot({ path: `${ARTIFACTS_DIR}/system-user-list.png`, fullPage: true });
    await userRow.getByRole('button', { name: `${username} 的更多操作` }).click();
    await page.locator('.arco-dropdown-menu-item', { hasText: '重置密码' }).click();
    const modal = page.getByRole('dialog', { name: `重置 ${username} 的密码` });
    await modal.getByRole('button', { name: '重置密码' }).click();
    const shown = modal.getByTestId('one-time-password');
    await expect(shown).toHaveText(/\S{8,}/);
    const temporary = (await shown.innerText()).trim();
    await modal.getByRole('button', { name: '关闭' }).click();

    // Their next request meets the ended session: the re-login modal.
    // A background request (the message box) may have met it first; the modal then already covers the page, and
    // a click at the button's place would land on the modal's mask and close it. The click event goes to the
    // button itself: its request opens the modal, or meets the one already open.
    await other.page.getByRole('button', { name: '刷新' }).first().dispatchEvent('click');
    const relogin = other.page.getByRole('dialog');
    await expect(relogin).toContainText('确认退出');
    await expect(relogin.getByRole('button', { name: '重新登录' })).toBeVisible();
    expect(other.problems, 'page errors or console errors in the second context').toEqual([]);
    await other.context.close();

    // The reset is in the operation log, its params free of the password.
    await page.goto('/system/operlog');
    await page.getByLabel('模块').fill('system:user');
    await page.getByRole('button', { name: '查询' }).click();
    const logRow = rows(page).filter({ hasText: 'reset-password' }).first();
    await expect(logRow).toBeVisible();
    await logRow.getByRole('button', { name: /详情/ }).click();
    await expect(drawer(page).getByText('请求参数')).toBeVisible();
    await expect(drawer(page).getByTestId('operlog-params')).not.toContainText(temporary);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/system-operlog-detail.png` });
  });
});
