import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './env';
import { callApi, type PageOf } from './educate-api';
import { expect, signInFresh, test } from './fixtures';
import { switchLanguage } from './text-layout';

// Course schedules and timetables (issue 5) against the real server: the
// data each step needs is made through the API, the steps go through the UI.

// A refused write (409 clash) is an expected failed load.
test.use({ allowedFailures: { urls: [/\/api\/educate\/courses\/\d+\/schedule/] } });

interface Term {
  id: number;
  name: string;
  current: boolean;
}
interface Entry {
  id: number;
  weekday: number;
  startTime: string;
  endTime: string;
  roomId: number;
  teacherName: string;
}

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const TEACHER = `排课老师${stamp}`;
const ROOM_A = `E2A${stamp}`;
const ROOM_B = `E2B${stamp}`;
const COURSE_A = `排课甲${stamp}`;
const COURSE_B = `排课乙${stamp}`;
/** Row height of the grid (schedule-grid.tsx) and its first hour (BASE_DAY). */
const ROW_PX = 34;
const DAY_START_MIN = 7 * 60;

const ids = { teacher: 0, courseA: 0, courseB: 0 };

async function create(page: Page, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await callApi<{ id: number }>(page, 'POST', path, body);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}

async function entriesOf(page: Page, courseId: number): Promise<Entry[]> {
  return (await callApi<{ entries: Entry[] }>(page, 'GET', `/educate/courses/${courseId}/schedule`)).data.entries;
}

const drawer = (page: Page) => page.locator('.schedule-entry-drawer');
const column = (page: Page, weekday: number) => page.locator(`.tt-col[data-weekday="${weekday}"]`);
// By its label: a message under another field may name this one ("须晚于开始时间").
const formItem = (page: Page, label: string) =>
  drawer(page)
    .locator('.arco-form-item')
    .filter({ has: page.locator('.arco-form-label-item', { hasText: label }) });

/** Page y of a minute of the day inside a column. */
async function yOf(col: Locator, minute: number): Promise<{ x: number; y: number }> {
  const box = await col.boundingBox();
  if (!box) throw new Error('column not laid out');
  return { x: box.x + box.width / 2, y: box.y + ((minute - DAY_START_MIN) / 30) * ROW_PX + ROW_PX / 2 };
}

/** A full-page screenshot from the top, so the fixed navbar sits where it belongs. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS_DIR}/${name}.png`, fullPage: true });
}

async function pickOption(page: Page, field: Locator, typed: string, option: string | RegExp) {
  await field.locator('.arco-select').click();
  if (typed) await page.keyboard.type(typed);
  const popup = page.locator('.arco-select-popup:visible');
  await popup.locator('.arco-select-option', { hasText: option }).first().click();
}

test.describe.serial('course schedule and timetables', () => {
  test.beforeEach(async ({ page }) => {
    await signInFresh(page);
  });

  test('adds an entry by selecting a time range on the grid', async ({ page }) => {
    const terms = (await callApi<PageOf<Term>>(page, 'GET', '/educate/terms?pageSize=50')).data.list;
    const term = terms.find((x) => x.current) ?? terms[0];
    if (!term) throw new Error('the demo campus has no term');
    ids.teacher = await create(page, '/educate/teachers', { staffNo: `TS${stamp}`, name: TEACHER, gender: 'female', status: 'active' });
    await create(page, '/educate/rooms', { code: ROOM_A, name: '排课教室甲', capacity: 80 });
    await create(page, '/educate/rooms', { code: ROOM_B, name: '排课教室乙', capacity: 80 });
    const course = { termId: term.id, teacherId: ids.teacher, capacity: 40, status: 'open' };
    ids.courseA = await create(page, '/educate/courses', { ...course, code: `SA${stamp}`, name: COURSE_A });
    ids.courseB = await create(page, '/educate/courses', { ...course, code: `SB${stamp}`, name: COURSE_B });

    // From the course list's row action.
    await page.goto(`/educate/course?keyword=${encodeURIComponent(COURSE_A)}`);
    await page.locator('.arco-table tbody tr', { hasText: COURSE_A }).getByRole('button', { name: '排课' }).click();
    await expect(page).toHaveURL(new RegExp(`/educate/course/${ids.courseA}/schedule$`));
    await expect(page.getByRole('heading', { level: 1, name: '课程排课' })).toBeVisible();
    await expect(page.getByText('尚未排课')).toBeVisible();

    // Press at 08:00 on Tuesday, drag down to the 09:00 row, release: 08:00-09:30.
    const tuesday = column(page, 2);
    await tuesday.scrollIntoViewIfNeeded();
    const from = await yOf(tuesday, 8 * 60);
    const to = await yOf(tuesday, 9 * 60);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await expect(tuesday.locator('.tt-selection')).toHaveText('08:00–09:30');
    await page.mouse.up();

    await expect(drawer(page).getByText('添加课时').first()).toBeVisible();
    await expect(formItem(page, '星期').locator('.arco-select-view-value')).toHaveText('周二');
    await expect(formItem(page, '开始时间').locator('.arco-select-view-value')).toHaveText('08:00');
    await expect(formItem(page, '结束时间').locator('.arco-select-view-value')).toHaveText('09:30');
    // The teacher defaults to the course's.
    await expect(formItem(page, '教师').locator('.arco-select-view-value')).toContainText(TEACHER);
    await pickOption(page, formItem(page, '教室'), ROOM_A, ROOM_A);
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toBeHidden();

    const block = tuesday.locator('.tt-block');
    await expect(block).toContainText(COURSE_A);
    await expect(block).toContainText('08:00–09:30');
    await expect(block).toContainText(ROOM_A);
    const saved = await entriesOf(page, ids.courseA);
    expect(saved).toMatchObject([{ weekday: 2, startTime: '08:00', endTime: '09:30', teacherName: TEACHER }]);
    await shoot(page, 'schedule-added');
  });

  test('explains a clash when a second course of the same teacher takes the same time', async ({ page }) => {
    await page.goto(`/educate/course/${ids.courseB}/schedule`);
    // The keyboard path: the button, then the form.
    const add = page.getByRole('button', { name: '添加课时' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page).locator('.arco-drawer-header-title')).toHaveText('添加课时');
    await pickOption(page, formItem(page, '星期'), '', '周二');
    // An end before the start is refused under the end's field, and the message goes once the times are right.
    await pickOption(page, formItem(page, '开始时间'), '10:00', /^10:00$/);
    await pickOption(page, formItem(page, '结束时间'), '09:15', /^09:15$/);
    await pickOption(page, formItem(page, '教室'), ROOM_B, ROOM_B);
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(formItem(page, '结束时间').locator('.arco-form-message')).toHaveText('结束时间：须晚于开始时间');
    await pickOption(page, formItem(page, '开始时间'), '08:30', /^08:30$/);
    await expect(formItem(page, '结束时间').locator('.arco-form-message')).toHaveCount(0);
    // What the form holds is drawn on the grid before it is saved.
    await expect(column(page, 2).locator('.tt-selection')).toHaveText('08:30–09:15');
    await drawer(page).getByRole('button', { name: '保存' }).click();

    const clash = drawer(page).locator('.schedule-clashes');
    await expect(clash).toContainText('时间冲突（1 处）');
    await expect(clash).toContainText(COURSE_A);
    await expect(clash).toContainText(`教师 ${TEACHER} 同时有课`);
    await expect(clash).toContainText('周二 08:00–09:30');
    await expect(clash).toContainText('未保存');
    await expect(drawer(page).locator('.arco-form-message')).toHaveCount(0);
    // And on the grid, where the other course meets.
    const ghost = column(page, 2).locator('.tt-block-clash');
    await expect(ghost).toContainText(COURSE_A);
    // Beside the form, not under it or under a mask: the point at its middle is the block itself.
    await expect(page.locator('.arco-drawer-mask:visible')).toHaveCount(0);
    const isOnTop = await ghost.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.tt-block-clash') === el;
    });
    expect(isOnTop).toBe(true);
    expect(await entriesOf(page, ids.courseB)).toEqual([]);
    await shoot(page, 'schedule-clash');

    // English: the same clash, worded from the answer's fields.
    await drawer(page).getByRole('button', { name: '取消' }).click();
    await switchLanguage(page, 'English');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await pickOption(page, formItem(page, 'Weekday'), '', 'Tue');
    await pickOption(page, formItem(page, 'Start'), '09:00', /^09:00$/);
    await pickOption(page, formItem(page, 'End'), '10:00', /^10:00$/);
    await pickOption(page, formItem(page, 'Room'), ROOM_A, ROOM_A);
    await drawer(page).getByRole('button', { name: 'Save' }).click();
    const both = drawer(page).locator('.schedule-clashes');
    await expect(both).toContainText('Schedule clash (2)');
    await expect(both).toContainText(`teacher ${TEACHER} is busy`);
    await expect(both).toContainText(`room ${ROOM_A} (排课教室甲) is taken`);
    await shoot(page, 'schedule-clash-en');
  });

  test('fills the grid with free slots and adds one picked from it', async ({ page }) => {
    await page.goto(`/educate/course/${ids.courseB}/schedule`);
    await page.getByRole('spinbutton', { name: '时长（分钟）' }).fill('60');
    await page.getByRole('button', { name: '查找' }).click();
    const suggestions = page.locator('.tt-suggestion');
    await expect(suggestions.first()).toBeVisible();
    await expect(page.getByRole('status')).toContainText(/找到 \d+ 个时段/);
    // A 60-minute slot is drawn 60 minutes tall (two rows of 30), not one row.
    expect((await suggestions.first().boundingBox())?.height).toBeCloseTo(2 * ROW_PX, 0);
    // Tuesday 08:00-09:30 is the teacher's: no suggestion may start inside it.
    const tuesdayStarts = await column(page, 2).locator('.tt-suggestion').allTextContents();
    expect(tuesdayStarts.some((s) => s >= '07:30' && s < '09:30')).toBe(false);
    await shoot(page, 'schedule-free-slots');

    const pick = column(page, 3).locator('.tt-suggestion').first();
    const [start, end] = (await pick.innerText()).split('–');
    await pick.click();
    await expect(formItem(page, '星期').locator('.arco-select-view-value')).toHaveText('周三');
    await expect(formItem(page, '开始时间').locator('.arco-select-view-value')).toHaveText(start ?? '');
    // A room that seats the course is proposed.
    await expect(formItem(page, '教室').locator('.arco-select-view-value')).not.toBeEmpty();
    await drawer(page).getByRole('button', { name: '保存' }).click();
    await expect(drawer(page)).toBeHidden();
    expect(await entriesOf(page, ids.courseB)).toMatchObject([{ weekday: 3, startTime: start, endTime: end }]);
    // Suggestions found before the change are cleared.
    await expect(suggestions).toHaveCount(0);
  });

  test('moves an entry by dragging it to another day and time', async ({ page }) => {
    await page.goto(`/educate/course/${ids.courseA}/schedule`);
    const block = column(page, 2).locator('.tt-block');
    await expect(block).toBeVisible();
    await block.scrollIntoViewIfNeeded();
    const box = await block.boundingBox();
    if (!box) throw new Error('block not laid out');
    const thursday = await yOf(column(page, 4), 10 * 60);
    // Grab near the top of the block (08:00 row) and drop it on Thursday's 10:00 row.
    await page.mouse.move(box.x + box.width / 2, box.y + 6);
    await page.mouse.down();
    await page.mouse.move(thursday.x, thursday.y - ROW_PX / 2 + 6, { steps: 10 });
    await expect(column(page, 4).locator('.tt-drop-preview')).toHaveText('10:00–11:30');
    await page.mouse.up();
    await expect(page.getByText('已移动到 周四 10:00-11:30')).toBeVisible();
    await expect(column(page, 4).locator('.tt-block')).toContainText(COURSE_A);
    await expect(column(page, 2).locator('.tt-block')).toHaveCount(0);
    expect(await entriesOf(page, ids.courseA)).toMatchObject([{ weekday: 4, startTime: '10:00', endTime: '11:30' }]);
    await shoot(page, 'schedule-moved');
  });

  test("downloads the teacher's .ics from the timetable page and prints without the console chrome", async ({ page }) => {
    await page.goto('/educate/timetable');
    await expect(page.getByRole('heading', { level: 1, name: '课表查询' })).toBeVisible();
    await page.locator('.timetable-target').click();
    await page.keyboard.type(TEACHER);
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: TEACHER }).click();
    await expect(page.locator('.timetable-title')).toContainText(TEACHER);
    await expect(page.locator('.tt-block')).toHaveCount(2);
    await expect(page.locator('.timetable-load')).toContainText('平均每周');
    await shoot(page, 'timetable-teacher');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 .ics' }).click()]);
    expect(download.suggestedFilename()).toBe(`timetable-teacher-${ids.teacher}.ics`);
    const path = await download.path();
    const ics = await readFile(path, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(ics).toContain('RRULE:FREQ=WEEKLY');
    expect(ics).toContain(COURSE_A);
    expect(ics).toContain(COURSE_B);

    await page.emulateMedia({ media: 'print' });
    for (const chrome of ['.app-sider', '.app-navbar', '.app-tabbar', '.timetable-toolbar'])
      await expect(page.locator(chrome)).toBeHidden();
    await expect(page.locator('.tt-grid')).toBeVisible();
    await expect(page.locator('.timetable-title')).toBeVisible();
    await shoot(page, 'timetable-print');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.app-sider')).toBeVisible();
  });

  test('reads in dark theme and English', async ({ page }) => {
    await page.goto(`/educate/course/${ids.courseA}/schedule`);
    await expect(column(page, 4).locator('.tt-block')).toBeVisible();
    await page.getByRole('button', { name: '切换为暗色主题' }).click();
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await page.getByRole('spinbutton', { name: '时长（分钟）' }).fill('90');
    await page.getByRole('button', { name: '查找' }).click();
    await expect(page.locator('.tt-suggestion').first()).toBeVisible();
    await shoot(page, 'schedule-dark');
    await switchLanguage(page, 'English');
    await expect(page.getByRole('heading', { level: 1, name: 'Course schedule' })).toBeVisible();
    await expect(column(page, 4).locator('.tt-block')).toContainText('weeks 1-');
    await shoot(page, 'schedule-dark-en');
    await page.goto('/educate/timetable');
    await page.locator('.timetable-target').click();
    await page.keyboard.type(TEACHER);
    await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: TEACHER }).click();
    await expect(page.locator('.timetable-load')).toContainText('Average week');
    await shoot(page, 'timetable-dark-en');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});
