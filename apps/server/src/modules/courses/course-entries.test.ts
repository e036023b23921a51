import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleConflict, ScheduleEntry } from '@campus/contract';
import { getCampusIds } from '../../test/fixtures.js';
import { createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

// A course's schedule entries follow changes of its teacher and term, and of
// its term's dates: nothing may silently leave a clash or an out-of-term entry.

let t: TestApp;
let token: string;
let camId: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId }));

let autumn: number;
let spring: number;
let li: number;
let wang: number;
let zhao: number;
let roomA: number;
let roomB: number;

const entriesOf = async (courseId: number) => {
  const res = await api('GET', `/courses/${courseId}/schedule`);
  expect(res.status).toBe(200);
  return (res.body.data as { entries: ScheduleEntry[] }).entries;
};
const courseOf = async (courseId: number) => (await api('GET', `/courses/${courseId}`)).body.data as { teacherId: number; termId: number };
const addEntry = async (courseId: number, body: Record<string, unknown>) => {
  const res = await api('POST', `/courses/${courseId}/schedule`, body);
  if (res.status !== 201) throw new Error(`add entry: ${res.status} ${res.body.msg}`);
  return (res.body.data as { entry: ScheduleEntry }).entry;
};
let seq = 0;
const createCourse = (teacherId: number, termId = autumn) =>
  create('/courses', { code: `C${++seq}`, name: `Course ${seq}`, termId, teacherId, capacity: 30, status: 'open' });

beforeAll(async () => {
  t = await createTestApp();
  camId = (await getCampusIds(t.database.db))[0] ?? 0;
  token = await getToken(t.app);
  // 1 Sep 2026 (Tue) to 20 Jan 2027: 21 weeks; spring: 1 Mar 2027 (Mon) to 25 Apr 2027: 8 weeks.
  autumn = await create('/terms', { name: 'Autumn', academicYear: '2026-2027', startDate: '2026-09-01', endDate: '2027-01-20' });
  spring = await create('/terms', { name: 'Spring', academicYear: '2026-2027', startDate: '2027-03-01', endDate: '2027-04-25' });
  li = await create('/teachers', { staffNo: 'T1', name: 'Li', gender: 'female', status: 'active' });
  wang = await create('/teachers', { staffNo: 'T2', name: 'Wang', gender: 'male', status: 'active' });
  zhao = await create('/teachers', { staffNo: 'T3', name: 'Zhao', gender: 'male', status: 'active' });
  roomA = await create('/rooms', { code: 'A1', name: 'Room A', capacity: 40 });
  roomB = await create('/rooms', { code: 'B1', name: 'Room B', capacity: 40 });
});
afterAll(async () => {
  await t?.close();
});

describe('changing a course teacher', () => {
  it('refuses with 409 and every clash when its entries would clash with the new teacher, and writes nothing', async () => {
    const algebra = await createCourse(li);
    const physics = await createCourse(wang);
    const mine = await addEntry(algebra, { weekday: 1, startTime: '08:00', endTime: '09:40', roomId: roomA });
    await addEntry(algebra, { weekday: 3, startTime: '14:00', endTime: '15:00', roomId: roomA });
    const theirs = await addEntry(physics, { weekday: 1, startTime: '09:00', endTime: '10:00', roomId: roomB });

    const res = await api('PUT', `/courses/${algebra}`, { teacherId: wang });
    expect(res.status).toBe(409);
    const conflicts = (res.body.data as { conflicts: ScheduleConflict[] }).conflicts;
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      kind: 'teacher',
      entryId: theirs.id,
      courseId: physics,
      teacherName: 'Wang',
      withEntryId: mine.id,
    });
    expect(res.body.msg).toContain('Course');
    expect(res.body.msg).toContain('Wang');

    expect((await courseOf(algebra)).teacherId).toBe(li);
    expect((await entriesOf(algebra)).map((e) => e.teacherId)).toEqual([li, li]);
  });

  it('moves the entries the old teacher taught to the new one when nothing clashes; others keep theirs', async () => {
    const course = await createCourse(li);
    await addEntry(course, { weekday: 2, startTime: '08:00', endTime: '09:00', roomId: roomA });
    await addEntry(course, { weekday: 4, startTime: '08:00', endTime: '09:00', roomId: roomA, teacherId: wang });

    const res = await api('PUT', `/courses/${course}`, { teacherId: zhao });
    expect(res.status).toBe(200);
    expect((await courseOf(course)).teacherId).toBe(zhao);
    expect((await entriesOf(course)).map((e) => [e.weekday, e.teacherName])).toEqual([
      [2, 'Zhao'],
      [4, 'Wang'],
    ]);
  });

  it('leaves entries alone when only other fields change', async () => {
    const course = await createCourse(li);
    const entry = await addEntry(course, { weekday: 5, startTime: '18:00', endTime: '19:00', roomId: roomA });
    const res = await api('PUT', `/courses/${course}`, { name: 'Renamed', teacherId: li });
    expect(res.status).toBe(200);
    expect(await entriesOf(course)).toEqual([{ ...entry, courseName: 'Renamed' }]);
  });
});

describe('changing a course term', () => {
  it('refuses with 409 naming the entries when their weeks do not fit the new term', async () => {
    const course = await createCourse(li);
    await addEntry(course, { weekday: 6, startTime: '08:00', endTime: '09:00', roomId: roomA, weekStart: 1, weekEnd: 12 });
    const res = await api('PUT', `/courses/${course}`, { termId: spring });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('termId');
    expect(res.body.msg).toContain('8 week');
    expect(res.body.msg).toContain('[1-12]');
    expect((await courseOf(course)).termId).toBe(autumn);
  });

  it("refuses with 409 when its entries clash with the new term's timetable", async () => {
    const there = await createCourse(li, spring);
    const theirs = await addEntry(there, { weekday: 7, startTime: '10:00', endTime: '11:00', roomId: roomB });
    const course = await createCourse(wang);
    await addEntry(course, { weekday: 7, startTime: '10:30', endTime: '11:30', roomId: roomB, weekStart: 1, weekEnd: 8 });
    const res = await api('PUT', `/courses/${course}`, { termId: spring });
    expect(res.status).toBe(409);
    const conflicts = (res.body.data as { conflicts: ScheduleConflict[] }).conflicts;
    expect(conflicts.map((c) => [c.kind, c.entryId])).toEqual([['room', theirs.id]]);
    expect((await courseOf(course)).termId).toBe(autumn);
  });

  it('moves when the entries fit and nothing clashes', async () => {
    const course = await createCourse(zhao);
    await addEntry(course, { weekday: 7, startTime: '15:00', endTime: '16:00', roomId: roomA, weekStart: 2, weekEnd: 7 });
    const res = await api('PUT', `/courses/${course}`, { termId: spring });
    expect(res.status).toBe(200);
    const timetable = await api('GET', `/timetable?courseId=${course}`);
    expect((timetable.body.data as { term: { id: number } }).term.id).toBe(spring);
  });
});

describe("changing a term's dates", () => {
  it('refuses with 409 when entries would meet after the new last week, and writes nothing', async () => {
    const summer = await create('/terms', { name: 'Summer', academicYear: '2026-2027', startDate: '2027-06-07', endDate: '2027-08-29' });
    const course = await createCourse(li, summer);
    await addEntry(course, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: roomA, weekStart: 3, weekEnd: 10 });

    const res = await api('PUT', `/terms/${summer}`, { endDate: '2027-07-25' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('endDate');
    expect(res.body.msg).toContain('7 week');
    expect((await api('GET', `/terms/${summer}`)).body.data).toMatchObject({ endDate: '2027-08-29' });

    // Still holding week 10: allowed.
    const ok = await api('PUT', `/terms/${summer}`, { endDate: '2027-08-15' });
    expect(ok.status).toBe(200);
  });

  it('lets a term without entries change freely', async () => {
    const empty = await create('/terms', { name: 'Winter', academicYear: '2027-2028', startDate: '2027-12-01', endDate: '2028-02-20' });
    const res = await api('PUT', `/terms/${empty}`, { startDate: '2027-12-06', endDate: '2027-12-20' });
    expect(res.status).toBe(200);
  });
});
