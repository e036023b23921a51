import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAMPUS_HEADER, hasAnyPerm, ResultCode, type PermCode } from '@campus/contract';
import { AppError, badRequest, forbidden } from '../lib/app-error.js';
import { resolveRequestPrincipal, type Principal } from './auth.js';

/**
 * What a route needs from its caller. Every /api route declares one; a route
 * without it is refused at start-up, so nothing is reachable by accident.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn'; scope: Scope; allowMustChange: boolean; allowMustEnrol: boolean }
  | { kind: 'perm'; perms: readonly PermCode[]; scope: Scope };

/** campus: the route works inside the campus of X-Access-Camid, which must be one of the caller's. */
export type Scope = 'campus' | 'global';

export const publicRoute = (): RouteAccess => ({ kind: 'public' });

export const signedIn = (scope: Scope = 'global', opts: { allowMustChange?: boolean; allowMustEnrol?: boolean } = {}): RouteAccess => ({
  kind: 'signedIn',
  scope,
  allowMustChange: opts.allowMustChange ?? false,
  allowMustEnrol: opts.allowMustEnrol ?? false,
});

/**
 * The caller's own account (the user center, sign-out): open to every signed-in
 * user, also one who must first change their password or enrol a second factor.
 */
export const ownAccount = (): RouteAccess => signedIn('global', { allowMustChange: true, allowMustEnrol: true });

/** The caller needs any one of `perms` (or `*`): codes of the contract's catalogue (`Perm.x`), so a typo does not compile. */
export const requirePerm = (perms: PermCode | readonly PermCode[], scope: Scope): RouteAccess => ({
  kind: 'perm',
  perms: typeof perms === 'string' ? [perms] : perms,
  scope,
});

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** What the route's log rows are called (route config `operlog`), for the test that every one reads in words. */
  operlog: { module: string; action: string } | false | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access: the tests walk it. */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The campus of X-Access-Camid, checked against the caller's; 0 on global routes. */
    camId: number;
  }
}

/** The principal of a route that is not public; a handler on a public route gets an error. */
export function getPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} read the principal but is public`);
  return request.principal;
}

export function getCampusId(request: FastifyRequest): number {
  if (!request.camId) throw new Error(`route ${request.routeOptions.url} read the campus but is not campus-scoped`);
  return request.camId;
}

const CAMPUS_ID = /^[1-9]\d{0,9}$/;

export function parseCampusHeader(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || !CAMPUS_ID.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n <= 2_147_483_647 ? n : null;
}

export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('camId', 0);
  app.decorate('routeTable', [] as RouteEntry[]);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      // The OpenAPI document and its UI are public by design.
      route.config = { ...route.config, access: publicRoute() };
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access: use publicRoute(), signedIn() or requirePerm().`);
    }
    for (const method of methods)
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access, operlog: route.config?.operlog });
  });

  // onRequest: refuse before the body is even read.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) {
      // Only non-API routes (static files) and the not-found handler get here.
      if (request.url.startsWith('/api') && request.routeOptions.url) throw forbidden();
      return;
    }
    if (access.kind === 'public') return;
    const principal = await resolveRequestPrincipal(request.server, request.headers.authorization);
    request.principal = principal;
    if (principal.mustChangePassword && !(access.kind === 'signedIn' && access.allowMustChange)) {
      throw new AppError(403, ResultCode.forbidden, 'auth.mustChangePassword');
    }
    if (principal.mustEnrolMfa && !(access.kind === 'signedIn' && access.allowMustEnrol)) {
      throw new AppError(403, ResultCode.forbidden, 'auth.mustEnrolMfa');
    }
    if (access.kind === 'perm' && !hasAnyPerm(principal.perms, access.perms)) throw forbidden();
    if (access.scope === 'campus') {
      const camId = parseCampusHeader(request.headers[CAMPUS_HEADER]);
      if (camId === null) throw badRequest('access.campusMissing');
      // The same answer whether the campus exists or not.
      if (!principal.camIds.includes(camId)) throw forbidden('access.campusForbidden');
      request.camId = camId;
    }
  });
}
