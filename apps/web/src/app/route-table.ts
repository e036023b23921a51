import { DEFAULT_MENUS, RouteName, USER_CENTER_PATH, type MenuItem, type RouteMeta } from '@campus/contract';
import { matchPath } from 'react-router';
import { LOGIN_PATH } from '../lib/redirect';

export interface AppRoute {
  name: string;
  path: string;
  meta: RouteMeta;
}

export { LOGIN_PATH };
export const NOT_FOUND_PATH = '/404';
export const REDIRECT_PREFIX = '/redirect';

function collectLeaves(items: readonly MenuItem[]): AppRoute[] {
  return items.flatMap((item) =>
    item.children?.length ? collectLeaves(item.children) : [{ name: item.name, path: item.path, meta: item.meta }],
  );
}

/** Every signed-in user's own page: in no menu, open to all (guards.ts). */
export const USER_CENTER_ROUTE: AppRoute = {
  name: RouteName.userCenter,
  path: USER_CENTER_PATH,
  meta: { locale: 'menu.userCenter', requiresAuth: true, hideInMenu: true },
};

/** Pages inside the default layout: every leaf of the default menu, the user center and the internal redirect page. */
export const LAYOUT_ROUTES: readonly AppRoute[] = [
  ...collectLeaves(DEFAULT_MENUS),
  USER_CENTER_ROUTE,
  { name: RouteName.redirect, path: `${REDIRECT_PREFIX}/*`, meta: { locale: 'menu.redirect', requiresAuth: true, hideInMenu: true } },
];

export const LOGIN_ROUTE: AppRoute = { name: RouteName.login, path: LOGIN_PATH, meta: { locale: 'menu.login', requiresAuth: false } };
export const NOT_FOUND_ROUTE: AppRoute = { name: RouteName.notFound, path: '*', meta: { locale: 'menu.notFound', requiresAuth: true } };

export interface MatchedRoute extends AppRoute {
  params: Record<string, string | undefined>;
}

/** The route a pathname opens; unknown paths open not-found. */
export function matchAppRoute(pathname: string): MatchedRoute {
  for (const route of [LOGIN_ROUTE, ...LAYOUT_ROUTES]) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { ...route, params: match.params };
  }
  return { ...NOT_FOUND_ROUTE, params: {} };
}

export function hasPathParams(path: string): boolean {
  return path.includes(':') || path.includes('*');
}

/** The path of a route that needs no parameters, by name. */
export function findPathByName(name: string): string | null {
  const route = [LOGIN_ROUTE, ...LAYOUT_ROUTES].find((r) => r.name === name);
  return route && !hasPathParams(route.path) ? route.path : null;
}
