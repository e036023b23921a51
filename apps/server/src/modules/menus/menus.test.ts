import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@campus/contract';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [cam] = await getCampusIds(t.database.db);
  await createUser(t.database.db, {
    username: 'registrar',
    password: 'Registrar-pass-1',
    perms: ['educate:student:list'],
    camIds: [cam ?? 0],
  });
});
afterAll(async () => {
  await t?.close();
});

const names = (items: MenuItem[]): string[] => items.flatMap((i) => [i.name, ...names(i.children ?? [])]);

async function menuFor(username: string, password: string): Promise<MenuItem[]> {
  const token = await getToken(t.app, username, password);
  const res = await call(t.app, { method: 'GET', url: '/api/user/menuList', headers: authed(token) });
  expect(res.status).toBe(200);
  return res.body.data as MenuItem[];
}

describe('GET /api/user/menuList', () => {
  it('gives admin every route of the spec, ordered', async () => {
    const menus = await menuFor('admin', 'Campus-Admin-Test-42');
    expect(menus.map((m) => m.name)).toEqual(['Dashboard', 'Educate', 'Report', 'System']);
    const all = names(menus);
    for (const n of [
      'Workplace',
      'Student',
      'Teacher',
      'Manager',
      'Course',
      'CourseAdd',
      'CourseEdit',
      'CourseSchedule',
      'Summary',
      'User',
      'Role',
      'RoleUser',
      'RoleMenu',
      'RolePerm',
      'Menu',
      'Perm',
      'Dept',
      'OperLog',
      'ResetPassword',
    ]) {
      expect(all).toContain(n);
    }
    const roleUser = menus.find((m) => m.name === 'System')?.children?.find((c) => c.name === 'RoleUser');
    expect(roleUser?.meta).toMatchObject({ hideInMenu: true, activeMenu: 'Role' });
  });

  it('filters by perms and drops parents left empty', async () => {
    const menus = await menuFor('registrar', 'Registrar-pass-1');
    expect(menus.map((m) => m.name)).toEqual(['Dashboard', 'Educate']);
    // The profile page is a hidden route of the same perm.
    expect(names(menus)).toEqual(['Dashboard', 'Workplace', 'Educate', 'Student', 'StudentProfile']);
  });
});
