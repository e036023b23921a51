import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Purges shortly after the server listens, then daily; the timers never keep the process alive. */
export function scheduleOperlogRetention(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const n = await purgeOperlogs(app.db, app.config.operlogRetentionDays);
      if (n) app.log.info({ purged: n, retentionDays: app.config.operlogRetentionDays }, 'operation log retention');
    } catch (err) {
      app.log.error({ err }, 'operation log retention failed');
    }
  };
  let first: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    // In the background: start-up does not wait on a delete over a big log.
    first = setTimeout(() => void run(), 1_000);
    first.unref();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
