import { ALL_PERMS, DEFAULT_MENUS, type MenuItem } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { findMenuTrail, buildMenuTree } from './menu';

function names(items: readonly MenuItem[]): unknown[] {
  return items.map((i) => (i.children && i.children.length ? { [i.name]: names(i.children) } : i.name));
}

const leaf = (name: string, meta: Partial<MenuItem['meta']> = {}): MenuItem => ({
  name,
  path: `/${name}`,
  meta: { locale: name, requiresAuth: true, ...meta },
});

describe('buildMenuTree', () => {
  it('shows the whole default menu to an admin, sorted, without hidden entries', () => {
    expect(names(buildMenuTree(DEFAULT_MENUS, [ALL_PERMS]))).toEqual([
      { Dashboard: ['Workplace', 'Monitor'] },
      { Educate: ['Student', 'Teacher', 'Manager', 'Course', 'Room', 'Term', 'Timetable', 'SchoolClass', 'TimetablePlan'] },
      { Report: ['Summary'] },
      { System: ['User', 'Role', 'Menu', 'Perm', 'Dept', 'OperLog', 'ResetPassword', 'Notice', 'Job', 'OnlineUser'] },
    ]);
  });

  it('filters by perms and drops top-level groups left empty', () => {
    expect(names(buildMenuTree(DEFAULT_MENUS, ['educate:student:list', 'educate:course:list']))).toEqual([
      { Dashboard: ['Workplace'] },
      { Educate: ['Student', 'Course'] },
    ]);
  });

  it('sorts by meta.order at every level, keeping ties in their given order', () => {
    const tree: MenuItem[] = [
      { ...leaf('b', { order: 2 }), children: [leaf('b2', { order: 5 }), leaf('b1', { order: 1 })] },
      { ...leaf('a', { order: 1 }), children: [leaf('a1')] },
      { ...leaf('c', { order: 1 }), children: [leaf('c1')] },
    ];
    expect(names(buildMenuTree(tree, []))).toEqual([{ a: ['a1'] }, { c: ['c1'] }, { b: ['b1', 'b2'] }]);
  });

  it('removes hideInMenu children and shows no children under hideChildrenInMenu', () => {
    const tree: MenuItem[] = [
      { ...leaf('g'), children: [leaf('shown'), leaf('hidden', { hideInMenu: true })] },
      { ...leaf('h', { hideChildrenInMenu: true }), children: [leaf('x')] },
    ];
    const built = buildMenuTree(tree, []);
    expect(names(built)).toEqual([{ g: ['shown'] }, 'h']);
    expect(built[1]?.children).toEqual([]);
  });

  it('keeps an empty top-level group only when hideInMenu is explicitly false', () => {
    const tree: MenuItem[] = [
      { ...leaf('empty'), children: [leaf('only', { perms: ['p:q:r'] })] },
      { ...leaf('kept', { hideInMenu: false }), children: [leaf('only2', { perms: ['p:q:r'] })] },
      { ...leaf('noKids'), children: [] },
      leaf('single'),
    ];
    expect(names(buildMenuTree(tree, []))).toEqual(['kept', 'single']);
  });

  it('does not mutate its input', () => {
    const copy = structuredClone(DEFAULT_MENUS);
    buildMenuTree(DEFAULT_MENUS, ['educate:student:list']);
    expect(DEFAULT_MENUS).toEqual(copy);
  });
});

describe('findMenuTrail', () => {
  it('returns the ancestors of a route', () => {
    expect(findMenuTrail(DEFAULT_MENUS, 'RoleUser').map((i) => i.meta.locale)).toEqual(['menu.system', 'menu.system.roleUser']);
  });

  it('returns nothing for an unknown name', () => {
    expect(findMenuTrail(DEFAULT_MENUS, 'Nope')).toEqual([]);
  });
});
