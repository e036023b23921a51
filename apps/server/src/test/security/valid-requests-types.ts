import type { CampusRecords, SessionUser, World } from './world.js';

/** One concrete request of a route; path parameters already filled in. */
export interface Req {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload with one file field, instead of a JSON body. */
  file?: { name: string; content: string };
}

export interface BuildCtx {
  w: World;
  /** Records the path ids point at. */
  path: CampusRecords;
  /** Records the ids in the body and query point at. */
  ref: CampusRecords;
  /** Who sends it (some bodies depend on the caller, e.g. their own password). */
  caller: SessionUser | null;
}

export interface RouteInputs {
  /** A request the route accepts when caller, campus and ids are right. */
  build(ctx: BuildCtx): Promise<Req> | Req;
  /**
   * What a campus-A caller gets when the ids are campus B's:
   * notFound — 404, the same answer as for an id that never existed;
   * noLeak — the route takes no id of a campus record (or only filters by one): it answers as usual, showing nothing of B.
   */
  foreign: 'notFound' | 'noLeak';
  /** Ids in the body or query point at campus records too (not only the path). */
  hasRefs?: boolean;
  /** The route ends the caller's own session or credentials: the control run needs a caller of its own. */
  consumesCaller?: boolean;
  /** The answer is an endless event stream: read the head, then hang up. */
  isStream?: boolean;
}
