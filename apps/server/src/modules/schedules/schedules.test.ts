import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHm, type ScheduleConflict } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createCampus, getCampusIds } from '../../test/fixtures.js';
import { createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';
import { compareEntries, type EngineEntry } from '../../lib/scheduling/clash.js';

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

interface EntryBody {
  weekday: number;
  startTime: string;
  endTime: string;
  roomId: number;
  teacherId?: number;
  weekStart?: number;
  weekEnd?: number;
  weekPattern?: 'all' | 'odd' | 'even';
}

const addEntry = (courseId: number, body: EntryBody, cam = camA) => api('POST', `/courses/${courseId}/schedule`, body, cam);
async function mustAdd(courseId: number, body: EntryBody): Promise<number> {
  const res = await addEntry(courseId, body);
  if (res.status !== 201) throw new Error(`add entry: ${res.status} ${res.body.msg}`);
  return (res.body.data as { entry: { id: number } }).entry.id;
}
const conflictsOf = (res: { body: { data: unknown } }) => (res.body.data as { conflicts: ScheduleConflict[] }).conflicts;
const countEntries = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from schedule_entries`))[0]?.n ?? 0;

let termId: number;
let liId: number;
let wangId: number;
let zhaoId: number;
let bigRoom: number;
let smallRoom: number;
let labRoom: number;
let hallRoom: number;

async function createCourse(code: string, teacherId: number, capacity = 30): Promise<number> {
  return create('/courses', { code, name: `课程 ${code}`, termId, teacherId, capacity, status: 'open' });
}
async function createStudent(no: string, name: string): Promise<number> {
  return create('/students', { studentNo: no, name, gender: 'female', status: 'enrolled' });
}
const enrol = (courseId: number, studentIds: number[]) => api('POST', `/courses/${courseId}/students`, { studentIds });

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  camB = await createCampus(t.database.db, 'B');
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  token = await getToken(t.app);
  // Tuesday 1 Sep 2026 to Wednesday 20 Jan 2027: 21 Monday-to-Sunday weeks.
  termId = await create('/terms', {
    name: '第一学期',
    academicYear: '2026-2027',
    startDate: '2026-09-01',
    endDate: '2027-01-20',
    current: true,
  });
  liId = await create('/teachers', { staffNo: 'T1', name: 'Li', gender: 'female', status: 'active' });
  wangId = await create('/teachers', { staffNo: 'T2', name: 'Wang', gender: 'male', status: 'active' });
  zhaoId = await create('/teachers', { staffNo: 'T3', name: 'Zhao', gender: 'male', status: 'active' });
  bigRoom = await create('/rooms', { code: 'A101', name: 'Big room', capacity: 50 });
  smallRoom = await create('/rooms', { code: 'S1', name: 'Small room', capacity: 2 });
  labRoom = await create('/rooms', { code: 'LAB', name: 'Lab', capacity: 40 });
  hallRoom = await create('/rooms', { code: 'HALL', name: 'Hall', capacity: 200 });
});
afterAll(async () => {
  await t?.close();
});

describe('schedule entries: validation and scope', () => {
  let course: number;
  beforeAll(async () => {
    course = await createCourse('VAL', liId);
  });

  it('answers 400 naming the field for bad weekdays, times and weeks, and writes nothing', async () => {
    const ok: EntryBody = { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: bigRoom };
    const cases: [Partial<EntryBody> | Record<string, unknown>, string][] = [
      [{ weekday: 0 }, 'weekday'],
      [{ weekday: 8 }, 'weekday'],
      [{ weekday: 2.5 }, 'weekday'],
      [{ startTime: '25:00' }, 'startTime'],
      [{ startTime: '8:00' }, 'startTime'],
      [{ endTime: '08:00' }, 'endTime'],
      [{ endTime: '07:30' }, 'endTime'],
      [{ weekStart: 5, weekEnd: 3 }, 'weekEnd'],
      [{ weekStart: 1, weekEnd: 22 }, 'weekEnd'],
      [{ weekStart: 0 }, 'weekStart'],
      [{ weekPattern: 'weekly' }, 'weekPattern'],
      [{ camId: camB }, 'camId'],
    ];
    for (const [patch, field] of cases) {
      const res = await addEntry(course, { ...ok, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.msg, JSON.stringify(patch)).toContain(field);
    }
    const missing = await addEntry(course, { weekday: 1, startTime: '08:00', roomId: bigRoom } as EntryBody);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('endTime');
    expect(await countEntries()).toBe(0);
  });

  it('answers 404 for ids of another campus', async () => {
    const foreignRoom = await create('/rooms', { code: 'B1', name: 'Room of B', capacity: 30 }, camB);
    const res = await addEntry(course, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: foreignRoom });
    expect(res.status).toBe(404);
    expect(res.body.msg).toContain('roomId');
    const foreignTeacher = await create('/teachers', { staffNo: 'TB', name: 'B teacher', gender: 'male', status: 'active' }, camB);
    const t2 = await addEntry(course, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: bigRoom, teacherId: foreignTeacher });
    expect(t2.status).toBe(404);
    expect(t2.body.msg).toContain('teacherId');
    // the course itself, seen from campus B
    expect((await addEntry(course, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: foreignRoom }, camB)).status).toBe(404);
    expect((await api('GET', `/courses/${course}/schedule`, undefined, camB)).status).toBe(404);
    const id = await mustAdd(course, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: bigRoom });
    expect((await api('PUT', `/courses/${course}/schedule/${id}`, { weekday: 2 }, camB)).status).toBe(404);
    expect((await api('DELETE', `/courses/${course}/schedule/${id}`, undefined, camB)).status).toBe(404);
    // an entry id under the wrong course
    const other = await createCourse('VAL2', wangId);
    expect((await api('PUT', `/courses/${other}/schedule/${id}`, { weekday: 2 })).status).toBe(404);
    expect((await api('DELETE', `/courses/${course}/schedule/${id}`)).status).toBe(200);
    expect((await api('DELETE', `/courses/${course}/schedule/${id}`)).status).toBe(404);
  });

  it('defaults the teacher to the course teacher and the weeks to the whole term', async () => {
    const res = await addEntry(course, { weekday: 3, startTime: '13:00', endTime: '14:30', roomId: bigRoom });
    expect(res.status).toBe(201);
    const entry = (res.body.data as { entry: Record<string, unknown> }).entry;
    expect(entry).toMatchObject({
      teacherId: liId,
      teacherName: 'Li',
      weekStart: 1,
      weekEnd: 21,
      weekPattern: 'all',
      startTime: '13:00',
      endTime: '14:30',
    });
    const got = (await api('GET', `/courses/${course}/schedule`)).body.data as {
      term: { weeks: number; academicYear: string };
      entries: unknown[];
    };
    expect(got.term.weeks).toBe(21);
    expect(got.term.academicYear).toMatch(/^\d{4}-\d{4}$/);
    expect(got.entries).toHaveLength(1);
    // a partial update is checked on the merged values
    const id = entry.id as number;
    const backwards = await api('PUT', `/courses/${course}/schedule/${id}`, { endTime: '12:00' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('endTime');
    await api('DELETE', `/courses/${course}/schedule/${id}`);
  });
});

describe('schedule clashes over the API', () => {
  let math: number;
  let physics: number;
  let art: number;
  let mathEntry: number;

  beforeAll(async () => {
    math = await createCourse('MATH', liId);
    physics = await createCourse('PHYS', wangId);
    art = await createCourse('ART', zhaoId);
    mathEntry = await mustAdd(math, { weekday: 1, startTime: '08:00', endTime: '09:30', roomId: bigRoom });
  });

  it('refuses the same teacher at an overlapping time with 409, names the other course, and writes nothing', async () => {
    const before = await countEntries();
    const res = await addEntry(art, { weekday: 1, startTime: '09:00', endTime: '10:00', roomId: labRoom, teacherId: liId });
    expect(res.status).toBe(409);
    const [c, ...rest] = conflictsOf(res);
    expect(rest).toHaveLength(0);
    expect(c).toMatchObject({
      kind: 'teacher',
      entryId: mathEntry,
      courseId: math,
      courseName: '课程 MATH',
      weekday: 1,
      startTime: '08:00',
      endTime: '09:30',
      teacherName: 'Li',
    });
    expect(c?.detail).toContain('Li');
    expect(res.body.msg).toContain('课程 MATH');
    expect(await countEntries()).toBe(before);
  });

  it('refuses the same room, and lists teacher and room together when both are shared', async () => {
    const room = await addEntry(physics, { weekday: 1, startTime: '08:30', endTime: '09:15', roomId: bigRoom });
    expect(room.status).toBe(409);
    expect(conflictsOf(room).map((c) => c.kind)).toEqual(['room']);
    expect(conflictsOf(room)[0]?.detail).toContain('A101');
    const both = await addEntry(art, { weekday: 1, startTime: '08:00', endTime: '08:45', roomId: bigRoom, teacherId: liId });
    expect(both.status).toBe(409);
    expect(
      conflictsOf(both)
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['room', 'teacher']);
  });

  it('lets back-to-back entries pass on both sides', async () => {
    const after = await addEntry(physics, { weekday: 1, startTime: '09:30', endTime: '10:15', roomId: bigRoom, teacherId: liId });
    expect(after.status).toBe(201);
    const before = await addEntry(art, { weekday: 1, startTime: '07:15', endTime: '08:00', roomId: bigRoom, teacherId: liId });
    expect(before.status).toBe(201);
    for (const r of [after, before]) {
      const id = (r.body.data as { entry: { id: number } }).entry.id;
      const course = r === after ? physics : art;
      expect((await api('DELETE', `/courses/${course}/schedule/${id}`)).status).toBe(200);
    }
  });

  it('keeps odd and even weeks apart, and disjoint week ranges apart', async () => {
    const odd = await mustAdd(physics, { weekday: 2, startTime: '10:00', endTime: '11:00', roomId: labRoom, weekPattern: 'odd' });
    const even = await addEntry(art, { weekday: 2, startTime: '10:00', endTime: '11:00', roomId: labRoom, weekPattern: 'even' });
    expect(even.status).toBe(201);
    const all = await addEntry(art, { weekday: 2, startTime: '10:30', endTime: '11:30', roomId: labRoom, teacherId: zhaoId });
    expect(all.status).toBe(409);
    // every week clashes: with the odd entry (room) and the even one (room and teacher)
    expect(
      conflictsOf(all)
        .map((c) => `${c.weekPattern}:${c.kind}`)
        .sort(),
    ).toEqual(['even:room', 'even:teacher', 'odd:room']);
    const oddWeeks = conflictsOf(all).find((c) => c.entryId === odd)?.weeks;
    expect(oddWeeks).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21]);

    await mustAdd(math, { weekday: 4, startTime: '14:00', endTime: '15:00', roomId: hallRoom, weekStart: 1, weekEnd: 8 });
    const later = await addEntry(physics, {
      weekday: 4,
      startTime: '14:00',
      endTime: '15:00',
      roomId: hallRoom,
      weekStart: 9,
      weekEnd: 16,
    });
    expect(later.status).toBe(201);
    const touching = await addEntry(art, { weekday: 4, startTime: '14:30', endTime: '15:30', roomId: hallRoom, weekStart: 8, weekEnd: 8 });
    expect(touching.status).toBe(409);
    expect(conflictsOf(touching).map((c) => c.weeks)).toEqual([[8]]);
    // all weeks 1-2 against odd weeks from 2: they share week 2 only, which is even
    await mustAdd(math, { weekday: 5, startTime: '08:00', endTime: '09:00', roomId: hallRoom, weekStart: 1, weekEnd: 2 });
    const parity = await addEntry(art, {
      weekday: 5,
      startTime: '08:00',
      endTime: '09:00',
      roomId: hallRoom,
      weekStart: 2,
      weekEnd: 6,
      weekPattern: 'odd',
    });
    expect(parity.status).toBe(201);
  });

  it('refuses a student clash, naming the students shared', async () => {
    const s1 = await createStudent('S001', 'Ann');
    const s2 = await createStudent('S002', 'Bo');
    expect((await enrol(math, [s1, s2])).status).toBe(200);
    expect((await enrol(physics, [s2])).status).toBe(200);
    const res = await addEntry(physics, { weekday: 1, startTime: '09:00', endTime: '10:00', roomId: labRoom });
    expect(res.status).toBe(409);
    const [c] = conflictsOf(res);
    expect(c).toMatchObject({ kind: 'student', entryId: mathEntry, studentCount: 1, students: [{ id: s2, name: 'Bo' }] });
    expect(c?.detail).toContain('Bo');
    expect(res.body.msg).toContain('Bo');
  });

  it('moves an entry with PUT under the same rules, never clashing with itself', async () => {
    const id = await mustAdd(art, { weekday: 3, startTime: '08:00', endTime: '09:00', roomId: labRoom });
    const shifted = await api('PUT', `/courses/${art}/schedule/${id}`, { startTime: '08:30', endTime: '09:30' });
    expect(shifted.status).toBe(200);
    expect((shifted.body.data as { entry: { startTime: string } }).entry.startTime).toBe('08:30');
    const onto = await api('PUT', `/courses/${art}/schedule/${id}`, { weekday: 1, startTime: '08:00', endTime: '09:00', roomId: bigRoom });
    expect(onto.status).toBe(409);
    expect(conflictsOf(onto).map((c) => c.kind)).toEqual(['room']);
    const still = (await api('GET', `/courses/${art}/schedule`)).body.data as {
      entries: { id: number; weekday: number; startTime: string }[];
    };
    expect(still.entries.find((e) => e.id === id)).toMatchObject({ weekday: 3, startTime: '08:30' });
  });

  it('warns, without refusing, when the room seats fewer than the course', async () => {
    const res = await addEntry(art, { weekday: 5, startTime: '15:00', endTime: '16:00', roomId: smallRoom });
    expect(res.status).toBe(201);
    const data = res.body.data as { entry: { id: number }; warnings: { kind: string; entryId: number; msg: string }[] };
    expect(data.warnings).toEqual([expect.objectContaining({ kind: 'roomBelowCapacity', entryId: data.entry.id })]);
    expect(data.warnings[0]?.msg).toContain('S1');
    const s = await createStudent('S009', 'Cy');
    const s2 = await createStudent('S010', 'Di');
    const s3 = await createStudent('S011', 'Ed');
    expect((await enrol(art, [s, s2, s3])).status).toBe(200);
    const got = (await api('GET', `/courses/${art}/schedule`)).body.data as { warnings: { kind: string; entryId: number }[] };
    expect(got.warnings.find((w) => w.entryId === data.entry.id)?.kind).toBe('roomBelowEnrolment');
  });
});

describe('enrolment-induced clashes', () => {
  it('refuses to enrol students whose other courses clash, listing every clash, and enrols nobody', async () => {
    const chem = await createCourse('CHEM', wangId);
    const bio = await createCourse('BIO', zhaoId);
    const chemEntry = await mustAdd(chem, { weekday: 2, startTime: '14:00', endTime: '15:30', roomId: bigRoom });
    const bioEntry = await mustAdd(bio, { weekday: 2, startTime: '15:00', endTime: '16:00', roomId: hallRoom, weekPattern: 'odd' });
    const free = await createStudent('E001', 'Free');
    const busy = await createStudent('E002', 'Busy');
    expect((await enrol(chem, [busy])).status).toBe(200);
    const res = await enrol(bio, [free, busy]);
    expect(res.status).toBe(409);
    const conflicts = conflictsOf(res);
    expect(conflicts).toEqual([
      expect.objectContaining({ kind: 'student', entryId: chemEntry, withEntryId: bioEntry, courseName: '课程 CHEM', studentCount: 1 }),
    ]);
    expect(conflicts[0]?.students).toEqual([{ id: busy, name: 'Busy' }]);
    expect(res.body.msg).toContain('studentIds');
    const enrolled = (await api('GET', `/courses/${bio}/students`)).body.data as { total: number };
    expect(enrolled.total).toBe(0);
    // the free student alone is fine
    expect((await enrol(bio, [free])).status).toBe(200);
  });
});

describe('race-free writes', () => {
  it('of 12 concurrent clashing writes exactly one succeeds, round after round', async () => {
    const course = await createCourse('RACE', liId);
    const rooms = [bigRoom, labRoom, hallRoom];
    for (let round = 0; round < 6; round++) {
      const before = await countEntries();
      // Same teacher, different rooms and starts: every pair clashes on the teacher only.
      const startHour = 8 + round * 2;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          addEntry(course, {
            weekday: 6,
            startTime: `${String(startHour + (i % 2)).padStart(2, '0')}:${i % 4 < 2 ? '00' : '30'}`,
            endTime: `${String(startHour + 2).padStart(2, '0')}:00`,
            roomId: rooms[i % 3] ?? bigRoom,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(11);
      expect(await countEntries()).toBe(before + 1);
    }
  });

  it('a schedule write and an enrolment racing cannot both create a student clash', async () => {
    const x = await createCourse('RX', wangId);
    const y = await createCourse('RY', zhaoId);
    await mustAdd(x, { weekday: 7, startTime: '10:00', endTime: '11:00', roomId: bigRoom });
    const s = await createStudent('R001', 'Racer');
    expect((await enrol(x, [s])).status).toBe(200);
    const [write, join] = await Promise.all([
      addEntry(y, { weekday: 7, startTime: '10:30', endTime: '11:30', roomId: labRoom }),
      enrol(y, [s]),
    ]);
    // whichever commits first, the other sees it and refuses
    expect([write.status === 201, join.status === 200].filter(Boolean)).toHaveLength(1);
    expect([write.status, join.status].filter((st) => st === 409)).toHaveLength(1);
  });
});

describe('free-slot finder', () => {
  it('offers only slots that the engine and the API accept, in rooms big enough', async () => {
    const course = await createCourse('SLOT', liId, 40);
    const students = await Promise.all(['F1', 'F2', 'F3'].map((no) => createStudent(no, `Stu ${no}`)));
    expect((await enrol(course, students)).status).toBe(200);
    const res = await api('GET', `/courses/${course}/free-slots?duration=90&weekPattern=all`);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      dayStart: string;
      dayEnd: string;
      slotStep: number;
      seatsNeeded: number;
      weekStart: number;
      weekEnd: number;
      slots: { weekday: number; startTime: string; endTime: string; rooms: { id: number; capacity: number }[] }[];
    };
    expect(data).toMatchObject({ dayStart: '08:00', dayEnd: '21:00', slotStep: 30, seatsNeeded: 3, weekStart: 1, weekEnd: 21 });
    expect(data.slots.length).toBeGreaterThan(0);
    expect(new Set(data.slots.map((s) => s.weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
    // Li teaches MATH on Monday 08:00-09:30: no Monday slot may touch it.
    expect(data.slots.some((s) => s.weekday === 1 && s.startTime < '09:30')).toBe(false);
    expect(data.slots.some((s) => s.weekday === 1 && s.startTime === '09:30')).toBe(true);

    // Every offered (slot, room) checked by the engine against the whole term.
    const entries = await queryRows<{
      id: number;
      course_id: number;
      weekday: number;
      start_min: number;
      end_min: number;
      week_start: number;
      week_end: number;
      week_pattern: 'all' | 'odd' | 'even';
      teacher_id: number;
      room_id: number;
      students: number[];
    }>(
      t.database.db,
      sql`select e.*, coalesce((select array_agg(x.student_id) from enrolments x where x.course_id = e.course_id), '{}') as students
          from schedule_entries e join courses c on c.id = e.course_id where c.term_id = ${termId}`,
    );
    const others: EngineEntry[] = entries.map((e) => ({
      id: e.id,
      courseId: e.course_id,
      weekday: e.weekday,
      startMin: e.start_min,
      endMin: e.end_min,
      weekStart: e.week_start,
      weekEnd: e.week_end,
      weekPattern: e.week_pattern,
      teacherId: e.teacher_id,
      roomId: e.room_id,
      studentIds: e.students,
    }));
    for (const slot of data.slots) {
      expect(slot.rooms.length).toBeGreaterThan(0);
      for (const room of slot.rooms) {
        expect(room.capacity).toBeGreaterThanOrEqual(3);
        const candidate: EngineEntry = {
          id: 0,
          courseId: course,
          weekday: slot.weekday,
          startMin: parseHm(slot.startTime),
          endMin: parseHm(slot.endTime),
          weekStart: 1,
          weekEnd: 21,
          weekPattern: 'all',
          teacherId: liId,
          roomId: room.id,
          studentIds: students,
        };
        const clashes = others.flatMap((o) => compareEntries(candidate, o));
        expect(clashes, `${slot.weekday} ${slot.startTime} room ${room.id}`).toEqual([]);
      }
    }
    // and taking the first offer succeeds
    const first = data.slots[0];
    if (!first) throw new Error('no slot');
    const taken = await addEntry(course, {
      weekday: first.weekday,
      startTime: first.startTime,
      endTime: first.endTime,
      roomId: first.rooms[0]?.id ?? 0,
    });
    expect(taken.status).toBe(201);
    const again = (await api('GET', `/courses/${course}/free-slots?duration=90`)).body.data as typeof data;
    expect(again.slots.some((s) => s.weekday === first.weekday && s.startTime === first.startTime)).toBe(false);
  });

  it('validates its query', async () => {
    const course = await createCourse('SLOTQ', wangId);
    expect((await api('GET', `/courses/${course}/free-slots?duration=0`)).body.msg).toContain('duration');
    expect((await api('GET', `/courses/${course}/free-slots?duration=60&weekPattern=x`)).status).toBe(400);
    expect((await api('GET', `/courses/${course}/free-slots?duration=60&weekEnd=30`)).status).toBe(400);
    const weekend = (await api('GET', `/courses/${course}/free-slots?duration=60&weekdays=6,7`)).body.data as {
      slots: { weekday: number }[];
    };
    expect(new Set(weekend.slots.map((s) => s.weekday))).toEqual(new Set([6, 7]));
  });
});

describe('timetables', () => {
  it('lists a teacher’s entries with an honest weekly load', async () => {
    const course = await createCourse('LOAD', wangId);
    const teacher = await create('/teachers', { staffNo: 'T9', name: 'Load', gender: 'male', status: 'active' });
    // 2 h every week + 1 h in odd weeks (weeks 1-21; the Monday of week 1 is before the term starts).
    await mustAdd(course, { weekday: 3, startTime: '08:00', endTime: '10:00', roomId: bigRoom, teacherId: teacher });
    await mustAdd(course, { weekday: 1, startTime: '19:00', endTime: '20:00', roomId: bigRoom, teacherId: teacher, weekPattern: 'odd' });
    const res = await api('GET', `/timetable?teacherId=${teacher}`);
    expect(res.status).toBe(200);
    const data = res.body.data as {
      target: { kind: string; name: string };
      term: { weeks: number };
      entries: { weekday: number }[];
      load: { averageHours: number; maxWeekHours: number; minWeekHours: number; termHours: number; byWeek: number[] };
      teacherLoads: { teacherId: number; averageHours: number }[];
    };
    expect(data.target).toMatchObject({ kind: 'teacher', name: 'Load' });
    expect(data.entries.map((e) => e.weekday)).toEqual([1, 3]);
    // odd weeks 3..21 = 10 Monday meetings (week 1's Monday is 31 Aug, before the term)
    expect(data.load.byWeek[0]).toBe(2);
    expect(data.load.byWeek[1]).toBe(2);
    expect(data.load.byWeek[2]).toBe(3);
    expect(data.load.termHours).toBe(21 * 2 + 10);
    expect(data.load.averageHours).toBeCloseTo(52 / 21, 2);
    expect(data.load.maxWeekHours).toBe(3);
    expect(data.load.minWeekHours).toBe(2);
    expect(data.teacherLoads).toEqual([expect.objectContaining({ teacherId: teacher, averageHours: data.load.averageHours })]);
    const week2 = (await api('GET', `/timetable?teacherId=${teacher}&week=2`)).body.data as { entries: { weekday: number }[] };
    expect(week2.entries.map((e) => e.weekday)).toEqual([3]);
  });

  it('needs exactly one target, of this campus', async () => {
    expect((await api('GET', '/timetable')).status).toBe(400);
    expect((await api('GET', `/timetable?teacherId=${liId}&roomId=${bigRoom}`)).status).toBe(400);
    expect((await api('GET', `/timetable?teacherId=${liId}`, undefined, camB)).status).toBe(404);
    const room = (await api('GET', `/timetable?roomId=${bigRoom}`)).body.data as { entries: { roomId: number }[] };
    expect(room.entries.length).toBeGreaterThan(0);
    expect(room.entries.every((e) => e.roomId === bigRoom)).toBe(true);
  });
});
