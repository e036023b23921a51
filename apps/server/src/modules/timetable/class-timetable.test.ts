import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timetable } from '@campus/contract';
import { roles, userRoles } from '../../db/schema/system.js';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

// A class's own timetable (issue 25): the lessons of the courses its students
// take, with how many of the class take each; inside the caller's data scope
// and campus only.

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

const w = { classA: 0, classB: 0, classOther: 0, core: 0, elective: 0, bOnly: 0, termId: 0, students: [] as number[] };

const timetableOf = async (query: string, as = token, cam = camA) =>
  call(t.app, { method: 'GET', url: `/api/educate/timetable?${query}`, headers: { ...authed(as, cam), 'accept-language': 'en-US' } });

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'B');
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  token = await getToken(t.app);
  const g1 = await create('/grades', { name: '高一', order: 1 });
  w.classA = await create('/classes', { name: '1班', gradeId: g1 });
  w.classB = await create('/classes', { name: '2班', gradeId: g1 });
  const gOther = await create('/grades', { name: '高一', order: 1 }, camB);
  w.classOther = await create('/classes', { name: '1班', gradeId: gOther }, camB);
  for (let i = 1; i <= 4; i++) {
    w.students.push(
      await create('/students', { studentNo: `CA00${i}`, name: `甲${i}`, gender: 'male', status: 'enrolled', classId: w.classA }),
    );
  }
  // A withdrawn student counts neither in the class's head count nor in a course's.
  const gone = await create('/students', { studentNo: 'CA009', name: '退学', gender: 'male', status: 'withdrawn', classId: w.classA });
  const inB = await create('/students', { studentNo: 'CB001', name: '乙1', gender: 'female', status: 'enrolled', classId: w.classB });
  w.termId = await create('/terms', {
    name: 'Autumn',
    academicYear: '2026-2027',
    startDate: '2026-09-01',
    endDate: '2027-01-20',
    current: true,
  });
  const teacherId = await create('/teachers', { staffNo: 'CT1', name: 'Teacher', gender: 'male', status: 'active' });
  const roomId = await create('/rooms', { code: 'R1', name: 'Room', capacity: 60 });
  const course = async (code: string, studentIds: number[], weekday: number) => {
    const id = await create('/courses', { code, name: code, termId: w.termId, teacherId, capacity: 50, status: 'open' });
    expect((await api('POST', `/courses/${id}/students`, { studentIds })).status).toBe(200);
    const entry = await api('POST', `/courses/${id}/schedule`, { weekday, startTime: '08:00', endTime: '08:45', roomId });
    expect(entry.status).toBe(201);
    return id;
  };
  const [s1 = 0, s2 = 0, s3 = 0, s4 = 0] = w.students;
  w.core = await course('CORE', [s1, s2, s3, s4, inB, gone], 1);
  w.elective = await course('ELECT', [s1, gone], 2);
  w.bOnly = await course('BONLY', [inB], 3);
  await course('MOST', [s1, s2, s3], 4);
});
afterAll(async () => {
  await t?.close();
});

describe('a class timetable', () => {
  it('lists the lessons of the courses its students take, with how many of the class take each', async () => {
    const res = await timetableOf(`classId=${w.classA}`);
    expect(res.status).toBe(200);
    const data = res.body.data as Timetable;
    expect(data.target).toEqual({ kind: 'class', id: w.classA, name: '高一 1班' });
    expect(data.entries.map((e) => e.courseCode).sort()).toEqual(['CORE', 'ELECT', 'MOST']);
    expect(data.classAttendance?.students).toBe(4);
    const share = Object.fromEntries((data.classAttendance?.courses ?? []).map((c) => [c.courseId, [c.attending, c.share]]));
    expect(share[w.core]).toEqual([4, 'all']);
    expect(share[w.elective]).toEqual([1, 'some']);
    expect(share[w.bOnly]).toBeUndefined();
    expect(Object.values(share)).toContainEqual([3, 'most']);
    // The other class sees its own lessons only.
    const b = (await timetableOf(`classId=${w.classB}`)).body.data as Timetable;
    expect(b.entries.map((e) => e.courseCode).sort()).toEqual(['BONLY', 'CORE']);
    // Other targets answer no attendance.
    const teacher = (await timetableOf(`courseId=${w.core}`)).body.data as Timetable;
    expect(teacher.classAttendance).toBeNull();
  });

  it('filters by week and serves the same lessons as a calendar file and a feed', async () => {
    const week = (await timetableOf(`classId=${w.classA}&week=1`)).body.data as Timetable;
    expect(week.week).toBe(1);
    const ics = await t.app.inject({ method: 'GET', url: `/api/educate/timetable.ics?classId=${w.classA}`, headers: authed(token, camA) });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-disposition']).toContain(`timetable-class-${w.classA}.ics`);
    expect(ics.payload.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const feed = await api('POST', '/timetable/feeds', { kind: 'class', targetId: w.classA });
    expect(feed.status).toBe(201);
    const issued = feed.body.data as { url: string; feed: { kind: string; targetName: string } };
    expect(issued.feed).toMatchObject({ kind: 'class', targetName: '高一 1班' });
    const read = await t.app.inject({ method: 'GET', url: new URL(issued.url).pathname });
    expect(read.statusCode).toBe(200);
    expect(read.payload.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  });

  it('is 404 for a class of another campus, and 400 with two targets', async () => {
    expect((await timetableOf(`classId=${w.classOther}`)).status).toBe(404);
    const mine = await timetableOf(`classId=${w.classOther}`, token, camB);
    expect(mine.status).toBe(200);
    expect((mine.body.data as Timetable).entries).toEqual([]);
    const two = await timetableOf(`classId=${w.classA}&teacherId=1`);
    expect(two.status).toBe(400);
  });

  it('answers a scoped caller only the classes they reach: another class is as missing as a foreign one', async () => {
    const userId = await createUser(t.database.db, {
      username: 'classhead',
      password: 'Class-Head-Pass-42',
      perms: ['educate:schedule:list', 'educate:class:list'],
      camIds: [camA],
    });
    const [link] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
    await t.database.db
      .update(roles)
      .set({ dataScope: { kind: 'classes', classIds: [w.classB] } })
      .where(eq(roles.id, link?.roleId ?? 0));
    const scoped = await getToken(t.app, 'classhead', 'Class-Head-Pass-42');
    expect((await timetableOf(`classId=${w.classB}`, scoped)).status).toBe(200);
    const outside = await timetableOf(`classId=${w.classA}`, scoped);
    expect(outside.status).toBe(404);
    expect(outside.body.msg).toContain('classId');
    const ics = await call(t.app, { method: 'GET', url: `/api/educate/timetable.ics?classId=${w.classA}`, headers: authed(scoped, camA) });
    expect(ics.status).toBe(404);
    const classes = await call(t.app, { method: 'GET', url: '/api/educate/classes?page=1&pageSize=50', headers: authed(scoped, camA) });
    expect((classes.body.data as { list: { id: number }[] }).list.map((c) => c.id)).toEqual([w.classB]);
  });
});
