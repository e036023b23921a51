import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, SystemMenu, SystemMenuNode } from '@campus/contract';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { type AdminSession, callAs, createAdminSession } from '../../test/admin-session.js';
import { getToken } from '../../test/test-app.js';

let t: AdminSession;
let adminToken: string;
let viewerToken: string;
let systemId: number;

const as = (token: string) => callAs(() => t.app, token, { 'accept-language': 'en-US' });
const names = (items: MenuItem[]): string[] => items.flatMap((i) => [i.name, ...names(i.children ?? [])]);

beforeAll(async () => {
  t = await createAdminSession();
  const [cam = 0] = await getCampusIds(t.database.db);
  adminToken = t.adminToken;
  await createUser(t.database.db, { username: 'viewer', password: 'Viewer-pass-12', perms: ['educate:student:list'], camIds: [cam] });
  viewerToken = await getToken(t.app, 'viewer', 'Viewer-pass-12');
  const tree = (await as(adminToken)('GET', '/api/system/menus/tree')).body.data as SystemMenuNode[];
  systemId = tree.find((n) => n.name === 'System')?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('menu admin', () => {
  it('serves the whole tree with ids, unfiltered', async () => {
    const res = await as(adminToken)('GET', '/api/system/menus/tree');
    expect(res.status).toBe(200);
    const tree = res.body.data as SystemMenuNode[];
    expect(tree.map((n) => n.name)).toEqual(['Dashboard', 'Educate', 'Report', 'System']);
    const system = tree.find((n) => n.name === 'System');
    expect(system?.children.map((c) => c.name)).toContain('RoleUser');
    expect(system?.children.every((c) => c.parentId === system.id)).toBe(true);
  });

  it('creates a menu that GET /api/user/menuList shows at once, to the right perms only', async () => {
    const admin = as(adminToken);
    const res = await admin('POST', '/api/system/menus', {
      parentId: systemId,
      name: 'Bulletin',
      path: '/system/bulletin',
      locale: 'menu.system.bulletin',
      icon: 'notification',
      order: 9,
      perms: ['educate:student:list'],
      ignoreCache: true,
    });
    expect(res.status).toBe(201);
    const created = res.body.data as SystemMenu;
    expect(created).toMatchObject({ name: 'Bulletin', parentId: systemId, perms: ['educate:student:list'], ignoreCache: true });
    const viewer = (await as(viewerToken)('GET', '/api/user/menuList')).body.data as MenuItem[];
    expect(names(viewer)).toContain('Bulletin');
    expect(names(viewer)).toContain('System');
    const entry = viewer.find((m) => m.name === 'System')?.children?.find((c) => c.name === 'Bulletin');
    expect(entry?.meta).toMatchObject({ locale: 'menu.system.bulletin', icon: 'notification', order: 9, ignoreCache: true });

    const upd = await admin('PUT', `/api/system/menus/${created.id}`, {
      perms: ['system:user:list'],
      hideInMenu: true,
      activeMenu: 'User',
    });
    expect(upd.status).toBe(200);
    expect(names((await as(viewerToken)('GET', '/api/user/menuList')).body.data as MenuItem[])).not.toContain('Bulletin');
    const adminMenu = (await admin('GET', '/api/user/menuList')).body.data as MenuItem[];
    const notice = adminMenu.find((m) => m.name === 'System')?.children?.find((c) => c.name === 'Bulletin');
    expect(notice?.meta).toMatchObject({ hideInMenu: true, activeMenu: 'User' });
  });

  it('validates: unique name, existing perm codes, path shape, existing parent and activeMenu', async () => {
    const admin = as(adminToken);
    const base = { name: 'Fresh', path: '/fresh', locale: 'menu.fresh' };
    const dup = await admin('POST', '/api/system/menus', { ...base, name: 'Student' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('Student');
    const perm = await admin('POST', '/api/system/menus', { ...base, perms: ['educate:nothing:list'] });
    expect(perm.status).toBe(400);
    expect(perm.body.msg).toContain('educate:nothing:list');
    for (const path of ['javascript:alert(1)', 'no-slash', '/has space']) {
      expect((await admin('POST', '/api/system/menus', { ...base, path })).status, path).toBe(400);
    }
    expect((await admin('POST', '/api/system/menus', { ...base, parentId: 99999 })).status).toBe(400);
    expect((await admin('POST', '/api/system/menus', { ...base, activeMenu: 'Nowhere' })).status).toBe(400);
    expect((await admin('POST', '/api/system/menus', { ...base, locale: '' })).status).toBe(400);
    expect((await admin('GET', '/api/system/menus?keyword=Fresh')).body.data).toMatchObject({ total: 0 });
  });

  it('refuses cycles: a menu under itself or its own descendant', async () => {
    const admin = as(adminToken);
    const tree = (await admin('GET', '/api/system/menus/tree')).body.data as SystemMenuNode[];
    const educate = tree.find((n) => n.name === 'Educate');
    const student = educate?.children.find((c) => c.name === 'Student');
    if (!educate || !student) throw new Error('seeded menus missing');
    const self = await admin('PUT', `/api/system/menus/${educate.id}`, { parentId: educate.id });
    expect(self.status).toBe(400);
    expect(self.body.msg).toContain('parentId');
    expect((await admin('PUT', `/api/system/menus/${educate.id}`, { parentId: student.id })).status).toBe(400);
    expect(((await admin('GET', `/api/system/menus/${educate.id}`)).body.data as SystemMenu).parentId).toBeNull();
    // Moving a leaf elsewhere is fine.
    expect((await admin('PUT', `/api/system/menus/${student.id}`, { parentId: systemId })).status).toBe(200);
    expect((await admin('PUT', `/api/system/menus/${student.id}`, { parentId: educate.id })).status).toBe(200);
  });

  it('refuses deleting a menu with children (409 naming them); deletes a leaf and its role grants', async () => {
    const admin = as(adminToken);
    const del = await admin('DELETE', `/api/system/menus/${systemId}`);
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('User');
    const notice = ((await admin('GET', '/api/system/menus?keyword=Bulletin')).body.data as { list: SystemMenu[] }).list[0];
    expect((await admin('DELETE', `/api/system/menus/${notice?.id}`)).status).toBe(200);
    expect(names((await admin('GET', '/api/user/menuList')).body.data as MenuItem[])).not.toContain('Bulletin');
    expect((await admin('DELETE', `/api/system/menus/${notice?.id}`)).status).toBe(404);
  });
});
