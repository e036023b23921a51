import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperlogItem } from '@campus/contract';
import { buildApp } from '../../app.js';
import { queryRows } from '../../db/query.js';
import { readSheet } from '../../lib/tabular.js';
import { type AdminSession, createAdminSession } from '../../test/admin-session.js';
import { authed, call, createTestApp } from '../../test/test-app.js';
import { purgeOperlogs } from './retention.js';

let t: AdminSession;
let adminToken: string;

beforeAll(async () => {
  t = await createAdminSession();
  adminToken = t.adminToken;
  // A mutation whose user agent is a spreadsheet formula.
  await call(t.app, {
    method: 'POST',
    url: '/api/system/roles',
    headers: { ...authed(adminToken), 'user-agent': '=HYPERLINK("http://evil","x")' },
    payload: { name: 'Exported', code: 'exported' },
  });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authed(adminToken) });

describe('operation log detail and export', () => {
  it('shows one entry with params, result code, duration and ip; 404 for none', async () => {
    const list = (
      await call(t.app, { method: 'GET', url: '/api/system/operlogs?module=system:role&action=add', headers: authed(adminToken) })
    ).body.data as { list: OperlogItem[] };
    const id = list.list[0]?.id;
    const res = await call(t.app, { method: 'GET', url: `/api/system/operlogs/${id}`, headers: authed(adminToken) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      username: 'admin',
      module: 'system:role',
      action: 'add',
      method: 'POST',
      status: 201,
      code: 0,
      ip: '127.0.0.1',
      params: { body: { name: 'Exported', code: 'exported' } },
    });
    expect((res.body.data as OperlogItem).durationMs).toEqual(expect.any(Number));
    expect((await get('/api/system/operlogs/99999999')).statusCode).toBe(404);
  });

  it('exports CSV with the list filters and formula-safe cells', async () => {
    const res = await get('/api/system/operlogs/export?format=csv&module=system:role');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="operlog-.*\.csv"/);
    const sheet = await readSheet(res.rawPayload, 1000);
    expect(sheet.header).toContain('userAgent');
    expect(sheet.rows).toHaveLength(1);
    // readSheet strips the guard again on import; the raw file must carry it.
    expect(res.body).toContain(`'=HYPERLINK`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('exports XLSX whose cells are text, never formulas', async () => {
    const res = await get('/api/system/operlogs/export?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const sheet = await readSheet(res.rawPayload, 1000);
    const ua = sheet.header.indexOf('userAgent');
    expect(sheet.rows.some((r) => r.cells[ua]?.startsWith('=HYPERLINK'))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('<f>'))).toBe(false);
    expect((await get('/api/system/operlogs/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('append-only and retention', () => {
  it('has no API route that writes to either log', () => {
    const writes = t.app.routeTable.filter((r) => /operlogs|loginlogs/.test(r.url) && r.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('is refused by the database: no update, no delete of recent rows', async () => {
    await expect(t.database.db.execute(sql`update oper_logs set msg = 'tampered'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from oper_logs`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate oper_logs`)).rejects.toThrow();
  });

  it('purges only rows past the configured age (default 365 days)', async () => {
    expect(t.config.operlogRetentionDays).toBe(365);
    await t.database.db.execute(sql`insert into oper_logs (username, module, action, method, path, status, code, duration_ms, created_at)
      values ('old', 'test', 'x', 'POST', '/old', 200, 0, 1, now() - interval '400 days'),
             ('kept', 'test', 'x', 'POST', '/kept', 200, 0, 1, now() - interval '100 days')`);
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oper_logs`);
    expect(await purgeOperlogs(t.database.db, t.config.operlogRetentionDays)).toBe(1);
    const names = await queryRows<{ username: string }>(t.database.db, sql`select username from oper_logs where module = 'test'`);
    expect(names.map((r) => r.username)).toEqual(['kept']);
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oper_logs`);
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) - 1);
    expect(await purgeOperlogs(t.database.db, 30)).toBe(1);
  });

  it('purges as a scheduled job with OPERLOG_RETENTION_DAYS: a due time missed while down runs soon after start-up', async () => {
    const other = await createTestApp({ OPERLOG_RETENTION_DAYS: '7' });
    try {
      expect(other.config.operlogRetentionDays).toBe(7);
      await other.database.db
        .execute(sql`insert into oper_logs (username, module, action, method, path, status, code, duration_ms, created_at)
        values ('stale', 'test', 'x', 'POST', '/stale', 200, 0, 1, now() - interval '8 days'),
               ('fresh', 'test', 'x', 'POST', '/fresh', 200, 0, 1, now() - interval '6 days')`);
      // Its 03:30 passed while no server ran.
      await other.database.db.execute(sql`update jobs set next_run_at = now() - interval '1 hour' where key = 'operlog-purge'`);
      // A second start on the same database (its close must not close the shared one).
      const restarted = await buildApp(other.config, { ...other.database, close: async () => {} });
      const names = () => queryRows<{ username: string }>(other.database.db, sql`select username from oper_logs where module = 'test'`);
      try {
        await restarted.listen({ port: 0, host: '127.0.0.1' });
        // Start-up does not wait for the purge: the scheduler runs it a moment after listening.
        for (let i = 0; i < 200 && (await names()).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
      } finally {
        await restarted.close();
      }
      expect((await names()).map((r) => r.username)).toEqual(['fresh']);
    } finally {
      await other.close();
    }
  });
});
