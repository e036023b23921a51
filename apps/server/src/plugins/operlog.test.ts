import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword } from '@campus/contract';
import { queryRows } from '../db/query.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';

let t: TestApp;
let token: string;
const NEW_PASSWORD = 'Brand-new-secret-2026';

beforeAll(async () => {
  t = await createTestApp();
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('operation log', () => {
  it('records a mutation with who, what, status, duration and secrets blanked, in the same transaction', async () => {
    const oldEnc = encryptLoginPassword(ADMIN_PASSWORD);
    const newEnc = encryptLoginPassword(NEW_PASSWORD);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/user/password',
      headers: { ...authed(token), 'user-agent': 'vitest' },
      payload: { oldPassword: oldEnc, newPassword: newEnc },
    });
    expect(res.status).toBe(200);
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from oper_logs where action = 'changePassword' order by id desc limit 1`,
    );
    expect(row).toMatchObject({
      username: 'admin',
      module: 'auth',
      method: 'PUT',
      path: '/api/user/password',
      status: 200,
      code: 0,
      user_agent: 'vitest',
    });
    expect(row?.duration_ms).toEqual(expect.any(Number));
    expect((row?.params as { body: Record<string, string> }).body).toEqual({ oldPassword: '******', newPassword: '******' });

    const all = await queryRows<{ dump: string }>(
      t.database.db,
      sql`select coalesce(string_agg(row_to_json(o)::text, ' '), '') as dump from oper_logs o`,
    );
    const dump = all[0]?.dump ?? '';
    for (const secret of [ADMIN_PASSWORD, NEW_PASSWORD, oldEnc, newEnc, token]) expect(dump).not.toContain(secret);
  });

  it('records refused mutations too, with their status, code and duration', async () => {
    const began = performance.now();
    await call(t.app, { method: 'POST', url: '/api/logout', headers: authed('B'.repeat(43)) });
    const took = performance.now() - began;
    const [row] = await queryRows<{ status: number; code: number; duration_ms: number }>(
      t.database.db,
      sql`select status, code, duration_ms from oper_logs where path = '/api/logout' order by id desc limit 1`,
    );
    expect(row).toMatchObject({ status: 401, code: 50008 });
    // Refused before the access check let it on: it was logged with the process's uptime.
    expect(row?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(row?.duration_ms).toBeLessThanOrEqual(Math.ceil(took));
  });

  it('is append-only: the database refuses updates, recent deletes and truncation', async () => {
    await expect(t.database.db.execute(sql`update oper_logs set username = 'someone else'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from oper_logs`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate oper_logs`)).rejects.toThrow();
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oper_logs where username = 'admin'`);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('has no API route that changes or deletes it', () => {
    const writes = t.app.routeTable.filter((r) => r.url.includes('operlog') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('is searchable by user, module, action, status and time', async () => {
    const list = async (query: string) => {
      const res = await call(t.app, { method: 'GET', url: `/api/system/operlogs?${query}`, headers: authed(token) });
      expect(res.status).toBe(200);
      return res.body.data as { list: { action: string; code: number; username: string }[]; total: number };
    };
    const byAction = await list('action=changePassword');
    expect(byAction.total).toBe(1);
    expect((await list('status=fail')).list.every((r) => r.code !== 0)).toBe(true);
    expect((await list('username=adm')).list.every((r) => r.username === 'admin')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await list('from=2000-01-01&to=2000-01-02')).total).toBe(0);
    const bad = await call(t.app, {
      method: 'GET',
      url: '/api/system/operlogs?status=maybe&pageSize=999',
      headers: { ...authed(token), 'accept-language': 'en-US' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('status');
    expect(bad.body.msg).toContain('pageSize');
  });
});
