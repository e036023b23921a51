import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cronPreviewQuerySchema,
  cronPreviewSchema,
  envelopeSchema,
  errorSchema,
  formatMessage,
  formatStoredText,
  idParamsSchema,
  jobItemSchema,
  jobRunQuerySchema,
  jobRunSchema,
  jobRunStartedSchema,
  jobUpdateSchema,
  pageSchema,
  Perm,
  type JobItem,
  type JobRun,
  type Locale,
  type MessageParams,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { describeCron, nextCronTimes, parseCron } from '../../lib/jobs/cron.js';
import { getPrincipal, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const operlog = (action: string) => ({ module: 'system:job', action });

/** Run records older than this are deleted by the history purge job. */
const RUN_KEEP_DAYS = 90;

interface JobRow {
  id: number;
  key: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  next_run_at: Date | string | null;
  last_run_at: Date | string | null;
  last_status: 'ok' | 'failed' | null;
  last_duration_ms: number | null;
  running: boolean;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

async function readJobs(db: Executor, id?: number): Promise<JobRow[]> {
  return queryRows<JobRow>(
    db,
    sql`select j.id, j.key, j.cron, j.timezone, j.enabled, j.next_run_at, j.last_run_at, j.last_status, j.last_duration_ms,
               exists (select 1 from job_runs r where r.job_id = j.id and r.status = 'running') as running
        from jobs j ${id === undefined ? sql`` : sql`where j.id = ${id}`}
        order by j.id`,
  );
}

function toItem(app: FastifyInstance, row: JobRow, locale: Locale): JobItem | null {
  const def = app.jobs.definition(row.key);
  // A row whose job left the code stays in the database (its history) but is no job of this server.
  if (!def) return null;
  return {
    id: row.id,
    key: row.key,
    name: formatMessage(locale, def.nameKey),
    description: formatMessage(locale, def.descriptionKey, def.descriptionParams),
    cron: row.cron,
    cronText: describeCron(row.cron, locale),
    timezone: row.timezone,
    enabled: row.enabled,
    running: Boolean(row.running),
    lastRunAt: iso(row.last_run_at),
    lastStatus: row.last_status,
    lastDurationMs: row.last_duration_ms,
    nextRunAt: iso(row.next_run_at),
  };
}

async function findJob(app: FastifyInstance, db: Executor, id: number): Promise<JobRow> {
  const [row] = await readJobs(db, id);
  if (!row || !app.jobs.definition(row.key)) throw notFound('job');
  return row;
}

function checkCron(cron: string, timezone: string, locale: Locale): void {
  const check = parseCron(cron, timezone);
  if (!check.ok) throw badRequest('job.badCron', { field: 'cron', reason: formatMessage(locale, `job.cronReason.${check.reason}`) });
}

function defineHistoryPurgeJob(app: FastifyInstance): void {
  app.jobs.define({
    key: 'job-history-purge',
    nameKey: 'job.historyPurge.name',
    descriptionKey: 'job.historyPurge.description',
    descriptionParams: { days: RUN_KEEP_DAYS },
    cron: '0 4 * * *',
    async run({ db }) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`delete from job_runs where status <> 'running' and started_at < now() - make_interval(days => ${RUN_KEEP_DAYS}) returning id`,
      );
      return { key: 'job.historyPurge.done', params: { count: rows.length } };
    },
  });
}

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scheduled jobs are their modules' (todo scan, log purge, session cleanup...); this one keeps the history short.
  defineHistoryPurgeJob(app);

  app.get(
    '/system/jobs',
    {
      config: { access: requirePerm(Perm.jobList, 'global') },
      schema: {
        tags,
        summary: 'Every scheduled background job of the server: cron, next and last run, status and duration',
        response: { 200: envelopeSchema(z.array(jobItemSchema)), ...errors },
      },
    },
    async (request) => {
      const rows = await readJobs(app.db);
      const data = rows.map((r) => toItem(app, r, request.locale)).filter((j): j is JobItem => j !== null);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.get(
    '/system/jobs/cron-preview',
    {
      config: { access: requirePerm(Perm.jobList, 'global') },
      schema: {
        tags,
        summary: 'A cron expression in words and its next five run times (a bad expression is a 400 naming cron)',
        querystring: cronPreviewQuerySchema,
        response: { 200: envelopeSchema(cronPreviewSchema), ...errors },
      },
    },
    async (request) => {
      const timezone = request.query.timezone || app.config.jobTimezone;
      try {
        new Intl.DateTimeFormat('en', { timeZone: timezone });
      } catch {
        throw badRequest('job.badTimezone', { field: 'timezone' });
      }
      const cron = request.query.cron;
      checkCron(cron, timezone, request.locale);
      const next = nextCronTimes(cron, timezone, new Date(), 5).map((d) => d.toISOString());
      return { code: 0, msg: 'ok', data: { cron, description: describeCron(cron, request.locale), timezone, next } };
    },
  );

  app.put(
    '/system/jobs/:id',
    {
      config: { access: requirePerm(Perm.jobEdit, 'global'), operlog: operlog('edit') },
      schema: {
        tags,
        summary: 'Change a job’s cron (validated) or switch it on or off; the next run is worked out again',
        params: idParamsSchema,
        body: jobUpdateSchema,
        response: { 200: envelopeSchema(jobItemSchema), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const existing = await findJob(app, app.db, id);
      const cron = body.cron ?? existing.cron;
      checkCron(cron, existing.timezone, request.locale);
      const enabled = body.enabled ?? existing.enabled;
      const row = await runLoggedTransaction(request, async (tx) => {
        // Re-enabling or a new cron counts from now: runs missed while off do not pile up.
        const next = enabled ? (nextCronTimes(cron, existing.timezone, new Date(), 1)[0]?.toISOString() ?? null) : null;
        await tx.execute(
          sql`update jobs set cron = ${cron}, enabled = ${enabled}, next_run_at = ${next}, updated_at = now() where id = ${id}`,
        );
        return findJob(app, tx, id);
      });
      app.jobs.wake();
      const item = toItem(app, row, request.locale);
      if (!item) throw notFound('job');
      return { code: 0, msg: 'ok', data: item };
    },
  );

  app.post(
    '/system/jobs/:id/run',
    {
      config: { access: requirePerm(Perm.jobRun, 'global'), operlog: operlog('run') },
      schema: {
        tags,
        summary: 'Run a job now, once, on this instance (in the background); 409 while it is running',
        params: idParamsSchema,
        response: { 200: envelopeSchema(jobRunStartedSchema), ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const job = await findJob(app, app.db, request.params.id);
      const run = await runLoggedTransaction(request, (tx) => app.jobs.claimManual(tx, job.id, job.key, getPrincipal(request).userId));
      void app.jobs.launch(run);
      return { code: 0, msg: 'ok', data: { runId: run.id } };
    },
  );

  app.get(
    '/system/jobs/:id/runs',
    {
      config: { access: requirePerm(Perm.jobList, 'global') },
      schema: {
        tags,
        summary: 'The runs of a job, newest first, with their instance, duration and message',
        params: idParamsSchema,
        querystring: jobRunQuerySchema,
        response: { 200: envelopeSchema(pageSchema(jobRunSchema)), ...errors },
      },
    },
    async (request) => {
      const job = await findJob(app, app.db, request.params.id);
      const { page, pageSize, status } = request.query;
      const where = sql`r.job_id = ${job.id} ${status ? sql`and r.status = ${status}` : sql``}`;
      const [rows, [counted]] = await Promise.all([
        queryRows<{
          id: number | string;
          trigger: JobRun['trigger'];
          due_at: Date | string | null;
          started_at: Date | string;
          finished_at: Date | string | null;
          duration_ms: number | null;
          status: JobRun['status'];
          instance: string;
          username: string | null;
          message_key: string | null;
          message_params: MessageParams | null;
          message: string;
        }>(
          app.db,
          sql`select r.id, r.trigger, r.due_at, r.started_at, r.finished_at, r.duration_ms, r.status, r.instance,
                     u.username, r.message_key, r.message_params, r.message
              from job_runs r left join users u on u.id = r.user_id
              where ${where}
              order by r.started_at desc, r.id desc
              limit ${pageSize} offset ${(page - 1) * pageSize}`,
        ),
        queryRows<{ n: number | string }>(app.db, sql`select count(*) as n from job_runs r where ${where}`),
      ]);
      const list: JobRun[] = rows.map((r) => ({
        id: Number(r.id),
        jobId: job.id,
        trigger: r.trigger,
        dueAt: iso(r.due_at),
        startedAt: new Date(r.started_at).toISOString(),
        finishedAt: iso(r.finished_at),
        durationMs: r.duration_ms,
        status: r.status,
        instance: r.instance,
        username: r.username,
        message: r.message_key ? formatStoredText(request.locale, r.message_key, r.message_params ?? {}) : r.message,
      }));
      return { code: 0, msg: 'ok', data: { list, total: Number(counted?.n ?? 0), page, pageSize } };
    },
  );
};
