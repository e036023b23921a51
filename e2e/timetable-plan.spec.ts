import type { Locator, Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './env';
import { callApi } from './educate-api';
import { expect, signInFresh, test } from './fixtures';

// Timetable generation (issue 20) against the real server: a small plan made through the pages, generated
// in the server's worker thread, its grid seen, applied, and its lessons found on the course schedule page.

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const TEACHER = `排课生成${stamp}`;
const PLAN = `方案${stamp}`;
const SUBJECT = `数学${stamp}`;

async function pickOption(page: Page, select: Locator, typed: string, option: string | RegExp) {
  await select.click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: option }).first().click();
}

// Before the first generation the plan has no timetable: the editor's look-up of it answers 404.
test.use({ allowedFailures: { urls: [/\/api\/educate\/timetable-plans\/\d+\/solution$/] } });

test('creates a plan, generates it, shows the grid and applies it to the course schedule', async ({ page }) => {
  test.setTimeout(120_000);
  await signInFresh(page);
  // A term of its own, far ahead, so nothing of the demo timetable is in the way.
  const year = 2200 + (Date.now() % 700);
  const term = await callApi<{ id: number }>(page, 'POST', '/educate/terms', {
    name: `生成学期${stamp}`,
    academicYear: `${year}-${year + 1}`,
    startDate: `${year}-09-01`,
    endDate: `${year + 1}-01-15`,
  });
  expect(term.code, term.msg).toBe(0);
  const teacher = await callApi<{ id: number }>(page, 'POST', '/educate/teachers', {
    staffNo: `TG${stamp}`,
    name: TEACHER,
    gender: 'female',
    status: 'active',
  });
  expect(teacher.code, teacher.msg).toBe(0);

  await page.goto('/educate/timetable-plan');
  await expect(page.getByRole('heading', { level: 1, name: '自动排课' })).toBeVisible();
  await page.getByRole('button', { name: '新建方案' }).click();
  const modal = page.locator('.arco-modal:visible');
  await pickOption(page, modal.getByLabel('学期'), '', `生成学期${stamp}`);
  await modal.getByLabel('方案名称').fill(PLAN);
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page).toHaveURL(/\/educate\/timetable-plan\/\d+$/);
  const planId = Number(/(\d+)$/.exec(page.url())?.[1]);

  // Three lessons a week of one teacher.
  await page.getByRole('button', { name: '添加活动' }).click();
  const form = page.locator('.arco-modal:visible');
  await form.getByLabel('科目').fill(SUBJECT);
  await pickOption(page, form.getByLabel('教师'), TEACHER, TEACHER);
  await page.keyboard.press('Escape');
  await form.getByLabel('每周课次（节数，逗号分隔）').fill('1, 1, 2');
  await form.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.arco-table tbody tr', { hasText: SUBJECT })).toHaveCount(3);

  await page.getByRole('tab', { name: '生成与结果' }).click();
  await expect(page.getByText('还没有排课结果')).toBeVisible();
  await page.getByRole('button', { name: '生成课表' }).click();
  await expect(page.getByTestId('tplan-run')).toContainText('已完成', { timeout: 60_000 });
  await expect(page.getByTestId('tplan-run')).toContainText('已安排 3 / 3');

  // The teacher's week shows the three lessons (the two-period one in two cells).
  await page.locator('.arco-radio-button', { hasText: '按教师' }).click();
  const grid = page.getByRole('table', { name: `排课结果：${TEACHER}` });
  await expect(grid.locator('.tplan-lesson', { hasText: SUBJECT })).toHaveCount(4);
  await page.screenshot({ path: `${ARTIFACTS_DIR}/timetable-plan-grid.png`, fullPage: true });

  await page.getByRole('button', { name: '应用到课表' }).click();
  await page
    .locator('.arco-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByText(/已写入 3 节课/)).toBeVisible();

  const plan = await callApi<{ activities: { courseId: number | null }[] }>(page, 'GET', `/educate/timetable-plans/${planId}`);
  const courseId = plan.data.activities[0]?.courseId;
  expect(courseId).toBeTruthy();
  await page.goto(`/educate/course/${courseId}/schedule`);
  await expect(page.locator('.tt-block')).toHaveCount(3);
  await page.screenshot({ path: `${ARTIFACTS_DIR}/timetable-plan-applied.png`, fullPage: true });
});
