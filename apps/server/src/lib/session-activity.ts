import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

const MAX_BATCH = 500;

/**
 * When each session was last used, kept in memory and written in batches: a
 * request costs a Map write, and each session's `last_seen_at` is written at
 * most once per flush (every minute by default) in one statement for all the
 * sessions seen meanwhile. "Last seen" is so at most a minute (and one
 * instance's pending batch) behind; readers that list sessions flush first.
 * The update touches no column the session-cache trigger watches, so it
 * evicts nothing.
 */
export class SessionActivity {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  touch(sessionId: number, nowMs = Date.now()): void {
    this.pending.set(sessionId, nowMs);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Writes what was seen since the last flush; concurrent calls share the write in progress and then write the rest. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending = new Map();
    for (let i = 0; i < batch.length; i += MAX_BATCH) {
      const rows = batch.slice(i, i + MAX_BATCH).map(([id, ms]) => sql`(${id}::bigint, ${new Date(ms).toISOString()}::timestamptz)`);
      try {
        await this.db.execute(
          sql`update sessions s set last_seen_at = greatest(s.last_seen_at, v.seen)
              from (values ${sql.join(rows, sql`, `)}) as v(id, seen) where s.id = v.id`,
        );
      } catch (err) {
        // Last-seen times are a convenience: a lost batch is not worth failing anything for.
        this.onError(err);
      }
    }
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
