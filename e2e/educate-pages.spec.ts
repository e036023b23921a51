import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './env';
import { callApi, type PageOf } from './educate-api';
import { PENDING_SERVICES, expect, signInFresh, test } from './fixtures';

test.use({ allowedFailures: { urls: PENDING_SERVICES } });

const rows = (page: Page) => page.locator('.list-card .arco-table tbody tr.arco-table-tr');
const drawer = (page: Page) => page.locator('.arco-drawer');

interface CourseRow {
  id: number;
  name: string;
  capacity: number;
  enrolled: number;
}

test.describe('educate pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
  });

  for (const [path, title] of [
    ['/educate/teacher', '教师管理'],
    ['/educate/manager', '管理人员'],
    ['/educate/course', '课程管理'],
    ['/educate/room', '教室管理'],
    ['/educate/term', '学期管理'],
  ] as const) {
    test(`${title} lists the campus's rows`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(rows(page).first()).toBeVisible();
      await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
      await expect(page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
    });
  }

  test('a course: enrol through the picker, see the capacity, drop', async ({ page }) => {
    const courses = (await callApi<PageOf<CourseRow>>(page, 'GET', '/educate/courses?pageSize=50&sort=enrolled:asc')).data.list;
    const course = courses.find((c) => c.enrolled < c.capacity);
    expect(course).toBeTruthy();
    if (!course) return;
    await page.goto(`/educate/course?keyword=${encodeURIComponent(course.name)}`);
    await rows(page).filter({ hasText: course.name }).first().getByRole('button', { name: '选课名单' }).click();
    await expect(drawer(page).getByText(`已选 ${course.enrolled} / 容量 ${course.capacity}`)).toBeVisible();

    const picker = drawer(page).locator('.course-enrol .arco-select');
    await picker.click();
    await page.keyboard.type('DC2026');
    const option = page.locator('.arco-select-popup .arco-select-option').first();
    await expect(option).toBeVisible();
    await option.click();
    await page.keyboard.press('Escape');
    await drawer(page).getByRole('button', { name: '加入课程' }).click();
    await expect(drawer(page).getByText(`已选 ${course.enrolled + 1} / 容量 ${course.capacity}`)).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/course-students.png` });

    // The list of the enrolled reloads after the change: a click on its masked rows would go nowhere.
    await expect(drawer(page).getByText(`共 ${course.enrolled + 1} 名学生`)).toBeVisible();
    await expect(drawer(page).locator('.arco-spin-loading')).toHaveCount(0);
    const enrolledRows = drawer(page).locator('.arco-table tbody tr.arco-table-tr');
    const confirm = page.locator('.arco-modal').getByRole('button', { name: '退课' });
    await expect(async () => {
      if (!(await confirm.isVisible())) await enrolledRows.first().getByRole('button', { name: '退课' }).click({ timeout: 3_000 });
      await expect(confirm).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await confirm.click();
    await expect(drawer(page).getByText(`已选 ${course.enrolled} / 容量 ${course.capacity}`)).toBeVisible();
  });

  test('course add validates like the server; edit saves', async ({ page }) => {
    await page.goto('/educate/course');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await expect(page).toHaveURL(/\/educate\/course\/add$/);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('课程编号：不能为空')).toBeVisible();
    await expect(page.getByText('容量：不能为空')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS_DIR}/course-form.png` });

    await page.goto('/educate/course');
    await rows(page).first().getByRole('button', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/educate\/course\/\d+\/edit$/);
    const name = page.getByLabel('课程名称');
    await expect(name).not.toHaveValue('');
    await page.getByLabel('课程简介').fill('E2E 修改的课程简介');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/educate\/course$/);
  });

  test("a teacher's courses open from the row", async ({ page }) => {
    await page.goto('/educate/teacher');
    await rows(page).first().getByRole('button', { name: '课程' }).click();
    await expect(drawer(page).getByText(/任教的课程/)).toBeVisible();
  });
});
