import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@campus/contract';
import { createCampus, createUser, getCampusIds } from '../test/fixtures.js';
import { type AdminSession, createAdminSession } from '../test/admin-session.js';
import { authed, call, getToken } from '../test/test-app.js';
import type { RouteEntry } from './access.js';

let t: AdminSession;
let adminToken: string;
let noPermToken: string;
let campusA: number;
let campusB: number;

/** A concrete URL for a route pattern: every path parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

beforeAll(async () => {
  t = await createAdminSession();
  const [first] = await getCampusIds(t.database.db);
  if (!first) throw new Error('no campus seeded');
  campusA = first;
  campusB = await createCampus(t.database.db, 'Other campus');
  await createUser(t.database.db, { username: 'noperm', password: 'No-perm-user-pass-1', perms: [], camIds: [campusA] });
  adminToken = t.adminToken;
  noPermToken = await getToken(t.app, 'noperm', 'No-perm-user-pass-1');
});
afterAll(async () => {
  await t?.close();
});

describe('route table', () => {
  it('has every /api route with a declared access', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const r of t.app.routeTable) expect(['public', 'signedIn', 'perm']).toContain(r.access.kind);
  });

  it('refuses at start-up a route that declares no access', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccess } = await import('./access.js');
    const app = Fastify();
    registerAccess(app);
    expect(() => app.get('/api/undeclared', async () => 'reachable')).toThrow(/declares no access/);
    await app.close();
  });
});

describe('deny by default, for every route of the table', () => {
  const routes = () => t.app.routeTable.filter((r) => r.access.kind !== 'public' && !r.url.startsWith('/api/docs'));

  it('answers 401 without a token', async () => {
    const checked: string[] = [];
    for (const r of routes()) {
      const res = await call(t.app, { method: r.method, url: concrete(r.url), headers: { 'x-access-camid': String(campusA) } });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.code, `${r.method} ${r.url}`).toBe(ResultCode.noToken);
      checked.push(r.url);
    }
    expect(checked.length).toBe(routes().length);
  });

  it('answers 403 to a signed-in user without the perm', async () => {
    const permRoutes = routes().filter((r): r is RouteEntry & { access: { kind: 'perm' } } => r.access.kind === 'perm');
    expect(permRoutes.length).toBeGreaterThan(0);
    for (const r of permRoutes) {
      const res = await call(t.app, { method: r.method, url: concrete(r.url), headers: authed(noPermToken, campusA) });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.body.code).toBe(ResultCode.forbidden);
    }
  });

  it('checks X-Access-Camid on every campus-scoped route: absent 400, foreign or unknown 403 with one body', async () => {
    const campusRoutes = routes().filter((r) => r.access.kind !== 'public' && r.access.scope === 'campus');
    expect(campusRoutes.length).toBeGreaterThan(0);
    for (const r of campusRoutes) {
      const url = concrete(r.url);
      const absent = await call(t.app, { method: r.method, url, headers: authed(adminToken) });
      expect(absent.status, `${r.method} ${r.url} without campus`).toBe(400);
      expect(absent.body.msg).toContain('X-Access-Camid');
      const garbage = await call(t.app, {
        method: r.method,
        url,
        headers: { ...authed(adminToken), 'x-access-camid': '1; drop table users' },
      });
      expect(garbage.status).toBe(400);
      const foreign = await call(t.app, { method: r.method, url, headers: authed(adminToken, campusB) });
      const missing = await call(t.app, { method: r.method, url, headers: authed(adminToken, 999_999) });
      expect(foreign.status, `${r.method} ${r.url} foreign campus`).toBe(403);
      expect(missing.status).toBe(403);
      expect(missing.body).toEqual(foreign.body);
    }
  });
});

describe('must change password', () => {
  it('allows only the account routes until the password is changed', async () => {
    await createUser(t.database.db, {
      username: 'mustchange',
      password: 'Temporary-pass-77',
      perms: ['system:operlog:list'],
      camIds: [campusA],
      mustChangePassword: true,
    });
    const token = await getToken(t.app, 'mustchange', 'Temporary-pass-77');
    const me = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(me.status).toBe(200);
    expect((me.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const blocked = await call(t.app, { method: 'GET', url: '/api/system/operlogs', headers: authed(token) });
    expect(blocked.status).toBe(403);
  });
});
