import { and, eq, sql } from 'drizzle-orm';
import { decryptLoginPassword, type Campus, type LOGIN_REASONS } from '@campus/contract';
import type { AppConfig } from '../../config/config.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { campuses, loginLogs, roles, userCampuses, userRoles, users } from '../../db/schema/system.js';
import { AppError, badRequest, tooMany } from '../../lib/app-error.js';
import { getDummyHash, verifyPassword } from '../../lib/passwords.js';
import { noteFailure } from '../../lib/sign-in-lockout.js';
import { ResultCode } from '@campus/contract';

export interface LoginAttempt {
  typed: string;
  encryptedPassword: string;
  ip: string;
  userAgent: string;
}

/** What a sign-in attempt came to: the contract's list, which the login log's filter and labels read too. */
export type LoginReason = (typeof LOGIN_REASONS)[number];

export async function recordLogin(db: Executor, a: LoginAttempt, userId: number | null, reason: LoginReason): Promise<void> {
  await db.insert(loginLogs).values({
    username: a.typed.toLowerCase().slice(0, 128),
    userId,
    ip: a.ip,
    userAgent: a.userAgent.slice(0, 512),
    success: reason === 'ok',
    reason,
  });
}

export function decryptPassword(config: AppConfig, encrypted: string, field: string): string {
  const plain = decryptLoginPassword(encrypted, config.loginAesKey, config.loginAesIv);
  if (plain === null || plain.length === 0) throw badRequest('password.undecryptable', { field });
  return plain;
}

/** Seconds until this IP may try again, or 0 when it is under its failure limit. */
async function getIpRetryAfter(db: Executor, config: AppConfig, ip: string): Promise<number> {
  const [row] = await queryRows<{ n: number; first: Date | null }>(
    db,
    sql`select count(*)::int as n, min(created_at) as first from login_logs
        where ip = ${ip} and success = false and reason not in ('ip_limited', 'mfa_required')
          and created_at > now() - make_interval(mins => ${config.loginIpWindowMinutes})`,
  );
  if (!row || row.n < config.loginIpMaxFailures || !row.first) return 0;
  return Math.max(1, (new Date(row.first).getTime() + config.loginIpWindowMinutes * 60_000 - Date.now()) / 1000);
}

/**
 * An unknown name locks exactly like a real account, so the answers never tell
 * whether an account exists.
 */
async function getUnknownNameRetryAfter(db: Executor, config: AppConfig, typed: string): Promise<number> {
  const [row] = await queryRows<{ n: number; last: Date | null }>(
    db,
    sql`select count(*)::int as n, max(created_at) as last from login_logs
        where username = ${typed.toLowerCase()} and user_id is null and reason = 'bad_credentials'
          and created_at > now() - make_interval(mins => ${config.loginLockMinutes})`,
  );
  if (!row || row.n < config.loginLockThreshold || !row.last) return 0;
  return Math.max(1, (new Date(row.last).getTime() + config.loginLockMinutes * 60_000 - Date.now()) / 1000);
}

interface UserRow {
  id: number;
  passwordHash: string;
  status: string;
  lockedUntil: Date | null;
}

async function findUserByLogin(db: Executor, typed: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status, lockedUntil: users.lockedUntil })
    .from(users)
    .where(sql`lower(${users.username}) = ${typed.toLowerCase()} or ${users.phone} = ${typed}`)
    .limit(1);
  return row;
}

export { noteFailure };

const badCredentials = () => new AppError(401, ResultCode.noToken, 'auth.badCredentials');

/** Refuses a locked account with 429 (logged); nothing is checked before it but the address. */
export async function assertNotLocked(db: Executor, a: LoginAttempt, user: { id: number; lockedUntil: Date | null }): Promise<void> {
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await recordLogin(db, a, user.id, 'locked');
    throw tooMany('auth.locked', (user.lockedUntil.getTime() - Date.now()) / 1000);
  }
}

/** A disabled account or one without a campus cannot sign in, whatever proved who it is (logged). */
export async function assertAccountUsable(db: Executor, a: LoginAttempt, user: { id: number; status: string }): Promise<void> {
  if (user.status !== 'active') {
    await recordLogin(db, a, user.id, 'disabled');
    throw new AppError(403, ResultCode.forbidden, 'auth.disabled');
  }
  const camIds = await db.select({ camId: userCampuses.camId }).from(userCampuses).where(eq(userCampuses.userId, user.id)).limit(1);
  if (camIds.length === 0) {
    await recordLogin(db, a, user.id, 'no_campus');
    throw new AppError(403, ResultCode.forbidden, 'auth.noCampus');
  }
}

/** What the second step and passkey sign-in need to know of an account. */
export async function findAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, status: users.status, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * Checks the first step of a sign-in (address, lockout, password, account
 * state); answers the user id, or throws the answer to give. Every refusal is
 * logged. Nothing is reset here: a user with a second factor has not signed in yet.
 */
export async function checkPassword(db: Executor, config: AppConfig, a: LoginAttempt): Promise<number> {
  const ipRetry = await getIpRetryAfter(db, config, a.ip);
  if (ipRetry > 0) {
    await recordLogin(db, a, null, 'ip_limited');
    throw tooMany('auth.ipLimited', ipRetry);
  }
  const user = await findUserByLogin(db, a.typed);
  if (user) await assertNotLocked(db, a, user);
  if (!user) {
    const retry = await getUnknownNameRetryAfter(db, config, a.typed);
    if (retry > 0) {
      await recordLogin(db, a, null, 'locked');
      throw tooMany('auth.locked', retry);
    }
  }
  let plain: string;
  try {
    plain = decryptPassword(config, a.encryptedPassword, 'password');
  } catch (err) {
    await recordLogin(db, a, user?.id ?? null, 'undecryptable');
    throw err;
  }
  const isMatch = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), plain);
  if (!user || !isMatch) {
    if (user) await noteFailure(db, config, user.id);
    await recordLogin(db, a, user?.id ?? null, 'bad_credentials');
    throw badCredentials();
  }
  await assertAccountUsable(db, a, user);
  return user.id;
}

/** The sign-in is complete (every factor given): the failure count starts again, and the log says so. */
export async function completeSignIn(db: Executor, a: LoginAttempt, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date(), lastLoginIp: a.ip })
    .where(eq(users.id, userId));
  await recordLogin(db, a, userId, 'ok');
}

/** Checks a password-only sign-in; answers the user id, or throws the answer to give. Every attempt is logged. */
export async function authenticate(db: Executor, config: AppConfig, a: LoginAttempt): Promise<number> {
  const userId = await checkPassword(db, config, a);
  await completeSignIn(db, a, userId);
  return userId;
}

export async function listUserCampuses(db: Executor, userId: number): Promise<Campus[]> {
  return db
    .select({ cam_id: campuses.id, name: campuses.name, code: campuses.code })
    .from(campuses)
    .innerJoin(userCampuses, and(eq(userCampuses.camId, campuses.id), eq(userCampuses.userId, userId)))
    .orderBy(campuses.id);
}

/** Whether the user holds this role and it is active: the only roles a session may switch to. */
export async function holdsActiveRole(db: Executor, userId: number, roleId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 'active')))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)));
  return row !== undefined;
}
