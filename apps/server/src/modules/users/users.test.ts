import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword, ResultCode, type SystemUser } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { teachers } from '../../db/schema/campus.js';
import { users } from '../../db/schema/system.js';
import { createCampus, createUser, getCampusIds } from '../../test/fixtures.js';
import { callAs } from '../../test/admin-session.js';
import { ADMIN_PASSWORD, authed, call, createTestApp, getToken, login, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
let campusA: number;
let campusB: number;
let adminId: number;
const perms = new Map<string, number>();
/** Every plaintext password and token the tests use: none may reach the operation log. */
const secrets: string[] = [];

const as = (token: string) => callAs(() => t.app, token);
const enc = (plain: string) => {
  // Words like "password" are in the log as field names; only distinctive test passwords count.
  if (plain.length >= 10) secrets.push(plain);
  const e = encryptLoginPassword(plain);
  secrets.push(e);
  return e;
};
const tokenOf = async (username: string, password: string) => {
  const token = await getToken(t.app, username, password);
  secrets.push(token);
  return token;
};

async function makeRole(code: string, permCodes: string[]): Promise<number> {
  const admin = as(adminToken);
  const role = await admin('POST', '/api/system/roles', { name: code, code });
  expect(role.status).toBe(201);
  const id = (role.body.data as { id: number }).id;
  const set = await admin('PUT', `/api/system/roles/${id}/perms`, { permIds: permCodes.map((c) => perms.get(c)) });
  expect(set.status).toBe(200);
  return id;
}

async function getUserRow(id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  [campusA = 0] = await getCampusIds(t.database.db);
  campusB = await createCampus(t.database.db, 'Campus B');
  adminToken = await tokenOf('admin', ADMIN_PASSWORD);
  const me = await as(adminToken)('GET', '/api/user/currentUser');
  adminId = (me.body.data as { userId: number }).userId;
  const list = await as(adminToken)('GET', '/api/system/perms?pageSize=200');
  for (const p of (list.body.data as { list: { id: number; code: string }[] }).list) perms.set(p.code, p.id);
});
afterAll(async () => {
  await t?.close();
});

describe('create', () => {
  it('generates a temporary password, answers it once, and forces the change', async () => {
    const res = await as(adminToken)('POST', '/api/system/users', {
      username: 'zhang.wei',
      nickname: '张伟',
      phone: '13800000001',
      email: 'zhang@example.edu',
      roleIds: [],
      campusIds: [campusA],
    });
    expect(res.status).toBe(201);
    const user = res.body.data as SystemUser & { password: string };
    expect(user.password).toMatch(/^[A-Za-z0-9]{16}$/);
    secrets.push(user.password);
    expect(user.mustChangePassword).toBe(true);
    expect(user.campusIds).toEqual([campusA]);
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    const token = await tokenOf('zhang.wei', user.password);
    const me = await as(token)('GET', '/api/user/currentUser');
    expect((me.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    // Answered once: reading the user again never shows a password.
    const again = await as(adminToken)('GET', `/api/system/users/${user.id}`);
    expect(again.body.data).not.toHaveProperty('password');
    expect(again.body.data).not.toHaveProperty('passwordHash');
  });

  it('takes a typed password exactly as typed, under the ASVS policy', async () => {
    const typed = '  Spaced out pass 9 ';
    const res = await as(adminToken)('POST', '/api/system/users', {
      username: 'li.na',
      nickname: '李娜',
      roleIds: [],
      campusIds: [campusA],
      password: enc(typed),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).not.toHaveProperty('password');
    expect((res.body.data as SystemUser).mustChangePassword).toBe(false);
    expect((await login(t.app, 'li.na', typed)).statusCode).toBe(200);
    expect((await login(t.app, 'li.na', typed.trim())).statusCode).toBe(401);

    const en = { ...authed(adminToken), 'accept-language': 'en-US' };
    const body = { username: 'short.pw', nickname: 'x', roleIds: [], campusIds: [campusA] };
    const short = await call(t.app, {
      method: 'POST',
      url: '/api/system/users',
      headers: en,
      payload: { ...body, password: enc('Ab1!x') },
    });
    expect(short.status).toBe(400);
    expect(short.body.msg).toContain('at least 8');
    const common = await call(t.app, {
      method: 'POST',
      url: '/api/system/users',
      headers: en,
      payload: { ...body, password: enc('password') },
    });
    expect(common.status).toBe(400);
    expect(common.body.msg).toContain('too common');
    const garbled = await call(t.app, {
      method: 'POST',
      url: '/api/system/users',
      headers: en,
      payload: { ...body, password: 'not-base64!' },
    });
    expect(garbled.status).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'short.pw'))).toEqual([]);
  });

  it('validates fields and refuses duplicates (username case-insensitively, phone)', async () => {
    const admin = as(adminToken);
    const base = { nickname: 'n', roleIds: [], campusIds: [campusA] };
    for (const username of ['ab', '1abc', 'has space', 'x'.repeat(65), 'semi;colon']) {
      const res = await admin('POST', '/api/system/users', { ...base, username });
      expect(res.status, username).toBe(400);
      expect(res.body.msg).toContain('username');
    }
    expect((await admin('POST', '/api/system/users', { ...base, username: 'ZHANG.WEI' })).status).toBe(409);
    const dupPhone = await admin('POST', '/api/system/users', { ...base, username: 'other', phone: '13800000001' });
    expect(dupPhone.status).toBe(409);
    expect(dupPhone.body.msg).toContain('phone');
    const missing = await admin('POST', '/api/system/users', { username: 'nocampus', nickname: 'n' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('roleIds');
    const unknownRole = await admin('POST', '/api/system/users', { ...base, username: 'badrole', roleIds: [99999] });
    expect(unknownRole.status).toBe(400);
    const extra = await admin('POST', '/api/system/users', { ...base, username: 'extra', passwordHash: 'x' });
    expect(extra.status).toBe(400);
  });
});

describe('list', () => {
  it('searches by keyword prefix and filters, sorts from an allow-list, shows last sign-in time and ip', async () => {
    const admin = as(adminToken);
    const list = async (q: string) => {
      const res = await admin('GET', `/api/system/users?${q}`);
      expect(res.status, q).toBe(200);
      return res.body.data as { list: SystemUser[]; total: number };
    };
    expect((await list('keyword=zhang')).list.map((u) => u.username)).toEqual(['zhang.wei']);
    expect((await list('keyword=138000')).list.map((u) => u.username)).toEqual(['zhang.wei']);
    expect((await list('keyword=李')).list.map((u) => u.username)).toEqual(['li.na']);
    expect((await list(`campusId=${campusB}`)).total).toBe(0);
    const adminRole = (await list('keyword=admin')).list[0]?.roleIds[0];
    expect((await list(`roleId=${adminRole}`)).list.map((u) => u.username)).toEqual(['admin']);
    expect((await list('status=disabled')).total).toBe(0);
    const sorted = (await list('sort=username:desc')).list.map((u) => u.username);
    expect(sorted).toEqual([...sorted].sort().reverse());
    expect((await admin('GET', '/api/system/users?sort=passwordHash:asc')).status).toBe(400);
    const admin0 = (await list('keyword=admin')).list[0];
    expect(admin0?.lastLoginAt).toEqual(expect.any(String));
    expect(admin0?.lastLoginIp).toEqual(expect.any(String));
    expect(JSON.stringify(await list('pageSize=200'))).not.toContain('argon2');
  });
});

describe('update', () => {
  it('edits fields but never the password', async () => {
    const admin = as(adminToken);
    const li = ((await admin('GET', '/api/system/users?keyword=li.na')).body.data as { list: SystemUser[] }).list[0];
    const id = li?.id ?? 0;
    const res = await admin('PUT', `/api/system/users/${id}`, {
      nickname: 'Li Na',
      email: 'li@example.edu',
      campusIds: [campusA, campusB],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nickname: 'Li Na', email: 'li@example.edu', campusIds: [campusA, campusB] });
    const pw = await admin('PUT', `/api/system/users/${id}`, { password: enc('Another-pass-11') });
    expect(pw.status).toBe(400);
    const name = await admin('PUT', `/api/system/users/${id}`, { username: 'renamed' });
    expect(name.status).toBe(400);
  });

  it("refuses changing one's own roles, campuses or status, with nothing changed", async () => {
    const roleId = await makeRole('selfgrant', ['system:user:list', 'system:user:edit']);
    const selfAdmin = await createUser(t.database.db, {
      username: 'selfadmin',
      password: 'Self-admin-pass-1',
      perms: ['system:user:list', 'system:user:edit'],
      camIds: [campusA],
    });
    const token = await tokenOf('selfadmin', 'Self-admin-pass-1');
    const me = as(token);
    const before = (await as(adminToken)('GET', `/api/system/users/${selfAdmin}`)).body.data as SystemUser;
    for (const body of [{ roleIds: [...before.roleIds, roleId] }, { campusIds: [campusA, campusB] }, { status: 'disabled' }]) {
      const res = await me('PUT', `/api/system/users/${selfAdmin}`, { nickname: 'changed', ...body });
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    const after = (await as(adminToken)('GET', `/api/system/users/${selfAdmin}`)).body.data as SystemUser;
    expect(after).toEqual(before);
    // Own nickname is fine, and re-sending the same roles is not a change.
    const ok = await me('PUT', `/api/system/users/${selfAdmin}`, { nickname: 'Self', roleIds: before.roleIds });
    expect(ok.status).toBe(200);
    // Even the super admin cannot disable themselves.
    expect((await as(adminToken)('PUT', `/api/system/users/${adminId}/status`, { status: 'disabled' })).status).toBe(403);
  });
});

describe('privilege escalation', () => {
  let limitedToken: string;
  let strongRole: number;
  let weakRole: number;

  beforeAll(async () => {
    strongRole = await makeRole('strong', ['system:user:list', 'system:role:list', 'system:menu:delete']);
    weakRole = await makeRole('weak', ['system:user:list']);
    await createUser(t.database.db, {
      username: 'useradmin',
      password: 'User-admin-pass-1',
      perms: ['system:user:list', 'system:user:add', 'system:user:edit', 'system:user:resetPwd', 'system:user:delete', 'system:role:list'],
      camIds: [campusA],
    });
    limitedToken = await tokenOf('useradmin', 'User-admin-pass-1');
  });

  it('refuses a role carrying perms the caller lacks, and a campus the caller lacks, with nothing created', async () => {
    const ua = as(limitedToken);
    const body = { nickname: 'n', roleIds: [weakRole], campusIds: [campusA] };
    const strong = await ua('POST', '/api/system/users', { ...body, username: 'escal1', roleIds: [strongRole] });
    expect(strong.status).toBe(403);
    const otherCampus = await ua('POST', '/api/system/users', { ...body, username: 'escal2', campusIds: [campusA, campusB] });
    expect(otherCampus.status).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(users)
        .where(sql`${users.username} like 'escal%'`),
    ).toEqual([]);
    const ok = await ua('POST', '/api/system/users', { ...body, username: 'escal3' });
    expect(ok.status).toBe(201);
  });

  it('refuses adding anyone (oneself included) to a campus or role the caller lacks', async () => {
    const ua = as(limitedToken);
    const target = ((await ua('GET', '/api/system/users?keyword=escal3')).body.data as { list: SystemUser[] }).list[0];
    if (!target) throw new Error('escal3 missing');
    expect((await ua('PUT', `/api/system/users/${target.id}`, { campusIds: [campusA, campusB] })).status).toBe(403);
    expect((await ua('PUT', `/api/system/users/${target.id}`, { roleIds: [strongRole] })).status).toBe(403);
    const after = (await ua('GET', `/api/system/users/${target.id}`)).body.data as SystemUser;
    expect(after.campusIds).toEqual([campusA]);
    expect(after.roleIds).toEqual([weakRole]);
  });

  it('refuses managing a stronger account: no reset, edit or delete of the admin', async () => {
    const ua = as(limitedToken);
    const hashBefore = (await getUserRow(adminId))?.passwordHash;
    const reset = await ua('POST', `/api/system/users/${adminId}/reset-password`, {});
    expect(reset.status).toBe(403);
    expect((await ua('PUT', `/api/system/users/${adminId}`, { nickname: 'pwned' })).status).toBe(403);
    expect((await ua('DELETE', `/api/system/users/${adminId}`)).status).toBe(403);
    const row = await getUserRow(adminId);
    expect(row?.passwordHash).toBe(hashBefore);
    expect(row?.nickname).not.toBe('pwned');
  });
});

describe('status, sessions, reset, sign-out, unlock', () => {
  let targetId: number;
  let targetPassword = 'Target-user-pass-1';

  beforeAll(async () => {
    targetId = await createUser(t.database.db, {
      username: 'target',
      password: targetPassword,
      perms: ['system:operlog:list'],
      camIds: [campusA],
    });
    secrets.push(targetPassword);
  });

  it('disabling ends their sessions (50012); enabling lets them sign in again', async () => {
    const token = await tokenOf('target', targetPassword);
    expect((await as(token)('GET', '/api/system/operlogs')).status).toBe(200);
    const res = await as(adminToken)('PUT', `/api/system/users/${targetId}/status`, { status: 'disabled' });
    expect(res.status).toBe(200);
    const after = await as(token)('GET', '/api/system/operlogs');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ResultCode.sessionEnded);
    expect((await login(t.app, 'target', targetPassword)).statusCode).toBe(403);
    expect((await as(adminToken)('PUT', `/api/system/users/${targetId}/status`, { status: 'active' })).status).toBe(200);
    expect((await login(t.app, 'target', targetPassword)).statusCode).toBe(200);
  });

  it('reset with a generated password: answered once, sessions end, the change is forced before anything else', async () => {
    const token = await tokenOf('target', targetPassword);
    const res = await as(adminToken)('POST', `/api/system/users/${targetId}/reset-password`);
    expect(res.status).toBe(200);
    const data = res.body.data as { password: string; sessionsEnded: number };
    expect(data.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(data.sessionsEnded).toBeGreaterThanOrEqual(1);
    secrets.push(data.password);
    const old = await as(token)('GET', '/api/user/currentUser');
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ResultCode.sessionEnded);
    expect((await login(t.app, 'target', targetPassword)).statusCode).toBe(401);

    const fresh = await tokenOf('target', data.password);
    const me = await as(fresh)('GET', '/api/user/currentUser');
    expect((me.body.data as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
    const blocked = await as(fresh)('GET', '/api/system/operlogs');
    expect(blocked.status).toBe(403);
    targetPassword = 'Chosen-by-target-7';
    const change = await as(fresh)('PUT', '/api/user/password', { oldPassword: enc(data.password), newPassword: enc(targetPassword) });
    expect(change.status).toBe(200);
    expect((await as(fresh)('GET', '/api/system/operlogs')).status).toBe(200);
  });

  it('reset with a typed password applies the policy and keeps it exactly as typed', async () => {
    const admin = as(adminToken);
    expect((await admin('POST', `/api/system/users/${targetId}/reset-password`, { password: enc('12345678') })).status).toBe(400);
    const typed = 'Typed by admin 42 ';
    const res = await admin('POST', `/api/system/users/${targetId}/reset-password`, { password: enc(typed) });
    expect(res.status).toBe(200);
    expect((res.body.data as { password: string | null }).password).toBeNull();
    expect((await login(t.app, 'target', typed)).statusCode).toBe(200);
    expect((await getUserRow(targetId))?.mustChangePassword).toBe(true);
    targetPassword = typed;
    // One's own password is changed with the current one, never reset.
    expect((await admin('POST', `/api/system/users/${adminId}/reset-password`)).status).toBe(403);
  });

  it('force sign-out ends every session of the user', async () => {
    const t1 = await tokenOf('target', targetPassword);
    const t2 = await tokenOf('target', targetPassword);
    const res = await as(adminToken)('POST', `/api/system/users/${targetId}/logout`);
    expect(res.status).toBe(200);
    expect((res.body.data as { sessionsEnded: number }).sessionsEnded).toBeGreaterThanOrEqual(2);
    for (const tok of [t1, t2]) expect((await as(tok)('GET', '/api/user/currentUser')).body.code).toBe(ResultCode.sessionEnded);
  });

  it('unlock clears the lockout after repeated failures', async () => {
    for (let i = 0; i < t.config.loginLockThreshold; i++) await login(t.app, 'target', 'Wrong-password-123');
    expect((await login(t.app, 'target', targetPassword)).statusCode).toBe(429);
    const locked = await as(adminToken)('GET', '/api/system/loginlogs/locked');
    expect((locked.body.data as { username: string }[]).map((u) => u.username)).toContain('target');
    const listed = (await as(adminToken)('GET', `/api/system/users/${targetId}`)).body.data as SystemUser;
    expect(listed.lockedUntil).toEqual(expect.any(String));
    const res = await as(adminToken)('POST', `/api/system/users/${targetId}/unlock`);
    expect(res.status).toBe(200);
    expect((res.body.data as SystemUser).lockedUntil).toBeNull();
    expect((await login(t.app, 'target', targetPassword)).statusCode).toBe(200);
  });
});

describe('delete', () => {
  it('refuses deleting oneself and the last active admin', async () => {
    expect((await as(adminToken)('DELETE', `/api/system/users/${adminId}`)).status).toBe(409);
    // A second admin may delete the first only while another admin remains.
    const admin2 = await createUser(t.database.db, { username: 'admin2', password: 'Admin-two-pass-1', perms: ['*'], camIds: [campusA] });
    const token2 = await tokenOf('admin2', 'Admin-two-pass-1');
    const res = await as(token2)('DELETE', `/api/system/users/${adminId}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('管理员');
    expect(await getUserRow(adminId)).toBeDefined();
    await t.database.db.delete(users).where(eq(users.id, admin2));
  });

  it('refuses a user a teacher record refers to (409 naming it), deletes otherwise', async () => {
    const id = await createUser(t.database.db, { username: 'teacherlogin', password: 'Teacher-login-1', perms: [], camIds: [campusA] });
    await t.database.db
      .insert(teachers)
      .values({ camId: campusA, staffNo: 'T-1', name: 'Wang Fang', gender: 'female', status: 'active', userId: id });
    const res = await call(t.app, {
      method: 'DELETE',
      url: `/api/system/users/${id}`,
      headers: { ...authed(adminToken), 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('Wang Fang');
    expect(res.body.msg).toContain('teachers');
    await t.database.db.delete(teachers).where(eq(teachers.userId, id));
    expect((await as(adminToken)('DELETE', `/api/system/users/${id}`)).status).toBe(200);
    expect(await getUserRow(id)).toBeUndefined();
    expect((await as(adminToken)('DELETE', `/api/system/users/${id}`)).status).toBe(404);
  });
});

describe('operation log', () => {
  it('has a row for every mutation here, and no password or token anywhere in it', async () => {
    const rows = await queryRows<{ action: string; n: number }>(
      t.database.db,
      sql`select action, count(*)::int as n from oper_logs where module = 'system:user' group by action`,
    );
    const actions = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    for (const a of ['add', 'edit', 'status', 'delete', 'resetPwd', 'forceLogout']) expect(actions[a], a).toBeGreaterThan(0);
    const [unlock] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oper_logs where action = 'unlock'`);
    expect(unlock?.n).toBeGreaterThan(0);
    const [all] = await queryRows<{ dump: string }>(
      t.database.db,
      sql`select coalesce(string_agg(row_to_json(o)::text, ' '), '') as dump from oper_logs o`,
    );
    const dump = all?.dump ?? '';
    expect(secrets.length).toBeGreaterThan(10);
    for (const s of secrets) expect(dump, s).not.toContain(s.trim());
  });
});
