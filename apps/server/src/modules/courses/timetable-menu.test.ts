import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp();
  admin = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the timetable menu migration', () => {
  it('gives an existing database the Timetable menu under Educate, for the admin role, once', async () => {
    const dir = path.join(import.meta.dirname, '../../db/migrations');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_menu_timetable.sql'));
    expect(file).toBeDefined();
    const statements = fs.readFileSync(path.join(dir, file ?? ''), 'utf8').split('--> statement-breakpoint');
    const apply = async () => {
      for (const s of statements) await queryRows(t.database.db, sql.raw(s));
    };
    // As a database seeded before the page existed.
    await rows(sql`delete from role_menus where menu_id in (select id from menus where name = 'Timetable')`);
    await rows(sql`delete from menus where name = 'Timetable'`);
    await apply();
    await apply();
    const found = await rows<{ path: string; parent: string; perms: string[]; admins: number }>(
      sql`select m.path, p.name as parent, m.perms,
            (select count(*)::int from role_menus rm join roles r on r.id = rm.role_id where rm.menu_id = m.id and r.code = 'admin') as admins
          from menus m join menus p on p.id = m.parent_id where m.name = 'Timetable'`,
    );
    expect(found).toEqual([{ path: '/educate/timetable', parent: 'Educate', perms: ['educate:schedule:list'], admins: 1 }]);
    const tree = await call(t.app, { method: 'GET', url: '/api/user/menuList', headers: authed(admin) });
    expect(JSON.stringify(tree.body.data)).toContain('"/educate/timetable"');
  });
});
