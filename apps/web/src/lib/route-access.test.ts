import { ALL_PERMS, DEFAULT_MENUS, type MenuItem } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { findFirstPermittedRoute, findStaticPath, hasMenuNamed, hasRouteAccess } from './route-access';

describe('hasRouteAccess', () => {
  it('allows routes without requiresAuth or without perms', () => {
    expect(hasRouteAccess(undefined, [])).toBe(true);
    expect(hasRouteAccess({ perms: ['a:b:c'] }, [])).toBe(true);
    expect(hasRouteAccess({ requiresAuth: true }, [])).toBe(true);
  });

  it("allows '*' routes to everyone", () => {
    expect(hasRouteAccess({ requiresAuth: true, perms: [ALL_PERMS] }, [])).toBe(true);
  });

  it('needs an overlap otherwise', () => {
    const meta = { requiresAuth: true, perms: ['educate:student:list', 'educate:student:add'] };
    expect(hasRouteAccess(meta, ['educate:student:add'])).toBe(true);
    expect(hasRouteAccess(meta, ['educate:teacher:list'])).toBe(false);
    expect(hasRouteAccess(meta, [])).toBe(false);
  });

  it("lets a holder of '*' in", () => {
    expect(hasRouteAccess({ requiresAuth: true, perms: ['system:user:list'] }, [ALL_PERMS])).toBe(true);
  });
});

const node = (name: string, perms?: string[], children?: MenuItem[]): MenuItem => ({
  name,
  path: `/${name}`,
  meta: { locale: name, requiresAuth: true, perms },
  children,
});

describe('findFirstPermittedRoute', () => {
  it('finds Workplace first in the default tree', () => {
    expect(findFirstPermittedRoute(DEFAULT_MENUS, [])).toEqual({ name: 'Workplace', path: '/dashboard/workplace' });
  });

  it('searches breadth-first: a shallow match wins over a deeper earlier one', () => {
    const tree = [
      node('g1', undefined, [node('deep', undefined, [node('deeper', ['x:y:z'])])]),
      node('g2', undefined, [node('shallow', ['x:y:z'])]),
    ];
    expect(findFirstPermittedRoute(tree, ['x:y:z'])?.name).toBe('shallow');
  });

  it("matches '*' entries and perm overlaps, skipping groups and unmatched entries", () => {
    const tree = [node('g', undefined, [node('no', ['a:b:c']), node('yes', ['d:e:f'])]), node('open', ['*'])];
    expect(findFirstPermittedRoute(tree, ['d:e:f'])?.name).toBe('open');
    expect(findFirstPermittedRoute([tree[0] as MenuItem], ['d:e:f'])?.name).toBe('yes');
  });

  it('skips routes that need a parameter', () => {
    const tree = [{ ...node('edit', ['c:c:e']), path: '/course/:id/edit' }, node('list', ['c:c:e'])];
    expect(findFirstPermittedRoute(tree, ['c:c:e'])?.name).toBe('list');
  });

  it('returns null when nothing is allowed', () => {
    expect(findFirstPermittedRoute([node('a', ['a:a:a'])], ['b:b:b'])).toBeNull();
    expect(findFirstPermittedRoute([], ['*'])).toBeNull();
  });
});

describe('hasMenuNamed', () => {
  it('finds hidden children', () => {
    expect(hasMenuNamed(DEFAULT_MENUS, 'RolePerm')).toBe(true);
    expect(hasMenuNamed(DEFAULT_MENUS, 'Nope')).toBe(false);
  });
});

describe('findStaticPath', () => {
  it('gives the path of a page without parameters', () => {
    expect(findStaticPath(DEFAULT_MENUS, 'Student')).toBe('/educate/student');
    expect(findStaticPath(DEFAULT_MENUS, 'CourseEdit')).toBeNull();
    expect(findStaticPath(DEFAULT_MENUS, 'Educate')).toBeNull();
    expect(findStaticPath(DEFAULT_MENUS, 'Nope')).toBeNull();
  });
});
