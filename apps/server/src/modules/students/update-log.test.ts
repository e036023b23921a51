import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { createCampus, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

// An update without a beforeWrite rule runs as one statement with its log row
// (runLoggedStatement): the same answers and the same log as the transaction.

let t: TestApp;
let token: string;
let camA: number;
let camB: number;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cam = camA) =>
  call(t.app, {
    method,
    url: `/api/educate/students${url}`,
    headers: { ...authed(token, cam), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const logsOf = (path: string) =>
  queryRows<{ status: number; code: number; module: string; action: string; cam_id: number | null; params: unknown }>(
    t.database.db,
    sql`select status, code, module, action, cam_id, params from oper_logs where path = ${path} order by id`,
  );

async function create(studentNo: string, cam = camA, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '', { studentNo, name: '王小明', gender: 'male', status: 'enrolled', ...extra }, cam);
  expect(res.status).toBe(201);
  return (res.body.data as { id: number }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'B');
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('student update and its operation log', () => {
  it('answers the updated student as GET reads it, and logs the edit once', async () => {
    const id = await create('U001', camA, { birthDate: '2009-05-06', enrolDate: '2023-09-01', remark: 'old' });
    const before = (await api('GET', `/${id}`)).body.data as { updatedAt: string };
    const res = await api('PUT', `/${id}`, { remark: 'new', phone: '13800000000', birthDate: '' });
    expect(res.status).toBe(200);
    const got = await api('GET', `/${id}`);
    expect(res.body.data).toEqual(got.body.data);
    expect(got.body.data).toMatchObject({
      id,
      studentNo: 'U001',
      remark: 'new',
      phone: '13800000000',
      birthDate: null,
      enrolDate: '2023-09-01',
    });
    expect((got.body.data as { updatedAt: string }).updatedAt >= before.updatedAt).toBe(true);
    const logs = await logsOf(`/api/educate/students/${id}`);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: 200, code: 0, module: 'educate:student', action: 'edit', cam_id: camA });
    expect(JSON.stringify(logs[0]?.params)).toContain('"remark":"new"');
  });

  it('answers 404 for a missing student or one of another campus, changes nothing and logs only the refusal', async () => {
    const other = await create('U002', camB);
    for (const id of [other, 999_999]) {
      const res = await api('PUT', `/${id}`, { remark: 'hijack' });
      expect(res.status).toBe(404);
      const logs = await logsOf(`/api/educate/students/${id}`);
      expect(logs.map((l) => l.status)).toEqual([404]);
    }
    expect((await api('GET', `/${other}`, undefined, camB)).body.data).toMatchObject({ remark: '' });
  });

  it('answers 409 naming the field for a taken number, and logs no success', async () => {
    await create('U003');
    const id = await create('U004');
    const res = await api('PUT', `/${id}`, { studentNo: 'U003' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('studentNo');
    expect((await logsOf(`/api/educate/students/${id}`)).map((l) => l.status)).toEqual([409]);
    expect((await api('GET', `/${id}`)).body.data).toMatchObject({ studentNo: 'U004' });
  });
});
