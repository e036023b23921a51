import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './env';
import { callApi, findStudents, listClassChoices, pickClass, type PageOf } from './educate-api';
import { PENDING_SERVICES, expect, signIn, signInFresh, test } from './fixtures';

// Classes, the year end and data scope (issue 25), on the demo data.

test.use({ allowedFailures: { urls: [...PENDING_SERVICES] } });

interface ClassRow {
  id: number;
  name: string;
  gradeId: number;
  status: string;
}
interface GradeRow {
  id: number;
  name: string;
  order: number;
}

const table = (page: Page) => page.locator('.list-card .arco-table');
const rows = (page: Page) => table(page).locator('tbody tr.arco-table-tr');
const drawer = (page: Page) => page.locator('.arco-drawer');
const visiblePopup = (page: Page) => page.locator('.arco-select-popup:visible');

const listClasses = async (page: Page) =>
  (await callApi<PageOf<ClassRow>>(page, 'GET', '/educate/classes?page=1&pageSize=200&status=active')).data.list;
const listGrades = async (page: Page) => (await callApi<PageOf<GradeRow>>(page, 'GET', '/educate/grades?page=1&pageSize=200')).data.list;

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: true });
}

test.describe.serial('classes and the school year', () => {
  test('create a class and move selected students into it', async ({ page }) => {
    await signInFresh(page);
    await page.goto('/educate/class');
    await expect(page.getByRole('heading', { level: 1, name: '班级管理' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await drawer(page).locator('.arco-form-item').filter({ hasText: '年级' }).first().locator('.arco-select').click();
    await visiblePopup(page).locator('.arco-select-option').first().click();
    await drawer(page).getByLabel('班级名称').fill('E2E实验班');
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toHaveCount(0);
    const made = (await listClasses(page)).find((c) => c.name === 'E2E实验班');
    expect(made).toBeTruthy();

    // Two students of the list, moved by the bulk change.
    await page.goto('/educate/student?status=enrolled');
    await expect(rows(page).first()).toBeVisible();
    const picked = await Promise.all([0, 1].map(async (i) => (await rows(page).nth(i).locator('td').nth(1).innerText()).trim()));
    await rows(page).nth(0).locator('.arco-checkbox').click();
    await rows(page).nth(1).locator('.arco-checkbox').click();
    await page.getByRole('button', { name: /批量修改 \(2\)/ }).click();
    const modal = page.locator('.arco-modal').filter({ hasText: '批量修改' });
    await modal.getByText('调入班级').click();
    await modal.locator('.arco-select').click();
    await page.keyboard.type('E2E实验班');
    await visiblePopup(page).locator('.arco-select-option', { hasText: 'E2E实验班' }).first().click();
    await modal.getByRole('button', { name: '预览' }).click();
    await expect(modal).toContainText('将修改 2 名学生');
    await shoot(page, 'student-bulk-move');
    await modal.getByRole('button', { name: '确认修改' }).click();
    await expect(modal).toHaveCount(0);
    for (const no of picked) {
      const found = await findStudents(page, `keyword=${encodeURIComponent(no)}`);
      expect(found.list.find((s) => s.studentNo === no)?.className).toBe('E2E实验班');
    }

    // The class page lists them.
    await page.goto(`/educate/class/${made?.id ?? 0}`);
    await expect(page.getByText('本班学生', { exact: true }).first()).toBeVisible();
    for (const no of picked) await expect(page.getByRole('cell', { name: no })).toBeVisible();
    await shoot(page, 'class-detail');
  });

  test('filter the student list by class, add a student by picking a class, and see the class timetable', async ({ page }) => {
    await signInFresh(page);
    const choices = await listClassChoices(page);
    const withStudents = [];
    for (const c of choices) {
      if ((await findStudents(page, `classId=${c.id}&pageSize=1`)).total > 0) withStudents.push(c);
      if (withStudents.length === 1) break;
    }
    const target = withStudents[0];
    if (!target) throw new Error('no demo class has students');
    const inClass = await findStudents(page, `classId=${target.id}&pageSize=1`);

    // The search bar's class picker: the URL keeps the class, the total is the class's.
    await page.goto('/educate/student');
    await expect(rows(page).first()).toBeVisible();
    await pickClass(page, page.getByRole('search'), target.label);
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(new RegExp(`classId=${target.id}`));
    await expect(page.locator('.arco-pagination-total-text, .list-total').first()).toContainText(String(inClass.total));
    for (const cell of await rows(page).locator('td:nth-child(6)').allInnerTexts()) expect(cell.trim()).toBe(target.name);
    await shoot(page, 'student-class-filter');

    // Adding a student by picking the class puts them in it (and gives them its names).
    await page.getByRole('button', { name: '新增', exact: true }).click();
    await drawer(page).getByLabel('学号').fill('E2E-CLS-1');
    await drawer(page).getByLabel('姓名').fill('选班学生');
    await pickClass(page, drawer(page), target.label);
    await shoot(page, 'student-form-class');
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toHaveCount(0);
    const added = (await findStudents(page, 'keyword=E2E-CLS-1')).list[0];
    expect(added).toMatchObject({ classId: target.id, className: target.name });
    await expect(page.locator('.arco-pagination-total-text, .list-total').first()).toContainText(String(inClass.total + 1));

    // The class page shows its timetable: the lessons of the courses its students take.
    await page.goto(`/educate/class/${target.id}`);
    const card = page.locator('.class-timetable');
    await expect(card.getByText('班级课表')).toBeVisible();
    await expect(card.locator('.tt-grid')).toBeVisible();
    const timetable = await callApi<{ entries: unknown[]; classAttendance: { students: number } }>(
      page,
      'GET',
      `/educate/timetable?classId=${target.id}`,
    );
    expect(timetable.data.classAttendance.students).toBe(inClass.total + 1);
    if (timetable.data.entries.length) await expect(card.locator('[data-entry-id]').first()).toBeVisible();
    await shoot(page, 'class-detail-timetable');
    await callApi(page, 'DELETE', `/educate/students/${added?.id ?? 0}`);
  });

  test('the year-end wizard moves every class up on the demo, and undoes it', async ({ page }) => {
    await signInFresh(page);
    const grades = (await listGrades(page)).sort((a, b) => a.order - b.order);
    const before = await listClasses(page);
    const firstGrade = grades[0];
    const inFirst = before.filter((c) => c.gradeId === firstGrade?.id);
    expect(inFirst.length).toBeGreaterThan(0);

    await page.goto('/educate/school-year');
    await expect(page.getByRole('heading', { level: 1, name: '学年升级' })).toBeVisible();
    await page.getByRole('button', { name: '预览' }).click();
    await expect(page.getByText(/个班级升级，\d+ 名学生毕业/).first()).toBeVisible();
    await shoot(page, 'school-year-preview');
    // Nothing written by the preview.
    expect((await listClasses(page)).filter((c) => c.gradeId === firstGrade?.id).length).toBe(inFirst.length);

    await page.getByRole('button', { name: '确认升级' }).click();
    await page.locator('.arco-modal').getByRole('button', { name: '确认升级' }).click();
    await expect(page.getByText('学年升级已完成')).toBeVisible();
    const after = await listClasses(page);
    // The first grade is empty, its classes are in the second.
    expect(after.filter((c) => c.gradeId === firstGrade?.id)).toEqual([]);
    for (const c of inFirst) expect(after.find((x) => x.id === c.id)?.gradeId).toBe(grades[1]?.id);

    await page.getByRole('button', { name: /撤销/ }).first().click();
    await page.locator('.arco-modal').getByRole('button', { name: '撤销' }).click();
    await expect(page.getByText('已撤销').first()).toBeVisible();
    const undone = await listClasses(page);
    expect(
      undone
        .filter((c) => c.gradeId === firstGrade?.id)
        .map((c) => c.id)
        .sort(),
    ).toEqual(inFirst.map((c) => c.id).sort());
  });

  test('the demo head teacher sees only their classes: lists, class page, report, dashboard, export', async ({ page }) => {
    await signInFresh(page);
    const campusTotal = (await findStudents(page, 'page=1&pageSize=1')).total;
    // Sign out as a person does (clearing the storage under the open Workplace left its requests without a token).
    await page.getByRole('button', { name: /账号菜单/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'headteacher');
    await expect(page).toHaveURL(/\/dashboard\/workplace$/);

    const mine = await listClasses(page);
    expect(mine.length).toBeGreaterThan(0);
    const names = new Set(mine.map((c) => c.name));
    const all = (await findStudents(page, 'page=1&pageSize=200')).list;
    const total = (await findStudents(page, 'page=1&pageSize=1')).total;
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(campusTotal);
    for (const s of all) expect(names.has(s.className)).toBe(true);

    await page.goto('/educate/student');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.locator('.arco-pagination-total-text, .list-total').first()).toContainText(String(total));
    await shoot(page, 'head-teacher-students');

    await page.goto('/educate/class');
    await expect(rows(page)).toHaveCount(mine.length);

    // The timetable's class choice lists their classes only, and shows one's week.
    await page.goto('/educate/timetable');
    await page.locator('.timetable-toolbar .arco-radio-group').getByText('班级', { exact: true }).click();
    await page.getByLabel('选择班级', { exact: true }).click();
    const options = visiblePopup(page).locator('.arco-select-option');
    await expect(options).toHaveCount(mine.length);
    await options.first().click();
    await expect(page.locator('.timetable-title')).toContainText('班级');
    await expect(page.getByRole('region', { name: '本班选课' })).toBeVisible();
    await shoot(page, 'head-teacher-class-timetable');

    const report = await callApi<{ students: { total: number } }>(page, 'GET', '/report/summary');
    expect(report.data.students.total).toBe(total);
    const overview = await callApi<{ students: number | null }>(page, 'GET', '/dashboard/overview');
    expect(overview.data.students).toBeLessThanOrEqual(total);

    const exported = await page.evaluate(async () => {
      const read = (key: string): unknown => (JSON.parse(localStorage.getItem(key) ?? '{}') as { data?: unknown }).data;
      const res = await fetch('/api/educate/students/export?format=csv', {
        headers: {
          Authorization: `Bearer ${String(read('sch-token'))}`,
          'X-Access-Camid': String((read('sch-cam') as { cam_id: number }).cam_id),
        },
      });
      return (await res.text()).trim().split(/\r?\n/).length - 1;
    });
    expect(exported).toBe(total);
  });
});
