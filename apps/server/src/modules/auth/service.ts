import { and, eq, sql } from 'drizzle-orm';
import { decryptLoginPassword, type Campus, type CurrentUser } from '@campus/contract';
import type { AppConfig } from '../../config/config.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { campuses, loginLogs, roles, userCampuses, userRoles, users } from '../../db/schema/system.js';
import { AppError, badRequest, tooMany } from '../../lib/app-error.js';
import { getDummyHash, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../plugins/auth.js';
import { ResultCode } from '@campus/contract';

export interface LoginAttempt {
  typed: string;
  encryptedPassword: string;
  ip: string;
  userAgent: string;
}

export type LoginReason =
  'ok' | 'bad_credentials' | 'locked' | 'ip_limited' | 'rate_limited' | 'invalid' | 'disabled' | 'no_campus' | 'undecryptable';

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
        where ip = ${ip} and success = false and reason <> 'ip_limited'
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

async function noteFailure(db: Executor, config: AppConfig, userId: number): Promise<void> {
  // One statement, so concurrent failures count exactly.
  await db.execute(sql`update users set
      locked_until = case when failed_logins + 1 >= ${config.loginLockThreshold}
                          then now() + make_interval(mins => ${config.loginLockMinutes}) else locked_until end,
      failed_logins = case when failed_logins + 1 >= ${config.loginLockThreshold} then 0 else failed_logins + 1 end
    where id = ${userId}`);
}

const badCredentials = () => new AppError(401, ResultCode.noToken, 'auth.badCredentials');

/** Checks a sign-in attempt; answers the user id, or throws the answer to give. Every attempt is logged. */
export async function authenticate(db: Executor, config: AppConfig, a: LoginAttempt): Promise<number> {
  const ipRetry = await getIpRetryAfter(db, config, a.ip);
  if (ipRetry > 0) {
    await recordLogin(db, a, null, 'ip_limited');
    throw tooMany('auth.ipLimited', ipRetry);
  }
  const user = await findUserByLogin(db, a.typed);
  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await recordLogin(db, a, user.id, 'locked');
    throw tooMany('auth.locked', (user.lockedUntil.getTime() - Date.now()) / 1000);
  }
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
  if (user.status !== 'active') {
    await recordLogin(db, a, user.id, 'disabled');
    throw new AppError(403, ResultCode.forbidden, 'auth.disabled');
  }
  const camIds = await db.select({ camId: userCampuses.camId }).from(userCampuses).where(eq(userCampuses.userId, user.id)).limit(1);
  if (camIds.length === 0) {
    await recordLogin(db, a, user.id, 'no_campus');
    throw new AppError(403, ResultCode.forbidden, 'auth.noCampus');
  }
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: new Date(), lastLoginIp: a.ip })
    .where(eq(users.id, user.id));
  await recordLogin(db, a, user.id, 'ok');
  return user.id;
}

export async function listUserCampuses(db: Executor, userId: number): Promise<Campus[]> {
  return db
    .select({ cam_id: campuses.id, name: campuses.name, code: campuses.code })
    .from(campuses)
    .innerJoin(userCampuses, and(eq(userCampuses.camId, campuses.id), eq(userCampuses.userId, userId)))
    .orderBy(campuses.id);
}

interface ProfileRow {
  id: number;
  username: string;
  nickname: string;
  phone: string | null;
  email: string;
  headimgurl: string;
  job: string;
  job_name: string;
  organization: string;
  organization_name: string;
  location: string;
  location_name: string;
  introduction: string;
  personal_website: string;
  created_at: Date;
  must_change_password: boolean;
  last_login_at: Date | null;
  last_login_ip: string | null;
  roles: { id: number; code: string; name: string }[] | null;
}

/**
 * The spec's current-user object for a resolved session: its perms are the
 * principal's (the roles the session acts in); `camId` is the requested campus
 * when it is one of the user's, else the first.
 */
export async function getCurrentUser(db: Executor, principal: Principal, requestedCamId: number | null): Promise<CurrentUser> {
  const { userId, camIds } = principal;
  const [u] = await queryRows<ProfileRow>(
    db,
    sql`select u.id, u.username, u.nickname, u.phone, u.email, u.headimgurl, u.job, u.job_name, u.organization,
          u.organization_name, u.location, u.location_name, u.introduction, u.personal_website, u.created_at,
          u.must_change_password,
          -- The sign-in before this one: what "last sign-in" means to the person reading it.
          prev.created_at as last_login_at, prev.ip as last_login_ip,
          (select json_agg(json_build_object('id', r.id, 'code', r.code, 'name', r.name) order by r.sort, r.id)
             from user_roles ur join roles r on r.id = ur.role_id and r.status = 'active'
            where ur.user_id = u.id) as roles
        from users u
        left join lateral (select l.created_at, l.ip from login_logs l where l.user_id = u.id and l.success
                           order by l.id desc offset 1 limit 1) prev on true
        where u.id = ${userId}`,
  );
  if (!u) throw new AppError(401, ResultCode.sessionEnded, 'auth.sessionEnded');
  const perms = [...principal.perms].sort();
  const camId = requestedCamId !== null && camIds.includes(requestedCamId) ? requestedCamId : (camIds[0] ?? 0);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    userId: u.id,
    camId,
    username: u.username,
    nickname: u.nickname,
    phone: u.phone ?? '',
    email: u.email,
    headimgurl: u.headimgurl,
    perms,
    role: principal.isAdmin ? 'admin' : 'user',
    roles: u.roles ?? [],
    activeRoleId: principal.activeRoleId,
    job: u.job,
    organization: u.organization,
    location: u.location,
    introduction: u.introduction,
    personalWebsite: u.personal_website,
    jobName: u.job_name,
    organizationName: u.organization_name,
    locationName: u.location_name,
    registrationDate: new Date(u.created_at).toISOString().slice(0, 10),
    certification: principal.isAdmin ? 1 : 0,
    mustChangePassword: u.must_change_password,
    lastLoginAt: iso(u.last_login_at),
    lastLoginIp: u.last_login_ip,
  };
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
