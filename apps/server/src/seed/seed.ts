import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { ALL_PERMS, DEFAULT_MENUS, Perm, PERMISSIONS, type DataScope, type MenuNode, type PermCode } from '@campus/contract';
import type { AppConfig } from '../config/config.js';
import type { Db, Tx } from '../db/client.js';
import { teachers } from '../db/schema/campus.js';
import { campuses, depts, menus, perms, roleMenus, rolePerms, roles, userCampuses, userRoles, users } from '../db/schema/system.js';
import { hashPassword } from '../lib/passwords.js';
import { createTemporaryPassword } from '../lib/tokens.js';
import { seedDemoData, type DemoHeadTeacher } from './demo.js';

export interface SeedResult {
  seeded: boolean;
  /** Set only when the password was generated here: printed once, never again. */
  generatedAdminPassword?: string;
  adminPasswordFile?: string;
}

/** What a head teacher does in their own classes (the role's data scope keeps it there). */
const HEAD_TEACHER_PERMS: readonly PermCode[] = [
  Perm.workplace,
  Perm.studentList,
  Perm.studentEdit,
  Perm.studentExport,
  Perm.classList,
  Perm.gradeList,
  Perm.teacherList,
  Perm.courseList,
  Perm.scheduleList,
  Perm.roomList,
  Perm.termList,
  Perm.summaryList,
  Perm.summaryExport,
];

/** Role templates seeded beside admin; admins adjust them in System › Role. */
const ROLE_TEMPLATES: { code: string; name: string; remark: string; perms: (code: string) => boolean; dataScope?: DataScope }[] = [
  {
    code: 'academic',
    name: '教务员',
    remark: '教务处人员：管理所属校区的学生、教师、课程与排课',
    perms: (code: string) => code.startsWith('educate:') || code.startsWith('report:'),
  },
  {
    code: 'teacher',
    name: '教师',
    remark: '教师：查看学生、课程与课表',
    perms: (code: string) => /^educate:(student|course|schedule|room|term|class|grade):list$/.test(code),
  },
  {
    code: 'head_teacher',
    name: '班主任',
    remark: '班主任：所带或所教班级的学生、课表与统计',
    perms: (code: string) => HEAD_TEACHER_PERMS.includes(code as PermCode),
    dataScope: { kind: 'own' },
  },
];

/** The demo's head teacher account (SEED_DEMO only): signs in with the admin's initial password. */
export const DEMO_HEAD_TEACHER_USERNAME = 'headteacher';

/** A user for the demo head teacher, linked to their teacher record, in the head teacher role. */
async function seedDemoHeadTeacher(tx: Tx, head: DemoHeadTeacher, passwordHash: string, deptId: number): Promise<void> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, 'head_teacher'));
  if (!role) throw new Error('the head teacher role is missing');
  const [user] = await tx
    .insert(users)
    .values({ username: DEMO_HEAD_TEACHER_USERNAME, nickname: head.name, passwordHash, deptId, jobName: '班主任' })
    .returning({ id: users.id });
  if (!user) throw new Error('head teacher insert returned nothing');
  await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  await tx.insert(userCampuses).values({ userId: user.id, camId: head.camId });
  await tx.update(teachers).set({ userId: user.id }).where(eq(teachers.id, head.teacherId));
}

async function insertMenus(tx: Tx, nodes: readonly MenuNode[], parentId: number | null): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, node] of nodes.entries()) {
    const m = node.meta;
    const [row] = await tx
      .insert(menus)
      .values({
        parentId,
        name: node.name,
        path: node.path,
        locale: m.locale,
        icon: m.icon ?? '',
        order: m.order ?? i,
        perms: m.perms ?? [],
        requiresAuth: m.requiresAuth ?? true,
        hideInMenu: m.hideInMenu ?? false,
        hideChildrenInMenu: m.hideChildrenInMenu ?? false,
        activeMenu: m.activeMenu ?? '',
        ignoreCache: m.ignoreCache ?? false,
      })
      .returning({ id: menus.id });
    if (!row) throw new Error('menu insert returned nothing');
    ids.push(row.id, ...(node.children ? await insertMenus(tx, node.children, row.id) : []));
  }
  return ids;
}

/**
 * Adds the catalogue's perms a database does not have yet (a release that
 * brings new routes brings their perms): every start, under the start-up lock.
 * Perms an administrator added stay; catalogue perms are never removed here.
 */
export async function syncPermCatalogue(db: Db): Promise<void> {
  await db
    .insert(perms)
    .values(PERMISSIONS.map((p) => ({ code: p.code, name: p.name['zh-CN'], nameEn: p.name['en-US'], module: p.module })))
    .onConflictDoNothing({ target: perms.code });
}

/**
 * The password hash of the accounts in a cluster unpacked from the demo template (seed/demo-template.ts):
 * not a hash at all, so no password verifies against it, and replaced by the first start before it serves.
 */
export const PENDING_PASSWORD_HASH = 'pending: set by the first start';

/**
 * Fills an empty database: permission catalogue, menus, roles, departments,
 * campuses, the admin account and (SEED_DEMO) demo data. Runs under the
 * start-up lock, in one transaction: all of it or none. A database unpacked
 * from the demo template has all of that but the password: it gets it here.
 */
export async function seedIfEmpty(db: Db, config: AppConfig, today = new Date()): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    await syncPermCatalogue(db);
    const [pending] = await db.select({ id: users.id }).from(users).where(eq(users.passwordHash, PENDING_PASSWORD_HASH)).limit(1);
    if (!pending) return { seeded: false };
    const admin = await createAdminPassword(config);
    await db.update(users).set({ passwordHash: admin.hash }).where(eq(users.passwordHash, PENDING_PASSWORD_HASH));
    return reportSeed(config, admin.generated);
  }
  const admin = await createAdminPassword(config);
  await db.transaction((tx) => fillDatabase(tx, config.seedDemo, admin.hash, today));
  return reportSeed(config, admin.generated);
}

/** The demo template's contents (seed/demo-template.ts): the demo as of `now`, its passwords to be set. */
export function fillDemoTemplate(db: Db, now: Date): Promise<void> {
  return db.transaction((tx) => fillDatabase(tx, true, PENDING_PASSWORD_HASH, now));
}

/** The password ADMIN_PASSWORD gives, or one made here (printed once), and its hash. */
async function createAdminPassword(config: AppConfig): Promise<{ hash: string; generated?: string }> {
  const generated = config.adminPassword ? undefined : createTemporaryPassword();
  const hash = await hashPassword(config.adminPassword ?? generated ?? '');
  return generated ? { hash, generated } : { hash };
}

async function fillDatabase(tx: Tx, seedDemo: boolean, adminHash: string, today: Date): Promise<void> {
  const permRows = await tx
    .insert(perms)
    .values(PERMISSIONS.map((p) => ({ code: p.code, name: p.name['zh-CN'], nameEn: p.name['en-US'], module: p.module })))
    .returning({ id: perms.id, code: perms.code });
  const menuIds = await insertMenus(tx, DEFAULT_MENUS, null);

  const [adminRole] = await tx
    .insert(roles)
    .values({ name: '超级管理员', code: 'admin', sort: 0, remark: '内置角色：拥有全部权限', isBuiltin: true })
    .returning({ id: roles.id });
  if (!adminRole) throw new Error('admin role insert returned nothing');
  const allPerm = permRows.find((p) => p.code === ALL_PERMS);
  if (!allPerm) throw new Error('the * permission is missing from the catalogue');
  await tx.insert(rolePerms).values({ roleId: adminRole.id, permId: allPerm.id });
  await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId: adminRole.id, menuId })));

  for (const [i, t] of ROLE_TEMPLATES.entries()) {
    const [role] = await tx
      .insert(roles)
      .values({ name: t.name, code: t.code, sort: i + 1, remark: t.remark, dataScope: t.dataScope ?? { kind: 'campus' } })
      .returning({ id: roles.id });
    if (!role) throw new Error('role insert returned nothing');
    const granted = permRows.filter((p) => t.perms(p.code));
    if (granted.length) await tx.insert(rolePerms).values(granted.map((p) => ({ roleId: role.id, permId: p.id })));
  }

  const [rootDept] = await tx.insert(depts).values({ name: '学校办公室', sort: 0 }).returning({ id: depts.id });
  if (!rootDept) throw new Error('dept insert returned nothing');
  await tx
    .insert(depts)
    .values(['教务处', '学生处', '总务处', '信息中心'].map((name, i) => ({ name, parentId: rootDept.id, sort: i + 1 })));

  const campusRows = await tx
    .insert(campuses)
    .values(
      seedDemo
        ? [
            { code: 'DC', name: '东城校区', address: '东城区和平路 18 号' },
            { code: 'XH', name: '西湖校区', address: '西湖区文新路 266 号' },
          ]
        : [{ code: 'MAIN', name: '主校区' }],
    )
    .returning({ id: campuses.id, code: campuses.code });

  const [admin] = await tx
    .insert(users)
    .values({
      username: 'admin',
      nickname: '系统管理员',
      passwordHash: adminHash,
      deptId: rootDept.id,
      jobName: '系统管理员',
      organizationName: '学校办公室',
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin insert returned nothing');
  await tx.insert(userRoles).values({ userId: admin.id, roleId: adminRole.id });
  await tx.insert(userCampuses).values(campusRows.map((c) => ({ userId: admin.id, camId: c.id })));

  if (seedDemo) {
    const head = await seedDemoData(tx, campusRows, today);
    if (head) await seedDemoHeadTeacher(tx, head, adminHash, rootDept.id);
  }
}

/** A generated password is printed once and kept in the data folder for the administrator. */
function reportSeed(config: AppConfig, generated: string | undefined): SeedResult {
  if (!generated) return { seeded: true };
  const result: SeedResult = { seeded: true, generatedAdminPassword: generated };
  if (!config.inMemory) {
    const file = path.join(config.dataDir, 'initial-admin-password');
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    result.adminPasswordFile = file;
  }
  return result;
}
