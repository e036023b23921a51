import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { callApi } from './educate-api';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

const rows = (page: Page) => page.locator('.list-card .arco-table tbody tr.arco-table-tr');

async function exportAs(page: Page, format: 'XLSX' | 'CSV'): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: '导出', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: new RegExp(format) }).click();
  const download = await downloading;
  return {
    name: download.suggestedFilename(),
    text: format === 'CSV' ? (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '') : '',
  };
}

test.beforeEach(async ({ page }) => {
  await signInFresh(page);
});

test('managers: export, and import with a template named as a template', async ({ page }) => {
  await page.goto('/educate/manager');
  await expect(rows(page).first()).toBeVisible();
  const exported = await exportAs(page, 'CSV');
  expect(exported.name).toBe('管理人员名单.csv');
  expect(exported.text.split(/\r?\n/)[0]).toBe('工号,姓名,性别,手机号,邮箱,职务,状态');

  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.locator('.import-dialog');
  await expect(dialog).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /CSV/ }).click();
  expect((await downloading).suggestedFilename()).toBe('管理人员名单导入模板.csv');

  const file = ['工号,姓名,性别,职务,状态', 'E2E-MGR-1,导入管理甲,女,教务干事,在职'].join('\n');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'managers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(dialog.getByText('检查通过，可以导入')).toBeVisible();
  await dialog.getByRole('button', { name: '导入' }).click();
  await expect(page.getByText('导入完成：新增 1 行，更新 0 行')).toBeVisible();
  const found = await callApi<{ list: { name: string }[] }>(page, 'GET', '/educate/managers?keyword=E2E-MGR');
  expect(found.data.list.map((m) => m.name)).toEqual(['导入管理甲']);
});

test('courses: export the list as shown, term and teacher by name', async ({ page }) => {
  await page.goto('/educate/course');
  await expect(rows(page).first()).toBeVisible();
  const exported = await exportAs(page, 'CSV');
  expect(exported.name).toBe('课程列表.csv');
  const [header, first] = exported.text.split(/\r?\n/);
  expect(header).toBe('课程编号,课程名称,学期,任课教师,容量,选课人数,学分,课时,状态,课程简介');
  expect(first?.split(',')[2]).toMatch(/^\d{4}-\d{4} 第.学期$/);
});

test('a manager picks a department from the tree and an account by name, not by number', async ({ page }) => {
  await page.goto('/educate/manager');
  await rows(page).first().getByRole('button', { name: '编辑', exact: true }).click();
  const drawer = page.locator('.arco-drawer:visible');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('spinbutton')).toHaveCount(0);

  await drawer.locator('.arco-form-item', { hasText: '部门' }).locator('.arco-tree-select').click();
  const deptNode = page.locator('.arco-tree-select-popup:visible .arco-tree-node-title').first();
  const deptName = (await deptNode.textContent())?.trim() ?? '';
  await deptNode.click();
  await drawer.locator('.arco-form-item', { hasText: '关联账号' }).locator('.arco-select-view').click();
  await page.keyboard.type('adm');
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: 'admin' }).click();
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toHaveCount(0);

  const id = (
    await callApi<{ list: { id: number; deptId: number | null; userId: number | null }[] }>(page, 'GET', '/educate/managers?pageSize=1')
  ).data.list[0];
  expect(id?.userId).toBeGreaterThan(0);
  expect(id?.deptId).toBeGreaterThan(0);
  // Opened again, both show names.
  await rows(page).first().getByRole('button', { name: '编辑', exact: true }).click();
  await expect(drawer.locator('.arco-form-item', { hasText: '关联账号' })).toContainText('admin');
  await expect(drawer.locator('.arco-form-item', { hasText: '部门' })).toContainText(deptName);
});

test('the enrol picker searches and pages through every student, not only the first 20', async ({ page }) => {
  const total = (await callApi<{ total: number }>(page, 'GET', '/educate/students?pageSize=1')).data.total;
  expect(total).toBeGreaterThan(40);
  await page.goto('/educate/course');
  await rows(page).first().getByRole('button', { name: '选课名单' }).click();
  const drawer = page.locator('.arco-drawer:visible');
  await drawer.getByRole('combobox', { name: '搜索学号或姓名，选择要加入的学生' }).click();
  const options = page.locator('.arco-select-popup:visible .arco-select-option');
  await expect(options).toHaveCount(20);
  await expect(page.locator('.paged-select-foot')).toHaveText(new RegExp(`已显示 20 / 共 ${total} 项`));
  // Scrolled to its end, the list loads the next page.
  await page.locator('.arco-select-popup:visible .arco-select-popup-inner').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(options).toHaveCount(40);
  await expect(page.locator('.paged-select-foot')).toContainText(`已显示 40 / 共 ${total} 项`);
  // A student far down the list is found by typing.
  const last = (
    await callApi<{ list: { studentNo: string; name: string }[] }>(page, 'GET', '/educate/students?sort=studentNo:desc&pageSize=1')
  ).data.list[0];
  await page.keyboard.type(last?.studentNo ?? '');
  await expect(options.filter({ hasText: last?.studentNo ?? '-' })).toHaveCount(1);
});
