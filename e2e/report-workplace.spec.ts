import type { PopularItem } from '@campus/contract';
import { callApi } from './educate-api';
import { expectChartsDrawn } from './charts';
import { ARTIFACTS_DIR } from './env';
import { expect, signInFresh, test } from './fixtures';

interface Overview {
  students: number;
  teachers: number;
  courses: number;
  todayLessons: number;
}

test('the Workplace shows the seeded figures', async ({ page }) => {
  await signInFresh(page);
  const overview = (await callApi<Overview>(page, 'GET', '/dashboard/overview')).data;
  const content = (await callApi<{ x: string; y: number }[]>(page, 'GET', '/content-data')).data;
  const courses = (await callApi<PopularItem[]>(page, 'GET', '/popular/list?type=course')).data;
  const teachers = (await callApi<PopularItem[]>(page, 'GET', '/popular/list?type=teacher')).data;
  const today = (await callApi<{ list: unknown[] }>(page, 'GET', '/dashboard/today')).data;
  expect(overview.students).toBeGreaterThan(0);

  for (const key of ['students', 'teachers', 'courses', 'todayLessons'] as const)
    await expect(page.getByTestId(`overview-${key}`)).toHaveText(overview[key].toLocaleString('en-US'));

  // The content-data chart: drawn, and its total is the API's 8 days.
  expect(content).toHaveLength(8);
  const total = content.reduce((sum, p) => sum + p.y, 0);
  const chartCard = page.locator('.workplace-card', { hasText: '新增选课' });
  await expect(chartCard).toContainText(`8 天共 ${total} 人次`);
  await expectChartsDrawn(chartCard, 1);

  // Popular rankings, in the API's order, on both tabs.
  const popular = page.locator('.popular-card');
  const titles = () => popular.locator('.popular-title').allInnerTexts();
  await expect.poll(titles).toEqual(courses.map((c) => c.title));
  const first = courses[0];
  if (first && first.increases !== 0)
    await expect(popular.locator('.popular-change').first()).toHaveClass(first.increases > 0 ? /is-up/ : /is-down/);
  await popular.getByText('教师', { exact: true }).click();
  await expect.poll(titles).toEqual(teachers.map((c) => c.title));

  // Today's timetable: one line per lesson.
  const todayCard = page.locator('.workplace-card', { hasText: '今日课表' });
  if (today.list.length) await expect(todayCard.locator('.today-item')).toHaveCount(today.list.length);
  else await expect(todayCard).toContainText('今天没有课');

  // Quick links include rooms and terms.
  await expect(page.getByRole('link', { name: /教室管理/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /学期管理/ })).toBeVisible();

  await page.screenshot({ path: `${ARTIFACTS_DIR}/workplace-data.png`, fullPage: true });
});

// The welcome line's "today" is the campus's day (the day whose lessons the page lists), not the browser's. The
// browser's time zone is picked so that its date differs from Asia/Shanghai's right now: UTC-12 is a day behind
// until 20:00 there, UTC+14 a day ahead from 18:00.
const campusHour = Number(
  new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
);
test.describe('a browser in another time zone', () => {
  test.use({ timezoneId: campusHour < 19 ? 'Etc/GMT+12' : 'Etc/GMT-14' });

  test("the Workplace's welcome says the campus's today", async ({ page }) => {
    await signInFresh(page);
    const overview = (await callApi<{ date: string }>(page, 'GET', '/dashboard/overview')).data;
    const browserDate = await page.evaluate(() => new Intl.DateTimeFormat('sv-SE').format(new Date()));
    expect(browserDate).not.toBe(overview.date);
    await expect(page.locator('.workplace-meta')).toContainText(`今天是 ${overview.date}`);
  });
});
