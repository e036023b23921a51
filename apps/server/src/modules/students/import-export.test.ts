import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, multipartFile, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let cam: number;
const en = { 'accept-language': 'en-US' };

const HEADER_EN =
  'Student No.,Name,Gender,Birth date,Grade,Class,Phone,Email,Guardian,Guardian phone,Relation,Status,Enrol date,Remark,Native place code,Address';

async function importFile(filename: string, content: Buffer | string, dryRun: boolean) {
  const mp = multipartFile(filename, content);
  return call(t.app, {
    method: 'POST',
    url: `/api/educate/students/import?dryRun=${dryRun}`,
    headers: { ...authed(token, cam), ...en, ...mp.headers },
    payload: mp.payload,
  });
}

const countStudents = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from students`))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('student import', () => {
  const good = [
    `studentNo,name,gender,status,grade`,
    `I001,张三,male,enrolled,高一`,
    `I002,李四,女,在读,高一`,
    `I003,Wang Wu,Female,Enrolled,高二`,
  ].join('\n');

  it('dry run reports every row error with row, field and message, and writes nothing', async () => {
    const bad = [
      `${'studentNo,name,gender,status,birthDate'}`,
      'B001,甲,male,enrolled,2010-01-01',
      'B002,,robot,enrolled,2999-01-01',
      'B001,丙,male,enrolled,',
      'B004,丁,male,sleeping,',
    ].join('\n');
    const res = await importFile('students.csv', bad, true);
    expect(res.status).toBe(200);
    const data = res.body.data as { total: number; created: number; errors: { row: number; field: string; msg: string }[] };
    expect(data.total).toBe(4);
    expect(data.errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'name', key: 'name', msg: 'name: is required' },
        { row: 3, field: 'gender', key: 'gender', msg: 'gender: must be one of Male, Female, Other' },
        { row: 3, field: 'birthDate', key: 'birthDate', msg: 'birthDate: must not be in the future' },
        { row: 4, field: 'studentNo', key: 'studentNo', msg: 'studentNo: repeats row 2' },
        { row: 5, field: 'status', key: 'status', msg: 'status: must be one of Enrolled, Suspended, Graduated, Withdrawn' },
      ]),
    );
    expect(await countStudents()).toBe(0);
  });

  it('a real run with any error writes nothing', async () => {
    const res = await importFile('students.csv', `${good}\nI004,,male,enrolled,高一`, false);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('nothing was imported');
    expect((res.body.data as { errors: unknown[] }).errors).toHaveLength(1);
    expect(await countStudents()).toBe(0);
  });

  it('imports a clean file, reading labels in either language, then updates on the same numbers', async () => {
    const dry = await importFile('students.csv', good, true);
    expect(dry.body.data).toMatchObject({ total: 3, created: 3, updated: 0, errors: [] });
    expect(await countStudents()).toBe(0);
    const res = await importFile('students.csv', good, false);
    expect(res.body.data).toMatchObject({ total: 3, created: 3, updated: 0 });
    const again = await importFile('students.csv', good.replace('张三', '张三丰'), false);
    expect(again.body.data).toMatchObject({ created: 0, updated: 3 });
    const [row] = await queryRows<{ name: string; gender: string; status: string }>(
      t.database.db,
      sql`select name, gender, status from students where student_no = 'I002'`,
    );
    expect(row).toEqual({ name: '李四', gender: 'female', status: 'enrolled' });
    const log = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from oper_logs where path like '/api/educate/students/import%' and code = 0`,
    );
    expect(log[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('says which grades and classes the rows would make, before anything is written', async () => {
    // A typo ("高4" for "高三") made a grade without a word, and the year-end promotion moved 高三 into it.
    const first = await importFile('students.csv', 'studentNo,name,gender,status,grade,className\nN000,甲,male,enrolled,高一,1班', false);
    expect(first.body.data).toMatchObject({
      created: 1,
      notes: [
        'A new grade "高一" will be made (row(s) 2), after the existing grades and promoted with them; if it is a typo, fix the file and choose it again',
      ],
    });
    const file = [
      'studentNo,name,gender,status,grade,className',
      'N001,乙,male,enrolled,高一,1班',
      'N002,丙,male,enrolled,高一,2班',
      'N003,丁,male,enrolled,高4,1班',
      'N004,戊,male,enrolled,高4,2班',
    ].join('\n');
    const before = await countStudents();
    const dry = await importFile('students.csv', file, true);
    expect(dry.body.data).toMatchObject({
      created: 4,
      notes: [
        'A new grade "高4" will be made (row(s) 4, 5), after the existing grades and promoted with them; if it is a typo, fix the file and choose it again',
        'A new class "2班" will be made in 高一 (row(s) 3)',
      ],
    });
    expect(await countStudents()).toBe(before);
    const grades = await queryRows<{ name: string }>(t.database.db, sql`select name from grades where cam_id = ${cam} order by name`);
    expect(grades.map((g) => g.name)).not.toContain('高4');
  });

  it('refuses unknown and missing columns naming them, and files that are not CSV or XLSX', async () => {
    const unknown = await importFile('x.csv', 'studentNo,name,gender,status,shoeSize\nA,b,male,enrolled,42', true);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('shoeSize');
    const missing = await importFile('x.csv', 'studentNo,name\nA,b', true);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('Gender');
    const binary = await importFile('x.xlsx', Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0, 1, 2, 3]), true);
    expect(binary.status).toBe(400);
    expect(binary.body.msg).toContain('file');
  });

  it('imports 10 000 rows in one go', async () => {
    const lines = ['studentNo,name,gender,status,grade,className'];
    for (let i = 0; i < 10_000; i++)
      lines.push(`K${String(i).padStart(5, '0')},学生${i},${i % 2 ? 'male' : 'female'},enrolled,高${(i % 3) + 1},${(i % 8) + 1}班`);
    const res = await importFile('big.csv', lines.join('\n'), false);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 10_000, created: 10_000, errors: [] });
  });
});

describe('student export', () => {
  it('follows the list filters and sort, in CSV with a BOM and readable labels', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/export?format=csv&keyword=I&sort=studentNo:desc',
      headers: { ...authed(token, cam), ...en },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(HEADER_EN);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['I003', 'I002', 'I001']);
    expect(lines[1]).toContain('Female');
  });

  it('neutralises formula cells and round-trips through import', async () => {
    const evil = ['=HYPERLINK("http://x")', '+1+1', '-2', '@SUM(A1)', '\tTAB', '\rCR'];
    for (const [i, remark] of evil.entries()) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/educate/students',
        headers: authed(token, cam),
        payload: { studentNo: `F${i}`, name: `公式${i}`, gender: 'male', status: 'enrolled', remark },
      });
      expect(r.status).toBe(201);
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/export?format=csv&keyword=F',
      headers: authed(token, cam),
    });
    for (const line of csv.body.split('\r\n').slice(1).filter(Boolean)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')) ?? [];
      for (const c of cells) expect(c).not.toMatch(/^[=+\-@\t\r]/);
    }
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/export?format=xlsx&keyword=F',
      headers: authed(token, cam),
    });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(7);
    // XLSX guards by cell type: text cells hold the text itself, no apostrophe, never a formula.
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.text).not.toMatch(/^'/);
      }),
    );
    const remarkColumn = 14;
    expect(ws.getRow(2).getCell(remarkColumn).type).toBe(ExcelJS.ValueType.String);
    // the exported workbook imports back to the same records
    const stored = await queryRows<{ remark: string }>(
      t.database.db,
      sql`select remark from students where student_no like 'F%' order by student_no`,
    );
    expect(stored.slice(0, 4).map((r) => r.remark)).toEqual(evil.slice(0, 4));
    await t.database.db.execute(sql`delete from students where student_no like 'F%'`);
    const back = await importFile('export.xlsx', xlsx.rawPayload, false);
    expect(back.body.data).toMatchObject({ total: 6, created: 6, errors: [] });
    const remarks = await queryRows<{ remark: string }>(
      t.database.db,
      sql`select remark from students where student_no like 'F%' order by student_no`,
    );
    expect(remarks).toEqual(stored);
  });

  it('serves an import template with the header row', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/educate/students/import-template?format=csv', headers: authed(token, cam) });
    expect(res.statusCode).toBe(200);
    expect(res.body.replace(/^\uFEFF/, '').trim()).toBe(
      '学号,姓名,性别,出生日期,年级,班级,手机号,邮箱,监护人,监护人电话,监护关系,状态,入学日期,备注,籍贯代码,家庭住址',
    );
  });
});
