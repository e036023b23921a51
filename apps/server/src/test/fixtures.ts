import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { campuses, perms, rolePerms, roles, userCampuses, userRoles, users } from '../db/schema/system.js';
import { hashPassword } from '../lib/passwords.js';

let seq = 0;

export async function createCampus(db: Db, name = `Campus ${++seq}`): Promise<number> {
  const [row] = await db
    .insert(campuses)
    .values({ code: `C${Date.now() % 100000}${++seq}`, name })
    .returning({ id: campuses.id });
  if (!row) throw new Error('campus insert failed');
  return row.id;
}

/** A user holding exactly `permCodes` (through a fresh role) on `camIds`. */
export async function createUser(
  db: Db,
  opts: { username: string; password: string; perms: string[]; camIds: number[]; phone?: string; mustChangePassword?: boolean },
): Promise<number> {
  const [role] = await db
    .insert(roles)
    .values({ name: `role of ${opts.username}`, code: `r_${opts.username}_${++seq}` })
    .returning({ id: roles.id });
  if (!role) throw new Error('role insert failed');
  if (opts.perms.length) {
    const permRows = await db.select({ id: perms.id }).from(perms).where(inArray(perms.code, opts.perms));
    if (permRows.length !== opts.perms.length) throw new Error(`unknown perm among ${opts.perms.join(',')}`);
    await db.insert(rolePerms).values(permRows.map((p) => ({ roleId: role.id, permId: p.id })));
  }
  const [user] = await db
    .insert(users)
    .values({
      username: opts.username,
      nickname: opts.username,
      phone: opts.phone ?? null,
      passwordHash: await hashPassword(opts.password),
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  if (opts.camIds.length) await db.insert(userCampuses).values(opts.camIds.map((camId) => ({ userId: user.id, camId })));
  return user.id;
}

export async function getCampusIds(db: Db): Promise<number[]> {
  return (await db.select({ id: campuses.id }).from(campuses).orderBy(campuses.id)).map((r) => r.id);
}

export async function setUserStatus(db: Db, userId: number, status: 'active' | 'disabled'): Promise<void> {
  await db.update(users).set({ status }).where(eq(users.id, userId));
}
