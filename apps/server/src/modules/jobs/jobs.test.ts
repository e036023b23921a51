import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobItem, JobRun } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createInstanceInfo } from '../../lib/instance.js';
import { DEFAULT_SCHEDULER_OPTIONS, JobScheduler, type JobDefinition } from '../../lib/jobs/scheduler.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, isPostgres, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;

/** A job that runs until released: "run now" while it runs, kills mid-run. */
function blockingJob(key: string) {
  let release = () => undefined as void;
  let started = 0;
  const def: JobDefinition = {
    key,
    nameKey: 'job.todoScan.name',
    descriptionKey: 'job.todoScan.description',
    cron: '0 0 1 1 *',
    async run() {
      started++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { key: 'job.sessionCleanup.done', params: { count: 7 } };
    },
  };
  return { def, release: () => release(), started: () => started };
}

const api = (method: string, url: string, payload?: object, token = admin, lang = 'en-US') =>
  call(t.app, { method, url, headers: { ...authed(token), 'accept-language': lang }, ...(payload ? { payload } : {}) });

async function listJobs(): Promise<JobItem[]> {
  const res = await api('GET', '/api/system/jobs');
  expect(res.status).toBe(200);
  return res.body.data as JobItem[];
}

async function jobId(key: string): Promise<number> {
  const job = (await listJobs()).find((j) => j.key === key);
  if (!job) throw new Error(`no job ${key}`);
  return job.id;
}

async function runsOf(id: number): Promise<JobRun[]> {
  const res = await api('GET', `/api/system/jobs/${id}/runs?pageSize=100`);
  expect(res.status).toBe(200);
  return (res.body.data as { list: JobRun[] }).list;
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the scheduled jobs page', () => {
  it('lists every background job of the server with its cron, next run and last outcome', async () => {
    await t.app.jobs.syncDefinitions();
    const jobs = await listJobs();
    expect(jobs.map((j) => j.key)).toEqual(expect.arrayContaining(['todo-scan', 'operlog-purge', 'session-cleanup', 'job-history-purge']));
    const purge = jobs.find((j) => j.key === 'operlog-purge');
    expect(purge).toMatchObject({ cron: '30 3 * * *', enabled: true, running: false, lastRunAt: null, lastStatus: null });
    expect(purge?.name).toBe('Operation log purge');
    expect(purge?.cronText).toBe('At 03:30');
    expect(new Date(purge?.nextRunAt ?? 0).getTime()).toBeGreaterThan(Date.now());
    // A new database scans for todos at once instead of waiting for the hour.
    expect(new Date(jobs.find((j) => j.key === 'todo-scan')?.nextRunAt ?? 0).getTime()).toBeLessThanOrEqual(Date.now());
    const zh = await api('GET', '/api/system/jobs', undefined, admin, 'zh-CN');
    expect((zh.body.data as JobItem[]).find((j) => j.key === 'operlog-purge')?.name).toBe('操作日志清理');
  });

  it('is guarded by its perms', async () => {
    const [camId] = await getCampusIds(t.database.db);
    await createUser(t.database.db, { username: 'jobviewer', password: ADMIN_PASSWORD, perms: ['system:job:list'], camIds: [camId!] });
    await createUser(t.database.db, { username: 'nojobs', password: ADMIN_PASSWORD, perms: ['system:user:list'], camIds: [camId!] });
    const viewer = await getToken(t.app, 'jobviewer');
    const none = await getToken(t.app, 'nojobs');
    const id = await jobId('operlog-purge');
    expect((await api('GET', '/api/system/jobs', undefined, none)).status).toBe(403);
    expect((await api('GET', `/api/system/jobs/${id}/runs`, undefined, none)).status).toBe(403);
    expect((await api('GET', '/api/system/jobs', undefined, viewer)).status).toBe(200);
    expect((await api('PUT', `/api/system/jobs/${id}`, { enabled: false }, viewer)).status).toBe(403);
    expect((await api('POST', `/api/system/jobs/${id}/run`, undefined, viewer)).status).toBe(403);
    expect((await api('GET', '/api/system/jobs/999999/runs')).status).toBe(404);
  });

  it('refuses a bad cron expression with a 400 naming cron, and changes nothing', async () => {
    const id = await jobId('operlog-purge');
    for (const cron of ['not a cron', '61 * * * *', '* * * *', '0 0 31 2 *', '0 0 0 1 1 * 2030']) {
      const res = await api('PUT', `/api/system/jobs/${id}`, { cron });
      expect(res.status, cron).toBe(400);
      expect(res.body.msg, cron).toMatch(/^cron: /);
    }
    const zh = await api('PUT', `/api/system/jobs/${id}`, { cron: '61 * * * *' }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('cron：不是有效的 cron 表达式（有一段的取值超出范围或无法识别）');
    // The reason in the reader's words, not the library's English (which named a seventh field we do not take).
    const words = async (cron: string) => (await api('PUT', `/api/system/jobs/${id}`, { cron }, admin, 'zh-CN')).body.msg;
    expect(await words('not a cron')).toBe('cron：不是有效的 cron 表达式（应为 5 段：分 时 日 月 周，或 6 段、秒在最前，以空格分隔）');
    expect(await words('0 0 31 2 *')).toBe('cron：不是有效的 cron 表达式（按它永远不会运行）');
    expect(await words('0 0 0 1 1 * 2030')).toMatch(/应为 5 段/);
    expect((await api('PUT', `/api/system/jobs/${id}`, {})).status).toBe(400);
    expect((await listJobs()).find((j) => j.id === id)?.cron).toBe('30 3 * * *');
  });

  it('takes a new cron and works out the next run from it; disabled means no next run', async () => {
    const id = await jobId('operlog-purge');
    const res = await api('PUT', `/api/system/jobs/${id}`, { cron: '*/10 * * * *' });
    expect(res.status).toBe(200);
    const job = res.body.data as JobItem;
    expect(job.cron).toBe('*/10 * * * *');
    expect(job.cronText).toBe('Every 10 minutes');
    const next = new Date(job.nextRunAt ?? 0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(next.getUTCMinutes() % 10).toBe(0);

    const off = await api('PUT', `/api/system/jobs/${id}`, { enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, nextRunAt: null });
    const on = await api('PUT', `/api/system/jobs/${id}`, { enabled: 'true', cron: '30 3 * * *' });
    expect((on.body.data as JobItem).nextRunAt).not.toBeNull();
    const [logged] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from oper_logs where module = 'system:job' and action = 'edit' and code = 0`,
    );
    expect(Number(logged?.n)).toBe(3);
  });

  it('previews a cron expression in words with its next five runs', async () => {
    const res = await api('GET', `/api/system/jobs/cron-preview?cron=${encodeURIComponent('0 8 * * 1-5')}`);
    expect(res.status).toBe(200);
    const data = res.body.data as { description: string; next: string[]; timezone: string };
    expect(data.timezone).toBe('Asia/Shanghai');
    expect(data.description).toMatch(/08:00.*Monday through Friday/);
    expect(data.next).toHaveLength(5);
    const times = data.next.map((s) => new Date(s));
    for (const d of times) {
      // 08:00 in Shanghai is 00:00 UTC, Monday to Friday there.
      expect(d.getUTCHours()).toBe(0);
      expect([1, 2, 3, 4, 5]).toContain(d.getUTCDay());
    }
    expect([...times].sort((a, b) => a.getTime() - b.getTime())).toEqual(times);
    const zh = await api('GET', `/api/system/jobs/cron-preview?cron=${encodeURIComponent('0 8 * * 1-5')}`, undefined, admin, 'zh-CN');
    expect((zh.body.data as { description: string }).description).toMatch(/08:00/);
    const bad = await api('GET', `/api/system/jobs/cron-preview?cron=${encodeURIComponent('0 25 * * *')}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^cron: /);
  });
});

describe('run now', () => {
  it('runs a job once in the background, refuses a second run while it runs (409), and records it in the history', async () => {
    const job = blockingJob('test-blocking');
    t.app.jobs.define(job.def);
    await t.app.jobs.syncDefinitions();
    const id = await jobId('test-blocking');

    const first = await api('POST', `/api/system/jobs/${id}/run`);
    expect(first.status).toBe(200);
    const runId = (first.body.data as { runId: number }).runId;
    await waitFor(
      async () => job.started(),
      (n) => n === 1,
    );
    expect((await listJobs()).find((j) => j.id === id)?.running).toBe(true);

    const again = await api('POST', `/api/system/jobs/${id}/run`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/running/);
    expect(job.started()).toBe(1);

    let runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: runId, status: 'running', trigger: 'manual', username: 'admin', instance: t.app.instance.id });

    job.release();
    runs = await waitFor(
      () => runsOf(id),
      (r) => r[0]?.status === 'ok',
    );
    expect(runs[0]).toMatchObject({ status: 'ok', message: '7 session(s) deleted' });
    expect(runs[0]?.durationMs).toBeGreaterThanOrEqual(0);
    const after = (await listJobs()).find((j) => j.id === id);
    expect(after).toMatchObject({ running: false, lastStatus: 'ok' });

    const third = await api('POST', `/api/system/jobs/${id}/run`);
    expect(third.status).toBe(200);
    await waitFor(
      async () => job.started(),
      (n) => n === 2,
    );
    job.release();
    await waitFor(
      () => runsOf(id),
      (r) => r.length === 2 && r.every((x) => x.status === 'ok'),
    );
  });

  it('records a failing job as failed with its error', async () => {
    t.app.jobs.define({
      key: 'test-failing',
      nameKey: 'job.todoScan.name',
      descriptionKey: 'job.todoScan.description',
      cron: '0 0 1 1 *',
      run: () => Promise.reject(new Error('disk on fire')),
    });
    await t.app.jobs.syncDefinitions();
    const id = await jobId('test-failing');
    expect((await api('POST', `/api/system/jobs/${id}/run`)).status).toBe(200);
    const runs = await waitFor(
      () => runsOf(id),
      (r) => r[0]?.status === 'failed',
    );
    expect(runs[0]).toMatchObject({ status: 'failed', message: 'disk on fire' });
    expect((await listJobs()).find((j) => j.id === id)?.lastStatus).toBe('failed');
  });

  it('runs the real jobs: the todo scan and the session cleanup report what they did', async () => {
    for (const key of ['todo-scan', 'session-cleanup', 'operlog-purge', 'job-history-purge']) {
      const id = await jobId(key);
      expect((await api('POST', `/api/system/jobs/${id}/run`)).status, key).toBe(200);
      const runs = await waitFor(
        () => runsOf(id),
        (r) => r[0]?.status === 'ok',
      );
      expect(runs[0]?.status, `${key}: ${runs[0]?.message}`).toBe('ok');
      expect(runs[0]?.message).toMatch(/\d/);
    }
  });
});

describe('exactly once across instances', () => {
  /** A second scheduler on the same database: another app on PostgreSQL, another scheduler object on PGlite (one owner). */
  async function secondInstance(def: JobDefinition): Promise<{ jobs: JobScheduler; close(): Promise<void> }> {
    if (isPostgres()) {
      const url = (t.config.databaseUrl ?? '').toString();
      const other = await createTestApp({ DATABASE_URL: url });
      other.app.jobs.define(def);
      return { jobs: other.app.jobs, close: () => other.close() };
    }
    // Not singleOwner: that would take the first scheduler's running rows for orphans of a dead process.
    const jobs = new JobScheduler(t.database.db, createInstanceInfo(), t.app.log, { ...DEFAULT_SCHEDULER_OPTIONS, singleOwner: false });
    jobs.define(def);
    return { jobs, close: () => jobs.stop() };
  }

  it('runs each due time of a job once, whichever instance claims it (count the runs)', async () => {
    const ran: string[] = [];
    const make = (who: string): JobDefinition => ({
      key: 'test-counted',
      nameKey: 'job.todoScan.name',
      descriptionKey: 'job.todoScan.description',
      cron: '0 0 1 1 *',
      async run() {
        ran.push(who);
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    t.app.jobs.define(make('a'));
    const b = await secondInstance(make('b'));
    try {
      // Each scheduler's first tick prepares it (rows, and orphans of a previous process).
      await t.app.jobs.tick();
      await b.jobs.tick();
      const id = await jobId('test-counted');
      const rounds = 12;
      for (let i = 0; i < rounds; i++) {
        await t.database.db.execute(sql`update jobs set next_run_at = now() - interval '1 second' where id = ${id}`);
        await Promise.all([t.app.jobs.tick(), b.jobs.tick(), t.app.jobs.tick(), b.jobs.tick()]);
        await waitFor(
          async () => (await runsOf(id)).filter((r) => r.status !== 'running').length,
          (n) => n === i + 1,
        );
      }
      const runs = await runsOf(id);
      expect(runs).toHaveLength(rounds);
      expect(ran).toHaveLength(rounds);
      expect(new Set(runs.map((r) => r.dueAt)).size).toBe(rounds);
      expect(runs.every((r) => r.trigger === 'schedule' && r.status === 'ok')).toBe(true);
      // The next due time moved on past now: nothing left to claim.
      const [job] = await queryRows<{ future: boolean }>(
        t.database.db,
        sql`select next_run_at > now() as future from jobs where id = ${id}`,
      );
      expect(job?.future).toBe(true);
    } finally {
      await b.close();
    }
  });

  it('with both instances ticking on their own timers, every second for three seconds, each due time runs once', async () => {
    const ran: string[] = [];
    const make = (who: string): JobDefinition => ({
      key: 'test-every-second',
      nameKey: 'job.todoScan.name',
      descriptionKey: 'job.todoScan.description',
      cron: '* * * * * *',
      async run() {
        ran.push(who);
      },
    });
    t.app.jobs.define(make('a'));
    const b = await secondInstance(make('b'));
    try {
      await t.app.jobs.start();
      await b.jobs.start();
      await new Promise((r) => setTimeout(r, 3_200));
    } finally {
      await b.close();
      await t.app.jobs.stop();
    }
    const rows = await queryRows<{ due_at: string; status: string }>(
      t.database.db,
      sql`select r.due_at::text, r.status from job_runs r join jobs j on j.id = r.job_id where j.key = 'test-every-second'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(rows.map((r) => r.due_at)).size).toBe(rows.length);
    expect(ran).toHaveLength(rows.filter((r) => r.status === 'ok').length);
  });
});

describe('a run killed with its instance', () => {
  it('is marked failed after a restart, not left running', async () => {
    const dir = isPostgres() ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'cc-jobs-'));
    const env: Record<string, string> = dir ? { DATA_DIR: dir } : {};
    const first = await createTestApp(env);
    const url = first.config.databaseUrl;
    const job = blockingJob('test-killed');
    first.app.jobs.define(job.def);
    await first.app.jobs.syncDefinitions();
    const token = await getToken(first.app);
    const list = await call(first.app, { method: 'GET', url: '/api/system/jobs', headers: authed(token) });
    const id = (list.body.data as JobItem[]).find((j) => j.key === 'test-killed')?.id;
    expect((await call(first.app, { method: 'POST', url: `/api/system/jobs/${id}/run`, headers: authed(token) })).status).toBe(200);
    await waitFor(
      async () => job.started(),
      (n) => n === 1,
    );
    // The process dies: no heartbeat, no clean-up, the row stays "running".
    first.app.jobs.abandon();
    await first.app.close();

    // The restarted server (on PostgreSQL, after the lease of the dead instance ran out).
    const second = await createTestApp({ ...env, ...(url ? { DATABASE_URL: url } : {}), JOB_LEASE_S: '1' });
    try {
      second.app.jobs.define(blockingJob('test-killed').def);
      const before = await queryRows<{ status: string }>(second.database.db, sql`select status from job_runs where job_id = ${id}`);
      expect(before.map((r) => r.status)).toEqual(['running']);
      if (isPostgres()) await new Promise((r) => setTimeout(r, 1_300));
      await second.app.jobs.start();
      const token2 = await getToken(second.app);
      const runs = await call(second.app, {
        method: 'GET',
        url: `/api/system/jobs/${id}/runs`,
        headers: { ...authed(token2), 'accept-language': 'en-US' },
      });
      const [run] = (runs.body.data as { list: JobRun[] }).list;
      expect(run).toMatchObject({ status: 'failed' });
      expect(run?.message).toMatch(/stopped before the run finished/);
      expect(run?.finishedAt).not.toBeNull();
      const jobs = await call(second.app, { method: 'GET', url: '/api/system/jobs', headers: authed(token2) });
      expect((jobs.body.data as JobItem[]).find((j) => j.id === id)).toMatchObject({ running: false, lastStatus: 'failed' });
      // And it can run again.
      expect((await call(second.app, { method: 'POST', url: `/api/system/jobs/${id}/run`, headers: authed(token2) })).status).toBe(200);
    } finally {
      second.app.jobs.abandon();
      await second.close();
      // Drops the first app's database on PostgreSQL (its app is already closed).
      await first.close().catch(() => undefined);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
