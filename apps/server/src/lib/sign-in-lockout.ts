import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/config.js';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { tooMany } from './app-error.js';

/**
 * Counts a failure toward the user's lockout: a wrong password, or a wrong
 * second-factor code (at sign-in or when turning the app off). One statement,
 * so concurrent failures count exactly (decision 002).
 */
export async function noteFailure(db: Executor, config: AppConfig, userId: number): Promise<void> {
  await db.execute(sql`update users set
      locked_until = case when failed_logins + 1 >= ${config.loginLockThreshold}
                          then now() + make_interval(mins => ${config.loginLockMinutes}) else locked_until end,
      failed_logins = case when failed_logins + 1 >= ${config.loginLockThreshold} then 0 else failed_logins + 1 end
    where id = ${userId}`);
}

/** A locked account is refused (429 with Retry-After) wherever codes are checked, not only at sign-in. */
export async function assertNotLockedOut(db: Executor, userId: number): Promise<void> {
  const [row] = await queryRows<{ locked_until: Date | null }>(db, sql`select locked_until from users where id = ${userId}`);
  const until = row?.locked_until ? new Date(row.locked_until).getTime() : 0;
  if (until > Date.now()) throw tooMany('auth.locked', (until - Date.now()) / 1000);
}
