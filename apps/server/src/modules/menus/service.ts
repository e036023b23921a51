import { asc } from 'drizzle-orm';
import { hasAnyPerm, type MenuItem } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { menus } from '../../db/schema/system.js';

type MenuRow = typeof menus.$inferSelect;

function toItem(row: MenuRow): MenuItem {
  const meta: MenuItem['meta'] = { locale: row.locale, requiresAuth: row.requiresAuth, order: row.order };
  if (row.icon) meta.icon = row.icon;
  if (row.perms.length) meta.perms = row.perms;
  if (row.hideInMenu) meta.hideInMenu = true;
  if (row.hideChildrenInMenu) meta.hideChildrenInMenu = true;
  if (row.activeMenu) meta.activeMenu = row.activeMenu;
  if (row.ignoreCache) meta.ignoreCache = true;
  return { name: row.name, path: row.path, meta };
}

/**
 * The menu tree the caller may see: ordered, filtered by perms, and without
 * parents whose every child was filtered out.
 */
export async function getMenuTree(db: Executor, perms: readonly string[]): Promise<MenuItem[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.order), asc(menus.id));
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parentId: number | null, depth: number): MenuItem[] => {
    if (depth > 8) return [];
    const out: MenuItem[] = [];
    for (const row of byParent.get(parentId) ?? []) {
      if (!hasAnyPerm(perms, row.perms)) continue;
      const item = toItem(row);
      const hasChildRows = (byParent.get(row.id) ?? []).length > 0;
      if (hasChildRows) {
        const children = build(row.id, depth + 1);
        if (children.length === 0) continue;
        item.children = children;
      }
      out.push(item);
    }
    return out;
  };
  return build(null, 0);
}
