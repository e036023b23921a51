import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword } from '@campus/contract';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const PASS = 'Original-pass-123';
/** 64 characters with spaces at both ends: allowed, and kept exactly. */
const LONG = ` ${'a long pass phrase '.repeat(3)}`.padEnd(63, '~') + ' ';
beforeAll(async () => {
  t = await createTestApp();
  const [cam] = await getCampusIds(t.database.db);
  await createUser(t.database.db, { username: 'teacher1', password: PASS, perms: [], camIds: [cam ?? 0] });
});
afterAll(async () => {
  await t?.close();
});

const change = (token: string, oldPassword: string, newPassword: string) =>
  call(t.app, {
    method: 'PUT',
    url: '/api/user/password',
    headers: { ...authed(token), 'accept-language': 'en-US' },
    payload: { oldPassword: encryptLoginPassword(oldPassword), newPassword: encryptLoginPassword(newPassword) },
  });

describe('PUT /api/user/password', () => {
  it('requires the current password', async () => {
    const token = await getToken(t.app, 'teacher1', PASS);
    const res = await change(token, 'Not-the-password-1', 'Another-good-one-9');
    expect(res.status).toBe(400);
  });

  it('applies the policy: length 8+, up to 128, no common passwords, checked exactly as typed', async () => {
    const token = await getToken(t.app, 'teacher1', PASS);
    expect((await change(token, PASS, 'short')).body.msg).toMatch(/newPassword.*at least 8/);
    expect((await change(token, PASS, 'x'.repeat(129))).body.msg).toMatch(/newPassword.*at most 128/);
    expect((await change(token, PASS, 'password1')).body.msg).toMatch(/newPassword.*too common/);
    expect((await change(token, PASS, 'qwertyuiop')).status).toBe(400);
    // 64 characters of anything are allowed, spaces and all
    const long = LONG;
    expect(long.length).toBe(64);
    const ok = await change(token, PASS, long);
    expect(ok.status).toBe(200);
    // exactly as typed: the trimmed form does not sign in, the typed form does
    const trimmed = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: 'teacher1', password: encryptLoginPassword(long.trim()) },
    });
    expect(trimmed.status).toBe(401);
    await getToken(t.app, 'teacher1', long);
  });

  it('ends the other sessions and keeps the current one', async () => {
    const current = 'Current-pass-456';
    const a = await getToken(t.app, 'teacher1', LONG);
    const b = await getToken(t.app, 'teacher1', LONG);
    const res = await change(a, LONG, current);
    expect(res.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(a) })).status).toBe(200);
    const other = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(b) });
    expect([other.status, other.body.code]).toEqual([401, 50012]);
  });
});
