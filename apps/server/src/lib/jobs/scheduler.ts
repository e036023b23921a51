import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageKey, MessageParams } from '@campus/contract';
import type { Db, Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { conflict } from '../app-error.js';
import type { InstanceInfo } from '../instance.js';
import { nextCronTime } from './cron.js';

/**
 * Scheduled background jobs on the app's own tables (decision 020).
 *
 * - A job is defined in code (`define`) with a default cron; its row in `jobs`
 *   holds the cron an administrator set, whether it is enabled and the due
 *   time of its next run (`next_run_at`).
 * - Every instance ticks. A due job is claimed in one transaction: its row is
 *   locked with FOR UPDATE SKIP LOCKED, `next_run_at` moves to the next cron
 *   time and a `job_runs` row is inserted for the due time. The unique index
 *   on (job, due time) and the lock make each due time run exactly once,
 *   whatever the number of instances; the unique index on a job's running row
 *   keeps one run of a job at a time ("run now" while running is a 409).
 * - A running row's heartbeat is renewed while the run lives; a row whose
 *   heartbeat stopped for longer than the lease belonged to an instance that
 *   died, and any instance marks it failed. With the embedded database (one
 *   owner process) every running row of another process is such an orphan at
 *   start-up.
 * - Due times missed while every instance was down run once at the next start.
 */

export interface JobOutcome {
  key: MessageKey;
  params?: MessageParams;
}

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
}

export interface JobDefinition {
  /** Stable name in the code and the database: kebab-case. */
  key: string;
  /** The job's name and what it does, in both languages (server messages). */
  nameKey: MessageKey;
  descriptionKey: MessageKey;
  descriptionParams?: MessageParams;
  /** The cron a new database starts with. */
  cron: string;
  /** A new database runs it right after its first start instead of waiting for the cron. */
  runOnInstall?: boolean;
  run(ctx: JobContext): Promise<JobOutcome | void>;
}

export interface SchedulerOptions {
  /** The embedded database has one owner process: another process's running rows are orphans at once. */
  singleOwner: boolean;
  /** A running row whose heartbeat is older than this is an orphan. */
  leaseMs: number;
  /** How often running rows renew their heartbeat. */
  heartbeatMs: number;
  /** The longest sleep between ticks: edits made on other instances are seen within it. */
  maxSleepMs: number;
  /** How long a graceful stop waits for runs in flight before marking them failed. */
  stopWaitMs: number;
  timezone: string;
}

export const DEFAULT_SCHEDULER_OPTIONS: Omit<SchedulerOptions, 'singleOwner'> = {
  leaseMs: 60_000,
  heartbeatMs: 10_000,
  maxSleepMs: 15_000,
  stopWaitMs: 5_000,
  timezone: 'Asia/Shanghai',
};

export interface ClaimedRun {
  id: number;
  jobId: number;
  key: string;
}

interface RunningEntry {
  run: ClaimedRun;
  done: Promise<void>;
}

export class JobScheduler {
  private readonly defs = new Map<string, JobDefinition>();
  private readonly running = new Map<number, RunningEntry>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    readonly instance: InstanceInfo,
    private readonly log: FastifyBaseLogger,
    readonly options: SchedulerOptions,
  ) {}

  define(def: JobDefinition): void {
    if (this.defs.has(def.key)) throw new Error(`job ${def.key} is defined twice`);
    if (!/^[a-z][a-z0-9-]*$/.test(def.key)) throw new Error(`job key ${def.key} is not kebab-case`);
    this.defs.set(def.key, def);
  }

  definition(key: string): JobDefinition | undefined {
    return this.defs.get(key);
  }

  get definitions(): JobDefinition[] {
    return [...this.defs.values()];
  }

  isRunningHere(jobId: number): boolean {
    for (const e of this.running.values()) if (e.run.jobId === jobId) return true;
    return false;
  }

  /** Inserts the rows of jobs the database does not have yet (a release that brings a job brings its row). */
  async syncDefinitions(): Promise<void> {
    const now = new Date();
    for (const def of this.defs.values()) {
      const next = def.runOnInstall ? now : nextCronTime(def.cron, this.options.timezone, now);
      await this.db.execute(
        sql`insert into jobs (key, cron, timezone, enabled, next_run_at)
            values (${def.key}, ${def.cron}, ${this.options.timezone}, true, ${next?.toISOString() ?? null})
            on conflict (key) do nothing`,
      );
    }
  }

  /** Starts ticking on this instance (after the server listens). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // A database not reachable now: the ticks try again.
    await this.prepare().catch((err: unknown) => this.log.warn({ err }, 'job scheduler: database not ready, will retry'));
    this.heartbeat = setInterval(() => void this.renewHeartbeats(), this.options.heartbeatMs);
    this.heartbeat.unref();
    this.schedule(0);
  }

  private prepared = false;

  /** Once per start: the rows of the defined jobs, and the runs a dead process left running. */
  private async prepare(): Promise<void> {
    if (this.prepared) return;
    await this.syncDefinitions();
    await this.sweepOrphans(true);
    this.prepared = true;
  }

  /** Ticks again soon: a job was edited here. */
  wake(): void {
    if (this.started && !this.stopped) this.schedule(50);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().then(
        (sleepMs) => this.schedule(sleepMs),
        (err: unknown) => {
          this.log.error({ err }, 'job scheduler tick failed');
          this.schedule(this.options.maxSleepMs);
        },
      );
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Claims and starts the due jobs; answers how long to sleep until the next
   * due time (at most maxSleepMs). Safe to call from tests and concurrently:
   * ticks of one instance run one at a time.
   */
  async tick(): Promise<number> {
    while (this.ticking) await this.ticking;
    let sleepMs = this.options.maxSleepMs;
    const work = (async () => {
      await this.prepare();
      await this.sweepOrphans(false);
      const rows = await queryRows<{ id: number; key: string; due_ms: number | string }>(
        this.db,
        sql`select id, key, (extract(epoch from next_run_at - now()) * 1000)::float8 as due_ms
            from jobs where enabled and next_run_at is not null`,
      );
      for (const row of rows) {
        const def = this.defs.get(row.key);
        if (!def) continue;
        const dueMs = Number(row.due_ms);
        if (dueMs <= 0) {
          const claim = await this.claimScheduled(row.id, def.key);
          if (claim?.run) void this.launch(claim.run);
          if (claim?.nextInMs !== undefined) sleepMs = Math.min(sleepMs, claim.nextInMs + 5);
        } else {
          sleepMs = Math.min(sleepMs, dueMs + 5);
        }
      }
    })();
    this.ticking = work.finally(() => {
      this.ticking = null;
    });
    await this.ticking;
    return Math.max(sleepMs, 20);
  }

  /** One due time of one job, claimed by exactly one instance. */
  private async claimScheduled(jobId: number, key: string): Promise<{ run: ClaimedRun | null; nextInMs?: number } | null> {
    return this.db.transaction(async (tx) => {
      const [job] = await queryRows<{ cron: string; timezone: string; due: string; now_ms: number | string }>(
        tx,
        sql`select cron, timezone, next_run_at::text as due, (extract(epoch from now()) * 1000)::float8 as now_ms from jobs
            where id = ${jobId} and enabled and next_run_at <= now()
            for update skip locked`,
      );
      if (!job) return null;
      // From now, not from the due time: due times missed while no instance ran collapse into this one run.
      const now = new Date(Number(job.now_ms));
      const next = nextCronTime(job.cron, job.timezone, now);
      const nextInMs = next ? next.getTime() - now.getTime() : undefined;
      await tx.execute(sql`update jobs set next_run_at = ${next?.toISOString() ?? null}, updated_at = now() where id = ${jobId}`);
      const [run] = await queryRows<{ id: number | string }>(
        tx,
        sql`insert into job_runs (job_id, trigger, due_at, status, instance)
            values (${jobId}, 'schedule', ${job.due}::timestamptz, 'running', ${this.instance.id})
            on conflict do nothing returning id`,
      );
      if (!run) {
        this.log.warn({ job: key }, 'scheduled run skipped: the previous run is still running');
        return { run: null, nextInMs };
      }
      return { run: { id: Number(run.id), jobId, key }, nextInMs };
    });
  }

  /** "Run now": a running row for this instance, in the caller's transaction; 409 while the job runs. */
  async claimManual(tx: Executor, jobId: number, key: string, userId: number | null): Promise<ClaimedRun> {
    const [run] = await queryRows<{ id: number | string }>(
      tx,
      sql`insert into job_runs (job_id, trigger, status, instance, user_id)
          values (${jobId}, 'manual', 'running', ${this.instance.id}, ${userId})
          on conflict do nothing returning id`,
    );
    if (!run) throw conflict('job.alreadyRunning');
    return { id: Number(run.id), jobId, key };
  }

  /** Runs a claimed run in the background on this instance. */
  launch(run: ClaimedRun): Promise<void> {
    const def = this.defs.get(run.key);
    const done = this.execute(run, def).finally(() => this.running.delete(run.id));
    this.running.set(run.id, { run, done });
    return done;
  }

  private async execute(run: ClaimedRun, def: JobDefinition | undefined): Promise<void> {
    const t0 = performance.now();
    let status: 'ok' | 'failed' = 'ok';
    let outcome: JobOutcome | void = undefined;
    let message = '';
    try {
      if (!def) throw new Error(`no job ${run.key} in this server`);
      outcome = await def.run({ db: this.db, log: this.log });
    } catch (err) {
      status = 'failed';
      message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      this.log.error({ err, job: run.key }, 'job failed');
    }
    const durationMs = Math.round(performance.now() - t0);
    try {
      await this.finish(run.id, status, durationMs, outcome ?? null, message);
    } catch (err) {
      // The lease then marks it failed; nothing else to do here.
      this.log.error({ err, job: run.key }, 'could not record the end of a job run');
    }
  }

  private async finish(
    runId: number,
    status: 'ok' | 'failed',
    durationMs: number,
    outcome: JobOutcome | null,
    message: string,
  ): Promise<void> {
    // Only a row still running: one the lease already marked failed stays as it is.
    await this.db.execute(
      sql`with done as (
            update job_runs set status = ${status}, finished_at = now(), duration_ms = ${durationMs},
                   message_key = ${outcome?.key ?? null}, message_params = ${JSON.stringify(outcome?.params ?? {})}::jsonb,
                   message = ${message}
            where id = ${runId} and status = 'running'
            returning job_id, started_at)
          update jobs j set last_run_at = d.started_at, last_status = ${status}, last_duration_ms = ${durationMs}, updated_at = now()
          from done d where j.id = d.job_id`,
    );
  }

  private async renewHeartbeats(): Promise<void> {
    const ids = [...this.running.keys()];
    if (!ids.length) return;
    try {
      await this.db.execute(
        sql`update job_runs set heartbeat_at = now() where status = 'running' and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    } catch (err) {
      this.log.warn({ err }, 'could not renew job run heartbeats');
    }
  }

  /**
   * Marks failed the running rows of instances that died: their heartbeat is
   * older than the lease, or (embedded database, at start-up) they belong to
   * another process.
   */
  async sweepOrphans(atStart: boolean): Promise<number> {
    const foreign = atStart && this.options.singleOwner;
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`with orphans as (
            update job_runs set status = 'failed', finished_at = now(),
                   duration_ms = least(extract(epoch from now() - started_at) * 1000, 2147483647)::int,
                   message_key = 'job.orphaned', message_params = jsonb_build_object('instance', instance)
            where status = 'running'
              and (heartbeat_at < now() - make_interval(secs => ${this.options.leaseMs / 1000})
                   or (${foreign} and instance <> ${this.instance.id}))
            returning id, job_id, started_at, duration_ms),
          marked as (
            update jobs j set last_run_at = o.started_at, last_status = 'failed', last_duration_ms = o.duration_ms, updated_at = now()
            from orphans o where j.id = o.job_id)
          select id from orphans`,
    );
    if (rows.length) this.log.warn({ runs: rows.map((r) => r.id) }, 'job runs of a stopped instance marked failed');
    return rows.length;
  }

  /**
   * Graceful stop: no new runs; runs in flight get stopWaitMs to finish, then
   * are marked failed (interrupted) while the database is still open.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    if (this.ticking) await this.ticking.catch(() => undefined);
    const pending = [...this.running.values()];
    if (!pending.length) return;
    let waitTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(pending.map((e) => e.done)),
      new Promise<void>((resolve) => {
        waitTimer = setTimeout(resolve, this.options.stopWaitMs);
      }),
    ]);
    clearTimeout(waitTimer);
    const left = [...this.running.keys()];
    if (!left.length) return;
    await this.db
      .execute(
        sql`with stopped as (
              update job_runs set status = 'failed', finished_at = now(),
                     duration_ms = least(extract(epoch from now() - started_at) * 1000, 2147483647)::int,
                     message_key = 'job.interrupted', message_params = '{}'::jsonb
              where status = 'running' and id in (${sql.join(
                left.map((id) => sql`${id}`),
                sql`, `,
              )})
              returning job_id, started_at, duration_ms)
            update jobs j set last_run_at = s.started_at, last_status = 'failed', last_duration_ms = s.duration_ms, updated_at = now()
            from stopped s where j.id = s.job_id`,
      )
      .catch((err: unknown) => this.log.error({ err }, 'could not mark interrupted job runs'));
  }

  /**
   * What a killed process leaves behind (tests): timers stop, running rows
   * stay running, nothing is written.
   */
  abandon(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    this.running.clear();
  }
}
