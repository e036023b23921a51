import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword, ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '1000' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/login', () => {
  it('signs in admin and answers token, user and campus list', async () => {
    const res = await login(t.app, 'admin', ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.extra.user).toMatchObject({ username: 'admin', role: 'admin', perms: ['*'] });
    expect(body.extra.campusList.length).toBeGreaterThan(0);
    expect(body.extra.campusList[0]).toEqual({ cam_id: expect.any(Number), name: expect.any(String), code: expect.any(String) });
    expect(body.extra.user.camId).toBe(body.extra.campusList[0].cam_id);
  });

  it('accepts a form-encoded body, as the web client sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'ADMIN', password: encryptLoginPassword(ADMIN_PASSWORD) }).toString(),
    });
    expect(res.json().code).toBe(0);
  });

  it('answers unknown user and wrong password identically', async () => {
    const a = await login(t.app, 'nobody-here', 'Wrong-password-1');
    const b = await login(t.app, 'admin', 'Wrong-password-1');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(a.json().code).not.toBe(0);
    // reset admin's failure counter for the other tests
    await t.database.db.execute(sql`update users set failed_logins = 0 where username = 'admin'`);
  });

  it('refuses empty fields naming the field', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en-US' },
      payload: { username: '', password: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ResultCode.badRequest);
    expect(res.body.msg).toContain('username');
    expect(res.body.msg).toContain('password');
    const zh = await call(t.app, { method: 'POST', url: '/api/login', payload: { username: 'admin' } });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('password：不能为空');
  });

  it('refuses a password that is not a valid ciphertext', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'plain-text!' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('password');
  });

  it('writes every attempt to the login log', async () => {
    const rows = await queryRows<{ reason: string; success: boolean }>(t.database.db, sql`select reason, success from login_logs`);
    expect(rows.some((r) => r.success && r.reason === 'ok')).toBe(true);
    expect(rows.some((r) => !r.success && r.reason === 'bad_credentials')).toBe(true);
    expect(rows.some((r) => r.reason === 'undecryptable')).toBe(true);
  });
});

describe('session codes', () => {
  it('401 without a token, 50008 for garbage, 50014 expired, 50012 revoked', async () => {
    const none = await call(t.app, { method: 'GET', url: '/api/user/currentUser' });
    expect([none.status, none.body.code]).toEqual([401, ResultCode.noToken]);

    const garbage = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed('not-a-token') });
    expect([garbage.status, garbage.body.code]).toEqual([401, ResultCode.tokenInvalid]);
    const unknown = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed('A'.repeat(43)) });
    expect([unknown.status, unknown.body.code]).toEqual([401, ResultCode.tokenInvalid]);

    const expiring = await getToken(t.app);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = (select max(id) from sessions)`,
    );
    const expired = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(expiring) });
    expect([expired.status, expired.body.code]).toEqual([401, ResultCode.sessionExpired]);

    const revoking = await getToken(t.app);
    await t.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'forced' where id = (select max(id) from sessions)`,
    );
    const revoked = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(revoking) });
    expect([revoked.status, revoked.body.code]).toEqual([401, ResultCode.sessionEnded]);
  });

  it('stores only a hash of the token', async () => {
    const token = await getToken(t.app);
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions where token_hash = ${token}`);
    expect(rows[0]?.n).toBe(0);
  });

  it('logout ends the session', async () => {
    const token = await getToken(t.app);
    const ok = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(ok.status).toBe(200);
    const out = await call(t.app, { method: 'POST', url: '/api/logout', headers: authed(token) });
    expect(out.body.code).toBe(0);
    const after = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(after.status).toBe(401);
  });
});

describe('GET /api/user/currentUser', () => {
  it('answers every field of the spec', async () => {
    const token = await getToken(t.app);
    const res = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(res.status).toBe(200);
    const keys = Object.keys(res.body.data as object);
    for (const k of [
      'userId',
      'camId',
      'username',
      'nickname',
      'phone',
      'headimgurl',
      'perms',
      'role',
      'job',
      'organization',
      'location',
      'introduction',
      'personalWebsite',
      'jobName',
      'organizationName',
      'locationName',
      'registrationDate',
      'certification',
    ]) {
      expect(keys).toContain(k);
    }
  });
});

describe('last sign-in', () => {
  it('reports the sign-in before the current one', async () => {
    const first = await login(t.app, 'admin', ADMIN_PASSWORD, { 'user-agent': 'first' });
    const second = await login(t.app, 'admin', ADMIN_PASSWORD);
    const me = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(second.json().data) });
    const rows = await queryRows<{ created_at: Date }>(
      t.database.db,
      sql`select created_at from login_logs where success order by id desc limit 2`,
    );
    expect(first.statusCode).toBe(200);
    expect((me.body.data as { lastLoginAt: string }).lastLoginAt).toBe(new Date(rows[1]!.created_at).toISOString());
  });
});
