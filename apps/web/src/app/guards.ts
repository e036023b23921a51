import { RouteName, USER_CENTER_PATH, WHITE_LIST, type MenuItem } from '@campus/contract';
import { buildLoginPath } from '../lib/redirect';
import { findFirstPermittedRoute, hasMenuNamed, hasRouteAccess } from '../lib/route-access';
import { NOT_FOUND_PATH, hasPathParams, type MatchedRoute } from './route-table';

export interface GuardTarget {
  route: MatchedRoute;
  pathname: string;
  query: Record<string, string>;
}

/** What the guards read and do; the router passes the real stores, tests pass fakes. */
export interface GuardContext {
  isLoggedIn: () => boolean;
  getRole: () => string;
  getUserId: () => number;
  getPerms: () => readonly string[];
  /** A role requires a second factor the user has not set up: only the user center opens. */
  mustEnrolMfa: () => boolean;
  loadUser: () => Promise<void>;
  logout: () => Promise<void>;
  isMenuFromServer: () => boolean;
  isServerMenuLoaded: () => boolean;
  loadServerMenus: () => Promise<void>;
  getServerMenus: () => readonly MenuItem[];
  getClientMenus: () => readonly MenuItem[];
}

export type GuardOutcome = { kind: 'proceed' } | { kind: 'redirect'; to: string };

const PROCEED: GuardOutcome = { kind: 'proceed' };

/**
 * The redirect page only bounces to another guarded route, so no menu lists
 * it; the user center belongs to every signed-in user, whatever their perms.
 */
const GUARD_WHITE_LIST: readonly string[] = [...WHITE_LIST, RouteName.redirect, RouteName.userCenter];

/** Where a user who must enrol a second factor is sent: the user center's security tab. */
export const ENROL_MFA_PATH = `${USER_CENTER_PATH}?tab=security`;

function isWhitelisted(name: string): boolean {
  return GUARD_WHITE_LIST.includes(name);
}

function redirectToLogin(target: GuardTarget): GuardOutcome {
  // The spec carries the route name; a route with parameters needs its path to come back.
  const { route } = target;
  const redirect = route.name === RouteName.notFound || hasPathParams(route.path) ? target.pathname : route.name;
  return { kind: 'redirect', to: buildLoginPath(redirect, target.query) };
}

/** Spec section 4, login guard. */
export async function checkLogin(target: GuardTarget, ctx: GuardContext): Promise<GuardOutcome> {
  if (ctx.isLoggedIn()) {
    if (ctx.getRole()) return PROCEED;
    try {
      await ctx.loadUser();
      return PROCEED;
    } catch {
      await ctx.logout();
      return target.route.name === RouteName.login ? PROCEED : redirectToLogin(target);
    }
  }
  if (target.route.name === RouteName.login) return PROCEED;
  return redirectToLogin(target);
}

function redirectToFirstAllowed(menus: readonly MenuItem[], perms: readonly string[]): GuardOutcome {
  const first = findFirstPermittedRoute(menus, perms);
  return { kind: 'redirect', to: first?.path ?? NOT_FOUND_PATH };
}

/** Spec section 4, permission guard. */
export async function checkRouteAccess(target: GuardTarget, fromName: string | null, ctx: GuardContext): Promise<GuardOutcome> {
  const { name, meta } = target.route;
  const perms = ctx.getPerms();
  const isPermitted = hasRouteAccess(meta, perms);
  if (ctx.isMenuFromServer()) {
    // The user center needs no menu entry to open, but its layout shows the menu like any page's.
    if (!ctx.isServerMenuLoaded() && (!isWhitelisted(name) || name === RouteName.userCenter)) await ctx.loadServerMenus();
    const menus = ctx.getServerMenus();
    const exists = isWhitelisted(name) || hasMenuNamed(menus, name);
    if (exists && isPermitted) return PROCEED;
    if (fromName === RouteName.login && ctx.getUserId() > 0) return PROCEED;
    return redirectToFirstAllowed(menus, perms);
  }
  if (isPermitted || isWhitelisted(name)) return PROCEED;
  return redirectToFirstAllowed(ctx.getClientMenus(), perms);
}

/** Login check, then permission check (the page title is set before both). */
export async function runGuards(target: GuardTarget, fromName: string | null, ctx: GuardContext): Promise<GuardOutcome> {
  const login = await checkLogin(target, ctx);
  if (login.kind === 'redirect' || target.route.name === RouteName.login) return login;
  // The server refuses everything else (403) until then; the page says why and how.
  if (ctx.mustEnrolMfa() && target.route.name !== RouteName.userCenter) return { kind: 'redirect', to: ENROL_MFA_PATH };
  return checkRouteAccess(target, fromName, ctx);
}
