import pg from 'pg';
import { describeHosts, formatHost, DEFAULT_PORT, type SessionAttrs, type HostAddress, type DatabaseUrl } from '../config/database-url.js';
/**
 * libpq's multi-host URLs for node-postgres, which reads one host only:
 * `postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`. A
 * `HostLocator` finds the host that answers the wanted role, and the client
 * class it makes connects there, checks the role, and sends the locator looking
 * again when that host is lost — so the pools and the LISTEN connection follow
 * a failover without a restart (docs/deploy.md, tests/system/failover.pg.test.ts).
 */

export interface HostRole {
  isStandby: boolean;
  isReadOnly: boolean;
}

export function qualifies(attrs: SessionAttrs, role: HostRole): boolean {
  switch (attrs) {
    case 'read-write':
      return !role.isReadOnly;
    case 'primary':
      return !role.isStandby;
    case 'read-only':
      return role.isReadOnly;
    case 'standby':
    case 'prefer-standby':
      return role.isStandby;
    case 'any':
      return true;
  }
}

const ROLE_SQL = "select pg_is_in_recovery() as standby, current_setting('transaction_read_only') = 'on' as read_only";

async function readRole(client: pg.ClientBase): Promise<HostRole> {
  const { rows } = await client.query<{ standby: boolean; read_only: boolean }>(ROLE_SQL);
  return { isStandby: Boolean(rows[0]?.standby), isReadOnly: Boolean(rows[0]?.read_only) };
}

/** No host answers the wanted role right now: the error handler answers 503 (SQLSTATE class 08). */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  readonly code = '08001';
}

export type DbLog = (level: 'info' | 'warn', msg: string) => void;

export interface HostLocatorOptions {
  url: DatabaseUrl;
  connectTimeoutMs: number;
  log: DbLog;
  /** Who the probes are, for pg_stat_activity. */
  applicationName: string;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Test seam: what a host is (null: unreachable). */
  probe?: (host: HostAddress) => Promise<HostRole | null>;
}

const sameHost = (a: HostAddress | null, b: HostAddress | null) => Boolean(a && b && a.host === b.host && a.port === b.port);

function describeError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(' ') || String(err);
}

/**
 * Knows which host new connections go to. One search at a time probes every
 * host; while none qualifies it searches again with back-off, and callers are
 * told at once (503) instead of waiting. One log line when a host is lost, one
 * when another (or the same) is found.
 */
export class HostLocator {
  readonly url: DatabaseUrl;
  private current: HostAddress | null = null;
  private search: Promise<HostAddress | null> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private backoffMs: number;
  private lostAt: number | null = null;
  private lastKnown: HostAddress | null = null;
  private closed = false;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: HostLocatorOptions) {
    this.url = options.url;
    this.minBackoffMs = options.minBackoffMs ?? 200;
    this.maxBackoffMs = options.maxBackoffMs ?? 2_000;
    this.backoffMs = this.minBackoffMs;
    this.startSearch();
  }

  get host(): HostAddress | null {
    return this.current;
  }

  private get wanted(): string {
    return `host with target_session_attrs=${this.url.sessionAttrs} among ${describeHosts(this.url.hosts)}`;
  }

  /** The host to connect to; waits for a search in progress (at most `timeoutMs`), else fails at once. */
  async pick(timeoutMs: number): Promise<HostAddress> {
    if (this.current) return this.current;
    const search = this.search;
    if (!search) throw new DatabaseUnavailableError(`database unavailable: no ${this.wanted}; looking again`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const found = await Promise.race([search, timeout]).finally(() => clearTimeout(timer));
    if (!found) throw new DatabaseUnavailableError(`database unavailable: no ${this.wanted} answered in time`);
    return found;
  }

  /** A connection to `host` failed or it no longer has the role: stop sending connections there and look again. */
  reportLost(host: HostAddress, reason: string): void {
    if (this.closed || !sameHost(host, this.current)) return;
    this.current = null;
    this.lostAt = performance.now();
    this.options.log('warn', `database: lost ${formatHost(host)} (${reason}); looking for a ${this.wanted}`);
    this.backoffMs = this.minBackoffMs;
    clearTimeout(this.retry);
    if (!this.search) this.startSearch();
  }

  /** A connection to `host` broke: check in the background whether it still has the role, using it meanwhile. */
  recheck(host: HostAddress): void {
    if (this.closed || this.search || !sameHost(host, this.current)) return;
    this.startSearch();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
  }

  private startSearch(): void {
    const search = this.findHost().then((found) => {
      this.search = null;
      if (this.closed) return null;
      this.settle(found);
      return found;
    });
    this.search = search;
  }

  private settle(found: HostAddress | null): void {
    if (found) {
      const switched = !sameHost(found, this.lastKnown);
      if (this.lostAt !== null || switched) {
        const after = this.lostAt === null ? '' : ` after ${((performance.now() - this.lostAt) / 1000).toFixed(1)} s without one`;
        const was = this.lastKnown ? `; was ${formatHost(this.lastKnown)}` : '';
        this.options.log(
          this.lastKnown ? 'warn' : 'info',
          `database: ${this.lastKnown ? (switched ? 'switched to' : 'back on') : 'using'} ${formatHost(found)} (${this.url.sessionAttrs})${after}${was}`,
        );
      }
      this.current = found;
      this.lastKnown = found;
      this.lostAt = null;
      this.backoffMs = this.minBackoffMs;
      return;
    }
    if (this.current) {
      this.options.log('warn', `database: lost ${formatHost(this.current)} (it no longer answers as wanted); looking for a ${this.wanted}`);
      this.current = null;
    }
    if (this.lostAt === null) {
      this.lostAt = performance.now();
      if (!this.lastKnown) this.options.log('warn', `database: no ${this.wanted} yet; looking again with back-off`);
    }
    this.retry = setTimeout(() => {
      if (!this.closed && !this.search && !this.current) this.startSearch();
    }, this.backoffMs);
    this.retry.unref();
    this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
  }

  /** Probes every host at once: the first to answer with the role wins (prefer-standby: else the first that answered, in list order). */
  private async findHost(): Promise<HostAddress | null> {
    const { hosts, sessionAttrs } = this.url;
    const probe = this.options.probe ?? ((h: HostAddress) => this.probe(h));
    const roles: (HostRole | null | undefined)[] = hosts.map(() => undefined);
    return new Promise((resolve) => {
      let pending = hosts.length;
      const finish = () => {
        if (sessionAttrs !== 'prefer-standby') return resolve(null);
        const index = roles.findIndex((r) => r !== null && r !== undefined);
        resolve(index >= 0 ? (hosts[index] ?? null) : null);
      };
      if (!pending) return finish();
      hosts.forEach((host, i) => {
        void probe(host)
          .catch(() => null)
          .then((role) => {
            roles[i] = role;
            if (role && qualifies(sessionAttrs, role)) resolve(host);
            if (--pending === 0) finish();
          });
      });
    });
  }

  private async probe(host: HostAddress): Promise<HostRole | null> {
    const client = new pg.Client({
      connectionString: this.url.urlFor(host),
      connectionTimeoutMillis: this.options.connectTimeoutMs,
      query_timeout: this.options.connectTimeoutMs,
      application_name: this.options.applicationName,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await readRole(client);
    } catch {
      return null;
    } finally {
      client.end().catch(() => undefined);
    }
  }
}

/** A failure of the host itself (not of a password or a database name): worth looking for another. */
function isHostFailure(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return /^(08|57P)/.test(code);
  return true;
}

/**
 * A node-postgres client class (for a pool's `Client`, or `new` for LISTEN)
 * that connects to the locator's host, checks the role there, and reports the
 * host lost when it cannot.
 */
export function createFailoverClientClass(locator: HostLocator, connectTimeoutMs: number): typeof pg.Client {
  const firstUrl = locator.url.urlFor(locator.url.hosts[0] ?? { host: 'localhost', port: DEFAULT_PORT });
  return class FailoverClient extends pg.Client {
    private target: HostAddress | null = null;

    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? {} : config), connectionString: firstUrl });
      // A broken connection: is the host gone? (The pool or the owner handles the client itself.)
      this.on('error', () => {
        if (this.target) locator.recheck(this.target);
      });
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const connected = this.connectToLocated();
      if (!callback) return connected;
      connected.then(
        () => callback(null as unknown as Error),
        (err: Error) => callback(err),
      );
    }

    private async connectToLocated(): Promise<pg.Client> {
      const host = await locator.pick(connectTimeoutMs);
      // The pool gives up after its connect timeout by destroying the socket; do not use it after that.
      if (this.connection.stream.destroyed) throw new DatabaseUnavailableError('database unavailable: connect timeout');
      this.host = host.host;
      this.port = host.port;
      this.target = host;
      try {
        await super.connect();
      } catch (err) {
        if (isHostFailure(err)) locator.reportLost(host, describeError(err));
        throw err;
      }
      let role: HostRole;
      try {
        role = await readRole(this);
      } catch (err) {
        await this.end().catch(() => undefined);
        throw err;
      }
      if (!qualifies(locator.url.sessionAttrs, role)) {
        locator.reportLost(host, role.isStandby ? 'it is a standby now' : 'it is read-only now');
        await this.end().catch(() => undefined);
        throw new DatabaseUnavailableError(`database unavailable: ${formatHost(host)} no longer accepts writes`);
      }
      return this;
    }
  };
}
