import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@campus/contract';
import { perms } from '../db/schema/system.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedIfEmpty } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the perm catalogue of an existing database', () => {
  it('gains the perms a newer release brings, at start-up, and keeps the ones it has', async () => {
    const db = t.database.db;
    // A database from before the notice edit perm existed.
    await db.delete(perms).where(eq(perms.code, 'system:notice:edit'));
    const [kept] = await db.select({ id: perms.id }).from(perms).where(eq(perms.code, 'system:notice:list'));
    const result = await seedIfEmpty(db, t.config);
    expect(result.seeded).toBe(false);
    const codes = (await db.select({ code: perms.code }).from(perms)).map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(PERMISSIONS.map((p) => p.code)));
    const [again] = await db.select({ id: perms.id }).from(perms).where(eq(perms.code, 'system:notice:list'));
    expect(again?.id).toBe(kept?.id);
  });
});
