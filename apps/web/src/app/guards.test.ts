import { ALL_PERMS, DEFAULT_MENUS, type MenuItem } from '@campus/contract';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTree } from './menu';
import { runGuards, type GuardContext, type GuardTarget } from './guards';
import { matchAppRoute } from './route-table';

function target(pathname: string, query: Record<string, string> = {}): GuardTarget {
  return { route: matchAppRoute(pathname), pathname, query };
}

function context(overrides: Partial<GuardContext> = {}): GuardContext {
  let serverMenus: readonly MenuItem[] = [];
  let isLoaded = false;
  return {
    isLoggedIn: () => true,
    isSigningOut: () => false,
    getRole: () => 'admin',
    getUserId: () => 1,
    getPerms: () => [ALL_PERMS],
    mustEnrolMfa: () => false,
    loadUser: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    isMenuFromServer: () => true,
    isServerMenuLoaded: () => isLoaded,
    loadServerMenus: vi.fn(() => {
      serverMenus = DEFAULT_MENUS;
      isLoaded = true;
      return Promise.resolve();
    }),
    getServerMenus: () => serverMenus,
    getClientMenus: () => DEFAULT_MENUS,
    ...overrides,
  };
}

describe('login guard', () => {
  it('sends a signed-out visitor to login with the route name and query', async () => {
    const outcome = await runGuards(target('/educate/student', { keyword: 'li' }), null, context({ isLoggedIn: () => false }));
    expect(outcome).toEqual({ kind: 'redirect', to: '/login?keyword=li&redirect=Student' });
  });

  it('carries the path for routes with parameters and for unknown paths', async () => {
    const ctx = context({ isLoggedIn: () => false });
    expect(await runGuards(target('/educate/course/5/edit'), null, ctx)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Feducate%2Fcourse%2F5%2Fedit',
    });
    expect(await runGuards(target('/no/such'), null, ctx)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fno%2Fsuch' });
  });

  it('lets a signed-out visitor open login', async () => {
    expect(await runGuards(target('/login'), null, context({ isLoggedIn: () => false }))).toEqual({ kind: 'proceed' });
  });

  it('sends a signed-in visitor from login to the landing page, or to the page login was to return to', async () => {
    expect(await runGuards(target('/login'), 'Workplace', context())).toEqual({ kind: 'redirect', to: '/dashboard/workplace' });
    expect(await runGuards(target('/login', { redirect: 'Student', keyword: 'li' }), null, context())).toEqual({
      kind: 'redirect',
      to: '/educate/student?keyword=li',
    });
  });

  it('lets sign-out reach login while the session is still being ended', async () => {
    expect(await runGuards(target('/login'), 'Workplace', context({ isSigningOut: () => true }))).toEqual({ kind: 'proceed' });
  });

  it('shows login to a visitor whose stored session the server no longer knows', async () => {
    const ctx = context({ getRole: () => '', loadUser: vi.fn(() => Promise.reject(new Error('50008'))) });
    expect(await runGuards(target('/login'), null, ctx)).toEqual({ kind: 'proceed' });
  });

  it('loads the user when the role is unknown', async () => {
    const ctx = context({ getRole: () => '' });
    expect(await runGuards(target('/dashboard/workplace'), null, ctx)).toEqual({ kind: 'proceed' });
    expect(ctx.loadUser).toHaveBeenCalledOnce();
  });

  it('logs out and goes to login when loading the user fails', async () => {
    const ctx = context({ getRole: () => '', loadUser: vi.fn(() => Promise.reject(new Error('50008'))) });
    expect(await runGuards(target('/report/summary', { termId: '2' }), null, ctx)).toEqual({
      kind: 'redirect',
      to: '/login?termId=2&redirect=Summary',
    });
    expect(ctx.logout).toHaveBeenCalledOnce();
  });
});

describe('permission guard, menu from server', () => {
  it('fetches menus once when not loaded, then allows listed and permitted routes', async () => {
    const ctx = context();
    expect(await runGuards(target('/system/user'), 'Workplace', ctx)).toEqual({ kind: 'proceed' });
    expect(await runGuards(target('/system/role/3/perm'), 'Role', ctx)).toEqual({ kind: 'proceed' });
    expect(ctx.loadServerMenus).toHaveBeenCalledOnce();
  });

  it('does not fetch menus for whitelisted routes', async () => {
    const ctx = context();
    expect(await runGuards(target('/definitely/missing'), null, ctx)).toEqual({ kind: 'proceed' });
    expect(ctx.loadServerMenus).not.toHaveBeenCalled();
  });

  it('redirects a route missing from the server menus to the first allowed route', async () => {
    const restricted: readonly MenuItem[] = buildMenuTree(DEFAULT_MENUS, ['educate:student:list']);
    const ctx = context({ getPerms: () => ['educate:student:list'], getServerMenus: () => restricted, isServerMenuLoaded: () => true });
    expect(await runGuards(target('/system/user'), 'Workplace', ctx)).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
      refused: { page: 'menu.system.user', target: 'menu.dashboard.workplace' },
    });
    expect(await runGuards(target('/educate/student'), 'Workplace', ctx)).toEqual({ kind: 'proceed' });
  });

  it('redirects a listed but unpermitted route too', async () => {
    const ctx = context({ getPerms: () => ['educate:student:list'], getServerMenus: () => DEFAULT_MENUS, isServerMenuLoaded: () => true });
    expect(await runGuards(target('/system/dept'), 'Workplace', ctx)).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
      refused: { page: 'menu.system.dept', target: 'menu.dashboard.workplace' },
    });
  });

  it('always allows the first page after login when the user id is positive', async () => {
    const ctx = context({ getPerms: () => [], getServerMenus: () => [], isServerMenuLoaded: () => true });
    expect(await runGuards(target('/system/dept'), 'login', ctx)).toEqual({ kind: 'proceed' });
    const anonymous = context({ getPerms: () => [], getServerMenus: () => [], isServerMenuLoaded: () => true, getUserId: () => 0 });
    expect(await runGuards(target('/system/dept'), 'login', anonymous)).toEqual({
      kind: 'redirect',
      to: '/404',
      refused: { page: 'menu.system.dept', target: null },
    });
  });

  it('goes to not-found when nothing is allowed', async () => {
    const ctx = context({ getPerms: () => [], getServerMenus: () => [], isServerMenuLoaded: () => true });
    expect(await runGuards(target('/educate/student'), 'Workplace', ctx)).toEqual({
      kind: 'redirect',
      to: '/404',
      refused: { page: 'menu.educate.student', target: null },
    });
  });
});

describe('permission guard, client menus', () => {
  const client = (perms: string[]) => context({ isMenuFromServer: () => false, getPerms: () => perms });

  it('allows permitted routes without asking the server', async () => {
    const ctx = client(['educate:teacher:list']);
    expect(await runGuards(target('/educate/teacher'), null, ctx)).toEqual({ kind: 'proceed' });
    expect(ctx.loadServerMenus).not.toHaveBeenCalled();
  });

  it('redirects others to the first allowed route', async () => {
    expect(await runGuards(target('/system/perm'), null, client(['educate:teacher:list']))).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
      refused: { page: 'menu.system.perm', target: 'menu.dashboard.workplace' },
    });
  });

  it('lets everyone reach the redirect page', async () => {
    expect(await runGuards(target('/redirect/educate/student'), null, client([]))).toEqual({ kind: 'proceed' });
  });
});

describe('user center', () => {
  it('opens to every signed-in user, with no perm and whatever the server menu says', async () => {
    const ctx = context({ getPerms: () => [], getServerMenus: () => [], isServerMenuLoaded: () => true });
    expect(await runGuards(target('/user/center', { tab: 'security' }), 'Workplace', ctx)).toEqual({ kind: 'proceed' });
  });

  it('loads the server menu when it is the first page opened, so the layout has its menu', async () => {
    const ctx = context();
    expect(await runGuards(target('/user/center'), null, ctx)).toEqual({ kind: 'proceed' });
    expect(ctx.loadServerMenus).toHaveBeenCalledTimes(1);
  });

  it('is where a user who must enrol a second factor is sent from every other page', async () => {
    const ctx = context({ mustEnrolMfa: () => true });
    for (const path of ['/dashboard/workplace', '/system/user', '/educate/course/3/edit', '/no/such/page']) {
      expect(await runGuards(target(path), 'Workplace', ctx)).toEqual({ kind: 'redirect', to: '/user/center?tab=security' });
    }
    expect(await runGuards(target('/user/center'), null, ctx)).toEqual({ kind: 'proceed' });
    // Signed out, the login page still comes first.
    const out = context({ isLoggedIn: () => false, mustEnrolMfa: () => true });
    expect(await runGuards(target('/login'), null, out)).toEqual({ kind: 'proceed' });
  });
});
