import { DEFAULT_MENUS, RouteName, type MenuItem } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_LOADERS } from './pages';
import { LAYOUT_ROUTES, findPathByName, matchAppRoute } from './route-table';

function leafNames(items: readonly MenuItem[]): string[] {
  return items.flatMap((i) => (i.children?.length ? leafNames(i.children) : [i.name]));
}

describe('route table', () => {
  it('has a lazily loaded page for every route', () => {
    for (const route of LAYOUT_ROUTES) expect([route.name, typeof PAGE_LOADERS[route.name]]).toEqual([route.name, 'function']);
    expect(LAYOUT_ROUTES.map((r) => r.name)).toEqual([...leafNames(DEFAULT_MENUS), RouteName.userCenter, RouteName.redirect]);
  });

  it.each([
    ['/login', 'login'],
    ['/dashboard/workplace', 'Workplace'],
    ['/educate/course/add', 'CourseAdd'],
    ['/educate/course/12/edit', 'CourseEdit'],
    ['/educate/course/12/schedule', 'CourseSchedule'],
    ['/system/role/4/user', 'RoleUser'],
    ['/system/role/4/menu', 'RoleMenu'],
    ['/system/role/4/perm', 'RolePerm'],
    ['/system/reset-password', 'ResetPassword'],
    ['/redirect/educate/student', 'Redirect'],
    ['/user/center', 'UserCenter'],
    ['/system/online', 'OnlineUser'],
    ['/nope', 'notFound'],
    ['/educate', 'notFound'],
  ])('matches %s to %s', (path, name) => {
    expect(matchAppRoute(path).name).toBe(name);
  });

  it('keeps the Role entry active on the hidden role pages', () => {
    expect(matchAppRoute('/system/role/4/perm').meta.activeMenu).toBe('Role');
    expect(matchAppRoute('/system/role/4/perm').params).toEqual({ id: '4' });
  });

  it('finds static paths by name', () => {
    expect(findPathByName('Summary')).toBe('/report/summary');
    expect(findPathByName('CourseEdit')).toBeNull();
  });
});
