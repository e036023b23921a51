import ExcelJS from 'exceljs';
import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { students } from '../db/schema/campus.js';
import { getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import { createCampusScope } from './campus-scope.js';
import { readInKeysetChunks } from './export-stream.js';

// Exports read back by a second XLSX reader (SheetJS, besides ExcelJS): dates
// are date cells, numbers numbers, text text with no visible guard, nothing a
// formula; CSV keeps its guard; keyset chunks read exactly the list's order.

let t: TestApp;
let token: string;
let cam: number;

async function exportFile(query: string, locale = 'zh-CN') {
  return t.app.inject({
    method: 'GET',
    url: `/api/educate/students/export?${query}`,
    headers: { ...authed(token, cam), 'accept-language': locale },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  const people = [
    { studentNo: 'R001', name: '司马长风', birthDate: '2010-05-06', phone: '+8613800000000', remark: '=1+1' },
    { studentNo: 'R002', name: 'Zoë', birthDate: '', phone: '010-62345678', remark: '-2' },
    { studentNo: 'R003', name: '欧阳珺', birthDate: '2009-12-31', phone: '', remark: '@SUM(A1)' },
  ];
  for (const p of people) {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/educate/students',
      headers: authed(token, cam),
      payload: { ...p, gender: 'female', status: 'enrolled', enrolDate: '2025-09-01' },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('XLSX export read by SheetJS', () => {
  it('holds dates as date cells, text as text without a guard, and no formula', async () => {
    const res = await exportFile('format=xlsx&keyword=R&sort=studentNo:asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: true, cellNF: true, cellFormula: true, cellStyles: true });
    expect(wb.SheetNames).toEqual(['学生名单']);
    const ws = wb.Sheets['学生名单']!;
    const header = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 })[0];
    expect(header).toEqual([
      '学号',
      '姓名',
      '性别',
      '出生日期',
      '年级',
      '班级',
      '手机号',
      '邮箱',
      '监护人',
      '监护人电话',
      '监护关系',
      '状态',
      '入学日期',
      '备注',
      '籍贯代码',
      '家庭住址',
    ]);

    const birth = ws['D2']!;
    expect(birth.t).toBe('d');
    expect(XLSX.SSF.is_date(String(birth.z))).toBe(true);
    expect((birth.v as Date).toISOString().slice(0, 10)).toBe('2010-05-06');
    expect(ws['D3']).toBeUndefined(); // no birth date: an empty cell, not ''
    expect(ws['M2']?.t).toBe('d');

    const phone = ws['G2']!;
    expect(phone).toMatchObject({ t: 's', v: '+8613800000000' });
    expect(ws['N2']).toMatchObject({ t: 's', v: '=1+1' });
    expect(ws['N2']?.f).toBeUndefined();
    expect(ws['N3']).toMatchObject({ t: 's', v: '-2' });
    expect(ws['N4']).toMatchObject({ t: 's', v: '@SUM(A1)' });
    expect(ws['C2']).toMatchObject({ t: 's', v: '女' });
    for (const [ref, cell] of Object.entries(ws)) {
      if (ref.startsWith('!')) continue;
      expect((cell as XLSX.CellObject).f, ref).toBeUndefined();
      if ((cell as XLSX.CellObject).t === 's') expect(String((cell as XLSX.CellObject).v), ref).not.toMatch(/^'/);
    }
    // Column widths fit the content: CJK counts double.
    const cols = ws['!cols'] ?? [];
    expect(cols).toHaveLength(16);
    expect(cols.every((c) => (c.width ?? 0) >= 8)).toBe(true);
    expect(cols[1]?.width).toBeGreaterThan(cols[2]?.width ?? 99); // 司马长风 is wider than 性别
  });

  it('gives readers that trust the used range every row, longer than the width sample or not', async () => {
    // SheetJS (and openpyxl's read-only mode) read as far as <dimension> says: it once said the header alone.
    await t.database.db.execute(
      sql`insert into students (cam_id, student_no, name, gender, status)
          select ${cam}, 'B' || lpad(i::text, 4, '0'), '批量学生' || i, 'male', 'enrolled' from generate_series(1, 250) as i`,
    );
    const all = await call(t.app, { method: 'GET', url: '/api/educate/students?pageSize=1', headers: authed(token, cam) });
    const total = (all.body.data as { total: number }).total;
    expect(total).toBeGreaterThan(200);
    for (const [query, rows] of [
      ['format=xlsx&sort=studentNo:asc', total],
      ['format=xlsx&keyword=R00&sort=studentNo:asc', 3],
    ] as const) {
      const res = await exportFile(query);
      expect(res.statusCode).toBe(200);
      const ws = XLSX.read(res.rawPayload, { type: 'buffer' }).Sheets['学生名单']!;
      expect(XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 })).toHaveLength(rows + 1);
      expect(ws['!ref']).toBe(`A1:P${rows + 1}`);
    }
  });

  it('freezes the header row and bolds it (read by ExcelJS)', async () => {
    const res = await exportFile('format=xlsx&keyword=R');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getColumn(2).width).toBeGreaterThanOrEqual(8);
  });

  it('names the sheet and columns in English for en-US', async () => {
    const res = await exportFile('format=xlsx&keyword=R', 'en-US');
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['students']);
    const header = XLSX.utils.sheet_to_json<string[]>(wb.Sheets.students!, { header: 1 })[0];
    expect(header?.slice(0, 4)).toEqual(['Student No.', 'Name', 'Gender', 'Birth date']);
  });

  it('keeps the formula guard in CSV', async () => {
    const res = await exportFile('format=csv&keyword=R&sort=studentNo:asc');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toContain(`'+8613800000000`);
    expect(lines[1]).toContain(`'=1+1`);
    expect(lines[2]).toContain(`'-2`);
  });

  it('import templates are typed the same way, with the header only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/import-template?format=xlsx',
      headers: authed(token, cam),
    });
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('学号');
  });
});

describe('keyset chunks', () => {
  it.each([
    ['birthDate asc (NULLs last)', students.birthDate, 'asc'],
    ['birthDate desc (NULLs first)', students.birthDate, 'desc'],
    ['createdAt desc (microseconds)', students.createdAt, 'desc'],
    ['name asc', students.name, 'asc'],
  ] as const)('read every row once, in the order of one plain query: %s', async (_label, column, direction) => {
    // Twenty more rows with repeated keys and NULLs, so chunks of 3 split ties.
    await t.database.db.execute(sql`delete from students where student_no like 'K%'`);
    for (let i = 0; i < 20; i++) {
      await call(t.app, {
        method: 'POST',
        url: '/api/educate/students',
        headers: authed(token, cam),
        payload: {
          studentNo: `K${String(i).padStart(3, '0')}`,
          name: `同名${i % 4}`,
          gender: 'male',
          status: 'enrolled',
          birthDate: i % 3 ? `2010-01-0${(i % 5) + 1}` : '',
        },
      });
    }
    const scope = createCampusScope(t.database.db, cam);
    const by = direction === 'desc' ? desc : asc;
    const expected = (await scope.select(students, { id: students.id }).orderBy(by(column), by(students.id))).map((r) => r.id);
    const got: number[] = [];
    for await (const chunk of readInKeysetChunks(scope, students, [], { column, direction }, { chunk: 3, max: 1_000 })) {
      expect(chunk.length).toBeLessThanOrEqual(3);
      got.push(...chunk.map((r) => r.id));
    }
    expect(got).toEqual(expected);
    expect(new Set(got).size).toBe(got.length);
  });

  it('stops at the maximum', async () => {
    const scope = createCampusScope(t.database.db, cam);
    let n = 0;
    for await (const chunk of readInKeysetChunks(scope, students, [], { column: students.id, direction: 'asc' }, { chunk: 4, max: 10 }))
      n += chunk.length;
    expect(n).toBe(10);
  });
});
