import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword, ResultCode } from '@campus/contract';
import { queryRows } from '../db/query.js';
import { createCampus, createUser } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import { hashToken } from '../lib/tokens.js';

// Every way a session ends or a grant changes must reach the cache on the
// caller's very next request. Each test first proves the token is served from
// the cache, then changes something through the API, then asks again.

let t: TestApp;
let admin: string;
let camA: number;
let camB: number;
let seq = 0;
const PASSWORD = 'Cache-Test-Passw0rd!';

const STUDENTS = '/api/educate/students?page=1&pageSize=1';
const USERS = '/api/system/users?page=1&pageSize=1';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.principalFeed.started;
  admin = await getToken(t.app);
  camA = await createCampus(t.app.db);
  camB = await createCampus(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, token: string, camId?: number) =>
  call(app, { method: 'GET', url, headers: authed(token, camId) });
const asAdmin = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url, headers: authed(admin), ...(payload ? { payload } : {}) });
const isCached = (app: FastifyInstance, token: string) => app.principalCache.get(hashToken(token)) !== undefined;

async function makeUser(perms: string[], camIds: number[] = [camA]) {
  const username = `cache_${++seq}_${Date.now() % 100000}`;
  const id = await createUser(t.app.db, { username, password: PASSWORD, perms, camIds });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

/** A request that passes, answered from the cache afterwards. */
async function expectServedFromCache(token: string, url = USERS, camId?: number) {
  expect((await get(t.app, url, token, camId)).status).toBe(200);
  expect(isCached(t.app, token)).toBe(true);
}

async function roleIdOf(userId: number): Promise<number> {
  const [row] = await queryRows<{ role_id: number }>(t.app.db, sql`select role_id from user_roles where user_id = ${userId}`);
  if (!row) throw new Error('user without a role');
  return row.role_id;
}

async function permId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.app.db, sql`select id from perms where code = ${code}`);
  if (!row) throw new Error(`no perm ${code}`);
  return row.id;
}

describe('session cache', () => {
  it('serves a known session without asking the database (proved by a change the feed does not announce)', async () => {
    expect(t.app.principalCache.isLive).toBe(true);
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    // With triggers off nothing is announced: the cached principal still passes...
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
    });
    expect((await get(t.app, USERS, u.token)).status).toBe(200);
    // ...until the entry goes, then the database answers.
    t.app.principalCache.clear();
    const after = await get(t.app, USERS, u.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ResultCode.sessionEnded);
  });

  it('logout: the next request with the token is refused', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    expect((await call(t.app, { method: 'POST', url: '/api/logout', headers: authed(u.token) })).status).toBe(200);
    const after = await get(t.app, USERS, u.token);
    expect(after.status).toBe(401);
    expect(isCached(t.app, u.token)).toBe(false);
  });

  it("changing one's password ends the other sessions and keeps this one", async () => {
    const u = await makeUser(['system:user:list']);
    const other = await getToken(t.app, u.username, PASSWORD);
    await expectServedFromCache(other);
    await expectServedFromCache(u.token);
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/user/password',
      headers: authed(u.token),
      payload: { oldPassword: encryptLoginPassword(PASSWORD), newPassword: encryptLoginPassword('Another-Passw0rd-77') },
    });
    expect(res.status).toBe(200);
    expect((await get(t.app, USERS, other)).body.code).toBe(ResultCode.sessionEnded);
    expect((await get(t.app, USERS, u.token)).status).toBe(200);
  });

  it('an admin password reset ends the sessions at once', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    expect((await asAdmin('POST', `/api/system/users/${u.id}/reset-password`, {})).status).toBe(200);
    const after = await get(t.app, USERS, u.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ResultCode.sessionEnded);
  });

  it('disabling a user ends their sessions at once', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    expect((await asAdmin('PUT', `/api/system/users/${u.id}/status`, { status: 'disabled' })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).body.code).toBe(ResultCode.sessionEnded);
  });

  it('force sign-out ends every session at once', async () => {
    const u = await makeUser(['system:user:list']);
    const second = await getToken(t.app, u.username, PASSWORD);
    await expectServedFromCache(u.token);
    await expectServedFromCache(second);
    expect((await asAdmin('POST', `/api/system/users/${u.id}/logout`)).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(401);
    expect((await get(t.app, USERS, second)).status).toBe(401);
  });

  it('deleting a user ends their sessions at once', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    expect((await asAdmin('DELETE', `/api/system/users/${u.id}`)).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(401);
  });

  it("a user's roles changed: their perms change on the next request", async () => {
    const u = await makeUser(['system:user:list']);
    const other = await makeUser(['educate:student:list']);
    await expectServedFromCache(u.token);
    const otherRole = await roleIdOf(other.id);
    expect((await asAdmin('PUT', `/api/system/users/${u.id}`, { roleIds: [otherRole] })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(403);
    expect((await get(t.app, STUDENTS, u.token, camA)).status).toBe(200);
  });

  it("a user's campuses changed: campus access changes on the next request", async () => {
    const u = await makeUser(['educate:student:list'], [camA]);
    await expectServedFromCache(u.token, STUDENTS, camA);
    expect((await get(t.app, STUDENTS, u.token, camB)).status).toBe(403);
    expect((await asAdmin('PUT', `/api/system/users/${u.id}`, { campusIds: [camB] })).status).toBe(200);
    expect((await get(t.app, STUDENTS, u.token, camA)).status).toBe(403);
    expect((await get(t.app, STUDENTS, u.token, camB)).status).toBe(200);
  });

  it("a role's perms changed: every holder sees it on the next request", async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    const role = await roleIdOf(u.id);
    const studentList = await permId('educate:student:list');
    expect((await asAdmin('PUT', `/api/system/roles/${role}/perms`, { permIds: [studentList] })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(403);
    expect((await get(t.app, STUDENTS, u.token, camA)).status).toBe(200);
  });

  it('a role disabled, then enabled: its perms go and come back on the next request', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    const role = await roleIdOf(u.id);
    expect((await asAdmin('PUT', `/api/system/roles/${role}`, { status: 'disabled' })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(403);
    expect((await asAdmin('PUT', `/api/system/roles/${role}`, { status: 'active' })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(200);
  });

  it("a role's users changed: the user gains its perms on the next request", async () => {
    const u = await makeUser([]);
    const holder = await makeUser(['system:user:list']);
    expect((await get(t.app, USERS, u.token)).status).toBe(403);
    await expectServedFromCache(u.token, '/api/user/currentUser');
    const role = await roleIdOf(holder.id);
    expect((await asAdmin('PUT', `/api/system/roles/${role}/users`, { userIds: [holder.id, u.id] })).status).toBe(200);
    expect((await get(t.app, USERS, u.token)).status).toBe(200);
  });

  it('does not cache refusals, and bypasses the cache while the change feed is down', async () => {
    const u = await makeUser(['system:user:list']);
    await expectServedFromCache(u.token);
    t.app.principalCache.setLive(false);
    try {
      expect(isCached(t.app, u.token)).toBe(false);
      expect((await get(t.app, USERS, u.token)).status).toBe(200);
      expect(t.app.principalCache.size).toBe(0);
    } finally {
      t.app.principalCache.setLive(true);
    }
    expect((await get(t.app, USERS, 'a'.repeat(64))).status).toBe(401);
    expect(t.app.principalCache.size).toBe(0);
  });
});
