import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ARTIFACTS_DIR } from './env';
import { callApi, findStudents, listClassChoices, pickClass, type PageOf, type StudentRow } from './educate-api';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

// The duplicate-number check provokes a 409 on purpose.
test.use({ allowedFailures: { urls: [...PENDING_SERVICES, /\/api\/educate\/students$/] } });

const drawer = (page: Page) => page.locator('.arco-drawer');
const table = (page: Page) => page.locator('.list-card .arco-table');
const rows = (page: Page) => table(page).locator('tbody tr.arco-table-tr');

async function openStudents(page: Page, search = '') {
  await page.goto(`/educate/student${search}`);
  await expect(page.getByRole('heading', { level: 1, name: '学生管理' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function searchKeyword(page: Page, keyword: string) {
  await page.getByLabel('关键字').fill(keyword);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));
}

async function confirmModal(page: Page, okText: string) {
  const modal = page.locator('.arco-modal').filter({ hasText: okText });
  await modal.getByRole('button', { name: okText }).click();
  await expect(modal).toHaveCount(0);
}

test.describe('students', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
  });

  test('create, search, edit and delete a student through the UI', async ({ page }) => {
    await openStudents(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS_DIR}/student-list.png` });

    await page.getByRole('button', { name: '新增', exact: true }).click();
    await expect(drawer(page).getByText('新增学生')).toBeVisible();
    // Empty required fields: the contract's rule in the server's words, on the field.
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page).getByText('学号：不能为空')).toBeVisible();
    await expect(drawer(page).getByText('姓名：不能为空')).toBeVisible();

    // A name with markup must come back as text, never as HTML.
    const name = '测试<b>学生</b>';
    await drawer(page).getByLabel('学号').fill('E2E-0001');
    await drawer(page).getByLabel('姓名').fill(name);
    // The class is picked from the campus's classes (grouped by grade), not typed.
    const [first, second] = await listClassChoices(page);
    if (!first || !second) throw new Error('the demo has fewer than two classes');
    await pickClass(page, drawer(page), first.label);
    await drawer(page).getByLabel('邮箱').fill('not-an-email');
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page).getByText(/邮箱：格式不正确/)).toBeVisible();
    await drawer(page).getByLabel('邮箱').fill('e2e@example.com');
    await drawer(page).getByLabel('监护人', { exact: true }).fill('测试家长');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/student-form.png` });
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toHaveCount(0);

    await searchKeyword(page, 'E2E-0001');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(name);
    await expect(table(page).locator('b')).toHaveCount(0);

    // The same number again: the server's 409 lands on the 学号 field, worded with its label, not as a banner.
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await drawer(page).getByLabel('学号').fill('E2E-0001');
    await drawer(page).getByLabel('姓名').fill('重复学号');
    await drawer(page).getByRole('button', { name: '保存' }).click();
    const numberItem = drawer(page).locator('.arco-form-item', { has: page.getByLabel('学号') });
    await expect(numberItem.locator('.arco-form-message')).toHaveText('学号：“E2E-0001”已存在');
    await expect(drawer(page).locator('.arco-alert-error')).toHaveCount(0);
    await drawer(page).getByRole('button', { name: '取消' }).click();
    await expect(drawer(page)).toHaveCount(0);

    await rows(page).first().getByRole('button', { name: '编辑' }).click();
    await expect(drawer(page).getByText('编辑学生')).toBeVisible();
    await expect(drawer(page).getByLabel('姓名')).toHaveValue(name);
    await expect(drawer(page).locator('.arco-select-view-value', { hasText: first.label })).toBeVisible();
    await pickClass(page, drawer(page), second.label);
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toHaveCount(0);
    await expect(rows(page).first()).toContainText(second.name);
    expect((await findStudents(page, 'keyword=E2E-0001')).list[0]).toMatchObject({ classId: second.id, className: second.name });

    await rows(page).first().getByRole('button', { name: '删除' }).click();
    await confirmModal(page, '删除');
    await expect(page.getByText('没有符合条件的记录')).toBeVisible();
    expect((await findStudents(page, 'keyword=E2E-0001')).total).toBe(0);
  });

  test('bulk delete behind a confirm', async ({ page }) => {
    for (const n of [1, 2, 3]) {
      const res = await callApi(page, 'POST', '/educate/students', {
        studentNo: `E2E-BULK-${n}`,
        name: `批量${n}`,
        gender: 'female',
        status: 'enrolled',
      });
      expect(res.code).toBe(0);
    }
    await openStudents(page, '?keyword=E2E-BULK');
    await expect(rows(page)).toHaveCount(3);
    const bulk = page.getByRole('button', { name: /批量删除/ });
    await expect(bulk).toBeDisabled();
    await table(page).locator('thead .arco-checkbox').click();
    await expect(bulk).toHaveText(/批量删除 \(3\)/);
    await bulk.click();
    // Cancel first: nothing goes.
    const modal = page.locator('.arco-modal');
    await expect(modal).toContainText('确定删除所选的 3 条记录吗');
    await modal.getByRole('button', { name: '取消' }).click();
    expect((await findStudents(page, 'keyword=E2E-BULK')).total).toBe(3);
    await bulk.click();
    await confirmModal(page, '删除');
    await expect(page.getByText('没有符合条件的记录')).toBeVisible();
    expect((await findStudents(page, 'keyword=E2E-BULK')).total).toBe(0);
  });

  test('import: a bad row is shown and nothing is written; fixed, it imports', async ({ page }) => {
    await openStudents(page);
    await page.getByRole('button', { name: '导入', exact: true }).click();
    const dialog = page.locator('.import-dialog');
    await expect(dialog).toBeVisible();
    // The template's Chinese header and the labels people type; errors name the column as the file does.
    const header = '学号,姓名,性别,状态,年级,班级';
    const good = ['E2E-IMP-1,导入甲,男,在读,八年级,导入班', 'E2E-IMP-2,导入乙,女,在读,八年级,导入班'];
    const bad = [good[0], 'E2E-IMP-2,导入乙,机器人,在读,八年级,导入班'];
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...bad].join('\n')) });
    const errors = dialog.locator('.import-errors');
    await expect(errors).toBeVisible();
    await expect(errors.locator('tbody tr')).toHaveCount(1);
    await expect(errors.locator('tbody tr').first()).toContainText('性别');
    await expect(errors.locator('tbody tr').first()).toContainText('性别：必须是 男、女、其他 之一');
    await expect(dialog.getByRole('button', { name: '导入' })).toBeDisabled();
    // The class (and, the first time, the grade) the rows name is made by the import: said before it is.
    await expect(dialog.locator('.import-notes')).toContainText(/将(新建年级“八年级”|在八年级新建班级“导入班”)/);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/import-dialog.png` });
    expect((await findStudents(page, 'keyword=E2E-IMP')).total).toBe(0);

    await input.setInputFiles({ name: 'students-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...good].join('\n')) });
    await expect(dialog.getByText('检查通过，可以导入')).toBeVisible();
    await expect(errors).toHaveCount(0);
    await dialog.getByRole('button', { name: '导入' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('导入完成：新增 2 行，更新 0 行')).toBeVisible();
    const imported = await findStudents(page, 'keyword=E2E-IMP&sort=studentNo:asc');
    expect(imported.list.map((s) => [s.studentNo, s.name])).toEqual([
      ['E2E-IMP-1', '导入甲'],
      ['E2E-IMP-2', '导入乙'],
    ]);
  });

  test('export downloads the filtered, sorted rows', async ({ page }) => {
    const sample = (await callApi<PageOf<StudentRow>>(page, 'GET', '/educate/students?pageSize=1')).data.list[0];
    expect(sample).toBeTruthy();
    const filter = `grade=${encodeURIComponent(sample?.grade ?? '')}&classId=${sample?.classId ?? 0}&sort=studentNo:desc`;
    const expected = await findStudents(page, `${filter}&pageSize=200`);
    expect(expected.total).toBeGreaterThan(0);

    await openStudents(page, `?${filter}`);
    await expect(
      page.getByRole('search').locator('.arco-select-view-value', { hasText: `${sample?.grade ?? ''} ${sample?.className ?? ''}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: '导出' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出为 CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    const headerCells = lines[0]?.split(',') ?? [];
    const noIndex = headerCells.indexOf('学号');
    expect(noIndex).toBeGreaterThanOrEqual(0);
    const exported = lines.slice(1).map((l) => l.split(',')[noIndex]?.replace(/^"|"$/g, ''));
    expect(exported).toEqual(expected.list.map((s) => s.studentNo));
  });
});
