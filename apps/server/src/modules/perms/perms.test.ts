import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type SystemPerm } from '@campus/contract';
import { type AdminSession, callAs, createAdminSession } from '../../test/admin-session.js';

let t: AdminSession;
let adminToken: string;

const as = (token: string) => callAs(() => t.app, token, { 'accept-language': 'en-US' });

beforeAll(async () => {
  t = await createAdminSession();
  adminToken = t.adminToken;
});
afterAll(async () => {
  await t?.close();
});

describe('permission catalogue', () => {
  it('serves every seeded code, flat with paging and grouped by module', async () => {
    const admin = as(adminToken);
    const flat = await admin('GET', '/api/system/perms?pageSize=200');
    const data = flat.body.data as { list: SystemPerm[]; total: number };
    expect(data.total).toBe(PERMISSIONS.length);
    expect(data.list.map((p) => p.code).sort()).toEqual(PERMISSIONS.map((p) => p.code).sort());
    expect(data.list.every((p) => p.builtin)).toBe(true);
    const page2 = await admin('GET', '/api/system/perms?page=2&pageSize=10&sort=code:asc');
    expect((page2.body.data as { list: SystemPerm[] }).list).toHaveLength(10);
    const groups = (await admin('GET', '/api/system/perms/groups')).body.data as { module: string; perms: SystemPerm[] }[];
    expect(groups.map((g) => g.module)).toEqual(expect.arrayContaining(['system', 'educate', 'report', 'dashboard']));
    expect(groups.find((g) => g.module === 'educate')?.perms.every((p) => p.code.startsWith('educate:'))).toBe(true);
    expect(((await admin('GET', '/api/system/perms?keyword=system:user')).body.data as { total: number }).total).toBe(8);
  });

  it('creates codes shaped area:thing:action only, once', async () => {
    const admin = as(adminToken);
    for (const code of ['educate', 'educate:student', 'Educate:student:list', 'a:b:c:d', 'educate:stu dent:list', 'educate::list']) {
      const res = await admin('POST', '/api/system/perms', { code, name: 'x' });
      expect(res.status, code).toBe(400);
      expect(res.body.msg).toContain('code');
    }
    const res = await admin('POST', '/api/system/perms', { code: 'educate:notice:publish', name: '发布通知', nameEn: 'Publish notices' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'educate:notice:publish', module: 'educate', builtin: false });
    expect((await admin('POST', '/api/system/perms', { code: 'educate:notice:publish', name: 'again' })).status).toBe(409);
    const id = (res.body.data as SystemPerm).id;
    const upd = await admin('PUT', `/api/system/perms/${id}`, { name: '通知发布', module: 'notice' });
    expect(upd.body.data).toMatchObject({ name: '通知发布', module: 'notice', code: 'educate:notice:publish' });
    expect((await admin('PUT', `/api/system/perms/${id}`, { code: 'educate:notice:other' })).status).toBe(400);
  });

  it('refuses deleting a code a route, menu or role uses (409 naming the use); deletes an unused one', async () => {
    const admin = as(adminToken);
    const byCode = async (code: string) =>
      ((await admin('GET', `/api/system/perms?keyword=${code}`)).body.data as { list: SystemPerm[] }).list.find((p) => p.code === code);
    const route = await admin('DELETE', `/api/system/perms/${(await byCode('system:user:list'))?.id}`);
    expect(route.status).toBe(409);
    expect(route.body.msg).toContain('routes');
    expect(route.body.msg).toContain('User');

    const custom = await byCode('educate:notice:publish');
    const menu = await admin('POST', '/api/system/menus', {
      name: 'NoticeAdmin',
      path: '/notice',
      locale: 'menu.notice',
      perms: ['educate:notice:publish'],
    });
    expect(menu.status).toBe(201);
    const inMenu = await admin('DELETE', `/api/system/perms/${custom?.id}`);
    expect(inMenu.status).toBe(409);
    expect(inMenu.body.msg).toContain('NoticeAdmin');
    await admin('DELETE', `/api/system/menus/${(menu.body.data as { id: number }).id}`);

    const role = await admin('POST', '/api/system/roles', { name: 'Publisher', code: 'publisher' });
    const roleId = (role.body.data as { id: number }).id;
    await admin('PUT', `/api/system/roles/${roleId}/perms`, { permIds: [custom?.id] });
    const inRole = await admin('DELETE', `/api/system/perms/${custom?.id}`);
    expect(inRole.status).toBe(409);
    expect(inRole.body.msg).toContain('Publisher');
    await admin('PUT', `/api/system/roles/${roleId}/perms`, { permIds: [] });

    expect((await admin('DELETE', `/api/system/perms/${custom?.id}`)).status).toBe(200);
    expect(await byCode('educate:notice:publish')).toBeUndefined();
  });
});
