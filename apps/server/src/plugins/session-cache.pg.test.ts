import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { getCampusIds, createUser } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import { hashToken } from '../lib/tokens.js';

// PostgreSQL only (the server project includes *.pg.test.ts only with
// TEST_DATABASE_URL): revocation through one instance is seen by another at once.

let t: TestApp;
let admin: string;
let camA: number;
let seq = 0;
const PASSWORD = 'Cache-Test-Passw0rd!';
const USERS = '/api/system/users?page=1&pageSize=1';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.principalFeed.started;
  admin = await getToken(t.app);
  const [first] = await getCampusIds(t.app.db);
  if (!first) throw new Error('no campus seeded');
  camA = first;
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, token: string) => call(app, { method: 'GET', url, headers: authed(token) });
const asAdmin = (method: 'PUT', url: string, payload: object) => call(t.app, { method, url, headers: authed(admin), payload });
const isCached = (app: FastifyInstance, token: string) => app.principalCache.get(hashToken(token)) !== undefined;

async function makeUser(perms: string[]) {
  const username = `cache_pg_${++seq}_${Date.now() % 100000}`;
  const id = await createUser(t.app.db, { username, password: PASSWORD, perms, camIds: [camA] });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

async function roleIdOf(userId: number): Promise<number> {
  const [row] = await queryRows<{ role_id: number }>(t.app.db, sql`select role_id from user_roles where user_id = ${userId}`);
  if (!row) throw new Error('user without a role');
  return row.role_id;
}

describe('two instances on one PostgreSQL', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    // A second app on the same database: its own pool, its own cache, its own LISTEN connection.
    other = await buildApp(t.config, await openDatabase(t.config));
    await other.ready();
    await waitFor(() => other.principalCache.isLive);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a sign-out through one is refused by the other on the next request, every time', async () => {
    const u = await makeUser(['system:user:list']);
    for (let i = 0; i < 20; i++) {
      const token = await getToken(t.app, u.username, PASSWORD);
      expect((await get(other, USERS, token)).status).toBe(200);
      expect(isCached(other, token)).toBe(true);
      expect((await call(t.app, { method: 'POST', url: '/api/logout', headers: authed(token) })).status).toBe(200);
      // No pause: the notification is delivered on commit, before the logout answers.
      expect((await get(other, USERS, token)).status).toBe(401);
    }
  });

  it("a role's perms changed through one apply on the other at once", async () => {
    const u = await makeUser(['system:user:list']);
    expect((await get(other, USERS, u.token)).status).toBe(200);
    expect(isCached(other, u.token)).toBe(true);
    const role = await roleIdOf(u.id);
    expect((await asAdmin('PUT', `/api/system/roles/${role}/perms`, { permIds: [] })).status).toBe(200);
    expect((await get(other, USERS, u.token)).status).toBe(403);
  });

  it('a lost LISTEN connection drops what was cached (a change may have gone unheard), then the cache works again', async () => {
    const u = await makeUser(['system:user:list']);
    expect((await get(other, USERS, u.token)).status).toBe(200);
    // A revocation nobody hears (triggers off): the other instance still serves its cached entry.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
    });
    expect((await get(other, USERS, u.token)).status).toBe(200);
    await t.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'campus-console-listen' and datname = current_database()`,
    );
    await waitFor(async () => (await get(other, USERS, u.token)).status === 401);
    await waitFor(async () => other.principalCache.isLive && t.app.principalCache.isLive);
    const fresh = await getToken(t.app, u.username, PASSWORD);
    expect((await get(other, USERS, fresh)).status).toBe(200);
    expect(isCached(other, fresh)).toBe(true);
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
