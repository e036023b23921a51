import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RELOGIN_CODES } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import { openDatabase, type Database } from './client.js';
import { queryRows } from './query.js';

// PostgreSQL only: a multi-host DATABASE_URL whose first host is down. The
// main pool, the plan-once pool and the LISTEN connection all reach the one
// that answers; a single host with target_session_attrs=read-write is checked.

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let t: TestApp;
let app: FastifyInstance;
let database: Database;
const logs: string[] = [];
let live: URL;

beforeAll(async () => {
  t = await createTestApp();
  live = new URL(t.config.databaseUrl ?? '');
  const dead = await closedPort();
  const url = `postgres://${live.username}@127.0.0.1:${dead},${live.hostname}:${live.port}${live.pathname}?application_name=multi-host-test`;
  const config = loadConfig({
    DATA_DIR: ':memory:',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent-web-dir',
    DATABASE_URL: url,
  });
  database = await openDatabase(config, (level, msg) => void logs.push(`${level} ${msg}`));
  app = await buildApp(config, database);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('multi-host DATABASE_URL', () => {
  it('serves through the host that answers, logs which, and the LISTEN feed goes live there too', async () => {
    const token = await getToken(app, 'admin', ADMIN_PASSWORD);
    const res = await call(app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(res.status).toBe(200);
    expect(logs).toEqual([`info database: using ${live.hostname}:${live.port} (read-write)`]);
    await app.principalFeed.started;
    await expect.poll(() => app.principalFeed.catchUp(), { timeout: 5_000 }).toBe(true);
    const planOnce = await queryRows<{ mode: string }>(database.planOnce!, sql`select current_setting('plan_cache_mode') as mode`);
    expect(planOnce[0]?.mode).toBe('force_generic_plan');
  });

  it('a sign-out through the other instance reaches this one over the followed LISTEN connection', async () => {
    const token = await getToken(app, 'admin', ADMIN_PASSWORD);
    expect((await call(app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: '/api/logout', headers: authed(token) })).body.code).toBe(0);
    const after = await call(app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(RELOGIN_CODES).toContain(after.body.code);
  });

  it('a one-host URL with target_session_attrs=read-write connects after checking the role', async () => {
    const url = `${t.config.databaseUrl}?target_session_attrs=read-write`;
    const own: string[] = [];
    const db = await openDatabase(
      loadConfig({ DATA_DIR: ':memory:', LOG_LEVEL: 'silent', DATABASE_URL: url }),
      (l, m) => void own.push(`${l} ${m}`),
    );
    try {
      await db.ping();
      expect(own).toEqual([`info database: using ${live.hostname}:${live.port} (read-write)`]);
    } finally {
      await db.close();
    }
  });
});
