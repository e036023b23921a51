import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { createCampus, getCampusIds } from '../../test/fixtures.js';
import { createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

let termId: number;
let teacherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  camB = await createCampus(t.database.db, 'B');
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  token = await getToken(t.app);
  termId = await create('/terms', {
    name: '第一学期',
    academicYear: '2026-2027',
    startDate: '2026-09-01',
    endDate: '2027-01-20',
    current: true,
  });
  teacherId = await create('/teachers', { staffNo: 'T001', name: '李老师', gender: 'female', status: 'active', subject: '数学' });
});
afterAll(async () => {
  await t?.close();
});

describe('terms', () => {
  it('refuses end before start, overlapping terms, and keeps one current per campus', async () => {
    const backwards = await api('POST', '/terms', { name: 'x', academicYear: '2027-2028', startDate: '2027-09-01', endDate: '2027-08-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toContain('endDate');
    const overlap = await api('POST', '/terms', {
      name: '重叠',
      academicYear: '2026-2027',
      startDate: '2027-01-10',
      endDate: '2027-06-30',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.msg).toContain('第一学期');
    const next = await create('/terms', {
      name: '第二学期',
      academicYear: '2026-2027',
      startDate: '2027-02-20',
      endDate: '2027-07-10',
      current: true,
    });
    const list = (await api('GET', '/terms?pageSize=50')).body.data as { list: { id: number; current: boolean }[] };
    expect(list.list.filter((x) => x.current).map((x) => x.id)).toEqual([next]);
    // another campus may use the same dates
    await create(
      '/terms',
      { name: '第一学期', academicYear: '2026-2027', startDate: '2026-09-01', endDate: '2027-01-20', current: true },
      camB,
    );
  });
});

describe('courses', () => {
  it('requires capacity > 0 and a term and teacher of this campus', async () => {
    const zero = await api('POST', '/courses', { code: 'MATH1', name: '数学', termId, teacherId, capacity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toContain('capacity');
    const [foreignTeacher] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into teachers (cam_id, staff_no, name, gender, status) values (${camB}, 'T9', 'other', 'male', 'active') returning id`,
    );
    const foreign = await api('POST', '/courses', { code: 'MATH1', name: '数学', termId, teacherId: foreignTeacher?.id, capacity: 5 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toContain('teacherId');
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from courses`);
    expect(rows[0]?.n).toBe(0);
  });

  it('codes are unique per term', async () => {
    await create('/courses', { code: 'MATH1', name: '数学', termId, teacherId, capacity: 5 });
    const dup = await api('POST', '/courses', { code: 'MATH1', name: '数学二', termId, teacherId, capacity: 5 });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
  });

  it('20 concurrent enrolments into a course of capacity 5: exactly 5 succeed', async () => {
    const courseId = await create('/courses', { code: 'RACE', name: '抢课', termId, teacherId, capacity: 5 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(await create('/students', { studentNo: `R${i}`, name: `学生${i}`, gender: 'male', status: 'enrolled' }));
    const results = await Promise.all(ids.map((id) => api('POST', `/courses/${courseId}/students`, { studentIds: [id] })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const [row] = await queryRows<{ n: number; c: number }>(
      t.database.db,
      sql`select (select count(*)::int from enrolments where course_id = ${courseId}) as n, (select enrolled_count from courses where id = ${courseId}) as c`,
    );
    expect(row).toEqual({ n: 5, c: 5 });
    const full = results.find((r) => r.status === 409);
    expect(full?.body.msg).toContain('capacity 5');
  });

  it('refuses a duplicate enrolment, lists, drops, and will not shrink capacity below enrolment', async () => {
    const courseId = await create('/courses', { code: 'ART', name: '美术', termId, teacherId, capacity: 3 });
    const s1 = await create('/students', { studentNo: 'E1', name: '甲', gender: 'female', status: 'enrolled' });
    const s2 = await create('/students', { studentNo: 'E2', name: '乙', gender: 'female', status: 'enrolled' });
    expect((await api('POST', `/courses/${courseId}/students`, { studentIds: [s1, s2] })).status).toBe(200);
    const again = await api('POST', `/courses/${courseId}/students`, { studentIds: [s1] });
    expect(again.status).toBe(409);
    expect(again.body.msg).toContain('甲');
    const list = (await api('GET', `/courses/${courseId}/students`)).body.data as { total: number; list: { name: string }[] };
    expect(list.list.map((s) => s.name)).toEqual(['甲', '乙']);
    expect((await api('PUT', `/courses/${courseId}`, { capacity: 1 })).status).toBe(409);
    const mine = (await api('GET', `/courses?studentId=${s1}`)).body.data as { list: { id: number }[] };
    expect(mine.list.map((c) => c.id)).toEqual([courseId]);
    const dropped = await api('DELETE', `/courses/${courseId}/students`, { studentIds: [s1] });
    expect(dropped.body.data).toEqual({ enrolled: 1, capacity: 3 });
  });

  it('deleting what others refer to answers 409 naming them, and deletes nothing', async () => {
    const teacher = await api('DELETE', `/teachers/${teacherId}`);
    expect(teacher.status).toBe(409);
    expect(teacher.body.msg).toContain('数学');
    const term = await api('DELETE', `/terms/${termId}`);
    expect(term.status).toBe(409);
    expect((term.body.data as { references: { thing: string }[] }).references[0]?.thing).toBe('course');
    const [art] = await queryRows<{ id: number }>(t.database.db, sql`select id from courses where code = 'ART'`);
    const course = await api('DELETE', `/courses/${art?.id}`);
    expect(course.status).toBe(409);
    expect(course.body.msg).toContain('乙');
    const [n] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from teachers where id = ${teacherId}`);
    expect(n?.n).toBe(1);
  });

  it('rooms: capacity > 0, unique codes, minCapacity filter', async () => {
    expect((await api('POST', '/rooms', { code: 'A1', name: '教室', capacity: -1 })).status).toBe(400);
    await create('/rooms', { code: 'A101', name: '教学楼A 101', capacity: 45 });
    await create('/rooms', { code: 'LAB1', name: '实验室', capacity: 30 });
    expect((await api('POST', '/rooms', { code: 'A101', name: 'x', capacity: 5 })).status).toBe(409);
    const big = (await api('GET', '/rooms?minCapacity=40')).body.data as { list: { code: string }[] };
    expect(big.list.map((r) => r.code)).toEqual(['A101']);
  });
});
