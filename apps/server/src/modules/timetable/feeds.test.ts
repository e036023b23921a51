import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { teachers } from '../../db/schema/campus.js';
import { calendarFeeds, users } from '../../db/schema/system.js';
import { createUser } from '../../test/fixtures.js';
import { authed, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';

// Calendar feed URLs: fetched with no header, parsed by ical.js; rotated,
// revoked, and refused once the owner is disabled or loses the permission.

let t: TestApp;
let adminToken: string;
let camId: number;
let teacherId: number;
let entryCount: number;

const issue = (token: string, body: object, locale = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: '/api/educate/timetable/feeds',
    headers: { ...authed(token, camId), 'accept-language': locale },
    payload: body,
  });
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

interface Issued {
  feed: { id: number; kind: string; targetName: string };
  url: string;
  webcalUrl: string;
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  adminToken = await getToken(t.app);
  const [pick] = await queryRows<{ teacher_id: number; cam_id: number; n: number }>(
    t.database.db,
    sql`select e.teacher_id, e.cam_id, count(*)::int as n from schedule_entries e
        join courses c on c.id = e.course_id and c.cam_id = e.cam_id
        join terms m on m.id = c.term_id and m.cam_id = e.cam_id and m.is_current
        group by e.teacher_id, e.cam_id order by count(*) desc, e.teacher_id limit 1`,
  );
  if (!pick) throw new Error('no demo schedule');
  ({ teacher_id: teacherId, cam_id: camId, n: entryCount } = pick);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('calendar feeds', () => {
  it('a teacher feed answers with no header, a calendar ical.js reads, in the caller language', async () => {
    const res = await issue(adminToken, { kind: 'teacher', targetId: teacherId });
    expect(res.statusCode).toBe(201);
    const issued = res.json<{ data: Issued }>().data;
    expect(issued.url).toMatch(/^http:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(issued.webcalUrl).toBe(issued.url.replace(/^http:/, 'webcal:'));
    expect(issued.url).not.toContain(adminToken);

    const feed = await fetchFeed(issued.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.headers['cache-control']).toBe('no-store');
    const cal = new ICAL.Component(ICAL.parse(feed.body) as unknown[]);
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(entryCount);
    expect(String(cal.getFirstPropertyValue('x-wr-calname'))).toContain('课表');
    const description = String(cal.getAllSubcomponents('vevent')[0]?.getFirstPropertyValue('description'));
    expect(description).toMatch(/第 \d+-\d+ 周/);

    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.id, issued.feed.id));
    expect(row?.lastUsedAt).not.toBeNull();
    expect(row?.secretHash).not.toContain(new URL(issued.url).pathname.split('/').pop()?.replace('.ics', ''));
  });

  it('rotating refuses the old URL and serves the new; revoking refuses both', async () => {
    const [room] = await queryRows<{ id: number }>(t.database.db, sql`select id from rooms where cam_id = ${camId} order by id limit 1`);
    const issued = (await issue(adminToken, { kind: 'room', targetId: room?.id })).json<{ data: Issued }>().data;
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/user/calendar-feeds/${issued.feed.id}/rotate`,
      headers: authed(adminToken),
    });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<{ data: Issued }>().data;
    expect(next.url).not.toBe(issued.url);
    expect((await fetchFeed(issued.url)).statusCode).toBe(404);
    expect((await fetchFeed(next.url)).statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/user/calendar-feeds', headers: authed(adminToken) });
    expect(list.json<{ data: { id: number; url?: string }[] }>().data.map((f) => f.id)).toContain(issued.feed.id);
    expect(list.body).not.toContain('/api/calendar/');

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/calendar-feeds/${issued.feed.id}`,
      headers: authed(adminToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await fetchFeed(next.url)).statusCode).toBe(404);
    expect((await fetchFeed(`http://x/api/calendar/not-a-token.ics`)).statusCode).toBe(404);
  });

  it('stops when the owner loses the permission or is disabled; another user cannot touch it', async () => {
    const userId = await createUser(t.database.db, {
      username: 'feeder',
      password: 'Feeder-pass-1234',
      perms: ['educate:schedule:list'],
      camIds: [camId],
    });
    const token = (await login(t.app, 'feeder', 'Feeder-pass-1234')).json<{ data: string }>().data;
    const issued = (await issue(token, { kind: 'teacher', targetId: teacherId }, 'en-US')).json<{ data: Issued }>().data;
    const ok = await fetchFeed(issued.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('X-WR-CALNAME:Timetable');

    const other = await t.app.inject({ method: 'DELETE', url: `/api/user/calendar-feeds/${issued.feed.id}`, headers: authed(adminToken) });
    expect(other.statusCode).toBe(404);

    // Loses the permission: the role's perms are emptied.
    const [role] = await queryRows<{ role_id: number }>(t.database.db, sql`select role_id from user_roles where user_id = ${userId}`);
    await t.database.db.execute(sql`delete from role_perms where role_id = ${role?.role_id}`);
    expect((await fetchFeed(issued.url)).statusCode).toBe(403);
    await t.database.db.execute(
      sql`insert into role_perms (role_id, perm_id) select ${role?.role_id}, id from perms where code = 'educate:schedule:list'`,
    );
    expect((await fetchFeed(issued.url)).statusCode).toBe(200);

    // Disabled.
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, userId));
    const refused = await fetchFeed(issued.url);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('BEGIN:VCALENDAR');
  });

  it('the own feed holds the timetable of the teacher records linked to the user', async () => {
    const userId = await createUser(t.database.db, { username: 'teacherme', password: 'Teacher-pass-1234', perms: [], camIds: [camId] });
    const token = (await login(t.app, 'teacherme', 'Teacher-pass-1234')).json<{ data: string }>().data;
    const none = await t.app.inject({ method: 'POST', url: '/api/user/calendar-feeds', headers: authed(token), payload: { kind: 'own' } });
    expect(none.statusCode).toBe(400);
    await t.database.db.update(teachers).set({ userId }).where(eq(teachers.id, teacherId));
    const res = await t.app.inject({ method: 'POST', url: '/api/user/calendar-feeds', headers: authed(token), payload: { kind: 'own' } });
    expect(res.statusCode).toBe(201);
    const issued = res.json<{ data: Issued }>().data;
    const feed = await fetchFeed(issued.url);
    expect(feed.statusCode).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(feed.body) as unknown[]);
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(entryCount);
    expect(String(cal.getFirstPropertyValue('x-wr-calname'))).toBe('我的课表');
  });
});
