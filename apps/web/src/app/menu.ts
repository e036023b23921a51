import type { MenuItem } from '@campus/contract';
import { hasRouteAccess } from '../lib/route-access';
import { findTrailInTree } from '../lib/tree';

function byOrder(a: MenuItem, b: MenuItem): number {
  return (a.meta.order ?? 0) - (b.meta.order ?? 0);
}

function buildLevel(items: readonly MenuItem[], held: readonly string[], depth: number): MenuItem[] {
  const visible: MenuItem[] = [];
  // Array.prototype.sort is stable, so equal orders keep the server's sequence.
  for (const item of [...items].sort(byOrder)) {
    if (item.meta.hideInMenu || !hasRouteAccess(item.meta, held)) continue;
    if (item.meta.hideChildrenInMenu || !item.children) {
      visible.push({ ...item, children: [] });
      continue;
    }
    const children = buildLevel(item.children, held, depth + 1);
    // A top-level group left with nothing inside is dropped unless it asked to be shown.
    if (children.length > 0 || depth > 0 || item.meta.hideInMenu === false) visible.push({ ...item, children });
  }
  return visible;
}

/** The menu the user sees (spec section 2, menu construction). */
export function buildMenuTree(items: readonly MenuItem[], held: readonly string[]): MenuItem[] {
  return buildLevel(items, held, 0);
}

/** The entries from the root down to the route named `name`, or [] when absent. */
export function findMenuTrail(items: readonly MenuItem[], name: string): MenuItem[] {
  return findTrailInTree(items, (item) => item.name === name);
}
