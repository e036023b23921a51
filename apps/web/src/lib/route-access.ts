import { hasAnyPerm, type MenuItem, type RouteMeta } from '@campus/contract';
import { findInTree } from './tree';

/** Spec section 5: no requiresAuth or no perms allows; `*` allows; else the perms must overlap. */
export function hasRouteAccess(meta: Pick<RouteMeta, 'requiresAuth' | 'perms'> | undefined, held: readonly string[]): boolean {
  if (!meta?.requiresAuth || !meta.perms) return true;
  return hasAnyPerm(held, meta.perms);
}

export interface RouteTarget {
  name: string;
  path: string;
}

function isNavigable(path: string): boolean {
  // A path with parameters (course/:id/edit) cannot be opened without an id.
  return !path.includes(':') && !path.includes('*');
}

/**
 * Breadth-first search of the menu tree for the first entry whose perms include
 * `*` or overlap the user's (spec section 4); entries without perms are groups.
 */
export function findFirstPermittedRoute(menus: readonly MenuItem[], held: readonly string[]): RouteTarget | null {
  const item = findInTree(menus, ({ meta, path }) => Boolean(meta.perms?.length) && isNavigable(path) && hasAnyPerm(held, meta.perms));
  return item ? { name: item.name, path: item.path } : null;
}

/** Whether the tree holds a route of this name at any depth. */
export function hasMenuNamed(menus: readonly MenuItem[], name: string): boolean {
  return findInTree(menus, (item) => item.name === name) !== null;
}

/** The path of the route named `name` when it needs no parameters (login redirects by name). */
export function findStaticPath(menus: readonly MenuItem[], name: string): string | null {
  const item = findInTree(menus, (i) => i.name === name);
  return item && isNavigable(item.path) && !item.children?.length ? item.path : null;
}
