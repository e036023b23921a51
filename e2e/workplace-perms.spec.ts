import { createRole, createUserWithRoles, signInAdminApi } from './admin-api';
import { expect, signIn, test } from './fixtures';
import { messageButton } from './message-box';

// Issue 24, defects 2 and 3: the Workplace shows only what the user may see,
// and "switch roles" switches among the roles the user holds.
test.describe('a user with a limited role', () => {
  const password = 'Limited-User-2026!';

  test('sees only their own counts and pages on the Workplace, and asks the server for nothing else', async ({ page, request }) => {
    const headers = await signInAdminApi(request);
    const roleId = await createRole(request, headers, { name: '学籍查询员', code: 'student_reader', perms: ['educate:student:list'] });
    await createUserWithRoles(request, headers, { username: 'reader1', nickname: '查询员', password, roleIds: [roleId] });

    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url());
    });
    await page.goto('/login');
    await signIn(page, 'reader1', password);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    const workplace = page.locator('.workplace');
    await expect(page.getByTestId('overview-students')).toBeVisible();
    for (const hidden of ['overview-teachers', 'overview-courses', 'overview-todayLessons'])
      await expect(page.getByTestId(hidden)).toHaveCount(0);
    await expect(workplace).not.toContainText('新增报名');
    await expect(workplace).not.toContainText('热门');
    await expect(workplace).not.toContainText('今日课表');
    // The role is the one the user holds, and the quick link offers only what it allows.
    await expect(workplace).toContainText('学籍查询员');
    const quick = page.locator('.quick-links');
    await expect(quick.locator('li')).toHaveCount(1);
    await expect(quick).toContainText('可进行：查看');
    await expect(quick).not.toContainText('新增');
    // One role: nothing to switch.
    await messageButton(page).click();
    await expect(page.getByRole('button', { name: /切换角色/ })).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('switches between the roles they hold, and menus and pages follow', async ({ page, request }) => {
    const headers = await signInAdminApi(request);
    const students = await createRole(request, headers, { name: '学生档案员', code: 'student_keeper', perms: ['educate:student:list'] });
    const teachers = await createRole(request, headers, { name: '教师档案员', code: 'teacher_keeper', perms: ['educate:teacher:list'] });
    await createUserWithRoles(request, headers, { username: 'twohats', nickname: '双岗', password, roleIds: [students, teachers] });

    await page.goto('/login');
    await signIn(page, 'twohats', password);
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByRole('menuitem', { name: '教务管理', exact: true }).click();
    await expect(menu.getByRole('menuitem', { name: '学生管理', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: '教师管理', exact: true })).toBeVisible();
    await page.goto('/educate/student');
    await expect(page).toHaveURL(/\/educate\/student$/);

    await messageButton(page).click();
    await page.getByRole('button', { name: /切换角色/ }).click();
    await page.getByRole('menuitem', { name: '教师档案员' }).click();
    await expect(page.getByText('角色已切换为 教师档案员')).toBeVisible();
    // The student page is no longer allowed: the guards move the user on, and the menu drops it.
    await expect(page).not.toHaveURL(/\/educate\/student$/);
    await expect(menu.getByRole('menuitem', { name: '学生管理', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: '教师管理', exact: true })).toBeVisible();

    await messageButton(page).click();
    await page.getByRole('button', { name: /切换角色/ }).click();
    await page.getByRole('menuitem', { name: '全部角色' }).click();
    await expect(page.getByText('角色已切换为 学生档案员、教师档案员')).toBeVisible();
    await page.goto('/educate/student');
    await expect(page).toHaveURL(/\/educate\/student$/);
  });
});
