import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, MenuItem } from '@campus/contract';
import { roles, userRoles } from '../../db/schema/system.js';
import { createCampus, createUser } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

// Issue 24, defect 3: "switch roles" switches among the roles the user holds; menus and perms follow.
let t: TestApp;
let camId: number;
let userId: number;
let studentRole: number;
let teacherRole: number;
let foreignRole: number;
const PASSWORD = 'Role-Switch-Pass-42';

const flatten = (items: MenuItem[]): string[] => items.flatMap((m) => [m.name, ...flatten(m.children ?? [])]);

/** createUser gives each user a fresh role named after them. */
async function roleOf(username: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, `role of ${username}`));
  if (!row) throw new Error(`no role of ${username}`);
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  camId = await createCampus(db);
  userId = await createUser(db, { username: 'twohats', password: PASSWORD, perms: ['educate:student:list'], camIds: [camId] });
  studentRole = await roleOf('twohats');
  // A second role with other perms, held by the same user.
  await createUser(db, { username: 'donor', password: PASSWORD, perms: ['educate:teacher:list'], camIds: [camId] });
  teacherRole = await roleOf('donor');
  await db.insert(userRoles).values({ userId, roleId: teacherRole });
  await createUser(db, { username: 'other', password: PASSWORD, perms: ['system:user:list'], camIds: [camId] });
  foreignRole = await roleOf('other');
});
afterAll(async () => {
  await t?.close();
});

async function me(token: string): Promise<CurrentUser> {
  const res = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token, camId) });
  expect(res.status).toBe(200);
  return res.body.data as CurrentUser;
}

async function menuNames(token: string): Promise<string[]> {
  const res = await call(t.app, { method: 'GET', url: '/api/user/menuList', headers: authed(token, camId) });
  return flatten(res.body.data as MenuItem[]);
}

const switchTo = (token: string, roleId: number | null, lang = 'en-US') =>
  call(t.app, { method: 'PUT', url: '/api/user/role', headers: { ...authed(token), 'accept-language': lang }, payload: { roleId } });

const list = (token: string, thing: 'students' | 'teachers') =>
  call(t.app, { method: 'GET', url: `/api/educate/${thing}`, headers: authed(token, camId) });

describe('PUT /api/user/role', () => {
  it('lists the held roles and acts in all of them until one is chosen', async () => {
    const token = await getToken(t.app, 'twohats', PASSWORD);
    const user = await me(token);
    expect(user.roles.map((r) => r.id).sort()).toEqual([studentRole, teacherRole].sort());
    expect(user.activeRoleId).toBeNull();
    expect(user.perms).toEqual(['educate:student:list', 'educate:teacher:list']);
    expect((await list(token, 'students')).status).toBe(200);
    expect((await list(token, 'teachers')).status).toBe(200);
  });

  it('switches perms and menus to the chosen role, for this session only, and back', async () => {
    const token = await getToken(t.app, 'twohats', PASSWORD);
    const other = await getToken(t.app, 'twohats', PASSWORD);
    expect(await menuNames(token)).toEqual(expect.arrayContaining(['Student', 'Teacher']));

    const res = await switchTo(token, teacherRole);
    expect(res.status).toBe(200);
    expect((res.body.data as CurrentUser).activeRoleId).toBe(teacherRole);
    expect((res.body.data as CurrentUser).perms).toEqual(['educate:teacher:list']);
    expect((await list(token, 'students')).status).toBe(403);
    expect((await list(token, 'teachers')).status).toBe(200);
    const names = await menuNames(token);
    expect(names).toContain('Teacher');
    expect(names).not.toContain('Student');
    // Another session of the same user keeps all its roles.
    expect((await list(other, 'students')).status).toBe(200);

    expect((await switchTo(token, null)).status).toBe(200);
    expect((await list(token, 'students')).status).toBe(200);
    expect((await me(token)).activeRoleId).toBeNull();
  });

  it('refuses a role the user does not hold, naming the field, and changes nothing', async () => {
    const token = await getToken(t.app, 'twohats', PASSWORD);
    const res = await switchTo(token, foreignRole);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('roleId');
    expect((await me(token)).perms).toEqual(['educate:student:list', 'educate:teacher:list']);
    expect((await call(t.app, { method: 'GET', url: '/api/system/users', headers: authed(token) })).status).toBe(403);
  });

  it('falls back to all held roles when the chosen one is taken away or disabled', async () => {
    const db = t.database.db;
    const token = await getToken(t.app, 'twohats', PASSWORD);
    expect((await switchTo(token, teacherRole)).status).toBe(200);
    expect((await list(token, 'students')).status).toBe(403);
    await db.update(roles).set({ status: 'disabled' }).where(eq(roles.id, teacherRole));
    expect((await list(token, 'students')).status).toBe(200);
    expect((await me(token)).perms).toEqual(['educate:student:list']);
    await db.update(roles).set({ status: 'active' }).where(eq(roles.id, teacherRole));
  });

  it('is written to the operation log', async () => {
    const token = await getToken(t.app);
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/system/operlogs?module=auth&pageSize=50',
      headers: authed(token),
    });
    const rows = (res.body.data as { list: { action: string; username: string }[] }).list;
    expect(rows.some((r) => r.action === 'switchRole' && r.username === 'twohats')).toBe(true);
  });
});
