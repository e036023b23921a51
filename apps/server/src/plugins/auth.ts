import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ALL_PERMS, ResultCode, type DataScope } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { sessions } from '../db/schema/system.js';
import { AppError } from '../lib/app-error.js';
import { startPgChangeFeed, type ChangeFeed } from '../lib/change-feed.js';
import { combineDataScopes, type RoleReach } from '../lib/data-scope.js';
import { PRINCIPAL_CHANNEL, PrincipalCache } from '../lib/principal-cache.js';
import { createToken, hashToken, isWellFormedToken } from '../lib/tokens.js';

/** Who is calling, resolved from the bearer token on every request. */
export interface Principal {
  userId: number;
  username: string;
  sessionId: number;
  perms: readonly string[];
  camIds: readonly number[];
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** The role this session switched to, while the user holds it; null: all their roles. */
  activeRoleId: number | null;
  /** A held role requires a second factor and the user has none: only the user center is open. */
  mustEnrolMfa: boolean;
  /** How far the acting roles reach inside a campus; null: every student of the campus (lib/data-scope.ts). */
  reach: RoleReach | null;
}

interface SessionRow {
  session_id: number;
  user_id: number;
  username: string;
  user_status: string;
  must_change_password: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  perms: string[] | null;
  cam_ids: number[] | null;
  is_admin: boolean;
  active_role_id: number | null;
  must_enrol_mfa: boolean;
  data_scopes: DataScope[] | null;
}

const sessionError = (code: number, key: 'auth.noToken' | 'auth.tokenInvalid' | 'auth.sessionEnded' | 'auth.sessionExpired') =>
  new AppError(401, code, key);

export function readBearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.*)$/i.exec(header.trim());
  const token = m?.[1]?.trim();
  return token ? token : null;
}

/**
 * One round trip: session, user, perms of the roles the session acts in,
 * campuses. Roles and perms are read fresh, so a change applies on the next
 * request. A session acts in all the user's active roles, or in the one it
 * switched to while the user still holds it (issue 24: "switch roles").
 */
async function readPrincipal(db: Executor, tokenHash: string): Promise<{ principal: Principal; expiresAt: number }> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select s.id as session_id, u.id as user_id, u.username, u.status as user_status,
          u.must_change_password, s.expires_at, s.revoked_at,
          (select array_agg(distinct p.code) from role_perms rp join perms p on p.id = rp.perm_id
           where rp.role_id = any(er.role_ids)) as perms,
          (select array_agg(uc.cam_id order by uc.cam_id) from user_campuses uc where uc.user_id = u.id) as cam_ids,
          coalesce(er.is_admin, false) as is_admin, er.active_role_id, er.data_scopes,
          -- Any held role counts, not only the acting one: switching roles must not step around it.
          (exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.status = 'active' and r.require_mfa
                   where ur.user_id = u.id)
           and not exists (select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null)
           and not exists (select 1 from user_passkeys pk where pk.user_id = u.id)) as must_enrol_mfa
        from sessions s join users u on u.id = s.user_id
        left join lateral (
          select array_agg(r.id) filter (where acting) as role_ids,
                 bool_or(r.code = 'admin') filter (where acting) as is_admin,
                 max(r.id) filter (where r.id = s.active_role_id) as active_role_id,
                 jsonb_agg(r.data_scope) filter (where acting) as data_scopes
          from user_roles ur join roles r on r.id = ur.role_id and r.status = 'active',
               lateral (select s.active_role_id is null or r.id = s.active_role_id
                          or not exists (select 1 from user_roles h join roles hr on hr.id = h.role_id and hr.status = 'active'
                                         where h.user_id = u.id and hr.id = s.active_role_id)) a(acting)
          where ur.user_id = u.id
        ) er on true
        where s.token_hash = ${tokenHash}`,
  );
  if (!row) throw sessionError(ResultCode.tokenInvalid, 'auth.tokenInvalid');
  if (row.revoked_at || row.user_status !== 'active') throw sessionError(ResultCode.sessionEnded, 'auth.sessionEnded');
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= Date.now()) throw sessionError(ResultCode.sessionExpired, 'auth.sessionExpired');
  const perms = Object.freeze(row.perms ?? []);
  const isAdmin = row.is_admin || perms.includes(ALL_PERMS);
  const principal: Principal = Object.freeze({
    userId: row.user_id,
    username: row.username,
    sessionId: Number(row.session_id),
    perms,
    camIds: Object.freeze((row.cam_ids ?? []).map(Number)),
    isAdmin,
    mustChangePassword: row.must_change_password,
    activeRoleId: row.active_role_id,
    mustEnrolMfa: row.must_enrol_mfa,
    reach: isAdmin ? null : combineDataScopes(row.data_scopes ?? []),
  });
  return { principal, expiresAt };
}

function hashBearer(authorization: string | undefined): string {
  const token = readBearer(authorization);
  if (!token) throw sessionError(ResultCode.noToken, 'auth.noToken');
  if (!isWellFormedToken(token)) throw sessionError(ResultCode.tokenInvalid, 'auth.tokenInvalid');
  return hashToken(token);
}

/** The principal straight from the database, no cache (long-lived streams re-check with it). */
export async function resolvePrincipal(db: Executor, authorization: string | undefined): Promise<Principal> {
  return (await readPrincipal(db, hashBearer(authorization))).principal;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved sessions of this instance; evicted by the change feed (see registerSessionCache). */
    principalCache: PrincipalCache<Principal>;
    principalFeed: Pick<ChangeFeed, 'catchUp' | 'started'>;
  }
}

/**
 * The principal of a request: from this instance's cache while the change
 * feed is live, else one query. Refusals are never cached.
 */
export async function resolveRequestPrincipal(app: FastifyInstance, authorization: string | undefined): Promise<Principal> {
  const tokenHash = hashBearer(authorization);
  const cache = app.principalCache;
  // A hit is trusted only once the feed has caught up with every change
  // committed before this request came in (by any instance); then it is read again.
  if (cache.get(tokenHash) && (await app.principalFeed.catchUp())) {
    const cached = cache.get(tokenHash);
    if (cached) return cached;
  }
  const generation = cache.startRead();
  const { principal, expiresAt } = await readPrincipal(app.db, tokenHash);
  cache.store(tokenHash, principal.userId, principal, expiresAt, generation);
  return principal;
}

/**
 * Sets up the session cache and its change feed: database triggers (migration
 * 0005) notify cc_principal on every change a principal is built from; on
 * PostgreSQL a dedicated LISTEN connection of each instance hears them on
 * commit, on PGlite the one in-process connection does. Until the feed is
 * live, and whenever it drops, the cache is bypassed.
 */
export function registerSessionCache(app: FastifyInstance): void {
  const { config, database } = app;
  const cache = new PrincipalCache<Principal>({ maxEntries: config.sessionCacheMax, ttlMs: config.sessionCacheTtlS * 1000 });
  app.decorate('principalCache', cache);
  const onPayload = (payload: string) => cache.invalidate(payload);
  let feed: Pick<ChangeFeed, 'catchUp' | 'started' | 'close'> = {
    catchUp: async () => false,
    started: Promise.resolve(),
    close: async () => undefined,
  };
  // Both feeds start in the background: start-up does not wait, the cache is bypassed until they are live.
  if (cache.isEnabled && database.listen) {
    const listening = database.listen(PRINCIPAL_CHANNEL, onPayload).then((unlisten) => {
      cache.setLive(true);
      return unlisten;
    });
    feed = {
      // PGlite delivers a notification before the commit returns: nothing to catch up on.
      catchUp: async () => cache.isLive,
      started: listening.then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, 'session cache: LISTEN failed; the cache stays off'),
      ),
      async close() {
        cache.setLive(false);
        const unlisten = await listening.catch(() => undefined);
        await unlisten?.().catch(() => undefined);
      },
    };
  } else if (cache.isEnabled && database.createClient) {
    let wasLive = false;
    feed = startPgChangeFeed({
      createClient: database.createClient,
      channel: PRINCIPAL_CHANNEL,
      onPayload,
      onLive(live) {
        cache.setLive(live);
        if (live !== wasLive) app.log.info(`session cache ${live ? 'on: listening for changes' : 'bypassed: change feed down'}`);
        wasLive = live;
      },
      onError: (err) => app.log.warn({ err }, 'session cache change feed lost; reconnecting'),
      connectTimeoutMs: config.dbConnectTimeoutMs,
    });
  }
  app.decorate('principalFeed', feed);
  app.addHook('onClose', async () => feed.close());
}

export async function createSession(
  db: Executor,
  userId: number,
  ttlS: number,
  meta: { ip: string; userAgent: string; authMethod?: string },
): Promise<string> {
  const { token, tokenHash } = createToken();
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt: new Date(Date.now() + ttlS * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 512),
    authMethod: meta.authMethod ?? 'password',
  });
  return token;
}

export type RevokeReason =
  | 'password_changed'
  | 'password_reset'
  | 'disabled'
  | 'forced'
  | 'deleted'
  /** The user signed it out from another of their sessions (user center). */
  | 'ended_by_user'
  /** A second factor was turned off or removed by its owner. */
  | 'mfa_changed'
  /** An administrator reset the user's second factor. */
  | 'mfa_reset';

/** Ends one live session; answers whether it was live. */
export async function revokeSession(db: Executor, sessionId: number, reason: RevokeReason): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
        where id = ${sessionId} and revoked_at is null and expires_at > now() returning id`,
  );
  return rows.length > 0;
}

/** Ends every live session of a user (except `keepSessionId`); the next request answers 50012. Answers how many ended. */
export async function revokeUserSessions(db: Executor, userId: number, reason: RevokeReason, keepSessionId?: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
        where user_id = ${userId} and revoked_at is null and expires_at > now()
        ${keepSessionId === undefined ? sql`` : sql`and id <> ${keepSessionId}`}
        returning id`,
  );
  return rows.length;
}
