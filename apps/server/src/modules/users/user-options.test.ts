import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let editorToken: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [cam = 0] = await getCampusIds(t.database.db);
  const password = 'Manager-Editor-Pass-77';
  await createUser(t.database.db, { username: 'mgr_editor', password, perms: ['educate:manager:edit'], camIds: [cam] });
  editorToken = await getToken(t.app, 'mgr_editor', password);
  const admin = await call(t.app, { method: 'GET', url: '/api/system/users?keyword=admin', headers: authed(await getToken(t.app), cam) });
  adminId = (admin.body.data as { list: { id: number }[] }).list[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

const options = (query: string) =>
  call(t.app, { method: 'GET', url: `/api/system/users/options?${query}`, headers: { authorization: `Bearer ${editorToken}` } });

describe('GET /api/system/users/options', () => {
  it('lets whoever edits managers pick an account, seeing names only', async () => {
    const res = await options('keyword=adm');
    expect(res.status).toBe(200);
    const data = res.body.data as { list: Record<string, unknown>[]; total: number };
    expect(data.list.map((u) => u.username)).toEqual(['admin']);
    expect(Object.keys(data.list[0] ?? {}).sort()).toEqual(['id', 'nickname', 'username']);
  });

  it('answers the one account an id names (the label of a linked account)', async () => {
    const data = (await options(`id=${adminId}`)).body.data as { list: { id: number }[] };
    expect(data.list.map((u) => u.id)).toEqual([adminId]);
  });

  it('pages its answers', async () => {
    const data = (await options('page=1&pageSize=1')).body.data as { list: unknown[]; total: number };
    expect(data.list).toHaveLength(1);
    expect(data.total).toBeGreaterThanOrEqual(2);
  });

  it('and the department tree for the manager form', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/system/depts', headers: { authorization: `Bearer ${editorToken}` } });
    expect(res.status).toBe(200);
  });

  it('still refuses the full account list', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/system/users', headers: { authorization: `Bearer ${editorToken}` } });
    expect(res.status).toBe(403);
  });
});
