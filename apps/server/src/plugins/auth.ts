import { sql } from 'drizzle-orm';
import { ALL_PERMS, ResultCode } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { sessions } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
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
 * One round trip: session, user, perms of the user's active roles, campuses.
 * Roles and perms are read fresh, so a change applies on the next request.
 */
export async function resolvePrincipal(db: Executor, authorization: string | undefined): Promise<Principal> {
  const token = readBearer(authorization);
  if (!token) throw sessionError(ResultCode.noToken, 'auth.noToken');
  if (!isWellFormedToken(token)) throw sessionError(ResultCode.tokenInvalid, 'auth.tokenInvalid');
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select s.id as session_id, u.id as user_id, u.username, u.status as user_status,
          u.must_change_password, s.expires_at, s.revoked_at,
          (select array_agg(distinct p.code) from user_roles ur
             join roles r on r.id = ur.role_id and r.status = 'active'
             join role_perms rp on rp.role_id = r.id
             join perms p on p.id = rp.perm_id
           where ur.user_id = u.id) as perms,
          (select array_agg(uc.cam_id order by uc.cam_id) from user_campuses uc where uc.user_id = u.id) as cam_ids,
          exists(select 1 from user_roles ur join roles r on r.id = ur.role_id
                 where ur.user_id = u.id and r.code = 'admin' and r.status = 'active') as is_admin
        from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${hashToken(token)}`,
  );
  if (!row) throw sessionError(ResultCode.tokenInvalid, 'auth.tokenInvalid');
  if (row.revoked_at || row.user_status !== 'active') throw sessionError(ResultCode.sessionEnded, 'auth.sessionEnded');
  if (new Date(row.expires_at).getTime() <= Date.now()) throw sessionError(ResultCode.sessionExpired, 'auth.sessionExpired');
  return {
    userId: row.user_id,
    username: row.username,
    sessionId: Number(row.session_id),
    perms: row.perms ?? [],
    camIds: (row.cam_ids ?? []).map(Number),
    isAdmin: row.is_admin || (row.perms ?? []).includes(ALL_PERMS),
    mustChangePassword: row.must_change_password,
  };
}

export async function createSession(db: Executor, userId: number, ttlS: number, meta: { ip: string; userAgent: string }): Promise<string> {
  const { token, tokenHash } = createToken();
  await db.insert(sessions).values({
    tokenHash,
    userId,
    expiresAt: new Date(Date.now() + ttlS * 1000),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 512),
  });
  return token;
}

export type RevokeReason = 'password_changed' | 'password_reset' | 'disabled' | 'forced' | 'deleted';

/** Ends every live session of a user (except `keepSessionId`); the next request answers 50012. */
export async function revokeUserSessions(db: Executor, userId: number, reason: RevokeReason, keepSessionId?: number): Promise<void> {
  await db.execute(
    sql`update sessions set revoked_at = now(), revoked_reason = ${reason}
        where user_id = ${userId} and revoked_at is null and expires_at > now()
        ${keepSessionId === undefined ? sql`` : sql`and id <> ${keepSessionId}`}`,
  );
}
