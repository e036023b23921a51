import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorSchema, monitorServerSchema, Perm, type InstanceFigures, type MonitorServer } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { requirePerm } from '../../plugins/access.js';

/** How often an instance publishes its figures; rows older than FRESH_S are instances that stopped. */
const PUBLISH_MS = 10_000;
const FRESH_S = 30;

interface PublishedFigures {
  uptimeS: number;
  rssBytes: number;
  heapUsedBytes: number;
  cpuPercent: number;
  eventLoopLagMs: number;
  requests: InstanceFigures['requests'];
}

function ownFigures(app: FastifyInstance): PublishedFigures {
  const p = app.metrics.process;
  return {
    uptimeS: Math.round(process.uptime()),
    rssBytes: p.rssBytes,
    heapUsedBytes: p.heapUsedBytes,
    cpuPercent: p.cpuPercent,
    eventLoopLagMs: p.eventLoopLagMs,
    requests: app.metrics.requests(),
  };
}

async function publish(app: FastifyInstance): Promise<void> {
  const i = app.instance;
  await app.db.execute(
    sql`insert into monitor_instances (id, host, pid, version, started_at, updated_at, figures)
        values (${i.id}, ${i.host}, ${i.pid}, ${i.version}, ${i.startedAt.toISOString()}, now(), ${JSON.stringify(ownFigures(app))}::jsonb)
        on conflict (id) do update set updated_at = now(), figures = excluded.figures`,
  );
}

/** Publishes this instance's figures every 10 s while it listens; its row goes when it stops. */
function schedulePublishing(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    publish(app).catch((err: unknown) => {
      app.log.warn({ err }, 'could not publish the monitor figures');
    });
  app.addHook('onListen', async () => {
    void run();
    timer = setInterval(() => void run(), PUBLISH_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    if (!timer) return;
    await app.db.execute(sql`delete from monitor_instances where id = ${app.instance.id}`).catch(() => undefined);
  });
}

async function readInstances(app: FastifyInstance): Promise<InstanceFigures[]> {
  const rows = await queryRows<{
    id: string;
    host: string;
    pid: number;
    version: string;
    started_at: Date | string;
    updated_at: Date | string;
    figures: PublishedFigures;
  }>(
    app.db,
    sql`select id, host, pid, version, started_at, updated_at, figures from monitor_instances
        where updated_at > now() - make_interval(secs => ${FRESH_S}) order by started_at, id`,
  );
  const self = app.instance;
  // This instance answers with its figures of this moment, published or not (tests and the first 10 s).
  const mine: InstanceFigures = {
    id: self.id,
    host: self.host,
    pid: self.pid,
    version: self.version,
    startedAt: self.startedAt.toISOString(),
    updatedAt: new Date().toISOString(),
    ...ownFigures(app),
    isSelf: true,
  };
  const others = rows
    .filter((r) => r.id !== self.id)
    .map((r): InstanceFigures => ({
      id: r.id,
      host: r.host,
      pid: r.pid,
      version: r.version,
      startedAt: new Date(r.started_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      uptimeS: r.figures.uptimeS,
      rssBytes: r.figures.rssBytes,
      heapUsedBytes: r.figures.heapUsedBytes,
      cpuPercent: r.figures.cpuPercent,
      eventLoopLagMs: r.figures.eventLoopLagMs,
      requests: r.figures.requests,
      isSelf: false,
    }));
  return [mine, ...others];
}

async function readDatabase(app: FastifyInstance): Promise<MonitorServer['db']> {
  const t0 = performance.now();
  await app.database.ping();
  const pingMs = Math.round((performance.now() - t0) * 100) / 100;
  const [size] = await queryRows<{ bytes: number | string }>(app.db, sql`select pg_database_size(current_database()) as bytes`);
  let longestQuery: MonitorServer['db']['longestQuery'] = null;
  if (app.database.kind === 'postgres') {
    const [row] = await queryRows<{ ms: number | string; state: string; query: string }>(
      app.db,
      sql`select (extract(epoch from now() - query_start) * 1000)::float8 as ms, state, left(query, 300) as query
          from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
            and state is not null and state not in ('idle') and query_start is not null
          order by query_start limit 1`,
    );
    if (row) longestQuery = { durationMs: Math.round(Number(row.ms)), state: row.state, query: row.query };
  }
  // The embedded database is one connection inside this process: no pool, nothing waits on a socket.
  const pool = app.database.poolStats?.() ?? { total: 1, idle: 1, waiting: 0 };
  return {
    kind: app.database.kind,
    sizeBytes: Number(size?.bytes ?? 0),
    poolTotal: pool.total,
    poolIdle: pool.idle,
    poolWaiting: pool.waiting,
    pingMs,
    longestQuery,
  };
}

function defineInstancePruneJob(app: FastifyInstance): void {
  app.jobs.define({
    key: 'monitor-instance-prune',
    nameKey: 'job.instancePrune.name',
    descriptionKey: 'job.instancePrune.description',
    cron: '45 * * * *',
    async run({ db }) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from monitor_instances where updated_at < now() - interval '1 day' returning id`,
      );
      return { key: 'job.instancePrune.done', params: { count: rows.length } };
    },
  });
}

export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  schedulePublishing(app);
  defineInstancePruneJob(app);

  app.get(
    '/monitor/server',
    {
      config: { access: requirePerm(Perm.monitorServer, 'global') },
      schema: {
        tags: ['monitor'],
        summary:
          'This instance: uptime, version, memory, CPU, event-loop lag, the database and the last 15 minutes of requests (rate, latency percentiles, 5xx), with a 5-second series; and every live instance’s figures',
        response: { 200: envelopeSchema(monitorServerSchema), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const [db, instances] = await Promise.all([readDatabase(app), readInstances(app)]);
      const p = app.metrics.process;
      const i = app.instance;
      const data: MonitorServer = {
        instance: i.id,
        host: i.host,
        startedAt: i.startedAt.toISOString(),
        uptimeS: Math.round(process.uptime()),
        version: i.version,
        node: process.version,
        pid: i.pid,
        platform: `${os.platform()} ${os.arch()}`,
        cpus: os.availableParallelism(),
        rssBytes: p.rssBytes,
        heapUsedBytes: p.heapUsedBytes,
        heapTotalBytes: p.heapTotalBytes,
        cpuPercent: p.cpuPercent,
        eventLoopLagMs: p.eventLoopLagMs,
        db,
        requests: app.metrics.requests(),
        series: app.metrics.series(),
        instances,
      };
      return { code: 0, msg: 'ok', data };
    },
  );
};
