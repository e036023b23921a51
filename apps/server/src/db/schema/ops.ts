import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './system.js';

// Scheduled jobs and instance figures (issue 19).

/** One row per background job the code defines (lib/jobs): its schedule and last outcome. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** The code's name for the job (its definition's key). */
    key: varchar('key', { length: 64 }).notNull().unique(),
    cron: varchar('cron', { length: 100 }).notNull(),
    timezone: varchar('timezone', { length: 64 }).notNull().default('Asia/Shanghai'),
    enabled: boolean('enabled').notNull().default(true),
    /** The due time the next scheduled run claims; null while disabled. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastStatus: varchar('last_status', { length: 16 }),
    lastDurationMs: integer('last_duration_ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('jobs_last_status_ck', sql`${t.lastStatus} in ('ok', 'failed')`)],
);

export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** schedule | manual */
    trigger: varchar('trigger', { length: 16 }).notNull(),
    /** The cron time a scheduled run is for; null for "run now". */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** running | ok | failed */
    status: varchar('status', { length: 16 }).notNull(),
    /** lib/instance.ts: which server process ran it. */
    instance: varchar('instance', { length: 128 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Renewed while the run is alive; a running row whose heartbeat stops is an orphan of a dead instance. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** A server message key and its params, rendered in the reader's language; or plain text (errors). */
    messageKey: varchar('message_key', { length: 64 }),
    messageParams: jsonb('message_params').notNull().default({}),
    message: varchar('message', { length: 2000 }).notNull().default(''),
  },
  (t) => [
    // Exactly once per due time, whatever the number of instances.
    uniqueIndex('job_runs_due_uq')
      .on(t.jobId, t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    // One run of a job at a time: "run now" while running is refused by this index.
    uniqueIndex('job_runs_one_running_uq')
      .on(t.jobId)
      .where(sql`${t.status} = 'running'`),
    index('job_runs_job_time_idx').on(t.jobId, t.startedAt),
    check('job_runs_status_ck', sql`${t.status} in ('running', 'ok', 'failed')`),
    check('job_runs_trigger_ck', sql`${t.trigger} in ('schedule', 'manual')`),
  ],
);

/** Each running server's figures, published every few seconds for the monitor page of every instance. */
export const monitorInstances = pgTable(
  'monitor_instances',
  {
    id: varchar('id', { length: 128 }).primaryKey(),
    host: varchar('host', { length: 255 }).notNull(),
    pid: integer('pid').notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    figures: jsonb('figures').notNull().default({}),
  },
  (t) => [index('monitor_instances_updated_idx').on(t.updatedAt)],
);
