import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

/**
 * Ended sessions are kept a while so their token still answers "session ended"
 * (50012) or "expired" (50014) rather than "unknown" (50008); after that they
 * are only rows.
 */
export const ENDED_SESSION_KEEP_DAYS = 7;

export async function deleteEndedSessions(db: Executor, keepDays = ENDED_SESSION_KEEP_DAYS): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from sessions
        where expires_at < now() - make_interval(days => ${keepDays})
           or revoked_at < now() - make_interval(days => ${keepDays})
        returning id`,
  );
  return rows.length;
}

export function defineSessionCleanupJob(app: FastifyInstance): void {
  app.jobs.define({
    key: 'session-cleanup',
    nameKey: 'job.sessionCleanup.name',
    descriptionKey: 'job.sessionCleanup.description',
    descriptionParams: { days: ENDED_SESSION_KEEP_DAYS },
    cron: '15 * * * *',
    async run({ db }) {
      return { key: 'job.sessionCleanup.done', params: { count: await deleteEndedSessions(db) } };
    },
  });
}
