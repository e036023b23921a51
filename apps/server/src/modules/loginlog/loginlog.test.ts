import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LockedUser, Loginlog } from '@campus/contract';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { type AdminSession, createAdminSession } from '../../test/admin-session.js';
import { authed, call, getToken, login } from '../../test/test-app.js';

let t: AdminSession;
let adminToken: string;
let readerToken: string;
let lockedId: number;

const list = async (query: string) => {
  const res = await call(t.app, { method: 'GET', url: `/api/system/loginlogs?${query}`, headers: authed(adminToken) });
  expect(res.status, query).toBe(200);
  return res.body.data as { list: Loginlog[]; total: number };
};

beforeAll(async () => {
  t = await createAdminSession();
  const [cam = 0] = await getCampusIds(t.database.db);
  adminToken = t.adminToken;
  await createUser(t.database.db, { username: 'reader', password: 'Reader-pass-123', perms: ['system:loginlog:list'], camIds: [cam] });
  readerToken = await getToken(t.app, 'reader', 'Reader-pass-123');
  lockedId = await createUser(t.database.db, { username: 'forgetful', password: 'Forgetful-pass-1', perms: [], camIds: [cam] });
  await login(t.app, 'nobody-here', 'Whatever-pass-1', { 'user-agent': 'probe/1.0' });
  for (let i = 0; i < t.config.loginLockThreshold; i++) await login(t.app, 'forgetful', 'Not-my-password-1');
});
afterAll(async () => {
  await t?.close();
});

describe('login log', () => {
  it('records every attempt with name, ip, user agent, result and reason; newest first', async () => {
    const all = await list('pageSize=200');
    expect(all.total).toBeGreaterThanOrEqual(3 + t.config.loginLockThreshold);
    const unknown = all.list.find((r) => r.username === 'nobody-here');
    expect(unknown).toMatchObject({ userId: null, success: false, reason: 'bad_credentials', ip: '127.0.0.1', userAgent: 'probe/1.0' });
    const times = all.list.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by username prefix, ip, success, reason and time', async () => {
    expect((await list('username=FORGET')).total).toBe(t.config.loginLockThreshold);
    expect((await list('success=true')).list.every((r) => r.success)).toBe(true);
    expect((await list('success=false&reason=bad_credentials')).total).toBe(t.config.loginLockThreshold + 1);
    expect((await list('ip=10.9.9.9')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await list('to=2000-01-01')).total).toBe(0);
    const bad = await call(t.app, { method: 'GET', url: '/api/system/loginlogs?reason=guess', headers: authed(adminToken) });
    expect(bad.status).toBe(400);
  });

  it('shows lockouts; unlocking needs its own perm and lets the user in again', async () => {
    expect((await login(t.app, 'forgetful', 'Forgetful-pass-1')).statusCode).toBe(429);
    const locked = await call(t.app, { method: 'GET', url: '/api/system/loginlogs/locked', headers: authed(readerToken) });
    expect((locked.body.data as LockedUser[]).map((u) => u.username)).toEqual(['forgetful']);
    const refused = await call(t.app, { method: 'POST', url: `/api/system/users/${lockedId}/unlock`, headers: authed(readerToken) });
    expect(refused.status).toBe(403);
    const ok = await call(t.app, { method: 'POST', url: `/api/system/users/${lockedId}/unlock`, headers: authed(adminToken) });
    expect(ok.status).toBe(200);
    const after = await call(t.app, { method: 'GET', url: '/api/system/loginlogs/locked', headers: authed(readerToken) });
    expect(after.body.data).toEqual([]);
    expect((await login(t.app, 'forgetful', 'Forgetful-pass-1')).statusCode).toBe(200);
    expect((await list('reason=locked')).total).toBeGreaterThan(0);
  });
});
