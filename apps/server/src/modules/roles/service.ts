import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CAMPUS_WIDE,
  normaliseDataScope,
  ResultCode,
  type DataScope,
  type Role,
  type RoleCreate,
  type RoleQuery,
  type RoleUpdate,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { menus, perms, roleMenus, rolePerms, roles, userRoles, users } from '../../db/schema/system.js';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import { findUnknownScopeIds } from '../../lib/data-scope.js';
import { escapeLike } from '../../lib/escape-like.js';
import { getPrincipal } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import {
  ADMIN_ROLE_CODE,
  assertCanGrantMenus,
  assertCanGrantPerms,
  assertCanManageRole,
  describeReferences,
  keepAnAdmin,
} from '../../lib/grants.js';

type RoleRow = typeof roles.$inferSelect;

const SORTS = { name: roles.name, code: roles.code, sort: roles.sort, status: roles.status, createdAt: roles.createdAt } as const;

const roleNotFound = () => new AppError(404, ResultCode.notFound, 'system.roleNotFound');
const builtin = (row: RoleRow) => conflict('system.builtinRole', { name: row.name });
/** The seeded admin role; `is_builtin` marks it, the code is the fallback for older data. */
const isBuiltin = (row: RoleRow) => row.isBuiltin || row.code === ADMIN_ROLE_CODE;

function toItem(row: RoleRow, userCount: number): Role {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    code: row.code,
    sort: row.sort,
    status: row.status === 'disabled' ? 'disabled' : 'active',
    remark: row.remark,
    builtin: isBuiltin(row),
    userCount,
    requireMfa: row.requireMfa,
    dataScope: normaliseDataScope((row.dataScope as DataScope | null) ?? CAMPUS_WIDE),
  };
}

async function countMembers(db: Executor, roleIds: number[]): Promise<Map<number, number>> {
  if (!roleIds.length) return new Map();
  const rows = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(inArray(userRoles.roleId, roleIds))
    .groupBy(userRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, r.n]));
}

export async function listRoles(db: Executor, q: RoleQuery) {
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    const p = `${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(roles.name, p), ilike(roles.code, p)));
  }
  if (q.status) conds.push(eq(roles.status, q.status));
  const where = and(...conds);
  const [field, dir] = (q.sort ?? '').split(':');
  const column = field ? SORTS[field as keyof typeof SORTS] : undefined;
  const order = column ? [dir === 'desc' ? desc(column) : asc(column), asc(roles.id)] : [asc(roles.sort), asc(roles.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(roles).where(where),
  ]);
  const members = await countMembers(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toItem(r, members.get(r.id) ?? 0)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

async function loadRole(db: Executor, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw roleNotFound();
  return row;
}

export async function getRole(db: Executor, id: number): Promise<Role> {
  const row = await loadRole(db, id);
  return toItem(row, (await countMembers(db, [id])).get(id) ?? 0);
}

async function assertCodeFree(db: Executor, code: string, exceptId: number | null) {
  const [hit] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.code, code), exceptId === null ? undefined : ne(roles.id, exceptId)))
    .limit(1);
  if (hit) throw conflict('data.duplicate', { field: 'code', value: code }, { field: 'code' });
}

/**
 * A data scope may be set only by a caller whose own reach is the whole campus
 * (no one widens a scope past their own), and must name grades and classes that exist.
 */
async function assertDataScope(request: FastifyRequest, scope: DataScope | undefined): Promise<void> {
  if (!scope) return;
  if (getPrincipal(request).reach !== null) throw new AppError(403, ResultCode.forbidden, 'dataScope.grantWider');
  const unknown = await findUnknownScopeIds(request.server.db, normaliseDataScope(scope));
  if (unknown) throw badRequest('dataScope.unknownIds', { field: unknown.field, ids: unknown.ids.join(', ') }, { field: unknown.field });
}

export async function createRole(request: FastifyRequest, body: RoleCreate): Promise<Role> {
  const { db } = request.server;
  await assertCodeFree(db, body.code, null);
  await assertDataScope(request, body.dataScope);
  const row = await runLoggedTransaction(
    request,
    async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          name: body.name,
          code: body.code,
          sort: body.sort ?? 0,
          status: body.status ?? 'active',
          remark: body.remark ?? '',
          requireMfa: body.requireMfa ?? false,
          dataScope: normaliseDataScope(body.dataScope ?? CAMPUS_WIDE),
        })
        .returning();
      if (!created) throw new Error('role insert returned nothing');
      return created;
    },
    201,
  );
  return toItem(row, 0);
}

export async function updateRole(request: FastifyRequest, id: number, body: RoleUpdate): Promise<Role> {
  const { db } = request.server;
  const existing = await loadRole(db, id);
  await assertCanManageRole(db, getPrincipal(request), id);
  if (isBuiltin(existing)) {
    if (body.code !== undefined && body.code !== existing.code) throw builtin(existing);
    if (body.status === 'disabled') throw builtin(existing);
  }
  if (body.code !== undefined) await assertCodeFree(db, body.code, id);
  await assertDataScope(request, body.dataScope);
  const statusChange = body.status !== undefined && body.status !== existing.status;
  await runLoggedTransaction(request, async (tx) => {
    const write = async () => {
      await tx
        .update(roles)
        .set({ ...body, ...(body.dataScope ? { dataScope: normaliseDataScope(body.dataScope) } : {}), updatedAt: new Date() })
        .where(eq(roles.id, id));
    };
    if (statusChange) await keepAnAdmin(tx, write);
    else await write();
  });
  return getRole(db, id);
}

export async function deleteRole(request: FastifyRequest, id: number): Promise<void> {
  const { db } = request.server;
  const existing = await loadRole(db, id);
  if (isBuiltin(existing)) throw builtin(existing);
  await assertCanManageRole(db, getPrincipal(request), id);
  const members = await db
    .select({ username: users.username })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, id))
    .orderBy(asc(users.username));
  if (members.length) {
    const refs = [{ kind: 'user' as const, count: members.length, examples: members.slice(0, 10).map((m) => m.username) }];
    throw conflict('system.roleInUse', { name: existing.name, refs: describeReferences(refs, request.locale) }, { references: refs });
  }
  // Its perm and menu grants go with it (ON DELETE CASCADE).
  await runLoggedTransaction(request, (tx) => tx.delete(roles).where(eq(roles.id, id)));
}

// ---- assignments ---------------------------------------------------------------

export async function getRoleUsers(db: Executor, id: number) {
  await loadRole(db, id);
  const rows = await db
    .select({ id: users.id, username: users.username, nickname: users.nickname, status: users.status })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, id))
    .orderBy(asc(users.username));
  const list = rows.map((r) => ({ ...r, status: r.status === 'disabled' ? ('disabled' as const) : ('active' as const) }));
  return { userIds: list.map((u) => u.id), users: list };
}

async function assertAllExist(db: Executor, field: string, table: typeof users | typeof menus | typeof perms, ids: number[]) {
  if (!ids.length) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const have = new Set(found.map((f) => f.id));
  const missing = ids.filter((i) => !have.has(i));
  if (missing.length) throw badRequest('system.unknownIds', { field, ids: missing.join(', ') });
}

/**
 * Sets who has the role. Adding or removing members hands out or takes away
 * the role's perms, so the caller must hold all of them (assertCanManageRole).
 */
export async function setRoleUsers(request: FastifyRequest, id: number, userIds: number[]) {
  const { db } = request.server;
  await loadRole(db, id);
  const wanted = [...new Set(userIds)];
  await assertAllExist(db, 'userIds', users, wanted);
  await assertCanManageRole(db, getPrincipal(request), id);
  await runLoggedTransaction(request, (tx) =>
    keepAnAdmin(tx, async () => {
      await tx.delete(userRoles).where(and(eq(userRoles.roleId, id), wanted.length ? notInArray(userRoles.userId, wanted) : undefined));
      if (wanted.length) {
        await tx
          .insert(userRoles)
          .values(wanted.map((userId) => ({ userId, roleId: id })))
          .onConflictDoNothing();
      }
    }),
  );
  return getRoleUsers(db, id);
}

export async function getRoleMenus(db: Executor, id: number) {
  await loadRole(db, id);
  const rows = await db.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, id)).orderBy(asc(roleMenus.menuId));
  return { menuIds: rows.map((r) => r.menuId) };
}

export async function setRoleMenus(request: FastifyRequest, id: number, menuIds: number[]) {
  const { db } = request.server;
  await loadRole(db, id);
  const wanted = [...new Set(menuIds)];
  await assertAllExist(db, 'menuIds', menus, wanted);
  const principal = getPrincipal(request);
  await assertCanManageRole(db, principal, id);
  const current = (await getRoleMenus(db, id)).menuIds;
  // Both directions count: what is added and what is taken away must be the caller's.
  const changed = [...wanted.filter((m) => !current.includes(m)), ...current.filter((m) => !wanted.includes(m))];
  await assertCanGrantMenus(db, principal, changed);
  await runLoggedTransaction(request, async (tx) => {
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, id));
    if (wanted.length) await tx.insert(roleMenus).values(wanted.map((menuId) => ({ roleId: id, menuId })));
  });
  return getRoleMenus(db, id);
}

export async function getRolePerms(db: Executor, id: number) {
  await loadRole(db, id);
  const rows = await db
    .select({ id: perms.id, code: perms.code })
    .from(rolePerms)
    .innerJoin(perms, eq(perms.id, rolePerms.permId))
    .where(eq(rolePerms.roleId, id))
    .orderBy(asc(perms.code));
  return { permIds: rows.map((r) => r.id), codes: rows.map((r) => r.code) };
}

export async function setRolePerms(request: FastifyRequest, id: number, permIds: number[]) {
  const { db } = request.server;
  const role = await loadRole(db, id);
  if (isBuiltin(role)) throw builtin(role);
  const wanted = [...new Set(permIds)];
  await assertAllExist(db, 'permIds', perms, wanted);
  const principal = getPrincipal(request);
  await assertCanManageRole(db, principal, id);
  const codes = wanted.length ? await db.select({ code: perms.code }).from(perms).where(inArray(perms.id, wanted)) : [];
  assertCanGrantPerms(
    principal,
    codes.map((c) => c.code),
  );
  await runLoggedTransaction(request, async (tx) => {
    await tx.delete(rolePerms).where(eq(rolePerms.roleId, id));
    if (wanted.length) await tx.insert(rolePerms).values(wanted.map((permId) => ({ roleId: id, permId })));
  });
  return getRolePerms(db, id);
}
