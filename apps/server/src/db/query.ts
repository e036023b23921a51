import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Runs raw SQL on either driver; both answer with `rows`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
