import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const en = { 'accept-language': 'en-US' };

const student = (over: Record<string, unknown> = {}) => ({
  studentNo: 'S0001',
  name: '王小明',
  gender: 'male',
  status: 'enrolled',
  grade: '高一',
  className: '1班',
  ...over,
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cam = camA) =>
  call(t.app, {
    method,
    url: `/api/educate/students${url}`,
    headers: { ...authed(token, cam), ...en },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  camB = await createCampus(t.database.db, 'B');
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${camB} from users where username = 'admin'`);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('students: create and validate', () => {
  it('creates a student and reads it back', async () => {
    const res = await api('POST', '', student({ birthDate: '2010-03-04', email: 'a@b.cn', guardianName: '王大明' }));
    expect(res.status).toBe(201);
    const created = res.body.data as { id: number; studentNo: string; birthDate: string };
    expect(created).toMatchObject({ studentNo: 'S0001', birthDate: '2010-03-04' });
    const got = await api('GET', `/${created.id}`);
    expect(got.body.data).toMatchObject({ name: '王小明', guardianName: '王大明' });
  });

  it('accepts a form-encoded body, as the web client sends', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/educate/students',
      headers: { ...authed(token, camA), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ studentNo: 'S0100', name: '表单', gender: 'female', status: 'enrolled', birthDate: '' }).toString(),
    });
    expect(res.status).toBe(201);
    expect((res.body.data as { birthDate: null }).birthDate).toBeNull();
  });

  it('refuses a duplicate number in the campus with 409 naming the field, and allows it in another campus', async () => {
    const dup = await api('POST', '', student());
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('studentNo');
    expect(dup.body.msg).toContain('S0001');
    const other = await api('POST', '', student(), camB);
    expect(other.status).toBe(201);
  });

  it.each([
    ['studentNo', { studentNo: undefined }, 'is required'],
    ['name', { name: '' }, 'is required'],
    ['gender', { gender: undefined }, 'is required'],
    ['gender', { gender: 'robot' }, 'must be one of male, female, other'],
    ['status', { status: 'asleep' }, 'must be one of enrolled, suspended, graduated, withdrawn'],
    ['birthDate', { birthDate: '2999-01-01' }, 'must not be in the future'],
    ['birthDate', { birthDate: '2010-02-30' }, 'date'],
    ['email', { email: 'not-an-email' }, 'email'],
    ['studentNo', { studentNo: 'has space' }, 'studentNo'],
  ])('400 naming %s', async (field, over, rule) => {
    const res = await api('POST', '', student({ studentNo: `X${Math.random().toString(36).slice(2, 8)}`, ...over }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(field);
    expect(res.body.msg).toContain(rule);
  });

  it('refuses unknown fields, so no one sets cam_id or id through a body', async () => {
    for (const extra of [{ cam_id: camB }, { camId: camB }, { id: 999 }]) {
      const res = await api('POST', '', student({ studentNo: 'S0200', ...extra }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain(Object.keys(extra)[0]);
    }
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from students where student_no = 'S0200'`);
    expect(rows[0]?.n).toBe(0);
  });
});

describe('students: list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await api(
        'POST',
        '',
        student({
          studentNo: `L${String(i).padStart(3, '0')}`,
          name: i % 2 ? `李${i}` : `张${i}`,
          grade: i % 3 ? '高一' : '高二',
          status: i === 7 ? 'suspended' : 'enrolled',
        }),
      );
      expect(res.status).toBe(201);
    }
  });

  it('pages with a total', async () => {
    const res = await api('GET', '?keyword=L&page=2&pageSize=10&sort=studentNo:asc');
    const data = res.body.data as { list: { studentNo: string }[]; total: number; page: number; pageSize: number };
    expect(data.total).toBe(25);
    expect(data.page).toBe(2);
    expect(data.list.map((s) => s.studentNo)).toEqual(Array.from({ length: 10 }, (_, i) => `L${String(i + 11).padStart(3, '0')}`));
  });

  it('matches keyword by number or name prefix, literally', async () => {
    const byName = (await api('GET', `?keyword=${encodeURIComponent('张')}&pageSize=100`)).body.data as { total: number };
    expect(byName.total).toBe(12);
    const literal = (await api('GET', `?keyword=${encodeURIComponent('%')}`)).body.data as { total: number };
    expect(literal.total).toBe(0);
  });

  it('filters by field', async () => {
    const res = (await api('GET', '?status=suspended')).body.data as { list: { studentNo: string }[] };
    expect(res.list.map((s) => s.studentNo)).toEqual(['L007']);
    const grade = (await api('GET', `?grade=${encodeURIComponent('高二')}&keyword=L`)).body.data as { total: number };
    expect(grade.total).toBe(8);
  });

  it('sorts only by allowed columns; anything else (SQL included) is a 400', async () => {
    const desc = (await api('GET', '?keyword=L&sort=studentNo:desc&pageSize=1')).body.data as { list: { studentNo: string }[] };
    expect(desc.list[0]?.studentNo).toBe('L025');
    for (const sort of ['password:asc', 'name', 'name:sideways', '(case when 1=1 then name end):asc', 'name:asc;select pg_sleep(5)']) {
      const res = await api('GET', `?sort=${encodeURIComponent(sort)}`);
      expect(res.status, sort).toBe(400);
      expect(res.body.msg).toContain('sort');
    }
  });

  it('refuses unknown query parameters and page sizes over 200', async () => {
    expect((await api('GET', '?pageSize=500')).status).toBe(400);
    expect((await api('GET', '?cam_id=2')).status).toBe(400);
  });
});

describe('students: campus isolation and deletes', () => {
  it('another campus cannot read, change or delete them: 404 and nothing changed', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from students where student_no = 'L001' and cam_id = ${camA}`,
    );
    const id = row?.id ?? 0;
    expect((await api('GET', `/${id}`, undefined, camB)).status).toBe(404);
    expect((await api('PUT', `/${id}`, { name: 'hijack' }, camB)).status).toBe(404);
    expect((await api('DELETE', `/${id}`, undefined, camB)).status).toBe(404);
    expect((await api('DELETE', '', { ids: [id] }, camB)).status).toBe(404);
    const still = (await api('GET', `/${id}`)).body.data as { name: string };
    expect(still.name).not.toBe('hijack');
  });

  it('updates partially and keeps the number unique', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from students where student_no = 'L002' and cam_id = ${camA}`,
    );
    const res = await api('PUT', `/${row?.id}`, { phone: '13900000000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phone: '13900000000', studentNo: 'L002' });
    expect((await api('PUT', `/${row?.id}`, { studentNo: 'L003' })).status).toBe(409);
  });

  it('bulk delete removes all or none', async () => {
    const rows = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from students where student_no in ('L020', 'L021') and cam_id = ${camA}`,
    );
    const ids = rows.map((r) => r.id);
    expect((await api('DELETE', '', { ids: [...ids, 987654] })).status).toBe(404);
    expect(((await api('GET', '?keyword=L02')).body.data as { total: number }).total).toBe(6);
    expect((await api('DELETE', '', { ids })).status).toBe(200);
    expect(((await api('GET', '?keyword=L02')).body.data as { total: number }).total).toBe(4);
  });

  it('a user without the perm cannot list them', async () => {
    await createUser(t.database.db, { username: 'viewer', password: 'Viewer-pass-123', perms: ['educate:teacher:list'], camIds: [camA] });
    const vt = await getToken(t.app, 'viewer', 'Viewer-pass-123');
    const res = await call(t.app, { method: 'GET', url: '/api/educate/students', headers: authed(vt, camA) });
    expect(res.status).toBe(403);
  });
});
