import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';

type Answer = { current: number; ttl: number };
type Callback = (err: Error | null, answer?: Answer) => void;

/**
 * The store behind the per-address sign-in rate limit (`LOGIN_RATE_PER_MIN`),
 * shared by every instance: the attempts of an address in the window are the
 * rows the login log already holds for it (every attempt is logged, refused
 * ones included; index login_logs_ip_time_idx), so N instances allow the
 * limit, not N × the limit, with no extra write.
 *
 * Attempts in flight are not logged yet, so each instance also counts what it
 * let through itself: a burst at one instance stops at the limit before any
 * of it reaches the database or the password hash.
 *
 * Only the sign-in route uses a rate limit (the plugin is registered with
 * `global: false`); a route limiting something else needs its own store.
 */
export function createLoginRateStore(db: Executor) {
  interface Window {
    startMs: number;
    count: number;
  }
  const local = new Map<string, Window>();
  const MAX_ADDRESSES = 10_000;

  function countLocally(ip: string, windowMs: number): Window {
    const now = Date.now();
    let w = local.get(ip);
    if (!w || now - w.startMs >= windowMs) {
      if (!w && local.size >= MAX_ADDRESSES) local.clear();
      w = { startMs: now, count: 0 };
      local.set(ip, w);
    }
    w.count++;
    return w;
  }

  async function countLogged(ip: string, windowMs: number): Promise<Answer> {
    const [row] = await queryRows<{ n: number; ttl_ms: number | null }>(
      db,
      sql`select count(*)::int as n,
                 ceil(extract(epoch from (min(created_at) + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::int as ttl_ms
            from login_logs
           where ip = ${ip} and created_at > now() - make_interval(secs => ${windowMs / 1000})`,
    );
    return { current: row?.n ?? 0, ttl: Math.max(0, row?.ttl_ms ?? windowMs) };
  }

  return class LoginRateStore {
    incr(ip: string, cb: Callback, timeWindow: number, max: number): void {
      const w = countLocally(ip, timeWindow);
      const localTtl = Math.max(0, w.startMs + timeWindow - Date.now());
      if (w.count > max) {
        cb(null, { current: w.count, ttl: localTtl });
        return;
      }
      countLogged(ip, timeWindow).then(
        // This attempt is not logged yet: it is the one after those counted.
        (logged) =>
          cb(null, logged.current + 1 > w.count ? { current: logged.current + 1, ttl: logged.ttl } : { current: w.count, ttl: localTtl }),
        (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): this {
      return this;
    }
  };
}
