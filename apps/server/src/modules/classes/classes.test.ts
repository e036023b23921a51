import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { call, authed, createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

// Grades and classes (issue 25): classes as records, students' grade and
// className kept as their class's names, and the year-end promotion.

let t: TestApp;
let token: string;
let cam: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: cam }));

type Student = { id: number; grade: string; className: string; classId: number | null; status: string };
const student = async (id: number) => (await api('GET', `/students/${id}`)).body.data as Student;
const classOf = async (id: number) =>
  (await api('GET', `/classes/${id}`)).body.data as {
    gradeId: number;
    name: string;
    status: string;
    headTeacherId: number | null;
    schoolYear: string;
  };

let g1: number;
let g2: number;
let g3: number;

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  g1 = await create('/grades', { name: '高一', order: 1 });
  g2 = await create('/grades', { name: '高二', order: 2 });
  g3 = await create('/grades', { name: '高三', order: 3 });
});
afterAll(async () => {
  await t?.close();
});

describe('classes and their students', () => {
  it('gives a student the names of their class, and the names follow a rename or a move to another grade', async () => {
    const c = await create('/classes', { name: '1班', gradeId: g1, schoolYear: '2025-2026', capacity: 40 });
    const s = await create('/students', { studentNo: 'K001', name: '司马长风', gender: 'male', status: 'enrolled', classId: c });
    expect(await student(s)).toMatchObject({ classId: c, grade: '高一', className: '1班' });
    expect((await api('PUT', `/classes/${c}`, { name: '9班' })).status).toBe(200);
    expect(await student(s)).toMatchObject({ classId: c, grade: '高一', className: '9班' });
    expect((await api('PUT', `/grades/${g1}`, { name: '高一年级' })).status).toBe(200);
    expect(await student(s)).toMatchObject({ grade: '高一年级', className: '9班' });
    await api('PUT', `/grades/${g1}`, { name: '高一' });
    // Moving the student by names alone finds (or makes) the class of those names.
    expect((await api('PUT', `/students/${s}`, { grade: '高二', className: '5班' })).status).toBe(200);
    const moved = await student(s);
    expect(moved).toMatchObject({ grade: '高二', className: '5班' });
    expect(moved.classId).not.toBe(c);
    const made = await classOf(moved.classId ?? 0);
    expect(made).toMatchObject({ gradeId: g2, name: '5班', status: 'active' });
    // And by id again.
    expect((await api('PUT', `/students/${s}`, { classId: c })).status).toBe(200);
    expect(await student(s)).toMatchObject({ classId: c, grade: '高一', className: '9班' });
  });

  it('refuses a second active class of a name in a grade, a grade of another campus, and removing a class with students', async () => {
    const c = await create('/classes', { name: '2班', gradeId: g1 });
    const dup = await api('POST', '/classes', { name: '2班', gradeId: g1 });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('2班');
    expect((await api('POST', '/classes', { name: '3班', gradeId: 999999 })).status).toBe(404);
    await create('/students', { studentNo: 'K002', name: '李四', gender: 'female', status: 'enrolled', classId: c });
    expect((await api('DELETE', `/classes/${c}`)).status).toBe(409);
    const list = await api('GET', `/classes?page=1&pageSize=50&gradeId=${g1}`);
    expect((list.body.data as { list: { name: string }[] }).list.map((x) => x.name)).toEqual(expect.arrayContaining(['2班', '9班']));
  });

  it('answers a class page with its grade, head count and courses', async () => {
    const c = await create('/classes', { name: '4班', gradeId: g1 });
    await create('/students', { studentNo: 'K003', name: '王五', gender: 'male', status: 'enrolled', classId: c });
    await create('/students', { studentNo: 'K004', name: '赵六', gender: 'female', status: 'suspended', classId: c });
    const res = await api('GET', `/classes/${c}/overview`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      class: { id: c, name: '4班', gradeName: '高一', studentCount: 2 },
      byStatus: [
        { status: 'enrolled', count: 1 },
        { status: 'suspended', count: 1 },
      ],
    });
  });

  it('filters the student list, its export and a bulk change by class; the form picks a class by id only', async () => {
    const c = await create('/classes', { name: '筛选班', gradeId: g2 });
    const other = await create('/classes', { name: '别的班', gradeId: g2 });
    const s = await create('/students', { studentNo: 'F001', name: '筛一', gender: 'male', status: 'enrolled', classId: c });
    await create('/students', { studentNo: 'F002', name: '筛二', gender: 'female', status: 'enrolled', classId: other });
    const list = await api('GET', `/students?page=1&pageSize=50&classId=${c}`);
    expect(list.body.data).toMatchObject({ total: 1, list: [{ id: s, classId: c, grade: '高二', className: '筛选班' }] });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/educate/students/export?format=csv&classId=${c}`,
      headers: authed(token, cam),
    });
    expect(file.payload).toContain('F001');
    expect(file.payload).not.toContain('F002');
    const bulk = await api('POST', '/students/bulk?dryRun=true', { filter: { classId: c }, set: { remark: 'x' } });
    expect(bulk.body.data).toMatchObject({ updated: 1, sample: [{ studentNo: 'F001' }] });
    // Every filter of the list reaches the bulk change, the native place too (none of them is from Beijing).
    const byRegion = await api('POST', '/students/bulk?dryRun=true', {
      filter: { classId: c, regionCode: '110000' },
      set: { remark: 'x' },
    });
    expect(byRegion.status).toBe(200);
    expect(byRegion.body.data).toMatchObject({ updated: 0 });
    expect((await api('GET', '/students?page=1&pageSize=50&classId=abc')).status).toBe(400);
    // The form sends the class id with the names it showed: the id wins, the names follow the class.
    const moved = await api('PUT', `/students/${s}`, { classId: other, grade: '高一', className: '筛选班' });
    expect(moved.status).toBe(200);
    expect(await student(s)).toMatchObject({ classId: other, grade: '高二', className: '别的班' });
    expect((await api('PUT', `/students/${s}`, { classId: 999999 })).status).toBe(404);
  });

  it('refuses a class over its capacity, all or none', async () => {
    const c = await create('/classes', { name: '小班', gradeId: g3, capacity: 1 });
    await create('/students', { studentNo: 'K005', name: '甲', gender: 'male', status: 'enrolled', classId: c });
    const res = await api('POST', '/students', { studentNo: 'K006', name: '乙', gender: 'male', status: 'enrolled', classId: c });
    expect(res.status).toBe(409);
    expect((await api('GET', '/students?page=1&pageSize=10&keyword=K006')).body.data).toMatchObject({ total: 0 });
  });
});

const countByGrade = async () =>
  queryRows<{ grade: string; status: string; n: number }>(
    t.database.db,
    sql`select g.name as grade, c.status, count(*)::int as n from classes c join grades g on g.cam_id = c.cam_id and g.id = c.grade_id
        where c.cam_id = ${cam} group by 1, 2 order by 1, 2`,
  );
const studentStates = async () =>
  queryRows<{ student_no: string; grade: string; class_name: string; status: string }>(
    t.database.db,
    sql`select student_no, grade, class_name, status from students where cam_id = ${cam} order by student_no`,
  );

describe('the year-end promotion', () => {
  it('previews without writing, then moves every class up, graduates the last grade read-only, and undoes', async () => {
    await t.database.db.execute(sql`delete from students where cam_id = ${cam}`);
    await t.database.db.execute(sql`delete from classes where cam_id = ${cam}`);
    const a = await create('/classes', { name: '1班', gradeId: g1, schoolYear: '2025-2026' });
    const b = await create('/classes', { name: '1班', gradeId: g2, schoolYear: '2025-2026' });
    const c = await create('/classes', { name: '1班', gradeId: g3, schoolYear: '2025-2026' });
    const sa = await create('/students', { studentNo: 'P001', name: '一', gender: 'male', status: 'enrolled', classId: a });
    await create('/students', { studentNo: 'P002', name: '二', gender: 'male', status: 'enrolled', classId: b });
    const sc = await create('/students', { studentNo: 'P003', name: '三', gender: 'male', status: 'enrolled', classId: c });
    await create('/students', { studentNo: 'P004', name: '四', gender: 'female', status: 'suspended', classId: c });
    const before = await countByGrade();
    const states = await studentStates();
    expect(before).toEqual([
      { grade: '高一', status: 'active', n: 1 },
      { grade: '高三', status: 'active', n: 1 },
      { grade: '高二', status: 'active', n: 1 },
    ]);

    const preview = await api('POST', '/school-year/promote?dryRun=true', { headTeachers: 'keep' });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ graduated: 2, promotionId: null });
    expect((preview.body.data as { classes: { from: string; to: string }[] }).classes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: '高一 1班', to: '高二 1班' }),
        expect.objectContaining({ from: '高三 1班', graduates: true, students: 2 }),
      ]),
    );
    expect(await countByGrade()).toEqual(before);

    const run = await api('POST', '/school-year/promote?dryRun=false', { headTeachers: 'clear' });
    expect(run.status).toBe(200);
    const promotionId = (run.body.data as { promotionId: number }).promotionId;
    expect(await countByGrade()).toEqual([
      { grade: '高三', status: 'active', n: 1 },
      { grade: '高三', status: 'graduated', n: 1 },
      { grade: '高二', status: 'active', n: 1 },
    ]);
    expect(await student(sa)).toMatchObject({ grade: '高二', className: '1班' });
    expect(await student(sc)).toMatchObject({ grade: '高三', status: 'graduated' });
    expect(await classOf(a)).toMatchObject({ schoolYear: '2026-2027' });
    // Graduates are read-only.
    expect((await api('PUT', `/students/${sc}`, { remark: 'x' })).status).toBe(409);
    expect((await api('DELETE', `/students/${sc}`)).status).toBe(409);

    const list = await api('GET', '/school-year/promotions');
    expect((list.body.data as { id: number; undoUntil: string | null }[])[0]).toMatchObject({ id: promotionId, graduated: 2 });
    const undo = await api('POST', `/school-year/promotions/${promotionId}/undo`);
    expect(undo.status).toBe(200);
    expect(await countByGrade()).toEqual(before);
    expect(await studentStates()).toEqual(states);
    // Once undone, not again.
    expect((await api('POST', `/school-year/promotions/${promotionId}/undo`)).status).toBe(409);
  });

  it('leaves nothing half-done when the apply fails part way', async () => {
    const before = await countByGrade();
    const states = await studentStates();
    // The run's last write (its promotions row) fails: classes and graduates were already written in the transaction.
    await t.database.db.execute(
      sql.raw(`create function fail_promotion() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger fail_promotion before insert on promotions for each row execute function fail_promotion()'),
    );
    try {
      const run = await api('POST', '/school-year/promote?dryRun=false', { headTeachers: 'keep' });
      expect(run.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_promotion on promotions'));
      await t.database.db.execute(sql.raw('drop function fail_promotion()'));
    }
    expect(await countByGrade()).toEqual(before);
    expect(await studentStates()).toEqual(states);
  });
});

describe('the operation log in words', () => {
  it('says what was created and changed, with before and after, in both languages', async () => {
    const s = await create('/students', { studentNo: 'DC2026001', name: '司马长风', gender: 'male', status: 'enrolled' });
    await api('PUT', `/students/${s}`, { status: 'suspended' });
    const read = async (locale: string) => {
      const res = await call(t.app, {
        method: 'GET',
        url: '/api/system/operlogs?page=1&pageSize=5&module=educate:student',
        headers: { ...authed(token), 'accept-language': locale },
      });
      return (res.body.data as { list: { text: string; action: string; link: string | null; changes: unknown[] }[] }).list;
    };
    const zh = await read('zh-CN');
    expect(zh.find((r) => r.action === 'add')?.text).toBe('新增学生 司马长风（DC2026001）');
    const edit = zh.find((r) => r.action === 'edit');
    expect(edit?.text).toBe('修改学生 司马长风（DC2026001）：状态 在读 → 休学');
    expect(edit?.changes).toEqual([{ field: 'status', before: 'enrolled', after: 'suspended' }]);
    expect(edit?.link).toBe('/educate/student?keyword=DC2026001');
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/system/operlogs/export?format=csv&module=educate:student',
      headers: { ...authed(token), 'accept-language': 'zh-CN' },
    });
    expect(file.body).toContain('新增学生 司马长风（DC2026001）');
    expect(file.body).toContain('修改学生 司马长风（DC2026001）：状态 在读 → 休学');
    const en = await read('en-US');
    expect(en.find((r) => r.action === 'edit')?.text).toMatch(/^Edited student 司马长风 \(DC2026001\): Status Enrolled → Suspended$/i);
  });
});

describe("a role's data scope", () => {
  const system = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call(t.app, {
      method,
      url: `/api/system${url}`,
      headers: { ...authed(token), 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });

  it('is set and read on the role, names grades and classes that exist, and refuses a kind without its ids', async () => {
    const c = await create('/classes', { name: '范围班', gradeId: g1 });
    const made = await system('POST', '/roles', {
      name: 'Head of 范围班',
      code: 'scope_head',
      dataScope: { kind: 'classes', classIds: [c, c] },
    });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    expect((await system('GET', `/roles/${id}`)).body.data).toMatchObject({ dataScope: { kind: 'classes', classIds: [c] } });
    const unknown = await system('PUT', `/roles/${id}`, { dataScope: { kind: 'grades', gradeIds: [999999] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('dataScope.gradeIds');
    expect(unknown.body.msg).toContain('999999');
    expect((await system('PUT', `/roles/${id}`, { dataScope: { kind: 'classes' } })).status).toBe(400);
    expect((await system('PUT', `/roles/${id}`, { dataScope: { kind: 'own' } })).status).toBe(200);
    expect((await system('GET', `/roles/${id}`)).body.data).toMatchObject({ dataScope: { kind: 'own' } });
  });
});
