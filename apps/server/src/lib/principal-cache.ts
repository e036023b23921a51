/**
 * In-process cache of resolved sessions (token hash → principal), so a request
 * costs no session query. It is only trusted while the change feed is live:
 * every change to what a principal is built from (session, user, roles, perms,
 * campuses) arrives as a notification and evicts the entries it touches. While
 * the feed is down the cache answers nothing and stores nothing.
 *
 * A generation counter closes the race of a read that started before an
 * invalidation and finishes after it: its (possibly stale) answer is not stored.
 */
export interface CachedPrincipal<P> {
  principal: P;
  userId: number;
  /** ms epoch: the earlier of the session's expiry and the safety-net TTL. */
  expiresAt: number;
}

export interface PrincipalCacheOptions {
  maxEntries: number;
  /** Safety net only: notifications do the real work. 0 disables the cache. */
  ttlMs: number;
  now?: () => number;
}

/** Notification payloads: `u:<user id>` for one user, `*` for anyone. */
export const PRINCIPAL_CHANNEL = 'cc_principal';

export class PrincipalCache<P> {
  private readonly entries = new Map<string, CachedPrincipal<P>>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private live = false;
  private readonly now: () => number;

  constructor(private readonly options: PrincipalCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get isEnabled(): boolean {
    return this.options.ttlMs > 0;
  }

  get isLive(): boolean {
    return this.live && this.isEnabled;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The feed came up (true) or went down (false); either way nothing cached before can be trusted. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  /** Call before reading the database; pass the answer to `store`. */
  startRead(): number {
    return this.generation;
  }

  get(tokenHash: string): P | undefined {
    if (!this.isLive) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(tokenHash, entry.userId);
      return undefined;
    }
    // Least recently used goes first: re-insert to move it to the end.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.principal;
  }

  store(tokenHash: string, userId: number, principal: P, sessionExpiresAt: number, readGeneration: number): void {
    if (!this.isLive || readGeneration !== this.generation) return;
    const expiresAt = Math.min(sessionExpiresAt, this.now() + this.options.ttlMs);
    const old = this.entries.get(tokenHash);
    if (old) this.remove(tokenHash, old.userId);
    this.entries.set(tokenHash, { principal, userId, expiresAt });
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(tokenHash);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1].userId);
    }
  }

  /** Applies one notification payload; anything unrecognised clears everything. */
  invalidate(payload: string): void {
    const m = /^u:(\d+)$/.exec(payload);
    if (m) this.invalidateUser(Number(m[1]));
    else this.clear();
  }

  invalidateUser(userId: number): void {
    this.generation++;
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const hash of set) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(tokenHash);
    if (set.size === 0) this.byUser.delete(userId);
  }
}
