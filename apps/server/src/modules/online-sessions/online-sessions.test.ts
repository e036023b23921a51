import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@campus/contract';
import { buildApp } from '../../app.js';
import { queryRows } from '../../db/query.js';
import { hashToken } from '../../lib/tokens.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** A second instance on the same database: its own session cache, its own last-seen batch. */
let other: FastifyInstance;
let camId: number;
let seq = 0;
const PASSWORD = 'Online-Test-Passw0rd!';
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_MAX_FAILURES: '10000', LOGIN_RATE_PER_MIN: '100000' });
  other = await buildApp(t.config, { ...t.database, close: () => Promise.resolve() });
  await other.ready();
  [camId = 0] = await getCampusIds(t.database.db);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const api = (app: FastifyInstance, token: string, method: string, url: string) =>
  call(app, { method, url, headers: { ...authed(token), 'accept-language': 'en-US' } });

async function makeUser(perms: string[] = []) {
  const username = `online${++seq}`;
  const id = await createUser(t.database.db, { username, password: PASSWORD, perms, camIds: [camId] });
  return { id, username, token: await getToken(t.app, username, PASSWORD) };
}

interface Page {
  total: number;
  list: { id: number; userId: number; username: string; browser: string; os: string; current: boolean; lastSeenAt: string }[];
}

describe('online sessions', () => {
  it('lists every live session with user, address and browser; searches by name or address; needs its perm', async () => {
    const viewer = await makeUser(['monitor:online:list']);
    const clerk = await makeUser();
    await login(t.app, clerk.username, PASSWORD, { 'user-agent': FIREFOX_UA });
    expect((await api(t.app, clerk.token, 'GET', '/api/monitor/sessions')).status).toBe(403);
    const all = await api(t.app, viewer.token, 'GET', '/api/monitor/sessions?pageSize=200');
    expect(all.status).toBe(200);
    const page = all.body.data as Page;
    expect(page.list.filter((s) => s.username === clerk.username)).toHaveLength(2);
    expect(page.list.find((s) => s.username === clerk.username && s.browser === 'Firefox 128')).toMatchObject({ os: 'Linux' });
    expect(page.list.filter((s) => s.current)).toHaveLength(1);
    const found = (await api(t.app, viewer.token, 'GET', `/api/monitor/sessions?keyword=${clerk.username.toUpperCase()}`)).body
      .data as Page;
    expect(found.total).toBe(2);
    expect(found.list.every((s) => s.username === clerk.username)).toBe(true);
    const byAddress = (await api(t.app, viewer.token, 'GET', '/api/monitor/sessions?keyword=127.0.0.1')).body.data as Page;
    expect(byAddress.total).toBeGreaterThanOrEqual(3);
    const none = (await api(t.app, viewer.token, 'GET', '/api/monitor/sessions?keyword=%25')).body.data as Page;
    expect(none.total).toBe(0);
  });

  it("shows another instance's last-seen times within its flush", async () => {
    const viewer = await makeUser(['monitor:online:list']);
    const clerk = await makeUser();
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '2 hours' where user_id = ${clerk.id}`);
    expect((await api(other, clerk.token, 'GET', '/api/user/currentUser')).status).toBe(200);
    const find = async () =>
      ((await api(t.app, viewer.token, 'GET', `/api/monitor/sessions?keyword=${clerk.username}`)).body.data as Page).list[0];
    const stale = await find();
    expect(Date.now() - new Date(stale?.lastSeenAt ?? 0).getTime()).toBeGreaterThan(3600_000);
    await other.sessionActivity.flush();
    const fresh = await find();
    expect(Date.now() - new Date(fresh?.lastSeenAt ?? 0).getTime()).toBeLessThan(10_000);
  });

  it('force sign-out of one session: its next request is refused on any instance, and it is logged', async () => {
    const admin = await makeUser(['monitor:online:list', 'monitor:online:forceLogout']);
    const clerk = await makeUser();
    // Served from both instances' caches first.
    for (const app of [t.app, other]) expect((await api(app, clerk.token, 'GET', '/api/user/currentUser')).status).toBe(200);
    expect(other.principalCache.get(hashToken(clerk.token))).toBeDefined();
    const [session] = await queryRows<{ id: number }>(t.database.db, sql`select id from sessions where user_id = ${clerk.id}`);
    const res = await api(t.app, admin.token, 'DELETE', `/api/monitor/sessions/${session?.id}`);
    expect(res.status).toBe(200);
    for (const app of [other, t.app]) {
      const refused = await api(app, clerk.token, 'GET', '/api/user/currentUser');
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe(ResultCode.sessionEnded);
    }
    expect((await api(t.app, admin.token, 'DELETE', `/api/monitor/sessions/${session?.id}`)).status).toBe(404);
    const [log] = await queryRows<{ module: string; action: string; username: string }>(
      t.database.db,
      sql`select module, action, username from oper_logs where module = 'monitor:online' and status = 200 order by id desc limit 1`,
    );
    expect(log).toEqual({ module: 'monitor:online', action: 'forceLogout', username: admin.username });
  });

  it("force sign-out of all of a user's sessions; only with the perm; not of someone holding more", async () => {
    const admin = await makeUser(['monitor:online:list', 'monitor:online:forceLogout']);
    const viewer = await makeUser(['monitor:online:list']);
    const clerk = await makeUser();
    const second = await getToken(t.app, clerk.username, PASSWORD);
    expect((await api(t.app, viewer.token, 'DELETE', `/api/monitor/users/${clerk.id}/sessions`)).status).toBe(403);
    const res = await api(t.app, admin.token, 'DELETE', `/api/monitor/users/${clerk.id}/sessions`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionsEnded: 2 });
    for (const token of [clerk.token, second]) expect((await api(other, token, 'GET', '/api/user/currentUser')).status).toBe(401);
    // The administrator holds every perm: a user with two perms cannot sign them out.
    const root = await getToken(t.app);
    const [adminRow] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where username = 'admin'`);
    const outranked = await api(t.app, admin.token, 'DELETE', `/api/monitor/users/${adminRow?.id}/sessions`);
    expect(outranked.status).toBe(403);
    expect((await api(t.app, root, 'GET', '/api/user/currentUser')).status).toBe(200);
    expect((await api(t.app, admin.token, 'DELETE', '/api/monitor/users/2147483000/sessions')).status).toBe(404);
  });
});
