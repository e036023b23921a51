import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareClasses, compareGrades, type ReportSummary } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

// Every figure is recomputed here from the seeded rows, by other means than the
// service (plain rows summed in JS, or separate SQL), and compared.

let t: TestApp;
let token: string;
let camA: number;
let camB: number;

const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

async function summary(cam: number, termId?: number) {
  const res = await call(t.app, {
    method: 'GET',
    url: `/api/report/summary${termId ? `?termId=${termId}` : ''}`,
    headers: authed(token, cam),
  });
  return { status: res.status, data: res.body.data as ReportSummary };
}

const tally = (values: string[]) => {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
};
const toMap = <T extends { count: number }>(list: T[], key: (r: T) => string) => new Map(list.map((r) => [key(r), r.count]));

function localDate(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

async function expectSummaryMatches(cam: number, data: ReportSummary, termId: number) {
  const st = await rows<{
    status: string;
    grade: string;
    class_name: string;
    class_id: number | null;
    enrol_date: string | null;
    created_at: Date | string;
  }>(
    sql`select status, grade, class_name, class_id, to_char(enrol_date, 'YYYY-MM-DD') as enrol_date, created_at from students where cam_id = ${cam}`,
  );
  expect(data.students.total).toBe(st.length);
  expect(toMap(data.students.byStatus, (r) => r.status)).toEqual(tally(st.map((s) => s.status)));
  // Every student once by grade and by class; a class by its row: last year's leavers of a graduated 高三 1班 are a row of
  // their own, named as graduated, not merged into this year's 高三 1班 by name (the seed has such classes).
  const cl = await rows<{ id: number; status: string; school_year: string }>(
    sql`select id, status, school_year from classes where cam_id = ${cam}`,
  );
  const classOf = new Map(cl.map((c) => [c.id, c]));
  const classKey = (s: (typeof st)[number]) => {
    const c = s.class_id === null ? undefined : classOf.get(s.class_id);
    return c?.status === 'graduated' ? `${s.grade}|${s.class_name}（${c.school_year} 学年，已毕业）` : `${s.grade}|${s.class_name}`;
  };
  expect(toMap(data.students.byGrade, (r) => r.grade)).toEqual(tally(st.map((s) => s.grade)));
  expect(toMap(data.students.byClass, (r) => `${r.grade}|${r.className}`)).toEqual(tally(st.map(classKey)));
  expect(data.students.byClass.some((r) => r.className.includes('已毕业'))).toBe(true);

  const te = await rows<{ status: string }>(sql`select status from teachers where cam_id = ${cam}`);
  expect(data.teachers.total).toBe(te.length);
  expect(toMap(data.teachers.byStatus, (r) => r.status)).toEqual(tally(te.map((x) => x.status)));
  const ma = await rows<{ status: string }>(sql`select status from managers where cam_id = ${cam}`);
  expect(data.managers.total).toBe(ma.length);
  expect(toMap(data.managers.byStatus, (r) => r.status)).toEqual(tally(ma.map((x) => x.status)));

  const co = await rows<{ id: number; status: string; capacity: number }>(
    sql`select id, status, capacity from courses where cam_id = ${cam} and term_id = ${termId}`,
  );
  const en = await rows<{ course_id: number }>(sql`select course_id from enrolments where cam_id = ${cam}`);
  const termCourse = new Set(co.map((c) => c.id));
  const enrolledBy = tally(en.filter((e) => termCourse.has(e.course_id)).map((e) => String(e.course_id)));
  expect(data.courses.total).toBe(co.length);
  expect(toMap(data.courses.byStatus, (r) => r.status)).toEqual(tally(co.map((c) => c.status)));
  expect(data.courses.enrolments).toBe([...enrolledBy.values()].reduce((a, b) => a + b, 0));
  expect(data.courses.capacity).toBe(co.reduce((a, c) => a + c.capacity, 0));
  expect(data.fillRates).toHaveLength(co.length);
  for (const c of co) {
    const f = data.fillRates.find((x) => x.courseId === c.id);
    const enrolled = enrolledBy.get(String(c.id)) ?? 0;
    expect(f).toMatchObject({ enrolled, capacity: c.capacity });
    expect(f?.rate).toBeCloseTo(enrolled / c.capacity, 4);
  }

  const se = await rows<{ teacher_id: number; room_id: number; start_min: number; end_min: number; week_pattern: string }>(
    sql`select se.teacher_id, se.room_id, se.start_min, se.end_min, se.week_pattern from schedule_entries se
        where se.cam_id = ${cam} and se.course_id in (select id from courses where cam_id = ${cam} and term_id = ${termId})`,
  );
  const weeklyHours = (list: typeof se) =>
    list.reduce((a, e) => a + ((e.end_min - e.start_min) * (e.week_pattern === 'all' ? 1 : 0.5)) / 60, 0);
  for (const h of data.teacherHours) {
    const mine = se.filter((e) => e.teacher_id === h.teacherId);
    expect(h.entries).toBe(mine.length);
    expect(h.weeklyHours).toBeCloseTo(weeklyHours(mine), 2);
  }
  // Every teacher with entries is listed, and the active ones without.
  const activeOrBusy = await rows<{ n: number }>(
    sql`select count(*)::int as n from teachers t where t.cam_id = ${cam}
        and (t.status = 'active' or t.id in (select teacher_id from schedule_entries where cam_id = ${cam}
             and course_id in (select id from courses where cam_id = ${cam} and term_id = ${termId})))`,
  );
  expect(data.teacherHours).toHaveLength(activeOrBusy[0]?.n ?? -1);
  expect(data.teacherHours.reduce((a, h) => a + h.weeklyHours, 0)).toBeCloseTo(weeklyHours(se), 1);

  const [campus] = await rows<{ day_start_min: number; day_end_min: number; timezone: string }>(
    sql`select day_start_min, day_end_min, timezone from campuses where id = ${cam}`,
  );
  const available = (((campus?.day_end_min ?? 0) - (campus?.day_start_min ?? 0)) * 5) / 60;
  const roomCount = await rows<{ id: number }>(sql`select id from rooms where cam_id = ${cam}`);
  expect(data.roomUse).toHaveLength(roomCount.length);
  for (const r of data.roomUse) {
    const booked = weeklyHours(se.filter((e) => e.room_id === r.roomId));
    expect(r.bookedHours).toBeCloseTo(booked, 2);
    expect(r.availableHours).toBeCloseTo(available, 2);
    expect(r.rate).toBeCloseTo(booked / available, 3);
  }

  const tz = campus?.timezone ?? 'Asia/Shanghai';
  const today = localDate(new Date(), tz);
  const months = data.newStudentsByMonth.map((m) => m.month);
  expect(months).toHaveLength(12);
  expect(months[11]).toBe(today.slice(0, 7));
  const joined = st.map((s) => s.enrol_date ?? localDate(new Date(s.created_at), tz)).filter((d) => d <= today);
  for (const m of data.newStudentsByMonth) expect(m.count, m.month).toBe(joined.filter((d) => d.startsWith(m.month)).length);
}

async function termsOf(cam: number) {
  return rows<{ id: number; is_current: boolean }>(sql`select id, is_current from terms where cam_id = ${cam} order by start_date`);
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  [camA = 0, camB = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/report/summary', () => {
  it('matches the seeded rows of the campus, for the current term by default', async () => {
    const { status, data } = await summary(camA);
    expect(status).toBe(200);
    const current = (await termsOf(camA)).find((x) => x.is_current);
    expect(data.term?.id).toBe(current?.id);
    // Named with its school year: "第一学期" alone repeats every year.
    expect(data.term?.academicYear).toMatch(/^\d{4}-\d{4}$/);
    // Grades in the school's order, not the text order (高一, 高三, 高二).
    const grades = data.students.byGrade.map((g) => g.grade);
    expect(grades).toEqual(expect.arrayContaining(['高一', '高二', '高三']));
    expect(grades).toEqual([...grades].sort(compareGrades));
    expect(data.students.byClass).toEqual([...data.students.byClass].sort(compareClasses));
    expect(data.students.total).toBeGreaterThan(100);
    expect(data.fillRates.length).toBeGreaterThan(0);
    expect(data.teacherHours.some((h) => h.weeklyHours > 0)).toBe(true);
    expect(data.roomUse.some((r) => r.rate > 0)).toBe(true);
    await expectSummaryMatches(camA, data, current?.id ?? 0);
    // The seed has leavers in graduated classes named like this year's (高三 1班): counted by name they were merged.
    const leavers = await rows<{ n: number }>(
      sql`select count(*)::int as n from students s join classes c on c.cam_id = s.cam_id and c.id = s.class_id
          where s.cam_id = ${camA} and c.status = 'graduated' and exists (
            select 1 from classes a where a.cam_id = c.cam_id and a.grade_id = c.grade_id and a.name = c.name and a.status = 'active')`,
    );
    expect(leavers[0]?.n).toBeGreaterThan(0);
  });

  it('follows the chosen term', async () => {
    const previous = (await termsOf(camA)).find((x) => !x.is_current);
    const { data } = await summary(camA, previous?.id);
    expect(data.term?.id).toBe(previous?.id);
    await expectSummaryMatches(camA, data, previous?.id ?? 0);
  });

  it('stays in the campus: the other campus has its own figures, and its terms are not found here', async () => {
    const b = await summary(camB);
    const bTerm = (await termsOf(camB)).find((x) => x.is_current);
    await expectSummaryMatches(camB, b.data, bTerm?.id ?? 0);
    const a = await summary(camA);
    expect(b.data.fillRates.map((f) => f.courseId)).not.toEqual(a.data.fillRates.map((f) => f.courseId));
    expect((await summary(camA, bTerm?.id)).status).toBe(404);
  });

  it('needs report:summary:list', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/report/summary', headers: { 'x-access-camid': String(camA) } });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/report/summary/export', () => {
  it('writes one sheet per table in the caller’s language, with the page’s numbers', async () => {
    const { data } = await summary(camA);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/report/summary/export?format=xlsx',
      headers: { ...authed(token, camA), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Students',
      'Staff',
      'Courses',
      'Fill rates',
      'Teacher hours',
      'Room use',
      'New students',
    ]);
    const fill = wb.getWorksheet('Fill rates');
    expect(fill?.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Enrolled', 'Capacity', 'Rate']);
    expect(fill?.rowCount).toBe(data.fillRates.length + 1);
    const first = data.fillRates[0];
    expect(fill?.getRow(2).values).toEqual([undefined, first?.code, first?.name, first?.enrolled, first?.capacity, first?.rate]);
    const students = wb.getWorksheet('Students');
    expect(students?.getRow(2).getCell(3).value).toBe(data.students.total);

    const zh = await t.app.inject({ method: 'GET', url: '/api/report/summary/export', headers: authed(token, camA) });
    const wbZh = new ExcelJS.Workbook();
    await wbZh.xlsx.load(zh.rawPayload as unknown as ArrayBuffer);
    expect(wbZh.worksheets[0]?.name).toBe('学生');
  });

  it('writes CSV as titled tables one after another, formula-safe', async () => {
    const [course] = await rows<{ id: number }>(
      sql`select id from courses where cam_id = ${camA} and term_id = (select id from terms where cam_id = ${camA} and is_current)
          order by id limit 1`,
    );
    await t.database.db.execute(sql`update courses set name = '=HYPERLINK("http://x")' where id = ${course?.id ?? 0}`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/report/summary/export?format=csv',
      headers: { ...authed(token, camA), 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Students');
    expect(lines[1]).toBe('Group,Value,Count');
    for (const title of ['Staff', 'Courses', 'Fill rates', 'Teacher hours', 'Room use', 'New students']) expect(lines).toContain(title);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
