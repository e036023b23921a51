import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword } from '@campus/contract';
import { findPostgres, startCluster, type Cluster, type Instance } from './cluster.js';

// The process keeps no state of its own: two instances on one PostgreSQL
// behind nginx behave as one. Signs in through one instance and works through
// the other; lockout counts, session revocation and the operation log are shared.

const ADMIN_PASSWORD = 'Scale-Admin-Passw0rd-42';
const USER_PASSWORD = 'Scale-User-Passw0rd-42';
const LOCK_THRESHOLD = 4;

let cluster: Cluster;
let stopPostgres = () => undefined as void;
let A: Instance;
let B: Instance;
let adminToken: string;
let campusId: number;

interface Answer<T = unknown> {
  status: number;
  upstream: string;
  body: { code: number; msg: string; data: T };
}

async function api<T = unknown>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? '', body: (await res.json()) as Answer<T>['body'] };
}

const login = (base: string, username: string, password: string) =>
  api<string>(base, 'POST', '/api/login', { body: { username, password: encryptLoginPassword(password) } });

async function tokenVia(base: string, username: string, password: string): Promise<string> {
  const res = await login(base, username, password);
  if (res.body.code !== 0) throw new Error(`login as ${username} via ${base}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

let seq = 0;
async function createUser(via: string): Promise<{ id: number; username: string }> {
  const username = `scale_${++seq}_${Date.now() % 100_000}`;
  const res = await api<{ id: number }>(via, 'POST', '/api/system/users', {
    token: adminToken,
    body: { username, nickname: username, password: encryptLoginPassword(USER_PASSWORD), roleIds: [], campusIds: [campusId] },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.id, username };
}

beforeAll(async () => {
  const postgres = findPostgres();
  stopPostgres = postgres.stop;
  cluster = await startCluster(postgres.url, 2, {
    ADMIN_PASSWORD,
    LOGIN_LOCK_THRESHOLD: String(LOCK_THRESHOLD),
    // Per-instance rate limits are not what this test is about.
    LOGIN_RATE_PER_MIN: '10000',
    LOGIN_IP_MAX_FAILURES: '10000',
  });
  [A, B] = cluster.instances as [Instance, Instance];
  adminToken = await tokenVia(A.url, 'admin', ADMIN_PASSWORD);
  const me = await api<{ camId: number }>(A.url, 'GET', '/api/user/currentUser', { token: adminToken });
  campusId = me.body.data.camId;
  expect(campusId).toBeGreaterThan(0);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  stopPostgres();
});

describe('two instances on one PostgreSQL behind nginx', () => {
  it('started together on an empty database: migrated and seeded once (the start-up lock)', async () => {
    const c = new pg.Client({ connectionString: cluster.databaseUrl });
    await c.connect();
    try {
      const admins = await c.query<{ n: number }>(`select count(*)::int as n from users where username = 'admin'`);
      expect(admins.rows[0]?.n).toBe(1);
      const migrations = await c.query<{ n: number; distinct_n: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]?.n).toBe(migrations.rows[0]?.distinct_n);
    } finally {
      await c.end();
    }
  });

  it('nginx spreads requests over both instances (round robin)', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await api(cluster.proxyUrl, 'GET', '/api/health')).upstream);
    expect(seen).toEqual(new Set([`127.0.0.1:${A.port}`, `127.0.0.1:${B.port}`]));
  });

  it('a token from instance A works on instance B, and through the proxy', async () => {
    const user = await createUser(A.url);
    const token = await tokenVia(A.url, user.username, USER_PASSWORD);
    const viaB = await api<{ username: string }>(B.url, 'GET', '/api/user/currentUser', { token });
    expect(viaB.status).toBe(200);
    expect(viaB.body.data.username).toBe(user.username);
    for (let i = 0; i < 4; i++) expect((await api(cluster.proxyUrl, 'GET', '/api/user/currentUser', { token })).status).toBe(200);
  });

  it('failed sign-ins spread over both instances lock the account for both', async () => {
    const user = await createUser(B.url);
    const upstreams = new Set<string>();
    for (let i = 0; i < LOCK_THRESHOLD; i++) {
      const res = await login(cluster.proxyUrl, user.username, 'Wrong-Passw0rd-123');
      expect(res.body.code).not.toBe(0);
      upstreams.add(res.upstream);
    }
    expect(upstreams.size).toBe(2);
    // The right password is refused now, by either instance.
    for (const inst of [A, B]) {
      const res = await login(inst.url, user.username, USER_PASSWORD);
      expect(res.status).toBe(429);
    }
  });

  it('a sign-out through A is refused through B on the very next request', async () => {
    const user = await createUser(A.url);
    for (let i = 0; i < 10; i++) {
      const token = await tokenVia(B.url, user.username, USER_PASSWORD);
      // B has the session cached now.
      expect((await api(B.url, 'GET', '/api/user/currentUser', { token })).status).toBe(200);
      expect((await api(A.url, 'POST', '/api/logout', { token })).status).toBe(200);
      expect((await api(B.url, 'GET', '/api/user/currentUser', { token })).status).toBe(401);
    }
  });

  it('disabling a user through B ends their sessions on A at once, and through the proxy', async () => {
    const user = await createUser(A.url);
    const token = await tokenVia(A.url, user.username, USER_PASSWORD);
    expect((await api(A.url, 'GET', '/api/user/currentUser', { token })).status).toBe(200);
    expect(
      (await api(B.url, 'PUT', `/api/system/users/${user.id}/status`, { token: adminToken, body: { status: 'disabled' } })).status,
    ).toBe(200);
    expect((await api(A.url, 'GET', '/api/user/currentUser', { token })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await api(cluster.proxyUrl, 'GET', '/api/user/currentUser', { token })).status).toBe(401);
  });

  it('a write through B is in the operation log read through A', async () => {
    const user = await createUser(B.url);
    const log = await api<{ list: { path: string; method: string; username: string; params: unknown }[] }>(
      A.url,
      'GET',
      '/api/system/operlogs?page=1&pageSize=50&module=system:user',
      { token: adminToken },
    );
    expect(log.status).toBe(200);
    const row = log.body.data.list.find(
      (r) => r.method === 'POST' && r.path === '/api/system/users' && JSON.stringify(r.params).includes(user.username),
    );
    expect(row?.username).toBe('admin');
  });

  it('message streams (server-sent events) pass through nginx unbuffered and see notices published on the other instance', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${cluster.proxyUrl}/api/message/stream`, {
      headers: { authorization: `Bearer ${adminToken}`, accept: 'text/event-stream' },
      signal: ctrl.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      const served = res.headers.get('x-upstream') ?? '';
      const other = served.endsWith(`:${A.port}`) ? B : A;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const nextUnread = async (timeoutMs: number): Promise<{ total: number }> => {
        const until = Date.now() + timeoutMs;
        for (;;) {
          const m = /event: unread\ndata: (.*)\n\n/.exec(text);
          if (m) {
            text = text.slice((m.index ?? 0) + m[0].length);
            return JSON.parse(m[1] ?? '{}') as { total: number };
          }
          const left = until - Date.now();
          if (left <= 0) throw new Error(`no unread event in ${timeoutMs} ms; got ${JSON.stringify(text)}`);
          const chunk = await Promise.race([
            reader.read(),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no data in ${timeoutMs} ms`)), left)),
          ]);
          if (chunk.done) throw new Error('stream ended');
          text += decoder.decode(chunk.value, { stream: true });
        }
      };
      // The first count arrives at once: nothing between holds these few bytes back
      // (proxy_buffering off for the stream; the server also sends X-Accel-Buffering: no).
      const first = await nextUnread(5_000);
      const published = await api(other.url, 'POST', '/api/system/notices', {
        token: adminToken,
        body: { title: `scale notice ${Date.now()}` },
      });
      expect(published.status).toBe(201);
      // Another instance's change arrives within one stream poll (5 s).
      const second = await nextUnread(15_000);
      expect(second.total).toBe(first.total + 1);
    } finally {
      ctrl.abort();
    }
  });
});
