import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMS, ResultCode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createToken } from '../../lib/tokens.js';
import type { RouteEntry } from '../../plugins/access.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { changedTables, takeChecksums } from './db-checksum.js';
import { describeAccess, EXPECTED_ACCESS } from './expected-access.js';
import { send, type Answer } from './send.js';
import { routeKey, VALID_REQUESTS, type Req, type RouteInputs } from './valid-requests.js';
import { buildWorld, expireSession, FOREIGN_MARKER, GHOST, type CampusRecords, type SessionUser, type World } from './world.js';

// The authorization matrix: every route of the table × every way of being
// refused, each block checked to leave every table as it was.

let t: TestApp;
let w: World;
let allPerms: string[];

interface Pinned {
  kind: 'public' | 'signedIn' | 'perm';
  scope: 'campus' | 'global' | null;
  perms: string[];
}

/** What the route must require, read from the hand-pinned table, not from the route itself. */
function pinned(r: RouteEntry): Pinned {
  const line = EXPECTED_ACCESS[routeKey(r.method, r.url)];
  if (!line) throw new Error(`${routeKey(r.method, r.url)} is not in EXPECTED_ACCESS`);
  const [kind, scope, perms] = line.split(' ');
  return {
    kind: kind as Pinned['kind'],
    scope: scope === 'campus' || scope === 'global' ? scope : null,
    perms: kind === 'perm' && perms ? perms.split('|') : [],
  };
}

const guarded = () => t.app.routeTable.filter((r) => pinned(r).kind !== 'public');
const isCampusScoped = (r: RouteEntry) => pinned(r).scope === 'campus';
const permsOf = (r: RouteEntry): readonly string[] => pinned(r).perms;
const inputsOf = (r: RouteEntry): RouteInputs => {
  const inputs = VALID_REQUESTS[routeKey(r.method, r.url)];
  if (!inputs) throw new Error(`${routeKey(r.method, r.url)} has no entry in VALID_REQUESTS`);
  return inputs;
};
const hasPathIds = (r: RouteEntry) => r.url.includes('/:');

/** Users are cached by what they hold: one per perm set and campus set. */
const users = new Map<string, SessionUser>();
async function userWith(perms: readonly string[], camIds: readonly number[]): Promise<SessionUser> {
  const key = `${[...perms].sort().join(',')}@${camIds.join(',')}`;
  let u = users.get(key);
  if (!u) {
    u = await w.sessionFor(perms, camIds);
    users.set(key, u);
  }
  return u;
}

interface Shot {
  route: RouteEntry;
  req: Req;
  headers: Record<string, string>;
  check(res: Answer): string | null;
  label?: string;
}

/**
 * Sends every shot, then asserts each answer and that no table but the logs
 * changed. All requests are built before the first checksum (builders may
 * create the records they point at).
 */
async function runBlock(shots: Shot[]): Promise<Set<string>> {
  const before = await takeChecksums(t.database.db);
  const failures: string[] = [];
  const covered = new Set<string>();
  for (const s of shots) {
    const res = await send(t.app, s.route.method, s.req, s.headers, { isStream: inputsOf(s.route).isStream });
    const problem = s.check(res);
    if (problem)
      failures.push(
        `${routeKey(s.route.method, s.route.url)}${s.label ? ` [${s.label}]` : ''}: ${problem} — ${res.status} ${res.text.slice(0, 200)}`,
      );
    covered.add(routeKey(s.route.method, s.route.url));
  }
  const after = await takeChecksums(t.database.db);
  expect(failures).toEqual([]);
  expect(changedTables(before, after), 'tables changed by refused requests').toEqual([]);
  return covered;
}

const keysOf = (routes: RouteEntry[]) => new Set(routes.map((r) => routeKey(r.method, r.url)));

function expectCode(status: number, code: number) {
  return (res: Answer) => {
    if (res.status !== status) return `expected HTTP ${status}`;
    if (!res.json) return 'no JSON envelope';
    if (res.json.code !== code) return `expected code ${code}, got ${res.json.code}`;
    if (typeof res.json.msg !== 'string' || !res.json.msg) return 'no msg';
    if (!('data' in res.json)) return 'no data';
    return null;
  };
}

async function buildReq(r: RouteEntry, path: CampusRecords, ref: CampusRecords, caller: SessionUser | null): Promise<Req> {
  return inputsOf(r).build({ w, path, ref, caller });
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const rows = await queryRows<{ code: string }>(t.database.db, sql`select code from perms order by code`);
  allPerms = rows.map((r) => r.code).filter((c) => c !== ALL_PERMS);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix', () => {
  it('declares on every route the access pinned in EXPECTED_ACCESS (change both on purpose)', () => {
    const declared = Object.fromEntries(t.app.routeTable.map((r) => [routeKey(r.method, r.url), describeAccess(r.access)]));
    expect(declared).toEqual(EXPECTED_ACCESS);
  });

  it('has a valid request for every guarded route of the table, and none for routes that are gone', () => {
    const table = keysOf(guarded());
    expect(
      [...table].filter((k) => !VALID_REQUESTS[k]),
      'routes without a matrix entry',
    ).toEqual([]);
    expect(
      Object.keys(VALID_REQUESTS).filter((k) => !table.has(k)),
      'matrix entries without a route',
    ).toEqual([]);
  });

  it('answers 401 without a token, with a garbage token and with an unknown well-formed token', async () => {
    const routes = guarded();
    const shots: Shot[] = [];
    for (const r of routes) {
      const req = await buildReq(r, w.a, w.a, null);
      const cam = { 'x-access-camid': String(w.a.camId) };
      shots.push({ route: r, req, headers: cam, check: expectCode(401, ResultCode.noToken), label: 'no token' });
      shots.push({
        route: r,
        req,
        headers: { ...cam, authorization: 'Bearer garbage' },
        check: expectCode(401, ResultCode.tokenInvalid),
        label: 'garbage',
      });
      shots.push({
        route: r,
        req,
        headers: { ...cam, authorization: 'Basic YWRtaW46YWRtaW4=' },
        check: expectCode(401, ResultCode.noToken),
        label: 'basic',
      });
      shots.push({
        route: r,
        req,
        headers: { ...cam, authorization: `Bearer ${createToken().token}` },
        check: expectCode(401, ResultCode.tokenInvalid),
        label: 'unknown token',
      });
    }
    expect(await runBlock(shots)).toEqual(keysOf(routes));
  });

  it('answers 401 to an expired session and to an ended one, even for a user holding every perm', async () => {
    const routes = guarded();
    const expired = await w.sessionFor(allPerms, [w.a.camId, w.b.camId]);
    const ended = await w.sessionFor(allPerms, [w.a.camId, w.b.camId]);
    // Both sessions work first (and sit in any cache the server keeps), then end behind its back.
    for (const u of [expired, ended]) {
      const me = await send(t.app, 'GET', { url: '/api/user/currentUser' }, { authorization: `Bearer ${u.token}` });
      expect(me.status).toBe(200);
    }
    await expireSession(t, expired.userId);
    await t.database.db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'forced' where user_id = ${ended.userId}`);
    const shots: Shot[] = [];
    for (const r of routes) {
      const req = await buildReq(r, w.a, w.a, expired);
      const cam = { 'x-access-camid': String(w.a.camId) };
      shots.push({
        route: r,
        req,
        headers: { ...cam, authorization: `Bearer ${expired.token}` },
        check: expectCode(401, ResultCode.sessionExpired),
        label: 'expired',
      });
      shots.push({
        route: r,
        req,
        headers: { ...cam, authorization: `Bearer ${ended.token}` },
        check: expectCode(401, ResultCode.sessionEnded),
        label: 'ended',
      });
    }
    expect(await runBlock(shots)).toEqual(keysOf(routes));
  });

  it("answers 403 to a user holding every perm but the route's", async () => {
    const routes = guarded().filter((r) => pinned(r).kind === 'perm');
    expect(routes.length).toBeGreaterThan(50);
    const shots: Shot[] = [];
    for (const r of routes) {
      const lacking = permsOf(r);
      const user = await userWith(
        allPerms.filter((p) => !lacking.includes(p)),
        [w.a.camId, w.b.camId],
      );
      const req = await buildReq(r, w.a, w.a, user);
      shots.push({
        route: r,
        req,
        headers: { authorization: `Bearer ${user.token}`, 'x-access-camid': String(w.a.camId) },
        check: expectCode(403, ResultCode.forbidden),
      });
    }
    expect(await runBlock(shots)).toEqual(keysOf(routes));
  });

  it('answers 403 to a user who must enrol a second factor on every route but their own account and sign-out', async () => {
    const holder = await w.sessionFor(allPerms, [w.a.camId, w.b.camId]);
    await t.database.db.execute(
      sql`update roles set require_mfa = true where id in (select role_id from user_roles where user_id = ${holder.userId})`,
    );
    const opensToHolder = (r: RouteEntry) => r.access.kind === 'signedIn' && r.access.allowMustEnrol;
    const routes = guarded().filter((r) => !opensToHolder(r));
    expect(routes.length).toBeGreaterThan(100);
    const shots: Shot[] = [];
    for (const r of routes) {
      const req = await buildReq(r, w.a, w.a, holder);
      shots.push({
        route: r,
        req,
        headers: { authorization: `Bearer ${holder.token}`, 'x-access-camid': String(w.a.camId), 'accept-language': 'en-US' },
        check: (res) =>
          expectCode(403, ResultCode.forbidden)(res) ?? (/second factor/.test(res.json?.msg ?? '') ? null : 'not the enrol message'),
      });
    }
    expect(await runBlock(shots)).toEqual(keysOf(routes));
    // What stays open is the user's own account: pinned, so widening it is a change made on purpose.
    expect(
      guarded()
        .filter(opensToHolder)
        .map((r) => routeKey(r.method, r.url))
        .every((k) => k === 'POST /api/logout' || k.includes(' /api/user/')),
    ).toBe(true);
  });

  it('answers 403 to a user with the perm whose campuses do not include X-Access-Camid', async () => {
    const routes = guarded().filter(isCampusScoped);
    expect(routes.length).toBeGreaterThan(40);
    const shots: Shot[] = [];
    for (const r of routes) {
      const user = await userWith(permsOf(r).slice(0, 1), [w.b.camId]);
      // The request is right for campus A in every other way.
      const req = await buildReq(r, w.a, w.a, user);
      shots.push({
        route: r,
        req,
        headers: { authorization: `Bearer ${user.token}`, 'x-access-camid': String(w.a.camId) },
        check: expectCode(403, ResultCode.forbidden),
      });
    }
    expect(await runBlock(shots)).toEqual(keysOf(routes));
  });

  it("answers a campus-A user who sends campus B's ids as if they did not exist, and shows nothing of B", async () => {
    const campusRoutes = guarded().filter(isCampusScoped);
    const shots: Shot[] = [];
    const noLeak = (res: Answer) => (res.text.includes(FOREIGN_MARKER) ? `the answer shows campus B (${FOREIGN_MARKER})` : null);
    for (const r of campusRoutes) {
      const inputs = inputsOf(r);
      const user = await userWith(permsOf(r).slice(0, 1), [w.a.camId]);
      const headers = { authorization: `Bearer ${user.token}`, 'x-access-camid': String(w.a.camId), 'accept-language': 'en-US' };
      if (r.method === 'GET') {
        // The caller's own campus, valid in every way: whatever it lists or counts, none of it is B's.
        shots.push({
          route: r,
          req: await buildReq(r, w.a, w.a, user),
          headers,
          check: (res) => (res.status >= 300 ? 'expected success' : noLeak(res)),
          label: 'own campus',
        });
      }
      if (inputs.foreign === 'noLeak') {
        // Reads only: a write without ids (create, import) is not a refusal and is proven by the control run.
        if (r.method !== 'GET') continue;
        const req = await buildReq(r, w.a, w.b, user);
        shots.push({
          route: r,
          req,
          headers,
          check: (res) => (res.status >= 500 ? 'a 5xx' : res.status >= 300 && res.status !== 404 ? 'unexpected refusal' : noLeak(res)),
          label: 'B in filters',
        });
        continue;
      }
      const variants: [string, CampusRecords, CampusRecords, CampusRecords, CampusRecords][] = [
        ['path and body of B', w.b, w.b, GHOST, GHOST],
      ];
      if (hasPathIds(r) && inputs.hasRefs) variants.push(['path of A, body of B', w.a, w.b, w.a, GHOST]);
      for (const [label, path, ref, ghostPath, ghostRef] of variants) {
        const req = await buildReq(r, path, ref, user);
        const ghost = await buildReq(r, ghostPath, ghostRef, user);
        const ghostAnswer = await send(t.app, r.method, ghost, headers);
        shots.push({
          route: r,
          req,
          headers,
          label,
          check: (res) => {
            if (res.status !== 404) return 'expected 404';
            if (ghostAnswer.status !== 404) return `the same request with ids that never existed answers ${ghostAnswer.status}`;
            const norm = (s: string | undefined) => s?.replace(/\d+/g, '#');
            if (res.json?.code !== ResultCode.notFound) return 'expected code 404';
            if (norm(res.json.msg) !== norm(ghostAnswer.json?.msg))
              return `differs from the answer for ids that never existed: ${ghostAnswer.json?.msg}`;
            return noLeak(res);
          },
        });
      }
    }
    // A global route whose ids belong to another user: read marks touch only the caller's own rows.
    const readRoute = guarded().find((r) => r.method === 'POST' && r.url === '/api/message/read');
    if (!readRoute) throw new Error('no POST /api/message/read');
    const reader = await userWith([], [w.a.camId]);
    const readHeaders = { authorization: `Bearer ${reader.token}`, 'accept-language': 'en-US' };
    const ghostRead = await send(t.app, 'POST', { url: '/api/message/read', body: { ids: [GHOST.termId] } }, readHeaders);
    shots.push({
      route: readRoute,
      req: { url: '/api/message/read', body: { ids: w.foreignMessageIds } },
      headers: readHeaders,
      check: (res) =>
        res.status !== 404 || ghostRead.status !== 404 || res.json?.msg !== ghostRead.json?.msg
          ? 'expected the 404 of ids that never existed'
          : null,
      label: "another user's messages",
    });
    const covered = await runBlock(shots);
    const expected = campusRoutes.filter((r) => inputsOf(r).foreign === 'notFound' || r.method === 'GET');
    expect(covered).toEqual(new Set([...keysOf(expected), routeKey('POST', '/api/message/read')]));
  });

  it('sees a single changed cell in the table checksums (the guard of the guard)', async () => {
    const db = t.database.db;
    const before = await takeChecksums(db);
    await db.execute(sql`update rooms set capacity = capacity + 1 where id = ${w.a.roomId}`);
    expect(changedTables(before, await takeChecksums(db))).toEqual(['rooms']);
    await db.execute(sql`update rooms set capacity = capacity - 1 where id = ${w.a.roomId}`);
    expect(changedTables(before, await takeChecksums(db))).toEqual([]);
    // A session's last-seen time is bookkeeping written in batches; anything else about a session counts.
    await db.execute(sql`update sessions set last_seen_at = now() + interval '1 hour'`);
    expect(changedTables(before, await takeChecksums(db))).toEqual([]);
    await db.execute(sql`update sessions set user_agent = user_agent || ' ' where user_id = ${w.otherUserId}`);
    expect(changedTables(before, await takeChecksums(db))).toEqual(['sessions']);
    await db.execute(sql`update sessions set user_agent = rtrim(user_agent) where user_id = ${w.otherUserId}`);
  });

  it('lets the right user through: each perm of each route, its own campus, a valid request (control)', async () => {
    const failures: string[] = [];
    const routes = guarded();
    for (const r of routes) {
      const inputs = inputsOf(r);
      const permSets = pinned(r).kind === 'perm' ? permsOf(r).map((p) => [p]) : [[]];
      for (const perms of permSets) {
        const user = inputs.consumesCaller ? await w.sessionFor(perms, [w.a.camId]) : await userWith(perms, [w.a.camId]);
        const req = await buildReq(r, w.a, w.a, user);
        const headers: Record<string, string> = { authorization: `Bearer ${user.token}`, 'accept-language': 'en-US' };
        if (isCampusScoped(r)) headers['x-access-camid'] = String(w.a.camId);
        const res = await send(t.app, r.method, req, headers, { isStream: inputs.isStream });
        if (res.status >= 300)
          failures.push(`${routeKey(r.method, r.url)} as ${perms.join(',') || 'signed-in'}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
