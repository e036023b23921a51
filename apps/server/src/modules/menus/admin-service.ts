import { and, asc, count, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ResultCode, type MenuCreate, type MenuUpdate, type SystemMenu, type SystemMenuNode } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { menus, perms, roleMenus } from '../../db/schema/system.js';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';

// The admin side of the menu table. GET /api/user/menuList (service.ts) reads
// the same rows on every request, so a change shows on the caller's next load.

type MenuRow = typeof menus.$inferSelect;
const MAX_DEPTH = 8;

const menuNotFound = () => new AppError(404, ResultCode.notFound, 'system.menuNotFound');

export function toMenuItem(row: MenuRow): SystemMenu {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    parentId: row.parentId,
    name: row.name,
    path: row.path,
    locale: row.locale,
    icon: row.icon,
    order: row.order,
    perms: row.perms,
    requiresAuth: row.requiresAuth,
    hideInMenu: row.hideInMenu,
    hideChildrenInMenu: row.hideChildrenInMenu,
    activeMenu: row.activeMenu,
    ignoreCache: row.ignoreCache,
  };
}

export async function listMenus(
  db: Executor,
  q: { page: number; pageSize: number; keyword?: string | undefined; parentId?: number | undefined },
) {
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    const p = `${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(menus.name, p), ilike(menus.path, p), ilike(menus.locale, p)));
  }
  if (q.parentId) conds.push(eq(menus.parentId, q.parentId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(menus)
      .where(where)
      .orderBy(asc(menus.order), asc(menus.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(menus).where(where),
  ]);
  return { list: rows.map(toMenuItem), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Every menu as a tree with ids, unfiltered: what the admin page edits. */
export async function getAdminMenuTree(db: Executor): Promise<SystemMenuNode[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.order), asc(menus.id));
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  const build = (parentId: number | null, depth: number): SystemMenuNode[] =>
    depth > MAX_DEPTH ? [] : (byParent.get(parentId) ?? []).map((row) => ({ ...toMenuItem(row), children: build(row.id, depth + 1) }));
  return build(null, 0);
}

async function loadMenu(db: Executor, id: number): Promise<MenuRow> {
  const [row] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
  if (!row) throw menuNotFound();
  return row;
}

export async function getMenu(db: Executor, id: number): Promise<SystemMenu> {
  return toMenuItem(await loadMenu(db, id));
}

/** Ids of the menu and everything under it. */
async function collectSubtree(db: Executor, id: number): Promise<Set<number>> {
  const rows = await db.select({ id: menus.id, parentId: menus.parentId }).from(menus);
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId !== null && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

async function checkMenu(db: Executor, values: MenuUpdate, existingId: number | null): Promise<void> {
  if (values.name !== undefined) {
    const [hit] = await db
      .select({ id: menus.id })
      .from(menus)
      .where(and(eq(menus.name, values.name), existingId === null ? undefined : ne(menus.id, existingId)))
      .limit(1);
    if (hit) throw conflict('data.duplicate', { field: 'name', value: values.name }, { field: 'name' });
  }
  if (values.parentId) {
    const [parent] = await db.select({ id: menus.id }).from(menus).where(eq(menus.id, values.parentId)).limit(1);
    if (!parent) throw badRequest('system.unknownIds', { field: 'parentId', ids: String(values.parentId) });
    if (existingId !== null && (await collectSubtree(db, existingId)).has(values.parentId)) {
      throw badRequest('system.cycle', { field: 'parentId' });
    }
  }
  if (values.perms?.length) {
    const codes = [...new Set(values.perms)];
    const found = await db.select({ code: perms.code }).from(perms).where(inArray(perms.code, codes));
    const have = new Set(found.map((f) => f.code));
    const missing = codes.filter((c) => !have.has(c));
    if (missing.length) throw badRequest('system.unknownPerms', { field: 'perms', codes: missing.join(', ') });
  }
  if (values.activeMenu) {
    const [hit] = await db.select({ id: menus.id }).from(menus).where(eq(menus.name, values.activeMenu)).limit(1);
    if (!hit) throw badRequest('system.unknownIds', { field: 'activeMenu', ids: values.activeMenu });
  }
}

function toValues(body: MenuUpdate): Partial<typeof menus.$inferInsert> {
  const v: Partial<typeof menus.$inferInsert> = {};
  if (body.parentId !== undefined) v.parentId = body.parentId;
  if (body.name !== undefined) v.name = body.name;
  if (body.path !== undefined) v.path = body.path;
  if (body.locale !== undefined) v.locale = body.locale;
  if (body.icon !== undefined) v.icon = body.icon;
  if (body.order !== undefined) v.order = body.order;
  if (body.perms !== undefined) v.perms = [...new Set(body.perms)];
  if (body.requiresAuth !== undefined) v.requiresAuth = body.requiresAuth;
  if (body.hideInMenu !== undefined) v.hideInMenu = body.hideInMenu;
  if (body.hideChildrenInMenu !== undefined) v.hideChildrenInMenu = body.hideChildrenInMenu;
  if (body.activeMenu !== undefined) v.activeMenu = body.activeMenu;
  if (body.ignoreCache !== undefined) v.ignoreCache = body.ignoreCache;
  return v;
}

export async function createMenu(request: FastifyRequest, body: MenuCreate): Promise<SystemMenu> {
  const { db } = request.server;
  await checkMenu(db, body, null);
  const row = await runLoggedTransaction(
    request,
    async (tx) => {
      const [created] = await tx
        .insert(menus)
        .values({ ...toValues(body), name: body.name, path: body.path, locale: body.locale })
        .returning();
      if (!created) throw new Error('menu insert returned nothing');
      return created;
    },
    201,
  );
  return toMenuItem(row);
}

export async function updateMenu(request: FastifyRequest, id: number, body: MenuUpdate): Promise<SystemMenu> {
  const { db } = request.server;
  await loadMenu(db, id);
  if (body.parentId === id) throw badRequest('system.cycle', { field: 'parentId' });
  await checkMenu(db, body, id);
  const row = await runLoggedTransaction(request, async (tx) => {
    const [updated] = await tx
      .update(menus)
      .set({ ...toValues(body), updatedAt: new Date() })
      .where(eq(menus.id, id))
      .returning();
    if (!updated) throw menuNotFound();
    return updated;
  });
  return toMenuItem(row);
}

export async function deleteMenu(request: FastifyRequest, id: number): Promise<void> {
  const { db } = request.server;
  const existing = await loadMenu(db, id);
  const children = await db.select({ name: menus.name }).from(menus).where(eq(menus.parentId, id)).orderBy(asc(menus.order), asc(menus.id));
  if (children.length) {
    const refs = [{ kind: 'menu' as const, count: children.length, examples: children.slice(0, 10).map((c) => c.name) }];
    const text = `${children.length}: ${refs[0]?.examples.join(', ')}`;
    throw conflict('system.menuInUse', { name: existing.name, refs: text }, { references: refs });
  }
  await runLoggedTransaction(request, async (tx) => {
    // A role's grant of a menu that no longer exists means nothing.
    await tx.delete(roleMenus).where(eq(roleMenus.menuId, id));
    await tx.delete(menus).where(eq(menus.id, id));
  });
}
