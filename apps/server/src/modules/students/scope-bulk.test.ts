import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { roles, userRoles } from '../../db/schema/system.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, educateClient, getToken, multipartFile, type TestApp } from '../../test/test-app.js';

// Data scope on students (issue 25): a scoped user reaches the students of
// their classes only, by list, by id, by export and by write; and bulk
// changes and partial imports, all or none.

let t: TestApp;
let token: string;
let cam: number;
const admin = educateClient(() => ({ app: t.app, token, camId: cam }));
let scopedToken = '';
const scoped = educateClient(() => ({ app: t.app, token: scopedToken, camId: cam }));

let g1 = 0;
let mine = 0;
let other = 0;
let mineStudent = 0;
let otherStudent = 0;
const PERMS = ['educate:student:list', 'educate:student:edit', 'educate:student:add', 'educate:student:export', 'educate:class:list'];

async function signInWithScope(username: string, dataScope: object): Promise<string> {
  const userId = await createUser(t.database.db, { username, password: 'Scoped-Pass-42', perms: PERMS, camIds: [cam] });
  const [link] = await t.database.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  await t.database.db
    .update(roles)
    .set({ dataScope })
    .where(eq(roles.id, link?.roleId ?? 0));
  return getToken(t.app, username, 'Scoped-Pass-42');
}

const listNos = async (client = scoped, query = '') =>
  ((await client.api('GET', `/students?page=1&pageSize=100${query}`)).body.data as { list: { studentNo: string }[] }).list
    .map((s) => s.studentNo)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  g1 = await admin.create('/grades', { name: '初一', order: 1 });
  const g2 = await admin.create('/grades', { name: '初二', order: 2 });
  mine = await admin.create('/classes', { name: '1班', gradeId: g1 });
  other = await admin.create('/classes', { name: '1班', gradeId: g2 });
  mineStudent = await admin.create('/students', { studentNo: 'M001', name: '我的学生', gender: 'male', status: 'enrolled', classId: mine });
  await admin.create('/students', { studentNo: 'M002', name: '我的学生二', gender: 'female', status: 'enrolled', classId: mine });
  otherStudent = await admin.create('/students', {
    studentNo: 'O001',
    name: '别班学生',
    gender: 'male',
    status: 'enrolled',
    classId: other,
  });
  await admin.create('/students', { studentNo: 'N001', name: '无班学生', gender: 'male', status: 'enrolled' });
});
afterAll(async () => {
  await t?.close();
});

describe('data scope on students', () => {
  it('chosen classes: lists, reads, exports and writes only their students', async () => {
    scopedToken = await signInWithScope('scoped_classes', { kind: 'classes', classIds: [mine] });
    expect(await listNos()).toEqual(['M001', 'M002']);
    expect(await listNos(scoped, '&keyword=O001')).toEqual([]);
    expect((await scoped.api('GET', `/students/${mineStudent}`)).status).toBe(200);
    expect((await scoped.api('GET', `/students/${otherStudent}`)).status).toBe(404);
    expect((await scoped.api('PUT', `/students/${otherStudent}`, { remark: 'x' })).status).toBe(404);
    // Nor move their own student into a class outside their reach, nor out of every class.
    expect((await scoped.api('PUT', `/students/${mineStudent}`, { classId: other })).status).toBe(404);
    expect((await scoped.api('PUT', `/students/${mineStudent}`, { classId: null })).status).toBe(400);
    expect((await scoped.api('PUT', `/students/${mineStudent}`, { remark: 'ok' })).status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: '/api/educate/students/export?format=csv', headers: authed(scopedToken, cam) });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('M001');
    expect(file.body).not.toContain('O001');
    expect(file.body).not.toContain('N001');
    const classes = await scoped.api('GET', '/classes?page=1&pageSize=50');
    expect((classes.body.data as { list: { id: number }[] }).list.map((c) => c.id)).toEqual([mine]);
    expect((await scoped.api('GET', `/classes/${other}/overview`)).status).toBe(404);
    // A bulk change of "every student" changes those in reach only.
    expect((await scoped.api('POST', '/students/bulk', { filter: {}, set: { remark: 'all' } })).body.data).toMatchObject({ updated: 2 });
    expect((await admin.api('GET', `/students/${otherStudent}`)).body.data).toMatchObject({ remark: '' });
  });

  it('chosen grades reach their classes; "own" reaches the classes the user heads', async () => {
    scopedToken = await signInWithScope('scoped_grades', { kind: 'grades', gradeIds: [g1] });
    expect(await listNos()).toEqual(['M001', 'M002']);
    scopedToken = await signInWithScope('scoped_own', { kind: 'own' });
    expect(await listNos()).toEqual([]);
    const [u] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'scoped_own'`);
    const teacher = await admin.create('/teachers', {
      staffNo: 'HT01',
      name: '班主任甲',
      gender: 'female',
      status: 'active',
      userId: u?.id,
    });
    expect((await admin.api('PUT', `/classes/${other}`, { headTeacherId: teacher })).status).toBe(200);
    expect(await listNos()).toEqual(['O001']);
  });

  it('a campus-wide role sees every student', async () => {
    scopedToken = await signInWithScope('scoped_campus', { kind: 'campus' });
    expect(await listNos()).toEqual(['M001', 'M002', 'N001', 'O001']);
  });
});

describe('bulk changes of students', () => {
  it('previews with the count, then changes all rows of a filter, with one log row listing the ids', async () => {
    const preview = await admin.api('POST', '/students/bulk?dryRun=true', { filter: { classId: mine }, set: { status: 'suspended' } });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ updated: 2 });
    expect(await listNos(admin, '&status=suspended')).toEqual([]);
    const run = await admin.api('POST', '/students/bulk', { filter: { classId: mine }, set: { status: 'suspended' } });
    expect(run.body.data).toMatchObject({ updated: 2 });
    expect(await listNos(admin, '&status=suspended')).toEqual(['M001', 'M002']);
    const logs = await queryRows<{ target: { ids: number[] } }>(
      t.database.db,
      sql`select target from oper_logs where module = 'educate:student' and action = 'bulk' and status = 200 and username = 'admin' and target is not null order by id`,
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.target.ids.sort()).toHaveLength(2);
  });

  it('moves selected students to a class, or none of them when one cannot move', async () => {
    const full = await admin.create('/classes', { name: '满班', gradeId: g1, capacity: 1 });
    const refused = await admin.api('POST', '/students/bulk', { ids: [mineStudent, otherStudent], set: { classId: full } });
    expect(refused.status).toBe(409);
    expect((await admin.api('GET', `/students/${mineStudent}`)).body.data).toMatchObject({ classId: mine });
    expect((await admin.api('GET', `/students/${otherStudent}`)).body.data).toMatchObject({ classId: other });
    const moved = await admin.api('POST', '/students/bulk', { ids: [otherStudent], set: { classId: full } });
    expect(moved.status).toBe(200);
    expect((await admin.api('GET', `/students/${otherStudent}`)).body.data).toMatchObject({
      classId: full,
      grade: '初一',
      className: '满班',
    });
    expect((await admin.api('POST', '/students/bulk', { ids: [otherStudent, 99999], set: { remark: 'x' } })).status).toBe(404);
    expect((await admin.api('GET', `/students/${otherStudent}`)).body.data).toMatchObject({ remark: '' });
  });
});

describe('importing the valid rows and refusing the rest', () => {
  it('writes the valid rows, answers a file of the refused ones that imports again once fixed', async () => {
    const csv =
      'studentNo,name,gender,status,grade,className\nV001,有效一,male,enrolled,初一,1班\nV002,,female,enrolled,初一,1班\nV003,有效三,robot,enrolled,初一,1班\nV004,有效四,female,enrolled,初一,1班\n';
    const upload = (content: string, query: string) => {
      const f = multipartFile('s.csv', content);
      return call(t.app, {
        method: 'POST',
        url: `/api/educate/students/import?${query}`,
        headers: { ...authed(token, cam), ...f.headers, 'accept-language': 'en-US' },
        payload: f.payload,
      });
    };
    const all = await upload(csv, 'mode=all-or-nothing');
    expect(all.status).toBe(400);
    expect(all.body.data).toMatchObject({ created: 0, rejected: 2 });
    expect(await listNos(admin, '&keyword=V00')).toEqual([]);
    const res = await upload(csv, 'mode=valid-rows');
    expect(res.body).toMatchObject({ data: { created: 2, rejected: 2 } });
    expect(await listNos(admin, '&keyword=V00')).toEqual(['V001', 'V004']);
    const link = (res.body.data as { rejectedFile: string }).rejectedFile;
    const file = await t.app.inject({ method: 'GET', url: link, headers: authed(token) });
    expect(file.statusCode).toBe(200);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('studentNo,name,gender,status,grade,className,Errors');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^V002,,female,enrolled,初一,1班,.+/);
    // Only its importer can fetch it.
    scopedToken = await signInWithScope('other_importer', { kind: 'campus' });
    expect((await t.app.inject({ method: 'GET', url: link, headers: authed(scopedToken) })).statusCode).toBe(404);
    const fixed = file.body.replace('V002,,female', 'V002,修好二,female').replace('robot', 'male');
    const again = await upload(fixed, 'mode=all-or-nothing');
    expect(again.status).toBe(200);
    expect(await listNos(admin, '&keyword=V00')).toEqual(['V001', 'V002', 'V003', 'V004']);
  });
});
