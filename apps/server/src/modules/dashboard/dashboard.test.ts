import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopularItem } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';
import { computeIncrease, formatClickNumber } from './service.js';

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const TZ = 'Asia/Shanghai';
const DAY_MS = 86_400_000;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
const get = async <T>(url: string, cam = camA, tk = token) => {
  const res = await call(t.app, { method: 'GET', url, headers: authed(tk, cam) });
  expect(res.status, `${url}: ${res.body.msg}`).toBe(200);
  return res.body.data as T;
};
const localDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const shiftDate = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  [camA = 0, camB = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function enrolmentDays(cam: number) {
  const en = await rows<{ created_at: Date | string }>(sql`select created_at from enrolments where cam_id = ${cam}`);
  return en.map((e) => localDate(new Date(e.created_at)));
}

describe('GET /api/content-data', () => {
  it('answers 8 consecutive days ending today with the enrolments of each day', async () => {
    for (const cam of [camA, camB]) {
      const data = await get<{ x: string; y: number }[]>('/api/content-data', cam);
      const today = localDate(new Date());
      expect(data.map((p) => p.x)).toEqual(Array.from({ length: 8 }, (_, i) => shiftDate(today, i - 7)));
      const days = await enrolmentDays(cam);
      expect(data.map((p) => p.y)).toEqual(data.map((p) => days.filter((d) => d === p.x).length));
      // The demo pins one enrolment to each of those days.
      expect(data.every((p) => p.y > 0)).toBe(true);
    }
  });

  it('counts only the campus of X-Access-Camid', async () => {
    const [course] = await rows<{ id: number; student: number }>(
      sql`select c.id, (select s.id from students s where s.cam_id = ${camB}
                         and s.id not in (select student_id from enrolments where course_id = c.id) limit 1) as student
          from courses c where c.cam_id = ${camB} and c.enrolled_count < c.capacity order by c.id limit 1`,
    );
    const before = await get<{ x: string; y: number }[]>('/api/content-data', camA);
    const beforeB = await get<{ x: string; y: number }[]>('/api/content-data', camB);
    await t.database.db.execute(
      sql`insert into enrolments (cam_id, course_id, student_id) values (${camB}, ${course?.id ?? 0}, ${course?.student ?? 0})`,
    );
    expect(await get('/api/content-data', camA)).toEqual(before);
    const afterB = await get<{ x: string; y: number }[]>('/api/content-data', camB);
    expect(afterB[7]?.y).toBe((beforeB[7]?.y ?? 0) + 1);
  });
});

describe('GET /api/popular/list', () => {
  it('formats counts as the spec does', () => {
    expect(formatClickNumber(0)).toBe('0');
    expect(formatClickNumber(9_999)).toBe('9999');
    expect(formatClickNumber(12_345)).toBe('1.2w+');
    expect(computeIncrease(15, 10)).toBe(50);
    expect(computeIncrease(5, 0)).toBe(0);
    expect(computeIncrease(0, 4)).toBe(-100);
  });

  async function expected(cam: number, group: 'course' | 'teacher') {
    const en = await rows<{
      course_id: number;
      course: string;
      code: string;
      teacher_id: number;
      teacher: string;
      staff_no: string;
      created_at: Date | string;
    }>(
      sql`select c.id as course_id, c.name as course, c.code, t.id as teacher_id, t.name as teacher, t.staff_no, e.created_at
          from enrolments e join courses c on c.id = e.course_id join teachers t on t.id = c.teacher_id
          where e.cam_id = ${cam} and c.term_id = (select id from terms where cam_id = ${cam} and is_current)`,
    );
    const today = localDate(new Date());
    const weekAgo = shiftDate(today, -6);
    const twoWeeksAgo = shiftDate(today, -13);
    const groups = new Map<number, { title: string; order: string; total: number; recent: number; before: number }>();
    for (const e of en) {
      const id = group === 'course' ? e.course_id : e.teacher_id;
      const g = groups.get(id) ?? {
        title: group === 'course' ? e.course : e.teacher,
        order: group === 'course' ? e.code : e.staff_no,
        total: 0,
        recent: 0,
        before: 0,
      };
      const day = localDate(new Date(e.created_at));
      g.total++;
      if (day >= weekAgo) g.recent++;
      else if (day >= twoWeeksAgo) g.before++;
      groups.set(id, g);
    }
    return [...groups.values()].sort((a, b) => b.total - a.total || a.order.localeCompare(b.order)).slice(0, 5);
  }

  for (const type of ['course', 'teacher'] as const) {
    it(`ranks the top 5 ${type}s by enrolments in the current term, with the change on last week`, async () => {
      const data = await get<PopularItem[]>(`/api/popular/list?type=${type}`);
      const want = await expected(camA, type);
      expect(data).toHaveLength(5);
      expect(data.map((d) => d.key)).toEqual([1, 2, 3, 4, 5]);
      expect(data.map((d) => d.clickNumber)).toEqual(want.map((w) => String(w.total)));
      // Ties may order differently under another collation; the counts may not.
      for (const [i, d] of data.entries()) {
        const w = want.find((x) => x.title === d.title && String(x.total) === d.clickNumber);
        expect(w, `${i}: ${d.title}`).toBeDefined();
        expect(d.increases).toBe(computeIncrease(w?.recent ?? 0, w?.before ?? 0));
      }
    });
  }

  it('defaults to courses and differs per campus', async () => {
    expect(await get('/api/popular/list')).toEqual(await get('/api/popular/list?type=course'));
    const b = await get<PopularItem[]>('/api/popular/list', camB);
    const wantB = await expected(camB, 'course');
    expect(b.map((d) => d.clickNumber)).toEqual(wantB.map((w) => String(w.total)));
  });

  it('refuses an unknown type', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/popular/list?type=video', headers: authed(token, camA) });
    expect(res.status).toBe(400);
  });
});

/** The current term's week of today, counted as the schedule does (week 1 holds the first day, weeks start on Monday). */
function termWeek(start: string, today: string): number {
  const s = new Date(`${start}T00:00:00Z`);
  const monday = s.getTime() - ((s.getUTCDay() + 6) % 7) * DAY_MS;
  return Math.floor((Date.parse(`${today}T00:00:00Z`) - monday) / (7 * DAY_MS)) + 1;
}

async function lessonsToday(cam: number) {
  const today = localDate(new Date());
  const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const [term] = await rows<{ id: number; start: string; end: string }>(
    sql`select id, to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as end from terms where cam_id = ${cam} and is_current`,
  );
  const week = termWeek(term?.start ?? today, today);
  const entries = await rows<{
    id: number;
    teacher_id: number;
    weekday: number;
    week_start: number;
    week_end: number;
    week_pattern: string;
  }>(
    sql`select id, teacher_id, weekday, week_start, week_end, week_pattern from schedule_entries
        where cam_id = ${cam} and course_id in (select id from courses where cam_id = ${cam} and term_id = ${term?.id ?? 0})`,
  );
  return entries.filter(
    (e) =>
      e.weekday === weekday &&
      e.week_start <= week &&
      week <= e.week_end &&
      (e.week_pattern === 'all' || (e.week_pattern === 'odd') === (week % 2 === 1)),
  );
}

describe('Workplace overview and today', () => {
  let lessonTeacherId = 0;
  // A lesson today, late in the evening, so the figures below are never checked on an empty day.
  beforeAll(async () => {
    const today = localDate(new Date());
    const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const [c] = await rows<{ course_id: number; teacher_id: number; room_id: number }>(
      sql`select c.id as course_id, c.teacher_id, (select id from rooms where cam_id = ${camA} order by capacity desc limit 1) as room_id
          from courses c join terms tm on tm.id = c.term_id and tm.is_current where c.cam_id = ${camA} order by c.id limit 1`,
    );
    if (!c) throw new Error('the demo seed has no current course');
    lessonTeacherId = c.teacher_id;
    await t.database.db.execute(
      sql`insert into schedule_entries (cam_id, course_id, weekday, start_min, end_min, room_id, teacher_id, week_start, week_end, week_pattern)
          values (${camA}, ${c.course_id}, ${weekday}, 1380, 1410, ${c.room_id}, ${c.teacher_id}, 1, 53, 'all')`,
    );
  });

  it('counts enrolled students, active teachers, current courses and today’s lessons', async () => {
    const data = await get<{ students: number; teachers: number; courses: number; todayLessons: number; date: string }>(
      '/api/dashboard/overview',
    );
    const [want] = await rows<{ s: number; t: number; c: number }>(
      sql`select (select count(*)::int from students where cam_id = ${camA} and status = 'enrolled') as s,
                 (select count(*)::int from teachers where cam_id = ${camA} and status = 'active') as t,
                 (select count(*)::int from courses where cam_id = ${camA}
                    and term_id = (select id from terms where cam_id = ${camA} and is_current)) as c`,
    );
    expect(data).toMatchObject({ students: want?.s, teachers: want?.t, courses: want?.c, date: localDate(new Date()) });
    const expected = (await lessonsToday(camA)).length;
    expect(expected).toBeGreaterThan(0);
    expect(data.todayLessons).toBe(expected);
  });

  it("lists the campus's lessons today, or only the teacher's own for a teacher", async () => {
    const expectedEntries = await lessonsToday(camA);
    expect(expectedEntries.length).toBeGreaterThan(0);
    const campus = await get<{ scope: string; list: { entryId: number; teacherId: number; startTime: string; endTime: string }[] }>(
      '/api/dashboard/today',
    );
    expect(campus.scope).toBe('campus');
    expect(campus.list.map((l) => l.entryId).sort((a, b) => a - b)).toEqual(expectedEntries.map((e) => e.id).sort((a, b) => a - b));
    for (const l of campus.list) {
      expect(l.startTime).toMatch(/^\d{2}:\d{2}$/);
      expect(l.endTime > l.startTime).toBe(true);
    }

    const teacher = { id: lessonTeacherId };
    const userId = await createUser(t.database.db, { username: 'teacher1', password: 'Teacher-pass-2024', perms: [], camIds: [camA] });
    await t.database.db.execute(sql`update teachers set user_id = ${userId} where id = ${teacher?.id ?? 0}`);
    const mine = await get<{ scope: string; list: { entryId: number; teacherId: number }[] }>(
      '/api/dashboard/today',
      camA,
      await getToken(t.app, 'teacher1', 'Teacher-pass-2024'),
    );
    expect(mine.scope).toBe('teacher');
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.map((l) => l.entryId).sort((a, b) => a - b)).toEqual(
      expectedEntries
        .filter((e) => e.teacher_id === teacher?.id)
        .map((e) => e.id)
        .sort((a, b) => a - b),
    );
  });
});

describe('a limited user (issue 24: the Workplace follows the perms)', () => {
  const PASSWORD = 'Limited-Dash-Pass-42';
  let clerk: string;
  let teacherReader: string;
  beforeAll(async () => {
    await createUser(t.database.db, { username: 'dash_clerk', password: PASSWORD, perms: ['educate:student:list'], camIds: [camA] });
    await createUser(t.database.db, { username: 'dash_tr', password: PASSWORD, perms: ['educate:teacher:list'], camIds: [camA] });
    clerk = await getToken(t.app, 'dash_clerk', PASSWORD);
    teacherReader = await getToken(t.app, 'dash_tr', PASSWORD);
  });
  const status = async (url: string, tk: string) => (await call(t.app, { method: 'GET', url, headers: authed(tk, camA) })).status;

  it('counts only what the user may list', async () => {
    const full = await get<{ students: number; teachers: number }>('/api/dashboard/overview');
    const mine = await get<Record<string, unknown>>('/api/dashboard/overview', camA, clerk);
    expect(mine).toMatchObject({ students: full.students, teachers: null, courses: null, todayLessons: null });
    expect(await get<Record<string, unknown>>('/api/dashboard/overview', camA, teacherReader)).toMatchObject({
      students: null,
      teachers: full.teachers,
    });
  });

  it('refuses the enrolment chart and rankings without their perms', async () => {
    expect(await status('/api/content-data', clerk)).toBe(403);
    expect(await status('/api/popular/list?type=course', clerk)).toBe(403);
    expect(await status('/api/popular/list?type=teacher', clerk)).toBe(403);
    expect(await status('/api/popular/list?type=teacher', teacherReader)).toBe(200);
    expect(await status('/api/popular/list?type=course', teacherReader)).toBe(403);
  });

  it("shows no one's lessons to a user who is not a teacher and may not read schedules", async () => {
    const today = await get<{ scope: string; list: unknown[] }>('/api/dashboard/today', camA, clerk);
    expect(today).toMatchObject({ scope: 'none', list: [] });
  });
});
