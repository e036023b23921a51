import { createHash } from 'node:crypto';
import type { Prepared } from './driver-rows.js';

/**
 * What the list reads remember between requests, held by the app built on a
 * database (app.ts decorates `listCaches`) and dropped with it: nothing here is
 * module state, so two apps or two test databases in one process never share.
 * Every entry is exact only while the campus's kept-count version it was seen
 * at holds; the database holds the version, so many processes are safe.
 */
export class ListCaches {
  /**
   * Keyword totals by campus, table and keyword, each with the kept count's
   * version it was counted at. Any insert, delete, or change of a keyword
   * column in that campus moves the version in the writing transaction, so a
   * total is reused only while it is still exact for the reading statement's
   * snapshot (paging through one search counts once).
   */
  readonly knownTotals = new BoundedMap<KnownTotal>(2_000);
  /**
   * Page boundaries in the default order by campus, table, keyword, page size
   * and page: the row before the page, at a kept-count version. The version
   * also moves when the order's column changes (migration 0011), so while it
   * holds the rows before the boundary are exactly the rows before the page.
   */
  readonly pageMarks = new BoundedMap<PageMark>(5_000);
  /** Prepared statements per database handle (the main pool, the plan-once pool). */
  private readonly preparedByHandle = new WeakMap<object, Map<string, Prepared>>();

  /**
   * A query of the hot read paths, built once per database handle, campus and
   * shape: building SQL cost more CPU than the database's answer to a page.
   * Values are bound per request; the statement is named, so PostgreSQL parses
   * it once per connection (it still plans each prefix pattern on its own while
   * that pays). The name is the key's digest: one key is one SQL text, so two
   * caches on one pool can only ever name the same statement alike.
   */
  prepare(db: object, key: string, build: (name: string) => Prepared): Prepared {
    let cache = this.preparedByHandle.get(db);
    if (!cache) this.preparedByHandle.set(db, (cache = new Map<string, Prepared>()));
    let query = cache.get(key);
    if (!query) {
      if (cache.size >= MAX_PREPARED) cache.clear();
      query = build(`cc_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`);
      cache.set(key, query);
    }
    return query;
  }
}

const MAX_PREPARED = 500;

export interface KnownTotal {
  version: string;
  total: number;
  /** The campus's rows at that version. */
  rows: number;
}

export interface PageMark {
  version: string;
  key: string;
  id: number;
}

/** A Map that drops its oldest entry beyond `max` (a Map keeps insertion order). */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Sets `key` as the newest entry. */
  remember(key: string, value: V): void {
    const map = this.entries;
    map.delete(key);
    if (map.size >= this.max) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, value);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The read caches of the campus resources, one per app (app.ts). */
    listCaches: ListCaches;
  }
}
