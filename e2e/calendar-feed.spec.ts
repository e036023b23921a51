import ICAL from 'ical.js';
import { ARTIFACTS_DIR } from './env';
import { callApi, type PageOf } from './educate-api';
import { expect, signInFresh, test } from './fixtures';

// Calendar subscription (issue 17): the feed URL is copied from the timetable
// page, fetched with no header at all, read by an independent iCalendar
// parser (ical.js), then renewed from the page: the old URL is refused.

interface TeacherRow {
  id: number;
  name: string;
}

test('copies the feed URL, a header-less fetch parses as iCalendar, renewing refuses the old URL', async ({
  page,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFresh(page);

  // A demo teacher with lessons this term.
  const teachers = (await callApi<PageOf<TeacherRow>>(page, 'GET', '/educate/teachers?pageSize=50')).data.list;
  let teacher: TeacherRow | undefined;
  let lessons = 0;
  for (const candidate of teachers) {
    const tt = await callApi<{ entries: unknown[] }>(page, 'GET', `/educate/timetable?teacherId=${candidate.id}`);
    if (tt.data.entries.length > 0) {
      teacher = candidate;
      lessons = tt.data.entries.length;
      break;
    }
  }
  if (!teacher) throw new Error('no demo teacher has lessons');

  await page.goto('/educate/timetable');
  await page.locator('.timetable-target').click();
  await page.keyboard.type(teacher.name);
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: teacher.name }).first().click();
  await expect(page.locator('.timetable-title')).toContainText(teacher.name);

  await page.getByRole('button', { name: '订阅日历' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('尚未为此课表生成订阅地址');
  await dialog.getByRole('button', { name: '生成订阅地址' }).click();
  const urlBox = dialog.getByLabel('订阅地址');
  await expect(urlBox).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(dialog.getByRole('link', { name: '添加到日历' })).toHaveAttribute('href', /^webcal:\/\/.+\.ics$/);
  await dialog.getByRole('button', { name: '复制地址' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await urlBox.inputValue());
  await page.screenshot({ path: `${ARTIFACTS_DIR}/calendar-feed-dialog.png` });

  // A calendar app: no token, no campus, no cookies.
  const bare = await playwright.request.newContext();
  const feed = await bare.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const cal = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
  const events = cal.getAllSubcomponents('vevent');
  expect(events).toHaveLength(lessons);
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const first = new ICAL.Event(events[0]);
  expect(first.summary).toBeTruthy();
  expect(first.iterator().next()).toBeTruthy();

  // Renew from the page: a new URL, the old one refused.
  await dialog.getByRole('button', { name: '重新生成（旧地址失效）' }).click();
  await expect(urlBox).not.toHaveValue(copied);
  const renewed = await urlBox.inputValue();
  expect((await bare.get(copied)).status()).toBe(404);
  expect((await bare.get(renewed)).status()).toBe(200);

  // Revoke: the renewed URL stops too.
  await dialog.getByRole('button', { name: '撤销' }).click();
  await expect(dialog).toContainText('尚未为此课表生成订阅地址');
  expect((await bare.get(renewed)).status()).toBe(404);
  await bare.dispose();
});
