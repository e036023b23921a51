import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetablePlan, TimetableRun, TimetableSolution } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let camA: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

let termId: number;
let teacherIds: number[] = [];
let roomId: number;

const plans = '/timetable-plans';

async function waitForRun(planId: number, runId: number): Promise<TimetableRun> {
  for (let i = 0; i < 600; i++) {
    const res = await api('GET', `${plans}/${planId}/runs/${runId}`);
    expect(res.status).toBe(200);
    const run = res.body.data as TimetableRun;
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not end');
}

async function generate(planId: number, body: object = { timeLimitS: 20, seed: 7 }): Promise<TimetableRun> {
  const res = await api('POST', `${plans}/${planId}/generate`, body);
  expect(res.status, res.body.msg).toBe(202);
  return waitForRun(planId, (res.body.data as { runId: number }).runId);
}

const getPlan = async (id: number) => (await api('GET', `${plans}/${id}`)).body.data as TimetablePlan;

async function countEntries(planId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from schedule_entries where plan_id = ${planId}`,
  );
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  token = await getToken(t.app);
  termId = await create('/terms', { name: 'Autumn', academicYear: '2031-2032', startDate: '2031-09-01', endDate: '2032-01-15' });
  teacherIds = [
    await create('/teachers', { staffNo: 'TT1', name: 'Ms Maths', gender: 'female', status: 'active' }),
    await create('/teachers', { staffNo: 'TT2', name: 'Mr Words', gender: 'male', status: 'active' }),
  ];
  roomId = await create('/rooms', { code: 'TR1', name: 'Room one', capacity: 40 });
  await create('/rooms', { code: 'TR2', name: 'Room two', capacity: 40 });
  for (let i = 0; i < 3; i++) {
    await create('/students', {
      studentNo: `TS${i}`,
      name: `Pupil ${i}`,
      gender: 'male',
      status: 'enrolled',
      grade: 'G7',
      className: i < 2 ? 'C1' : 'C2',
    });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('plans: bell schedule and validation', () => {
  it('creates a plan from the default bell schedule with classes as student sets', async () => {
    // A later grade whose name sorts first, a class 10 and a leaver: the school's order, and this year's students.
    const extra = [
      { studentNo: 'TS7', grade: 'G10', className: 'C1', status: 'enrolled' },
      { studentNo: 'TS8', grade: 'G7', className: 'C10', status: 'enrolled' },
      { studentNo: 'TS9', grade: 'G7', className: 'C1', status: 'withdrawn' },
    ];
    for (const x of extra) await create('/students', { ...x, name: x.studentNo, gender: 'male' });
    const res = await api('POST', plans, { name: 'Week A', termId, studentSetsFromClasses: true });
    expect(res.status, res.body.msg).toBe(201);
    const plan = res.body.data as TimetablePlan;
    expect(plan.days.map((d) => d.index)).toEqual([1, 2, 3, 4, 5]);
    expect(plan.periods).toHaveLength(8);
    expect(plan.periods[0]).toMatchObject({ index: 1, startTime: '08:00', endTime: '08:45' });
    expect(plan.studentSets.map((s) => [s.id, s.kind, s.size])).toEqual([
      ['y:G7', 'year', 4],
      ['g:G7/C1', 'group', 2],
      ['g:G7/C2', 'group', 1],
      ['g:G7/C10', 'group', 1],
      ['y:G10', 'year', 1],
      ['g:G10/C1', 'group', 1],
    ]);
    const list = await api('GET', `${plans}?termId=${termId}`);
    expect((list.body.data as { id: number }[]).map((p) => p.id)).toContain(plan.id);
  });

  it('refuses a bad bell schedule, an unknown term and unknown fields with 400 naming the field', async () => {
    const before = (await api('GET', plans)).body.data as unknown[];
    const order = await api('POST', plans, {
      name: 'x',
      termId,
      bellSchedule: {
        days: [{ name: 'Mon', weekday: 1 }],
        periods: [
          { name: '1', startTime: '09:00', endTime: '09:45' },
          { name: '2', startTime: '09:30', endTime: '10:15' },
        ],
      },
    });
    expect(order.status).toBe(400);
    expect(order.body.msg).toContain('periods');
    const days = await api('POST', plans, {
      name: 'x',
      termId,
      bellSchedule: {
        days: [
          { name: 'Mon', weekday: 1 },
          { name: 'Again', weekday: 1 },
        ],
        periods: [{ name: '1', startTime: '08:00', endTime: '08:45' }],
      },
    });
    expect(days.status).toBe(400);
    expect(days.body.msg).toContain('days');
    const term = await api('POST', plans, { name: 'x', termId: 99_999 });
    expect(term.status).toBe(404);
    expect(term.body.msg).toContain('termId');
    const extra = await api('POST', plans, { name: 'x', termId, colour: 'red' });
    expect(extra.status).toBe(400);
    expect((await api('GET', plans)).body.data).toHaveLength(before.length);
  });
});

describe('activities and constraints', () => {
  let planId: number;
  beforeAll(async () => {
    planId = ((await api('POST', plans, { name: 'Rules', termId, studentSetsFromClasses: true })).body.data as TimetablePlan).id;
  });

  it('adds a split activity as lessons sharing a group, kept apart by a min-days rule', async () => {
    const res = await api('POST', `${plans}/${planId}/activities`, {
      subjectName: 'Maths',
      teacherIds: [teacherIds[0]],
      studentSetIds: ['g:G7/C1'],
      durations: [2, 1, 1],
    });
    expect(res.status, res.body.msg).toBe(201);
    const created = res.body.data as { id: number; groupId: string; durationPeriods: number; subjectName: string }[];
    expect(created.map((a) => a.durationPeriods)).toEqual([2, 1, 1]);
    expect(new Set(created.map((a) => a.groupId)).size).toBe(1);
    expect(created[0]?.subjectName).toBe('Maths');
    const plan = await getPlan(planId);
    expect(plan.constraints).toEqual([
      expect.objectContaining({ type: 'minDaysBetweenActivities', weight: 95, activityIds: created.map((a) => String(a.id)), minDays: 1 }),
    ]);
    expect(plan.teachers.map((x) => x.id)).toEqual([teacherIds[0]]);
  });

  it('refuses unknown teachers, rooms, sets, courses and lengths beyond the day, writing nothing', async () => {
    const before = (await getPlan(planId)).activities.length;
    // Campus records that are not there answer 404, as everywhere; the plan's own ids and ranges 400.
    const cases: [object, string, number][] = [
      [{ teacherIds: [987_654], durations: [1] }, 'teacherIds', 404],
      [{ roomIds: [987_654], durations: [1] }, 'roomIds', 404],
      [{ courseId: 987_654, durations: [1] }, 'courseId', 404],
      [{ studentSetIds: ['nope'], durations: [1] }, 'studentSetIds', 400],
      [{ durations: [0] }, 'durations', 400],
      [{ durations: [] }, 'durations', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await api('POST', `${plans}/${planId}/activities`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.msg).toContain(field);
    }
    const long = await api('POST', `${plans}/${planId}/activities`, { durations: [9] });
    expect(long.status).toBe(400);
    expect((await getPlan(planId)).activities).toHaveLength(before);
  });

  it('adds, replaces and removes constraints; refuses times outside the week and strangers', async () => {
    const body = {
      type: 'notAvailable',
      weight: 100,
      target: { kind: 'teacher', teacherId: String(teacherIds[1]) },
      slots: [{ day: 1, period: 1 }],
    };
    const added = await api('POST', `${plans}/${planId}/constraints`, body);
    expect(added.status, added.body.msg).toBe(201);
    const id = (added.body.data as { id: number }).id;
    const outside = await api('PUT', `${plans}/${planId}/constraints/${id}`, { ...body, slots: [{ day: 6, period: 1 }] });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toContain('slots');
    const stranger = await api('POST', `${plans}/${planId}/constraints`, { ...body, target: { kind: 'teacher', teacherId: '987654' } });
    expect(stranger.status).toBe(404);
    expect(stranger.body.msg).toContain('teacherId');
    const noActivity = await api('POST', `${plans}/${planId}/constraints`, {
      type: 'sameStartingTime',
      weight: 100,
      activityIds: ['1', '987654'],
    });
    expect(noActivity.status).toBe(400);
    expect(noActivity.body.msg).toContain('activityIds');
    const badType = await api('POST', `${plans}/${planId}/constraints`, { type: 'makeItNice', weight: 100 });
    expect(badType.status).toBe(400);
    const heavy = await api('POST', `${plans}/${planId}/constraints`, { ...body, weight: 101 });
    expect(heavy.status).toBe(400);
    expect(heavy.body.msg).toContain('weight');
    const replaced = await api('PUT', `${plans}/${planId}/constraints/${id}`, { ...body, weight: 80 });
    expect(replaced.status).toBe(200);
    expect((await getPlan(planId)).constraints.find((c) => c.id === id)).toMatchObject({ weight: 80 });
    expect((await api('DELETE', `${plans}/${planId}/constraints/${id}`)).status).toBe(200);
    expect((await api('DELETE', `${plans}/${planId}/constraints/${id}`)).status).toBe(404);
  });

  it('forgets a deleted lesson in the constraints naming it', async () => {
    const plan = await getPlan(planId);
    const [first] = plan.activities;
    expect((await api('DELETE', `${plans}/${planId}/activities/${first?.id}`)).status).toBe(200);
    const after = await getPlan(planId);
    const rule = after.constraints.find((c) => c.type === 'minDaysBetweenActivities') as { activityIds: string[] } | undefined;
    expect(rule?.activityIds).toHaveLength(2);
    expect(rule?.activityIds).not.toContain(String(first?.id));
  });
});

describe('generate, move, apply', () => {
  let planId: number;
  let mathsIds: number[];

  beforeAll(async () => {
    planId = ((await api('POST', plans, { name: 'Generated', termId, studentSetsFromClasses: true })).body.data as TimetablePlan).id;
    const maths = await api('POST', `${plans}/${planId}/activities`, {
      subjectName: 'Maths',
      teacherIds: [teacherIds[0]],
      studentSetIds: ['g:G7/C1'],
      durations: [1, 1, 1],
    });
    mathsIds = (maths.body.data as { id: number }[]).map((a) => a.id);
    await api('POST', `${plans}/${planId}/activities`, {
      subjectName: 'Words',
      teacherIds: [teacherIds[1]],
      studentSetIds: ['y:G7'],
      durations: [2],
    });
    await api('POST', `${plans}/${planId}/activities`, {
      subjectName: 'Words',
      teacherIds: [teacherIds[1]],
      studentSetIds: ['g:G7/C2'],
      durations: [1, 1],
      roomIds: [roomId],
    });
    // Ms Maths is away on Mondays and Tuesdays.
    const away = await api('POST', `${plans}/${planId}/constraints`, {
      type: 'notAvailable',
      weight: 100,
      target: { kind: 'teacher', teacherId: String(teacherIds[0]) },
      slots: [1, 2].flatMap((day) => [1, 2, 3, 4, 5, 6, 7, 8].map((period) => ({ day, period }))),
    });
    expect(away.status, away.body.msg).toBe(201);
  });

  it('generates off the request thread: every lesson placed, hard rules kept, the same seed the same timetable', async () => {
    const run = await generate(planId);
    expect(run.status).toBe('solved');
    expect(run.placed).toBe(run.total);
    expect(run.total).toBe(6);
    expect(run.hardViolations).toBe(0);
    expect(run.unplaced).toEqual([]);
    const solution = (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;
    expect(solution.runId).toBe(run.id);
    expect(solution.placements).toHaveLength(6);
    for (const id of mathsIds) expect(solution.placements.find((p) => p.activityId === id)?.day).toBeGreaterThan(2);
    const maths = solution.placements.filter((p) => mathsIds.includes(p.activityId));
    expect(new Set(maths.map((p) => p.day)).size).toBe(3);
    const again = await generate(planId);
    const second = (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;
    expect(second.runId).toBe(again.id);
    expect(second.placements.map(({ activityId, day, period }) => ({ activityId, day, period }))).toEqual(
      solution.placements.map(({ activityId, day, period }) => ({ activityId, day, period })),
    );
  });

  it('keeps a locked lesson where it was locked', async () => {
    const id = mathsIds[0] ?? 0;
    const lock = await api('PUT', `${plans}/${planId}/activities/${id}/lock`, { day: 5, period: 8 });
    expect(lock.status, lock.body.msg).toBe(200);
    const outside = await api('PUT', `${plans}/${planId}/activities/${id}/lock`, { day: 6, period: 1 });
    expect(outside.status).toBe(400);
    const run = await generate(planId, { timeLimitS: 20, seed: 3 });
    expect(run.status).toBe('solved');
    const solution = (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;
    expect(solution.placements.find((p) => p.activityId === id)).toMatchObject({ day: 5, period: 8 });
    expect((await api('DELETE', `${plans}/${planId}/activities/${id}/lock`)).body.data).toMatchObject({ locked: null });
  });

  it('re-checks a lesson moved by hand: a clash is a hard violation, and such a timetable is not applied', async () => {
    const solution = (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;
    const [a, b] = solution.placements.filter((p) => mathsIds.includes(p.activityId));
    const moved = await api('PUT', `${plans}/${planId}/solution/placements/${a?.activityId}`, { day: b?.day, period: b?.period });
    expect(moved.status, moved.body.msg).toBe(200);
    const after = moved.body.data as TimetableSolution;
    expect(after.edited).toBe(true);
    expect(after.hardViolations.length).toBeGreaterThan(0);
    const refused = await api('POST', `${plans}/${planId}/apply`);
    expect(refused.status).toBe(409);
    expect(await countEntries(planId)).toBe(0);
    const back = await api('PUT', `${plans}/${planId}/solution/placements/${a?.activityId}`, { day: a?.day, period: a?.period });
    expect((back.body.data as TimetableSolution).hardViolations).toEqual([]);
  });

  it('applies the timetable as the term’s schedule entries, enrolling the classes; applying again replaces them', async () => {
    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ entries: 6, removed: 0, coursesCreated: 3, enrolled: 2 + 4 + 1 });
    expect(await countEntries(planId)).toBe(6);
    const plan = await getPlan(planId);
    expect(plan.appliedAt).not.toBeNull();
    const courseId = plan.activities.find((a) => a.id === mathsIds[0])?.courseId;
    const schedule = await api('GET', `/courses/${courseId}/schedule`);
    expect(schedule.status).toBe(200);
    const entries = (schedule.body.data as { entries: { weekday: number; startTime: string }[] }).entries;
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.weekday >= 3)).toBe(true);
    const again = await api('POST', `${plans}/${planId}/apply`);
    expect(again.body.data).toMatchObject({ entries: 6, removed: 6, coursesCreated: 0, enrolled: 0 });
    expect(await countEntries(planId)).toBe(6);
  });

  it('refuses to apply over a clash with an entry written by hand, writing nothing', async () => {
    const solution = (await api('GET', `${plans}/${planId}/solution`)).body.data as TimetableSolution;
    const first = solution.placements.find((p) => p.activityId === mathsIds[1]);
    const plan = await getPlan(planId);
    const period = plan.periods[(first?.period ?? 1) - 1];
    const other = await create('/courses', {
      code: 'HAND1',
      name: 'By hand',
      termId,
      teacherId: teacherIds[0],
      capacity: 5,
      status: 'open',
    });
    // Remove the plan's entries first, so the hand-made entry can take the slot.
    await t.database.db.execute(sql`delete from schedule_entries where plan_id = ${planId}`);
    const hand = await api('POST', `/courses/${other}/schedule`, {
      weekday: plan.days[(first?.day ?? 1) - 1]?.weekday,
      startTime: period?.startTime,
      endTime: period?.endTime,
      roomId,
      weekPattern: 'all',
    });
    expect(hand.status, hand.body.msg).toBe(201);
    const res = await api('POST', `${plans}/${planId}/apply`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('By hand');
    expect(await countEntries(planId)).toBe(0);
  });

  it('ends an over-constrained generation with what cannot be placed and why', async () => {
    const id = ((await api('POST', plans, { name: 'Impossible', termId })).body.data as TimetablePlan).id;
    await api('POST', `${plans}/${id}/activities`, { teacherIds: [teacherIds[1]], durations: [1] });
    await api('POST', `${plans}/${id}/constraints`, {
      type: 'notAvailable',
      weight: 100,
      target: { kind: 'teacher', teacherId: String(teacherIds[1]) },
      slots: [1, 2, 3, 4, 5].flatMap((day) => [1, 2, 3, 4, 5, 6, 7, 8].map((period) => ({ day, period }))),
    });
    const run = await generate(id, { timeLimitS: 5, seed: 1 });
    expect(run.status).toBe('failed');
    expect(run.placed).toBe(0);
    expect(run.unplaced).toHaveLength(1);
    expect(run.unplaced[0]?.reasons.map((r) => r.type)).toContain('notAvailable');
    expect((await api('GET', `${plans}/${id}/solution`)).status).toBe(404);
    expect((await api('POST', `${plans}/${id}/apply`)).status).toBe(404);
    expect((await api('DELETE', `${plans}/${id}/runs/${run.id}`)).status).toBe(409);
  });

  it('deletes a plan with its runs, keeping nothing of it', async () => {
    const id = ((await api('POST', plans, { name: 'Short-lived', termId })).body.data as TimetablePlan).id;
    await api('POST', `${plans}/${id}/activities`, { teacherIds: [teacherIds[1]], durations: [1] });
    await generate(id, { timeLimitS: 5, seed: 1 });
    expect((await api('DELETE', `${plans}/${id}`)).status).toBe(200);
    expect((await api('GET', `${plans}/${id}`)).status).toBe(404);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from timetable_runs where plan_id = ${id}`);
    expect(Number(row?.n)).toBe(0);
  });
});
