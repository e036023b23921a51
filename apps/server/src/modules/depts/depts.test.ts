import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dept, DeptNode } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { managers } from '../../db/schema/campus.js';
import { users } from '../../db/schema/system.js';
import { createUser, getCampusIds } from '../../test/fixtures.js';
import { type AdminSession, callAs, createAdminSession } from '../../test/admin-session.js';
import { getToken } from '../../test/test-app.js';

let t: AdminSession;
let adminToken: string;
let campusA: number;

const as = (token: string) => callAs(() => t.app, token, { 'accept-language': 'en-US' });
const flatten = (nodes: DeptNode[]): DeptNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  t = await createAdminSession();
  [campusA = 0] = await getCampusIds(t.database.db);
  adminToken = t.adminToken;
});
afterAll(async () => {
  await t?.close();
});

describe('departments', () => {
  let root: number;
  let science: number;
  let physics: number;

  it('serves the seeded tree and creates nodes under a parent', async () => {
    const admin = as(adminToken);
    const tree = (await admin('GET', '/api/system/depts')).body.data as DeptNode[];
    expect(tree).toHaveLength(1);
    root = tree[0]?.id ?? 0;
    expect(tree[0]?.children.length).toBe(4);
    const s = await admin('POST', '/api/system/depts', {
      parentId: root,
      name: 'Science',
      sort: 9,
      leader: 'Dr. Chen',
      phone: '010-12345678',
    });
    expect(s.status).toBe(201);
    science = (s.body.data as Dept).id;
    const p = await admin('POST', '/api/system/depts', { parentId: science, name: 'Physics' });
    physics = (p.body.data as Dept).id;
    expect((await admin('POST', '/api/system/depts', { parentId: science, name: 'Physics' })).status).toBe(409);
    expect((await admin('POST', '/api/system/depts', { parentId: 99999, name: 'Orphan' })).status).toBe(400);
    expect((await admin('POST', '/api/system/depts', { name: '' })).status).toBe(400);
    const filtered = (await admin('GET', '/api/system/depts?keyword=Phys')).body.data as DeptNode[];
    expect(flatten(filtered).map((d) => d.name)).toEqual([tree[0]?.name, 'Science', 'Physics']);
  });

  it('refuses cycles: under itself or a descendant; allows a real move', async () => {
    const admin = as(adminToken);
    expect((await admin('PUT', `/api/system/depts/${science}`, { parentId: science })).status).toBe(400);
    const cyc = await admin('PUT', `/api/system/depts/${science}`, { parentId: physics });
    expect(cyc.status).toBe(400);
    expect(cyc.body.msg).toContain('parentId');
    expect((await admin('PUT', `/api/system/depts/${root}`, { parentId: physics })).status).toBe(400);
    expect(((await admin('GET', `/api/system/depts/${science}`)).body.data as Dept).parentId).toBe(root);
    const moved = await admin('PUT', `/api/system/depts/${physics}`, { parentId: root, status: 'disabled' });
    expect(moved.body.data).toMatchObject({ parentId: root, status: 'disabled' });
    await admin('PUT', `/api/system/depts/${physics}`, { parentId: science });
  });

  it('refuses deleting a department with children, users or managers (409 naming them)', async () => {
    const admin = as(adminToken);
    const withChild = await admin('DELETE', `/api/system/depts/${science}`);
    expect(withChild.status).toBe(409);
    expect(withChild.body.msg).toContain('Physics');
    const userId = await createUser(t.database.db, { username: 'physicist', password: 'Physicist-pass-1', perms: [], camIds: [campusA] });
    await t.database.db.update(users).set({ deptId: physics }).where(eq(users.id, userId));
    await t.database.db
      .insert(managers)
      .values({ camId: campusA, staffNo: 'M-1', name: 'Zhao Lei', gender: 'male', status: 'active', deptId: physics });
    const withMembers = await admin('DELETE', `/api/system/depts/${physics}`);
    expect(withMembers.status).toBe(409);
    expect(withMembers.body.msg).toContain('physicist');
    // A manager named with their campus, not its id ("Zhao Lei #1").
    const [campusName] = await queryRows<{ name: string }>(t.database.db, sql`select name from campuses where id = ${campusA}`);
    expect(withMembers.body.msg).toContain(`Zhao Lei @${campusName?.name}`);
    await t.database.db.update(users).set({ deptId: null }).where(eq(users.id, userId));
    await t.database.db.delete(managers).where(eq(managers.deptId, physics));
    expect((await admin('DELETE', `/api/system/depts/${physics}`)).status).toBe(200);
    expect((await admin('DELETE', `/api/system/depts/${science}`)).status).toBe(200);
    expect((await admin('GET', `/api/system/depts/${science}`)).status).toBe(404);
  });

  it('lets a user form read the tree with system:user:list alone', async () => {
    await createUser(t.database.db, { username: 'hr', password: 'Human-res-pass-1', perms: ['system:user:list'], camIds: [campusA] });
    const hr = as(await getToken(t.app, 'hr', 'Human-res-pass-1'));
    expect((await hr('GET', '/api/system/depts')).status).toBe(200);
    expect((await hr('POST', '/api/system/depts', { name: 'Sneaky' })).status).toBe(403);
  });
});
