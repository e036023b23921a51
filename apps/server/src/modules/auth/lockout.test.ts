import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { buildApp } from '../../app.js';
import { createTestApp, login, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '1000' });
  const [cam] = await getCampusIds(t.database.db);
  await createUser(t.database.db, { username: 'clerk', password: 'Clerk-pass-1234', perms: [], camIds: [cam ?? 0], phone: '13800000001' });
});
afterAll(async () => {
  await t?.close();
});

describe('account lockout', () => {
  it('locks after 5 failures in a row, counted across username and phone, with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(t.app, i % 2 ? '13800000001' : 'clerk', 'Wrong-pass-9999');
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await login(t.app, 'clerk', 'Clerk-pass-1234');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ResultCode.tooMany);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(9 * 60);
    expect(retry).toBeLessThanOrEqual(10 * 60);
    const byPhone = await login(t.app, '13800000001', 'Clerk-pass-1234');
    expect(byPhone.statusCode).toBe(429);
  });

  it('unlocks when the lock has passed', async () => {
    await t.database.db.execute(sql`update users set locked_until = now() - interval '1 second' where username = 'clerk'`);
    const res = await login(t.app, 'clerk', 'Clerk-pass-1234');
    expect(res.statusCode).toBe(200);
  });

  it('a success resets the count: 4 failures, success, 4 failures stays unlocked', async () => {
    for (let i = 0; i < 4; i++) expect((await login(t.app, 'clerk', 'Wrong-pass-9999')).statusCode).toBe(401);
    expect((await login(t.app, 'clerk', 'Clerk-pass-1234')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t.app, 'clerk', 'Wrong-pass-9999')).statusCode).toBe(401);
    expect((await login(t.app, 'clerk', 'Clerk-pass-1234')).statusCode).toBe(200);
  });

  it('an unknown name locks the same way, so lockout does not reveal accounts', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'ghost', 'Wrong-pass-9999')).statusCode).toBe(401);
    const res = await login(t.app, 'ghost', 'Wrong-pass-9999');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('logs lockouts in the login log', async () => {
    const rows = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from login_logs where reason = 'locked'`);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(2);
  });
});

describe('per-IP limit', () => {
  it('answers 429 with Retry-After once an address has too many failures, whatever the account', async () => {
    const limited = await createTestApp({ LOGIN_IP_MAX_FAILURES: '6', LOGIN_IP_WINDOW_MINUTES: '15' });
    try {
      for (let i = 0; i < 6; i++) {
        const res = await login(limited.app, `user${i}`, 'Wrong-pass-9999');
        expect(res.statusCode).toBe(401);
      }
      const res = await login(limited.app, 'admin', 'anything-at-all');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // another address is unaffected
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.8.7',
        payload: { username: 'someone', password: 'x' },
      });
      expect(other.statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('rate-limits sign-in requests per minute per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_PER_MIN: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await login(limited.app, 'admin', 'Wrong-pass-9999')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const empty = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.1.1.1',
        payload: { username: '', password: '' },
      });
      expect(empty.statusCode).toBe(400);
      const rows = await queryRows<{ reason: string }>(limited.database.db, sql`select reason from login_logs order by id`);
      // every attempt is in the login log, those refused before the handler too
      expect(rows.map((r) => r.reason)).toEqual(['bad_credentials', 'bad_credentials', 'bad_credentials', 'rate_limited', 'invalid']);
    } finally {
      await limited.close();
    }
  });

  it('shares the per-address limit between instances on one database', async () => {
    const limited = await createTestApp({ LOGIN_RATE_PER_MIN: '4' });
    // A second instance: its own process state (rate-limit counters, caches), the same database.
    // (It must not close the database they share: the first app does.)
    const other = await buildApp(limited.config, { ...limited.database, close: () => Promise.resolve() });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await login(limited.app, 'admin', 'Wrong-pass-9999')).statusCode);
      for (let i = 0; i < 2; i++) codes.push((await login(other, 'admin', 'Wrong-pass-9999')).statusCode);
      // Three here and the fourth there fill the minute; the fifth is refused though `other` saw only two.
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      const refused = await login(other, 'admin', 'Wrong-pass-9999');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await other.close();
      await limited.close();
    }
  });
});
