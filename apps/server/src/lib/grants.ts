import { and, eq, inArray, sql } from 'drizzle-orm';
import { ALL_PERMS, hasAnyPerm, ResultCode, SYSTEM_REF_LABELS, type Locale, type SystemRefKind } from '@campus/contract';
import type { Executor, Tx } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { menus, perms, roleMenus, rolePerms, roles, userRoles } from '../db/schema/system.js';
import { AppError } from './app-error.js';

/** What the rule reads of a caller (plugins/auth.ts's Principal has it): who, their perms and campuses. */
export interface Principal {
  readonly userId: number;
  readonly perms: readonly string[];
  readonly camIds: readonly number[];
}

// The no-escalation rule of system administration, shared by users and roles:
// an administrator can only hand out (or take away) what they hold themselves.
// Holding `*` holds every perm, menu and campus.

export const ADMIN_ROLE_CODE = 'admin';

const forbid = (key: 'system.grantPerm' | 'system.grantMenu' | 'system.grantCampus' | 'system.grantRole', params: Record<string, string>) =>
  new AppError(403, ResultCode.forbidden, key, params);

export const holdsAll = (principal: Principal) => principal.perms.includes(ALL_PERMS);
export const holdsPerm = (principal: Principal, code: string) => holdsAll(principal) || principal.perms.includes(code);
export const holdsCampus = (principal: Principal, camId: number) => holdsAll(principal) || principal.camIds.includes(camId);

const preview = (items: readonly (string | number)[]) => items.slice(0, 10).join(', ') + (items.length > 10 ? ', …' : '');

export function assertCanGrantPerms(principal: Principal, codes: readonly string[]): void {
  const missing = codes.filter((c) => !holdsPerm(principal, c));
  if (missing.length) throw forbid('system.grantPerm', { codes: preview(missing) });
}

export function assertCanGrantCampuses(principal: Principal, camIds: readonly number[]): void {
  const missing = camIds.filter((c) => !holdsCampus(principal, c));
  if (missing.length) throw forbid('system.grantCampus', { ids: preview(missing) });
}

/** Perm codes of each role (active or not: a disabled role may be enabled later). */
export async function loadRolePermCodes(db: Executor, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return out;
  const rows = await db
    .select({ roleId: rolePerms.roleId, code: perms.code })
    .from(rolePerms)
    .innerJoin(perms, eq(perms.id, rolePerms.permId))
    .where(inArray(rolePerms.roleId, [...roleIds]));
  for (const r of rows) out.get(r.roleId)?.push(r.code);
  return out;
}

/** Giving someone a role gives them its perms: the caller must hold every one of them. */
export async function assertCanGrantRoles(db: Executor, principal: Principal, roleIds: readonly number[]): Promise<void> {
  if (holdsAll(principal) || !roleIds.length) return;
  const codes = await loadRolePermCodes(db, roleIds);
  const blocked = [...codes].filter(([, list]) => list.some((c) => !holdsPerm(principal, c))).map(([id]) => id);
  if (!blocked.length) return;
  const names = await db.select({ name: roles.name }).from(roles).where(inArray(roles.id, blocked));
  throw forbid('system.grantRole', { names: preview(names.map((n) => n.name)) });
}

/** Menus the caller holds: those their perms show, and those their active roles were given. */
export async function assertCanGrantMenus(db: Executor, principal: Principal, menuIds: readonly number[]): Promise<void> {
  if (holdsAll(principal) || !menuIds.length) return;
  const rows = await db
    .select({ id: menus.id, name: menus.name, perms: menus.perms })
    .from(menus)
    .where(inArray(menus.id, [...menuIds]));
  const given = await db
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, and(eq(roles.id, roleMenus.roleId), eq(roles.status, 'active')))
    .where(eq(userRoles.userId, principal.userId));
  const givenIds = new Set(given.map((g) => g.menuId));
  const missing = rows.filter((m) => !givenIds.has(m.id) && !hasAnyPerm(principal.perms, m.perms));
  if (missing.length) throw forbid('system.grantMenu', { names: preview(missing.map((m) => m.name)) });
}

/** A target user's perms (through active roles) and campuses. */
export async function loadUserHoldings(db: Executor, userId: number): Promise<{ perms: string[]; camIds: number[] }> {
  const [row] = await queryRows<{ perms: string[] | null; cam_ids: number[] | null }>(
    db,
    sql`select (select array_agg(distinct p.code) from user_roles ur
               join roles r on r.id = ur.role_id and r.status = 'active'
               join role_perms rp on rp.role_id = r.id join perms p on p.id = rp.perm_id
             where ur.user_id = ${userId}) as perms,
           (select array_agg(uc.cam_id) from user_campuses uc where uc.user_id = ${userId}) as cam_ids`,
  );
  return { perms: row?.perms ?? [], camIds: (row?.cam_ids ?? []).map(Number) };
}

/**
 * Managing a user (edit, disable, reset their password, sign them out, delete)
 * needs every perm and campus they hold: otherwise resetting a stronger
 * account's password would be a way into it.
 */
export async function assertCanManageUser(db: Executor, principal: Principal, user: { id: number; username: string }): Promise<void> {
  if (holdsAll(principal)) return;
  const held = await loadUserHoldings(db, user.id);
  const isOutranked = held.perms.some((c) => !holdsPerm(principal, c)) || held.camIds.some((c) => !holdsCampus(principal, c));
  if (isOutranked) throw new AppError(403, ResultCode.forbidden, 'system.outranked', { username: user.username });
}

/** Changing a role (members, perms, menus, fields) needs every perm the role holds. */
export async function assertCanManageRole(db: Executor, principal: Principal, roleId: number): Promise<void> {
  if (holdsAll(principal)) return;
  const codes = (await loadRolePermCodes(db, [roleId])).get(roleId) ?? [];
  assertCanGrantPerms(principal, codes);
}

/**
 * Runs `fn` so that at least one active user with the active admin role remains.
 * The admin role row is locked first, so two concurrent demotions cannot both
 * see the other admin still there.
 */
export async function keepAnAdmin<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select id from roles where code = ${ADMIN_ROLE_CODE} for update`);
  const result = await fn();
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users u
        join user_roles ur on ur.user_id = u.id
        join roles r on r.id = ur.role_id and r.code = ${ADMIN_ROLE_CODE} and r.status = 'active'
        where u.status = 'active'`,
  );
  if ((row?.n ?? 0) < 1) throw new AppError(409, ResultCode.conflict, 'system.lastAdmin');
  return result;
}

export interface SystemReference {
  kind: SystemRefKind;
  count: number;
  /** A few names, so the admin knows where to look. */
  examples: string[];
}

/** Chinese text takes its own punctuation: "角色 ×2（教务员、教师）；用户 ×1（li）". */
const PUNCTUATION = {
  'zh-CN': { open: '（', close: '）', item: '、', list: '；', more: '…' },
  'en-US': { open: ' (', close: ')', item: ', ', list: '; ', more: '…' },
} as const;

export function describeReferences(refs: readonly SystemReference[], locale: Locale): string {
  const p = PUNCTUATION[locale];
  return refs
    .map((r) => {
      const more = r.count > r.examples.length ? `${p.item}${p.more}` : '';
      return `${SYSTEM_REF_LABELS[r.kind][locale]} ×${r.count}${r.examples.length ? `${p.open}${r.examples.join(p.item)}${more}${p.close}` : ''}`;
    })
    .join(p.list);
}
