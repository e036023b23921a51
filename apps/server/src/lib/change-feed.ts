import type pg from 'pg';

/**
 * One LISTEN channel on a dedicated PostgreSQL connection (a pooled one would
 * drop it on release). It reports when it is live and when it is not, and
 * reconnects after a database restart or a lost connection; a heartbeat finds
 * a connection that died silently.
 */
export interface ChangeFeed {
  /**
   * Resolves true once every notification committed before the call has been
   * handled (PostgreSQL delivers pending notifications on a listening
   * connection before it answers a query there); false while the feed is down.
   * Concurrent callers share one round trip.
   */
  catchUp(): Promise<boolean>;
  /** Settles after the first attempt to listen (it keeps retrying after a failure). */
  started: Promise<void>;
  close(): Promise<void>;
}

export interface PgChangeFeedOptions {
  /** A new connection of the feed's own (Database.createClient: it follows a failover like the pools). */
  createClient: (config: Omit<pg.ClientConfig, 'connectionString'>) => pg.Client;
  channel: string;
  onPayload: (payload: string) => void;
  /** true once LISTEN is in place, false as soon as the connection is in doubt. */
  onLive: (live: boolean) => void;
  onError: (err: unknown) => void;
  connectTimeoutMs: number;
  heartbeatMs?: number;
  maxBackoffMs?: number;
}

/** Connects in the background: start-up does not wait, the feed reports live when it is. */
export function startPgChangeFeed(options: PgChangeFeedOptions): ChangeFeed {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  let client: pg.Client | null = null;
  let closed = false;
  let backoffMs = 250;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const drop = (target: pg.Client, err?: unknown) => {
    if (client !== target) return; // an old connection reporting late
    client = null;
    clearInterval(heartbeat);
    options.onLive(false);
    if (err) options.onError(err);
    target.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(() => void connect(), backoffMs);
    retry.unref();
    backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = options.createClient({
      keepAlive: true,
      connectionTimeoutMillis: options.connectTimeoutMs,
      query_timeout: options.connectTimeoutMs,
      application_name: 'campus-console-listen',
    });
    client = next;
    next.on('error', (err) => drop(next, err));
    next.on('end', () => drop(next));
    next.on('notification', (msg) => {
      if (msg.channel === options.channel) options.onPayload(msg.payload ?? '*');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (err) {
      drop(next, err);
      return;
    }
    if (closed || client !== next) return;
    backoffMs = 250;
    options.onLive(true);
    heartbeat = setInterval(() => {
      next.query('select 1').catch((err: unknown) => drop(next, err));
    }, heartbeatMs);
    heartbeat.unref();
  };

  // A round trip counts for a caller only if it is sent after the call; one
  // not yet sent (queued behind the one in flight) is shared by all who wait.
  let unsent: Promise<boolean> | null = null;
  let inFlight: Promise<unknown> = Promise.resolve();
  const roundTrip = async (): Promise<boolean> => {
    unsent = null;
    const current = client;
    if (!current) return false;
    try {
      await current.query('select 1');
      return client === current;
    } catch (err) {
      drop(current, err);
      return false;
    }
  };

  const started = connect();
  return {
    started,
    catchUp() {
      if (!client) return Promise.resolve(false);
      if (unsent) return unsent;
      const next = inFlight.then(roundTrip);
      unsent = next;
      inFlight = next;
      return next;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      options.onLive(false);
      await current?.end().catch(() => undefined);
    },
  };
}
