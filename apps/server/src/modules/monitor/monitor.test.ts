import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorServer } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { ServerMetrics, SLOT_MS, WINDOW_MS } from '../../plugins/metrics.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, isPostgres, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;

const serverVersion = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string })
  .version;

async function monitor(token = admin) {
  return call(t.app, { method: 'GET', url: '/api/monitor/server', headers: authed(token) });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/monitor/server', () => {
  it('is guarded by monitor:server:view', async () => {
    const [camId] = await getCampusIds(t.database.db);
    await createUser(t.database.db, { username: 'watcher', password: ADMIN_PASSWORD, perms: ['monitor:server:view'], camIds: [camId!] });
    await createUser(t.database.db, { username: 'notwatcher', password: ADMIN_PASSWORD, perms: ['system:job:list'], camIds: [camId!] });
    expect((await call(t.app, { method: 'GET', url: '/api/monitor/server' })).status).toBe(401);
    expect((await monitor(await getToken(t.app, 'notwatcher'))).status).toBe(403);
    expect((await monitor(await getToken(t.app, 'watcher'))).status).toBe(200);
  });

  it('answers sane figures of this instance and its database', async () => {
    const res = await monitor();
    expect(res.status).toBe(200);
    const m = res.body.data as MonitorServer;
    expect(m.pid).toBe(process.pid);
    expect(m.node).toBe(process.version);
    expect(m.version).toBe(serverVersion);
    expect(m.instance).toBe(t.app.instance.id);
    expect(m.uptimeS).toBeGreaterThanOrEqual(0);
    expect(m.uptimeS).toBeLessThan(process.uptime() + 2);
    expect(m.rssBytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(m.rssBytes).toBeLessThan(16 * 1024 ** 3);
    expect(m.heapUsedBytes).toBeGreaterThan(1024 * 1024);
    expect(m.heapUsedBytes).toBeLessThanOrEqual(m.heapTotalBytes);
    expect(m.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(m.eventLoopLagMs).toBeGreaterThanOrEqual(0);
    expect(m.cpus).toBeGreaterThanOrEqual(1);
    expect(m.db.kind).toBe(isPostgres() ? 'postgres' : 'pglite');
    expect(m.db.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(m.db.pingMs).toBeGreaterThanOrEqual(0);
    expect(m.db.poolTotal).toBeGreaterThanOrEqual(1);
    expect(m.db.poolIdle).toBeLessThanOrEqual(m.db.poolTotal);
    expect(m.db.poolWaiting).toBeGreaterThanOrEqual(0);
    if (!isPostgres()) expect(m.db.longestQuery).toBeNull();
    expect(m.instances.filter((i) => i.isSelf).map((i) => i.id)).toEqual([m.instance]);
  });

  it('counts the requests it served, their latency and its 5xx answers, in memory', async () => {
    const before = (await monitor()).body.data as MonitorServer;
    for (let i = 0; i < 25; i++) await call(t.app, { method: 'GET', url: '/api/health' });
    // A server shutting down answers 503: a 5xx the monitor must count.
    t.app.isClosing = true;
    for (let i = 0; i < 3; i++) expect((await call(t.app, { method: 'GET', url: '/api/health' })).status).toBe(503);
    t.app.isClosing = false;
    const after = (await monitor()).body.data as MonitorServer;
    // 28 and the monitor call of `before` itself.
    expect(after.requests.total - before.requests.total).toBe(29);
    expect(after.requests.errors5xx - before.requests.errors5xx).toBe(3);
    expect(after.requests.perMin).toBeGreaterThan(0);
    expect(after.requests.p50Ms).toBeGreaterThan(0);
    expect(after.requests.p50Ms).toBeLessThanOrEqual(after.requests.p95Ms);
    expect(after.requests.p95Ms).toBeLessThanOrEqual(after.requests.p99Ms);
    expect(after.requests.p99Ms).toBeLessThan(10_000);
    // Nothing of it was written to the database.
    const [logged] = await queryRows<{ n: number | string }>(t.database.db, sql`select count(*) as n from monitor_instances`);
    expect(Number(logged?.n)).toBe(0);
  });

  it('lists the live instances published through the database, not the stopped ones', async () => {
    const figures = JSON.stringify({
      uptimeS: 60,
      rssBytes: 1e8,
      heapUsedBytes: 5e7,
      cpuPercent: 12.5,
      eventLoopLagMs: 1.5,
      requests: { perMin: 10, p50Ms: 2, p95Ms: 8, p99Ms: 20, errors5xx: 1, total: 150 },
    });
    await t.database.db.execute(
      sql`insert into monitor_instances (id, host, pid, version, started_at, updated_at, figures) values
          ('other:1:aa', 'other', 1, '0.1.0', now() - interval '1 minute', now(), ${figures}::jsonb),
          ('gone:2:bb', 'gone', 2, '0.1.0', now() - interval '1 hour', now() - interval '2 minutes', ${figures}::jsonb)`,
    );
    const m = (await monitor()).body.data as MonitorServer;
    expect(m.instances.map((i) => i.id)).toEqual([t.app.instance.id, 'other:1:aa']);
    expect(m.instances[1]).toMatchObject({ isSelf: false, host: 'other', cpuPercent: 12.5, requests: { total: 150, errors5xx: 1 } });
    await t.database.db.execute(sql`delete from monitor_instances`);
  });

  it('publishes its figures every few seconds while listening, and removes them when it stops', async () => {
    const other = await createTestApp(isPostgres() ? { DATABASE_URL: t.config.databaseUrl ?? '' } : {});
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const id = other.app.instance.id;
      let rows: { id: string }[] = [];
      for (let i = 0; i < 100 && !rows.length; i++) {
        rows = await queryRows<{ id: string }>(other.database.db, sql`select id from monitor_instances where id = ${id}`);
        if (!rows.length) await new Promise((r) => setTimeout(r, 20));
      }
      expect(rows).toHaveLength(1);
      if (isPostgres()) {
        // Two instances on one PostgreSQL: each sees the other's figures.
        const m = (await monitor()).body.data as MonitorServer;
        expect(m.instances.map((i) => i.id)).toContain(id);
      }
    } finally {
      await other.close();
    }
    if (isPostgres()) {
      const left = await queryRows<{ id: string }>(t.database.db, sql`select id from monitor_instances`);
      expect(left).toEqual([]);
    }
  });
});

describe('the in-memory request figures', () => {
  it('reads percentiles from the histogram within its bucket width, and forgets what is older than 15 minutes', () => {
    let now = 1_800_000_000_000;
    const m = new ServerMetrics(() => now);
    // 1..1000 ms, each once, spread over a minute; 10 of them 5xx.
    for (let i = 1; i <= 1000; i++) {
      now += 60;
      m.record(i, i % 100 === 0 ? 500 : 200);
    }
    const r = m.requests();
    expect(r.total).toBe(1000);
    expect(r.errors5xx).toBe(10);
    expect(Math.abs(r.p50Ms - 500) / 500).toBeLessThan(0.13);
    expect(Math.abs(r.p95Ms - 950) / 950).toBeLessThan(0.13);
    expect(Math.abs(r.p99Ms - 990) / 990).toBeLessThan(0.13);
    const series = m.series();
    expect(series.reduce((n, p) => n + p.requests, 0)).toBeGreaterThan(900);
    expect(series.every((p, i) => i === 0 || new Date(p.t).getTime() - new Date(series[i - 1]!.t).getTime() === SLOT_MS)).toBe(true);
    now += WINDOW_MS + SLOT_MS;
    expect(m.requests()).toMatchObject({ total: 0, errors5xx: 0, p50Ms: 0 });
    m.stop();
  });
});
