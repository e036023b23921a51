import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, multipartFile, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let cam: number;
const zh = { 'accept-language': 'zh-CN' };

async function importFile(content: string, dryRun: boolean) {
  const mp = multipartFile('managers.csv', content);
  return call(t.app, {
    method: 'POST',
    url: `/api/educate/managers/import?dryRun=${dryRun}`,
    headers: { ...authed(token, cam), ...zh, ...mp.headers },
    payload: mp.payload,
  });
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...authed(token, cam), ...zh } });
const csvOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('manager import and export', () => {
  it('imports a file with labels in either language, then updates on the same staff numbers', async () => {
    const file = ['工号,姓名,性别,职务,状态', 'M001,周行政,女,教务主任,在职', 'M002,吴后勤,male,后勤,active'].join('\n');
    const dry = await importFile(file, true);
    expect(dry.body.data).toMatchObject({ total: 2, created: 2, updated: 0, errors: [] });
    expect((await importFile(file, false)).body.data).toMatchObject({ created: 2, updated: 0 });
    expect((await importFile(file.replace('教务主任', '副主任'), false)).body.data).toMatchObject({ created: 0, updated: 2 });
    const [row] = await queryRows<{ position: string; gender: string }>(
      t.database.db,
      sql`select position, gender from managers where staff_no = 'M001'`,
    );
    expect(row).toEqual({ position: '副主任', gender: 'female' });
  });

  it('reports a bad row naming its field, and writes nothing', async () => {
    const res = await importFile(['staffNo,name,gender,status', 'M003,,male,active'].join('\n'), true);
    expect((res.body.data as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['name']);
  });

  it('exports the list with its filters, status as people read it', async () => {
    const res = await get('/api/educate/managers/export?format=csv&keyword=M00');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvOf(res.body);
    expect(header).toBe('工号,姓名,性别,手机号,邮箱,职务,状态');
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/^M001,周行政,女,.*副主任,在职$/)]));
  });

  it('serves an import template under a name of its own, not the export file name', async () => {
    const template = await get('/api/educate/managers/import-template?format=csv');
    const exported = await get('/api/educate/managers/export?format=csv');
    expect(template.headers['content-disposition']).toContain(encodeURIComponent('管理人员名单导入模板.csv'));
    expect(exported.headers['content-disposition']).toContain(encodeURIComponent('管理人员名单.csv'));
    expect(csvOf(template.body)).toEqual(['工号,姓名,性别,手机号,邮箱,职务,状态']);
  });
});

describe('course export', () => {
  it('exports the course list with its filters, term and teacher by name', async () => {
    const list = await call(t.app, { method: 'GET', url: '/api/educate/courses?pageSize=200', headers: authed(token, cam) });
    const courses = (list.body.data as { list: { code: string }[] }).list;
    const res = await get('/api/educate/courses/export?format=csv&sort=code:asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('课程列表.csv'));
    const [header, ...rows] = csvOf(res.body);
    expect(header).toBe('课程编号,课程名称,学期,任课教师,容量,选课人数,学分,课时,状态,课程简介');
    expect(rows).toHaveLength(courses.length);
    expect(rows.map((r) => r.split(',')[0])).toEqual(courses.map((c) => c.code).sort());
    for (const row of rows) expect(row.split(',')[2]).toMatch(/^\d{4}-\d{4} \S+/);
  });
});

describe('migration 0016: existing databases get the manager import perm', () => {
  it('adds the perm and grants it to the roles that may add managers', async () => {
    const db = t.database.db;
    await db.execute(sql`delete from role_perms where perm_id = (select id from perms where code = 'educate:manager:import')`);
    await db.execute(sql`delete from perms where code = 'educate:manager:import'`);
    const file = fs.readFileSync(path.join(import.meta.dirname, '../../db/migrations/0016_manager_import_perm.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const holders = async (code: string) =>
      (
        await queryRows<{ code: string }>(
          db,
          sql`select r.code from roles r join role_perms rp on rp.role_id = r.id join perms p on p.id = rp.perm_id
              where p.code = ${code} order by r.code`,
        )
      ).map((r) => r.code);
    expect(await holders('educate:manager:add')).not.toEqual([]);
    expect(await holders('educate:manager:import')).toEqual(await holders('educate:manager:add'));
  });
});
