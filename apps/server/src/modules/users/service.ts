import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  decryptLoginPassword,
  ResultCode,
  type SystemUser,
  type UserCreate,
  type UserOptionQuery,
  type UserQuery,
  type UserUpdate,
} from '@campus/contract';
import type { AppConfig } from '../../config/config.js';
import type { Executor, Tx } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { campuses, depts, roles, sessions, userCampuses, userRoles, users } from '../../db/schema/system.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { assertPasswordPolicy, hashPassword } from '../../lib/passwords.js';
import { createTemporaryPassword } from '../../lib/tokens.js';
import { getPrincipal } from '../../plugins/access.js';
import { revokeUserSessions, type RevokeReason } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { raisePasswordTodo, raiseTodo } from '../../lib/todos.js';
import { removeAllFactors } from '../../lib/second-factor/factors.js';
import {
  assertCanGrantCampuses,
  assertCanGrantRoles,
  assertCanManageUser,
  describeReferences,
  keepAnAdmin,
  type SystemReference,
} from '../../lib/grants.js';

type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const SORTS = {
  username: users.username,
  nickname: users.nickname,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
} as const;

function buildFilter(q: UserQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    const p = `${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(users.username, p), ilike(users.nickname, p), ilike(users.phone, p)));
  }
  if (q.status) conds.push(eq(users.status, q.status));
  if (q.deptId) conds.push(eq(users.deptId, q.deptId));
  if (q.roleId) {
    conds.push(sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_id = ${q.roleId})`);
  }
  if (q.campusId) {
    conds.push(sql`exists (select 1 from user_campuses uc where uc.user_id = ${users.id} and uc.cam_id = ${q.campusId})`);
  }
  return and(...conds);
}

function orderOf(sort: string | undefined): SQL[] {
  const [field, dir] = (sort ?? '').split(':');
  const column = field ? SORTS[field as keyof typeof SORTS] : undefined;
  if (!column) return [asc(users.id)];
  // Never-signed-in users sort last either way.
  const nulls = field === 'lastLoginAt' ? sql` nulls last` : sql``;
  return [dir === 'desc' ? sql`${column} desc${nulls}` : sql`${column} asc${nulls}`, asc(users.id)];
}

/** Rows → API items, with roles, campuses and department names in two extra queries. */
async function toItems(db: Executor, rows: UserRow[]): Promise<SystemUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [roleRows, campusRows, deptRows, mfaRows] = await Promise.all([
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name, code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.sort), asc(roles.id)),
    db
      .select({ userId: userCampuses.userId, id: campuses.id, name: campuses.name, code: campuses.code })
      .from(userCampuses)
      .innerJoin(campuses, eq(campuses.id, userCampuses.camId))
      .where(inArray(userCampuses.userId, ids))
      .orderBy(asc(campuses.id)),
    db
      .select({ id: depts.id, name: depts.name })
      .from(depts)
      .where(
        inArray(
          depts.id,
          rows.map((r) => r.deptId ?? 0),
        ),
      ),
    queryRows<{ id: number; totp: boolean; passkey: boolean; required: boolean }>(
      db,
      sql`select u.id,
                 exists (select 1 from user_totp t where t.user_id = u.id and t.confirmed_at is not null) as totp,
                 exists (select 1 from user_passkeys p where p.user_id = u.id) as passkey,
                 exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.status = 'active' and r.require_mfa
                         where ur.user_id = u.id) as required
            from users u where u.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    ),
  ]);
  const mfaOf = new Map(mfaRows.map((m) => [m.id, m]));
  const deptName = new Map(deptRows.map((d) => [d.id, d.name]));
  const now = Date.now();
  return rows.map((r) => {
    const rs = roleRows.filter((x) => x.userId === r.id).map(({ id, name, code }) => ({ id, name, code }));
    const cs = campusRows.filter((x) => x.userId === r.id).map(({ id, name, code }) => ({ id, name, code }));
    const locked = r.lockedUntil && r.lockedUntil.getTime() > now ? r.lockedUntil : null;
    return {
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      username: r.username,
      nickname: r.nickname,
      phone: r.phone,
      email: r.email,
      deptId: r.deptId,
      deptName: r.deptId === null ? null : (deptName.get(r.deptId) ?? null),
      status: r.status === 'disabled' ? 'disabled' : 'active',
      roleIds: rs.map((x) => x.id),
      roles: rs,
      campusIds: cs.map((x) => x.id),
      campuses: cs,
      mustChangePassword: r.mustChangePassword,
      failedLogins: r.failedLogins,
      lockedUntil: iso(locked),
      lastLoginAt: iso(r.lastLoginAt),
      lastLoginIp: r.lastLoginIp,
      mfaMethods: [...(mfaOf.get(r.id)?.totp ? (['totp'] as const) : []), ...(mfaOf.get(r.id)?.passkey ? (['passkey'] as const) : [])],
      mfaRequired: mfaOf.get(r.id)?.required ?? false,
    };
  });
}

export async function listUsers(db: Executor, q: UserQuery) {
  const where = buildFilter(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(q.sort))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list: await toItems(db, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Who a teacher or manager may be linked to: names only, for those who edit them without seeing accounts. */
export async function listUserOptions(db: Executor, q: UserOptionQuery) {
  const prefix = q.keyword ? `${escapeLike(q.keyword)}%` : null;
  const where = and(
    prefix === null ? undefined : or(ilike(users.username, prefix), ilike(users.nickname, prefix)),
    q.id === undefined ? undefined : eq(users.id, q.id),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, nickname: users.nickname })
      .from(users)
      .where(where)
      .orderBy(asc(users.username), asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { list: rows, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function loadUser(db: Executor, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('user');
  return row;
}

export async function getUser(db: Executor, id: number): Promise<SystemUser> {
  const [item] = await toItems(db, [await loadUser(db, id)]);
  if (!item) throw notFound('user');
  return item;
}

const duplicate = (field: string, value: string) => conflict('data.duplicate', { field, value }, { field });

async function assertUniqueFields(db: Executor, values: { username?: string; phone?: string | null }, exceptId: number | null) {
  const notSelf = exceptId === null ? undefined : ne(users.id, exceptId);
  if (values.username !== undefined) {
    const [hit] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = ${values.username.toLowerCase()}`, notSelf))
      .limit(1);
    if (hit) throw duplicate('username', values.username);
  }
  if (values.phone) {
    const [hit] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phone, values.phone), notSelf))
      .limit(1);
    if (hit) throw duplicate('phone', values.phone);
  }
}

async function assertIdsExist(db: Executor, field: string, table: typeof roles | typeof campuses | typeof depts, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  const have = new Set(found.map((f) => f.id));
  const missing = unique.filter((id) => !have.has(id));
  if (missing.length) throw badRequest('system.unknownIds', { field, ids: missing.join(', ') });
}

/** Decrypts a password typed by an admin and applies the ASVS policy to it exactly as typed. */
async function readTypedPassword(config: AppConfig, encrypted: string, field: string): Promise<string> {
  const plain = decryptLoginPassword(encrypted, config.loginAesKey, config.loginAesIv);
  if (plain === null || plain.length === 0) throw badRequest('password.undecryptable', { field });
  await assertPasswordPolicy(plain, field);
  return plain;
}

async function replaceRoles(tx: Tx, userId: number, roleIds: readonly number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const unique = [...new Set(roleIds)];
  if (unique.length) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

async function replaceCampuses(tx: Tx, userId: number, camIds: readonly number[]) {
  await tx.delete(userCampuses).where(eq(userCampuses.userId, userId));
  const unique = [...new Set(camIds)];
  if (unique.length) await tx.insert(userCampuses).values(unique.map((camId) => ({ userId, camId })));
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

export async function createUser(request: FastifyRequest, body: UserCreate): Promise<SystemUser & { password?: string }> {
  const { db, config } = request.server;
  const principal = getPrincipal(request);
  await assertUniqueFields(db, body, null);
  await assertIdsExist(db, 'roleIds', roles, body.roleIds);
  await assertIdsExist(db, 'campusIds', campuses, body.campusIds);
  if (body.deptId) await assertIdsExist(db, 'deptId', depts, [body.deptId]);
  await assertCanGrantRoles(db, principal, body.roleIds);
  assertCanGrantCampuses(principal, body.campusIds);

  const generated = body.password === undefined ? createTemporaryPassword() : undefined;
  const plain = body.password === undefined ? (generated ?? '') : await readTypedPassword(config, body.password, 'password');
  const passwordHash = await hashPassword(plain);
  const id = await runLoggedTransaction(
    request,
    async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: body.username,
          nickname: body.nickname,
          phone: body.phone ?? null,
          email: body.email ?? '',
          deptId: body.deptId ?? null,
          status: body.status ?? 'active',
          passwordHash,
          // A generated password is only ever a way in to choose one's own.
          mustChangePassword: generated !== undefined || (body.mustChangePassword ?? false),
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      await replaceRoles(tx, row.id, body.roleIds);
      await replaceCampuses(tx, row.id, body.campusIds);
      if (generated !== undefined || body.mustChangePassword) await raisePasswordTodo(tx, row.id);
      return row.id;
    },
    201,
  );
  const item = await getUser(db, id);
  return generated === undefined ? item : { ...item, password: generated };
}

export async function updateUser(request: FastifyRequest, id: number, body: UserUpdate): Promise<SystemUser> {
  const { db } = request.server;
  const principal = getPrincipal(request);
  const existing = await getUser(db, id);
  const isSelf = id === principal.userId;
  const rolesChange = body.roleIds !== undefined && !sameSet(body.roleIds, existing.roleIds);
  const campusesChange = body.campusIds !== undefined && !sameSet(body.campusIds, existing.campusIds);
  const statusChange = body.status !== undefined && body.status !== existing.status;
  if (isSelf && (rolesChange || campusesChange || statusChange)) {
    const field = rolesChange ? 'roleIds' : campusesChange ? 'campusIds' : 'status';
    throw new AppError(403, ResultCode.forbidden, 'system.selfEdit', { field });
  }
  if (!isSelf) await assertCanManageUser(db, principal, existing);
  await assertUniqueFields(db, { phone: body.phone }, id);
  if (body.deptId) await assertIdsExist(db, 'deptId', depts, [body.deptId]);
  if (rolesChange && body.roleIds) {
    await assertIdsExist(db, 'roleIds', roles, body.roleIds);
    await assertCanGrantRoles(db, principal, body.roleIds);
  }
  if (campusesChange && body.campusIds) {
    await assertIdsExist(db, 'campusIds', campuses, body.campusIds);
    assertCanGrantCampuses(principal, body.campusIds);
  }

  await runLoggedTransaction(request, async (tx) => {
    const write = async () => {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.nickname !== undefined) set.nickname = body.nickname;
      if (body.phone !== undefined) set.phone = body.phone;
      if (body.email !== undefined) set.email = body.email;
      if (body.deptId !== undefined) set.deptId = body.deptId;
      if (body.status !== undefined) set.status = body.status;
      await tx.update(users).set(set).where(eq(users.id, id));
      if (rolesChange && body.roleIds) await replaceRoles(tx, id, body.roleIds);
      if (campusesChange && body.campusIds) await replaceCampuses(tx, id, body.campusIds);
      if (statusChange && body.status === 'disabled') await revokeUserSessions(tx, id, 'disabled');
    };
    if (rolesChange || statusChange) await keepAnAdmin(tx, write);
    else await write();
  });
  return getUser(db, id);
}

export async function setUserStatus(request: FastifyRequest, id: number, status: 'active' | 'disabled'): Promise<SystemUser> {
  return updateUser(request, id, { status });
}

async function findUserReferences(db: Executor, ids: readonly number[]): Promise<SystemReference[]> {
  // Users are global, so their references are looked up across every campus (cam_id named for the admin).
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = await queryRows<{ kind: 'teacher' | 'manager'; n: number; examples: string[] }>(
    db,
    sql`select 'teacher' as kind, count(*)::int as n, (array_agg(t.name || ' #' || t.cam_id order by t.id))[1:5] as examples
          from teachers t where t.user_id in (${idList})
        union all
        select 'manager' as kind, count(*)::int as n, (array_agg(m.name || ' #' || m.cam_id order by m.id))[1:5] as examples
          from managers m where m.user_id in (${idList})`,
  );
  return rows.filter((r) => r.n > 0).map((r) => ({ kind: r.kind, count: r.n, examples: r.examples }));
}

export async function deleteUsers(request: FastifyRequest, ids: readonly number[]): Promise<void> {
  const { db } = request.server;
  const principal = getPrincipal(request);
  const unique = [...new Set(ids)];
  if (unique.includes(principal.userId)) throw conflict('system.selfDelete');
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, unique));
  if (rows.length !== unique.length) throw notFound('user');
  for (const row of rows) await assertCanManageUser(db, principal, row);
  const refs = await findUserReferences(db, unique);
  if (refs.length) {
    const name = rows.map((r) => r.username).join(', ');
    throw conflict('system.userInUse', { name, refs: describeReferences(refs, request.locale) }, { references: refs });
  }
  await runLoggedTransaction(request, (tx) =>
    keepAnAdmin(tx, async () => {
      // Roles, campuses and sessions go with the user (ON DELETE CASCADE); the logs keep the name.
      await tx.delete(users).where(inArray(users.id, unique));
    }),
  );
}

async function countLiveSessions(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`, sql`${sessions.expiresAt} > now()`));
  return row?.n ?? 0;
}

async function endSessions(tx: Tx, userId: number, reason: RevokeReason): Promise<number> {
  const n = await countLiveSessions(tx, userId);
  await revokeUserSessions(tx, userId, reason);
  return n;
}

export async function resetPassword(
  request: FastifyRequest,
  id: number,
  encrypted: string | undefined,
): Promise<{ password: string | null; sessionsEnded: number }> {
  const { db, config } = request.server;
  const principal = getPrincipal(request);
  // One's own password changes with the current one (PUT /api/user/password), never by reset.
  if (id === principal.userId) throw forbidden('system.selfReset');
  const user = await loadUser(db, id);
  await assertCanManageUser(db, principal, user);
  const generated = encrypted === undefined ? createTemporaryPassword() : null;
  const plain = generated ?? (await readTypedPassword(config, encrypted ?? '', 'password'));
  const passwordHash = await hashPassword(plain);
  const sessionsEnded = await runLoggedTransaction(request, async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: true, updatedAt: new Date() }).where(eq(users.id, id));
    await raisePasswordTodo(tx, id);
    return endSessions(tx, id, 'password_reset');
  });
  return { password: generated, sessionsEnded };
}

export async function forceLogout(request: FastifyRequest, id: number): Promise<number> {
  const { db } = request.server;
  const principal = getPrincipal(request);
  if (id === principal.userId) throw badRequest('system.selfLogout');
  const user = await loadUser(db, id);
  await assertCanManageUser(db, principal, user);
  return runLoggedTransaction(request, (tx) => endSessions(tx, id, 'forced'));
}

/**
 * An administrator resets a user's second factor (a lost phone): the
 * authenticator app, recovery codes and passkeys go, every session of the
 * user ends, and a todo in their message box says what happened and what to do.
 */
export async function resetMfa(request: FastifyRequest, id: number): Promise<number> {
  const { db } = request.server;
  const principal = getPrincipal(request);
  // One's own factors are turned off in the user center, with the password and a code.
  if (id === principal.userId) throw forbidden('system.selfMfaReset');
  const user = await loadUser(db, id);
  await assertCanManageUser(db, principal, user);
  return runLoggedTransaction(request, async (tx) => {
    await removeAllFactors(tx, id);
    await raiseTodo(tx, id, 'user:mfa', { key: 'todo.mfaReset.title' }, { key: 'todo.mfaReset.content' });
    return endSessions(tx, id, 'mfa_reset');
  });
}

export async function unlockUser(request: FastifyRequest, id: number): Promise<SystemUser> {
  const { db } = request.server;
  await loadUser(db, id);
  await runLoggedTransaction(request, async (tx) => {
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(users.id, id));
  });
  return getUser(db, id);
}
