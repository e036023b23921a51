import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/**
 * Deletes operation-log rows older than the retention age: the only deletion
 * the log allows (its trigger refuses rows younger than a day).
 */
export async function purgeOperlogs(db: Executor, retentionDays: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from oper_logs where created_at < now() - make_interval(days => ${retentionDays}) returning id`,
  );
  return rows.length;
}

/** The purge as a scheduled job (lib/jobs): daily at 03:30 by default, one instance per due time. */
export function defineOperlogPurgeJob(app: FastifyInstance): void {
  const days = app.config.operlogRetentionDays;
  app.jobs.define({
    key: 'operlog-purge',
    nameKey: 'job.operlogPurge.name',
    descriptionKey: 'job.operlogPurge.description',
    cron: '30 3 * * *',
    async run({ db, log }) {
      const n = await purgeOperlogs(db, days);
      if (n) log.info({ purged: n, retentionDays: days }, 'operation log retention');
      return { key: 'job.operlogPurge.done', params: { count: n, days } };
    },
  });
}
