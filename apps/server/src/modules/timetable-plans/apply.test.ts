import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleConflict, TimetablePlan, TimetableRun, TimetableSolution } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

// Apply writes every teacher of a lesson and each lesson's weeks (decision 023, "Apply").

let t: TestApp;
let token: string;
let camA: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));
const plans = '/timetable-plans';

let termId: number;
let teachers: number[] = [];
let planId: number;
let taughtTogether: number;
let oddId: number;
let evenId: number;

interface EntryRow {
  activity: string;
  course_id: number;
  teacher_id: number;
  room_id: number;
  weekday: number;
  start_min: number;
  week_pattern: string;
}

async function waitForRun(runId: number): Promise<TimetableRun> {
  for (let i = 0; i < 600; i++) {
    const run = (await api('GET', `${plans}/${planId}/runs/${runId}`)).body.data as TimetableRun;
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not end');
}

/** The plan's entries, each with the activity whose course it is. */
async function planEntries(): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    t.database.db,
    sql`select e.course_id, e.teacher_id, e.room_id, e.weekday, e.start_min, e.week_pattern,
          (select string_agg(a.id::text, ',') from timetable_activities a where a.course_id = e.course_id) as activity
        from schedule_entries e where e.plan_id = ${planId} order by e.course_id, e.teacher_id`,
  );
}

const solution = async () => (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  token = await getToken(t.app);
  termId = await create('/terms', { name: 'Spring', academicYear: '2032-2033', startDate: '2033-02-20', endDate: '2033-06-30' });
  teachers = [];
  for (const [i, name] of ['Ms Lab', 'Mr Lab', 'Ms Alt'].entries())
    teachers.push(await create('/teachers', { staffNo: `AP${i}`, name, gender: 'female', status: 'active' }));
  await create('/rooms', { code: 'AR1', name: 'Apply room', capacity: 30 });
  for (let i = 0; i < 4; i++)
    await create('/students', {
      studentNo: `AS${i}`,
      name: `Apply pupil ${i}`,
      gender: 'female',
      status: 'enrolled',
      grade: 'G9',
      className: i < 2 ? 'A' : 'B',
    });
  planId = ((await api('POST', plans, { name: 'Co-taught', termId, studentSetsFromClasses: true })).body.data as TimetablePlan).id;
  const add = async (body: object) => {
    const res = await api('POST', `${plans}/${planId}/activities`, body);
    expect(res.status, res.body.msg).toBe(201);
    return (res.body.data as { id: number }[])[0]?.id ?? 0;
  };
  taughtTogether = await add({ subjectName: 'Lab', teacherIds: [teachers[0], teachers[1]], studentSetIds: ['g:G9/A'], durations: [2] });
  oddId = await add({ subjectName: 'Art', teacherIds: [teachers[2]], studentSetIds: ['g:G9/B'], durations: [1], weekPattern: 'odd' });
  evenId = await add({ subjectName: 'Music', teacherIds: [teachers[2]], studentSetIds: ['g:G9/B'], durations: [1], weekPattern: 'even' });
  const gen = await api('POST', `${plans}/${planId}/generate`, { timeLimitS: 20, seed: 5 });
  expect(gen.status, gen.body.msg).toBe(202);
  expect((await waitForRun((gen.body.data as { runId: number }).runId)).status).toBe('solved');
});
afterAll(async () => {
  await t?.close();
});

describe('apply: co-taught lessons and odd/even weeks', () => {
  it('stores, answers and changes a lesson’s weeks; refuses a pattern that is not one', async () => {
    const plan = (await api('GET', `${plans}/${planId}`)).body.data as TimetablePlan;
    expect(plan.activities.map((a) => [a.id, a.weekPattern])).toEqual([
      [taughtTogether, 'all'],
      [oddId, 'odd'],
      [evenId, 'even'],
    ]);
    const bad = await api('PUT', `${plans}/${planId}/activities/${oddId}`, { weekPattern: 'third' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('weekPattern');
    const changed = await api('PUT', `${plans}/${planId}/activities/${oddId}`, { weekPattern: 'even' });
    expect(changed.body.data).toMatchObject({ weekPattern: 'even' });
    await api('PUT', `${plans}/${planId}/activities/${oddId}`, { weekPattern: 'odd' });
  });

  it('writes one entry per teacher of a co-taught lesson and each lesson in its weeks', async () => {
    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ entries: 4, removed: 0, coursesCreated: 3 });
    const rows = await planEntries();
    const together = rows.filter((r) => r.activity === String(taughtTogether));
    expect(together.map((r) => r.teacher_id)).toEqual([teachers[0], teachers[1]]);
    const [a, b] = together;
    expect({ ...a, teacher_id: 0 }).toEqual({ ...b, teacher_id: 0 });
    expect(rows.find((r) => r.activity === String(oddId))?.week_pattern).toBe('odd');
    expect(rows.find((r) => r.activity === String(evenId))?.week_pattern).toBe('even');
    // Both teachers see the lesson in their timetable.
    for (const teacherId of [teachers[0], teachers[1]]) {
      const tt = await api('GET', `/timetable?teacherId=${teacherId}&termId=${termId}`);
      expect(tt.status).toBe(200);
      expect((tt.body.data as { entries: { courseId: number }[] }).entries.map((e) => e.courseId)).toEqual([a?.course_id]);
    }
    // Enrolling one more student into the co-taught course finds no clash between its two entries.
    const extra = await create('/students', {
      studentNo: 'AS9',
      name: 'Late pupil',
      gender: 'male',
      status: 'enrolled',
      grade: 'G9',
      className: 'C',
    });
    expect((await api('PUT', `/courses/${a?.course_id}`, { capacity: 10 })).status).toBe(200);
    const enrol = await api('POST', `/courses/${a?.course_id}/students`, { studentIds: [extra] });
    expect(enrol.status, enrol.body.msg).toBe(200);
    expect(enrol.body.data).toMatchObject({ enrolled: 3 });
  });

  it('lets an odd-week and an even-week lesson share a slot moved by hand; re-applying replaces', async () => {
    const before = await solution();
    const odd = before.placements.find((p) => p.activityId === oddId);
    const moved = await api('PUT', `${plans}/${planId}/solution/placements/${evenId}`, { day: odd?.day, period: odd?.period });
    expect(moved.status, moved.body.msg).toBe(200);
    // The generator's check sees a double booking every week; once applied, they meet in different weeks.
    expect((moved.body.data as TimetableSolution).hardViolations.map((v) => v.type).sort()).toEqual(['studentSetClash', 'teacherClash']);
    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ entries: 4, removed: 4, coursesCreated: 0 });
    const rows = await planEntries();
    expect(rows).toHaveLength(4);
    const oddRow = rows.find((r) => r.activity === String(oddId));
    const evenRow = rows.find((r) => r.activity === String(evenId));
    expect([evenRow?.weekday, evenRow?.start_min]).toEqual([oddRow?.weekday, oddRow?.start_min]);
    // The one room fits both: it is free in the weeks the other does not meet.
    expect(evenRow?.room_id).toBe(oddRow?.room_id);
  });

  it('checks every teacher of a lesson: a co-teacher busy then refuses the whole apply', async () => {
    const rows = await planEntries();
    const lesson = rows.find((r) => r.activity === String(taughtTogether));
    await t.database.db.execute(sql`delete from schedule_entries where plan_id = ${planId}`);
    const course = await create('/courses', {
      code: 'AP-HAND',
      name: 'Mr Lab by hand',
      termId,
      teacherId: teachers[1],
      capacity: 5,
      status: 'open',
    });
    const room = await create('/rooms', { code: 'AR2', name: 'Other room', capacity: 10 });
    const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const hand = await api('POST', `/courses/${course}/schedule`, {
      weekday: lesson?.weekday,
      startTime: hh(lesson?.start_min ?? 0),
      endTime: hh((lesson?.start_min ?? 0) + 30),
      roomId: room,
      weekPattern: 'all',
    });
    expect(hand.status, hand.body.msg).toBe(201);
    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('Mr Lab');
    expect(await planEntries()).toEqual([]);
  });

  it('names the students a refused apply would double-book, and counts every clash', async () => {
    await t.database.db.execute(sql`delete from schedule_entries where plan_id = ${planId}`);
    await t.database.db.execute(sql`delete from schedule_entries where course_id in (select id from courses where code = 'AP-HAND')`);
    const lesson = (await solution()).placements.find((p) => p.activityId === taughtTogether);
    const plan = (await api('GET', `${plans}/${planId}`)).body.data as TimetablePlan;
    const period = plan.periods[(lesson?.period ?? 1) - 1];
    const free = await create('/teachers', { staffNo: 'AP9', name: 'Mr Free', gender: 'male', status: 'active' });
    const course = await create('/courses', { code: 'AP-PUPILS', name: 'Choir', termId, teacherId: free, capacity: 5, status: 'open' });
    const room = await create('/rooms', { code: 'AR3', name: 'Hall', capacity: 10 });
    const hand = await api('POST', `/courses/${course}/schedule`, {
      weekday: plan.days[(lesson?.day ?? 1) - 1]?.weekday,
      startTime: period?.startTime,
      endTime: period?.endTime,
      roomId: room,
      weekPattern: 'all',
    });
    expect(hand.status, hand.body.msg).toBe(201);
    const pupils = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from students where student_no in ('AS0', 'AS1') order by id`,
    );
    const enrol = await api('POST', `/courses/${course}/students`, { studentIds: pupils.map((p) => p.id) });
    expect(enrol.status, enrol.body.msg).toBe(200);

    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status).toBe(409);
    const conflicts = (res.body.data as { conflicts: ScheduleConflict[] }).conflicts;
    const shared = conflicts.find((c) => c.kind === 'student');
    expect(shared).toMatchObject({
      courseName: 'Choir',
      studentCount: 2,
      students: [{ name: 'Apply pupil 0' }, { name: 'Apply pupil 1' }],
    });
    // They were "#182, #186".
    expect(res.body.msg).toContain('Apply pupil 0');
    expect(res.body.msg).not.toMatch(/#\d/);
    expect(res.body.msg).toContain(`(${conflicts.length})`);
    expect(res.body.data).toMatchObject({ total: conflicts.length });
    expect(await planEntries()).toEqual([]);
  });
});
