import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { type AdminSession, callAs, createAdminSession } from '../../test/admin-session.js';
import { getToken } from '../../test/test-app.js';

let t: AdminSession;
let adminToken: string;
let campusA: number;
const permIds = new Map<string, number>();
const menuIds = new Map<string, number>();

const as = (token: string) => callAs(() => t.app, token, { 'accept-language': 'en-US' });
const ids = (codes: string[]) => codes.map((c) => permIds.get(c));

async function roleByCode(code: string): Promise<Role> {
  const res = await as(adminToken)('GET', `/api/system/roles?keyword=${code}`);
  const role = (res.body.data as { list: Role[] }).list.find((r) => r.code === code);
  if (!role) throw new Error(`no role ${code}`);
  return role;
}

beforeAll(async () => {
  t = await createAdminSession();
  [campusA = 0] = await getCampusIds(t.database.db);
  adminToken = t.adminToken;
  const perms = await as(adminToken)('GET', '/api/system/perms?pageSize=200');
  for (const p of (perms.body.data as { list: { id: number; code: string }[] }).list) permIds.set(p.code, p.id);
  const menus = await as(adminToken)('GET', '/api/system/menus?pageSize=200');
  for (const m of (menus.body.data as { list: { id: number; name: string }[] }).list) menuIds.set(m.name, m.id);
});
afterAll(async () => {
  await t?.close();
});

describe('role CRUD', () => {
  it('creates, validates, lists, updates and refuses a duplicate code', async () => {
    const admin = as(adminToken);
    const res = await admin('POST', '/api/system/roles', { name: 'Registrar', code: 'registrar', sort: 5, remark: 'front desk' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Registrar', code: 'registrar', sort: 5, status: 'active', builtin: false, userCount: 0 });
    const id = (res.body.data as Role).id;
    const dup = await admin('POST', '/api/system/roles', { name: 'Other', code: 'registrar' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('code');
    expect((await admin('POST', '/api/system/roles', { name: 'x', code: '1bad code' })).status).toBe(400);
    expect((await admin('POST', '/api/system/roles', { code: 'noname' })).status).toBe(400);
    const upd = await admin('PUT', `/api/system/roles/${id}`, { name: 'Registrar office', status: 'disabled' });
    expect(upd.body.data).toMatchObject({ name: 'Registrar office', status: 'disabled' });
    const list = await admin('GET', '/api/system/roles?keyword=regis&sort=name:asc');
    expect((list.body.data as { list: Role[] }).list.map((r) => r.code)).toEqual(['registrar']);
    expect((await admin('GET', '/api/system/roles?sort=remark:asc')).status).toBe(400);
    expect((await admin('GET', '/api/system/roles/99999')).status).toBe(404);
  });

  it('protects the built-in admin role: no delete, recode, disable or perm change', async () => {
    const admin = as(adminToken);
    const role = await roleByCode('admin');
    expect(role.builtin).toBe(true);
    expect((await admin('DELETE', `/api/system/roles/${role.id}`)).status).toBe(409);
    expect((await admin('PUT', `/api/system/roles/${role.id}`, { code: 'root' })).status).toBe(409);
    expect((await admin('PUT', `/api/system/roles/${role.id}`, { status: 'disabled' })).status).toBe(409);
    expect((await admin('PUT', `/api/system/roles/${role.id}/perms`, { permIds: ids(['system:user:list']) })).status).toBe(409);
    const rename = await admin('PUT', `/api/system/roles/${role.id}`, { name: 'Super admin', code: 'admin' });
    expect(rename.status).toBe(200);
    expect((await roleByCode('admin')).status).toBe('active');
    expect((await admin('GET', `/api/system/roles/${role.id}/perms`)).body.data).toMatchObject({ codes: ['*'] });
  });

  it('refuses deleting a role with members, naming them; deletes it once empty', async () => {
    const admin = as(adminToken);
    const role = await roleByCode('registrar');
    const u1 = await createUser(t.database.db, { username: 'member.one', password: 'Member-one-pass', perms: [], camIds: [campusA] });
    const u2 = await createUser(t.database.db, { username: 'member.two', password: 'Member-two-pass', perms: [], camIds: [campusA] });
    expect((await admin('PUT', `/api/system/roles/${role.id}/users`, { userIds: [u1, u2] })).status).toBe(200);
    const members = await admin('GET', `/api/system/roles/${role.id}/users`);
    expect((members.body.data as { userIds: number[] }).userIds.sort()).toEqual([u1, u2].sort());
    const del = await admin('DELETE', `/api/system/roles/${role.id}`);
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('member.one');
    expect(del.body.msg).toContain('member.two');
    expect((await admin('PUT', `/api/system/roles/${role.id}/users`, { userIds: [] })).status).toBe(200);
    expect((await admin('DELETE', `/api/system/roles/${role.id}`)).status).toBe(200);
    expect((await admin('GET', `/api/system/roles/${role.id}`)).status).toBe(404);
  });

  it('keeps at least one active admin through membership changes', async () => {
    const admin = as(adminToken);
    const role = await roleByCode('admin');
    const res = await admin('PUT', `/api/system/roles/${role.id}/users`, { userIds: [] });
    expect(res.status).toBe(409);
    expect((await admin('GET', `/api/system/roles/${role.id}/users`)).body.data).toMatchObject({ users: [{ username: 'admin' }] });
  });
});

describe('no privilege escalation through roles', () => {
  let limited: ReturnType<typeof as>;
  let ownRole: number;
  let limitedId: number;

  beforeAll(async () => {
    limitedId = await createUser(t.database.db, {
      username: 'roleadmin',
      password: 'Role-admin-pass-1',
      perms: ['system:role:list', 'system:role:add', 'system:role:edit', 'system:role:assign', 'educate:student:list'],
      camIds: [campusA],
    });
    limited = as(await getToken(t.app, 'roleadmin', 'Role-admin-pass-1'));
    const res = await limited('POST', '/api/system/roles', { name: 'Desk', code: 'desk' });
    ownRole = (res.body.data as Role).id;
  });

  it('grants perms the caller holds, refuses one they lack with nothing changed', async () => {
    expect((await limited('PUT', `/api/system/roles/${ownRole}/perms`, { permIds: ids(['educate:student:list']) })).status).toBe(200);
    const res = await limited('PUT', `/api/system/roles/${ownRole}/perms`, {
      permIds: ids(['educate:student:list', 'system:user:delete']),
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toContain('system:user:delete');
    const star = await limited('PUT', `/api/system/roles/${ownRole}/perms`, { permIds: ids(['*']) });
    expect(star.status).toBe(403);
    expect((await limited('GET', `/api/system/roles/${ownRole}/perms`)).body.data).toMatchObject({ codes: ['educate:student:list'] });
  });

  it('grants menus the caller holds, refuses one they lack with nothing changed', async () => {
    const student = menuIds.get('Student');
    const user = menuIds.get('User');
    expect((await limited('PUT', `/api/system/roles/${ownRole}/menus`, { menuIds: [student] })).status).toBe(200);
    const res = await limited('PUT', `/api/system/roles/${ownRole}/menus`, { menuIds: [student, user] });
    expect(res.status).toBe(403);
    expect(res.body.msg).toContain('User');
    expect((await limited('GET', `/api/system/roles/${ownRole}/menus`)).body.data).toEqual({ menuIds: [student] });
  });

  it('refuses joining (or changing) a role whose perms the caller lacks, the admin role included', async () => {
    const adminRole = await roleByCode('admin');
    const before = (await as(adminToken)('GET', `/api/system/roles/${adminRole.id}/users`)).body.data;
    const res = await limited('PUT', `/api/system/roles/${adminRole.id}/users`, { userIds: [limitedId, 1] });
    expect(res.status).toBe(403);
    expect((await as(adminToken)('GET', `/api/system/roles/${adminRole.id}/users`)).body.data).toEqual(before);
    const academic = await roleByCode('academic');
    expect((await limited('PUT', `/api/system/roles/${academic.id}/users`, { userIds: [limitedId] })).status).toBe(403);
    expect((await limited('PUT', `/api/system/roles/${academic.id}`, { status: 'disabled' })).status).toBe(403);
    expect((await roleByCode('academic')).status).toBe('active');
    // A role within the caller's own perms may be handed to themselves: nothing new is gained.
    expect((await limited('PUT', `/api/system/roles/${ownRole}/users`, { userIds: [limitedId] })).status).toBe(200);
  });
});

describe('perm changes apply on the next request', () => {
  it('revoking a perm or disabling the role refuses the very next call of a live session', async () => {
    const admin = as(adminToken);
    const created = await admin('POST', '/api/system/roles', { name: 'Auditor', code: 'auditor' });
    const roleId = (created.body.data as Role).id;
    await admin('PUT', `/api/system/roles/${roleId}/perms`, { permIds: ids(['system:operlog:list']) });
    const userId = await createUser(t.database.db, { username: 'auditor1', password: 'Auditor-pass-1', perms: [], camIds: [campusA] });
    await admin('PUT', `/api/system/roles/${roleId}/users`, { userIds: [userId] });
    const token = await getToken(t.app, 'auditor1', 'Auditor-pass-1');
    const me = as(token);
    const menuNames = async () => JSON.stringify((await me('GET', '/api/user/menuList')).body.data);

    expect((await me('GET', '/api/system/operlogs')).status).toBe(200);
    expect(await menuNames()).toContain('OperLog');
    await admin('PUT', `/api/system/roles/${roleId}/perms`, { permIds: [] });
    expect((await me('GET', '/api/system/operlogs')).status).toBe(403);
    expect(await menuNames()).not.toContain('OperLog');
    await admin('PUT', `/api/system/roles/${roleId}/perms`, { permIds: ids(['system:operlog:list']) });
    expect((await me('GET', '/api/system/operlogs')).status).toBe(200);
    await admin('PUT', `/api/system/roles/${roleId}`, { status: 'disabled' });
    expect((await me('GET', '/api/system/operlogs')).status).toBe(403);
    const current = await me('GET', '/api/user/currentUser');
    expect((current.body.data as { perms: string[] }).perms).toEqual([]);
  });
});

describe('operation log', () => {
  it('records every role mutation, refusals included', async () => {
    const rows = await queryRows<{ action: string; status: number }>(
      t.database.db,
      sql`select action, status from oper_logs where module = 'system:role'`,
    );
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['add', 'edit', 'delete', 'assignUsers', 'assignMenus', 'assignPerms']) expect(actions, a).toContain(a);
    expect(rows.some((r) => r.status === 403)).toBe(true);
    expect(rows.some((r) => r.status === 409)).toBe(true);
  });
});
