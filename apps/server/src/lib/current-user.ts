import { sql } from 'drizzle-orm';
import { ResultCode, type CurrentUser } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { AppError } from './app-error.js';
import { buildAvatarUrl } from './avatar-links.js';

// The spec's current user, answered by sign-in, GET /api/user/currentUser and
// every route of the user center that changes it.

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
  avatar_version: string | null;
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
/** What of a resolved session the current user is built from (plugins/auth's Principal has it). */
export interface CurrentUserSession {
  userId: number;
  perms: readonly string[];
  camIds: readonly number[];
  isAdmin: boolean;
  activeRoleId: number | null;
  mustEnrolMfa: boolean;
}

export async function getCurrentUser(db: Executor, principal: CurrentUserSession, requestedCamId: number | null): Promise<CurrentUser> {
  const { userId, camIds } = principal;
  const [u] = await queryRows<ProfileRow>(
    db,
    sql`select u.id, u.username, u.nickname, u.phone, u.email, u.headimgurl, u.job, u.job_name, u.organization,
          u.organization_name, u.location, u.location_name, u.introduction, u.personal_website, u.created_at,
          (select a.version from user_avatars a where a.user_id = u.id) as avatar_version,
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
    // An uploaded avatar wins over a stored address; its link is signed afresh on every read.
    headimgurl: u.avatar_version ? await buildAvatarUrl(db, u.id, u.avatar_version) : u.headimgurl,
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
    mustEnrolMfa: principal.mustEnrolMfa,
    lastLoginAt: iso(u.last_login_at),
    lastLoginIp: u.last_login_ip,
  };
}
