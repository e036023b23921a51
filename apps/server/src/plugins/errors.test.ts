import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';

let t: TestApp;
let token: string;
let camId: number;

const post = (url: string, payload: object) =>
  call(t.app, { method: 'POST', url: `/api${url}`, headers: { ...authed(token, camId), 'accept-language': 'zh-CN' }, payload });

beforeAll(async () => {
  t = await createTestApp();
  camId = (await getCampusIds(t.database.db))[0] ?? 0;
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

interface FieldErrors {
  field?: string;
  errors?: { field: string; msg: string }[];
}

describe('errors a form can place on its fields', () => {
  it('a duplicate (409) names its field in data.field and data.errors, as a 400 does', async () => {
    const student = { studentNo: 'E0001', name: '王小明', gender: 'male', status: 'enrolled' };
    expect((await post('/educate/students', student)).status).toBe(201);
    const dup = await post('/educate/students', student);
    expect(dup.status).toBe(409);
    const data = dup.body.data as FieldErrors;
    expect(data.field).toBe('studentNo');
    expect(data.errors).toEqual([{ field: 'studentNo', msg: dup.body.msg }]);
  });

  it('so does a refusal a module throws without data of its own (a term overlapping another names its start date)', async () => {
    const term = { name: '第三学期', academicYear: '2030-2031', startDate: '2030-09-01', endDate: '2031-01-20' };
    expect((await post('/educate/terms', term)).status).toBe(201);
    const dup = await post('/educate/terms', term);
    expect(dup.status, JSON.stringify(dup.body)).toBe(409);
    expect((dup.body.data as FieldErrors).errors?.map((e) => e.field)).toEqual(['startDate']);
  });

  it('a refusal naming its field only in its data (a department of the same name) gets the list too', async () => {
    expect((await post('/system/depts', { name: '重名部门' })).status).toBe(201);
    const dup = await post('/system/depts', { name: '重名部门' });
    expect(dup.status).toBe(409);
    expect((dup.body.data as FieldErrors).errors).toEqual([{ field: 'name', msg: dup.body.msg }]);
  });

  it('a 400 keeps its list of field errors', async () => {
    const bad = await post('/educate/students', { studentNo: 'E0002', name: '', gender: 'robot', status: 'enrolled' });
    expect(bad.status).toBe(400);
    expect((bad.body.data as FieldErrors).errors?.map((e) => e.field).sort()).toEqual(['gender', 'name']);
  });

  it('names enum values as people read them in Chinese', async () => {
    const bad = await post('/educate/students', { studentNo: 'E0003', name: '李雷', gender: 'robot', status: 'enrolled' });
    expect(bad.body.msg).toBe('gender：必须是 男、女、其他 之一');
  });
});
