import { RouteName, USER_CENTER_PATH, WHITE_LIST, type MenuItem } from '@campus/contract';
import { buildLoginPath, resolveLoginRedirect } from '../lib/redirect';
import { findFirstPermittedRoute, hasMenuNamed, hasRouteAccess } from '../lib/route-access';
import { NOT_FOUND_PATH, findPathByName, hasPathParams, matchAppRoute, type MatchedRoute } from './route-table';

export interface GuardTarget {
  route: MatchedRoute;
  pathname: string;
  query: Record<string, string>;
}

/** What the guards read and do; the router passes the real stores, tests pass fakes. */
export interface GuardContext {
  isLoggedIn: () => boolean;
  /** Sign-out leaves for login before it ends the session; login must then show, not bounce back. */
  isSigningOut: () => boolean;
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

/** A page the user may not open, and the page they are taken to instead (null: not-found), as locale keys. */
export interface Refusal {
  page: string;
  target: string | null;
}

export type GuardOutcome = { kind: 'proceed' } | { kind: 'redirect'; to: string; refused?: Refusal };

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
    if (!ctx.getRole()) {
      try {
        await ctx.loadUser();
      } catch {
        await ctx.logout();
        return target.route.name === RouteName.login ? PROCEED : redirectToLogin(target);
      }
    }
    // Signed in already: login has nothing to ask, so the visitor goes where signing in would take them.
    if (target.route.name === RouteName.login && !ctx.isSigningOut())
      return { kind: 'redirect', to: resolveLoginRedirect(new URLSearchParams(target.query), findPathByName) };
    return PROCEED;
  }
  if (target.route.name === RouteName.login) return PROCEED;
  return redirectToLogin(target);
}

/** The spec's redirect to the first allowed route, saying which page was refused so the user is told. */
function redirectToFirstAllowed(refusedRoute: MatchedRoute, menus: readonly MenuItem[], perms: readonly string[]): GuardOutcome {
  const first = findFirstPermittedRoute(menus, perms);
  const target = first ? matchAppRoute(first.path).meta.locale : null;
  return { kind: 'redirect', to: first?.path ?? NOT_FOUND_PATH, refused: { page: refusedRoute.meta.locale, target } };
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
    return redirectToFirstAllowed(target.route, menus, perms);
  }
  if (isPermitted || isWhitelisted(name)) return PROCEED;
  return redirectToFirstAllowed(target.route, ctx.getClientMenus(), perms);
}

/** Login check, then permission check (the page title is set before both). */
export async function runGuards(target: GuardTarget, fromName: string | null, ctx: GuardContext): Promise<GuardOutcome> {
  const login = await checkLogin(target, ctx);
  if (login.kind === 'redirect' || target.route.name === RouteName.login) return login;
  // The server refuses everything else (403) until then; the page says why and how.
  if (ctx.mustEnrolMfa() && target.route.name !== RouteName.userCenter) return { kind: 'redirect', to: ENROL_MFA_PATH };
  return checkRouteAccess(target, fromName, ctx);
}
