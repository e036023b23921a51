import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query.js';
import { getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, multipartFile, type TestApp } from '../test/test-app.js';

// Files written by other programs (see fixtures/imports/README.md), imported
// through the real routes: every value lands exactly, and a file that does
// not decode is refused naming what was found, with nothing written.

const FIXTURES = path.join(import.meta.dirname, 'fixtures/imports');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let token: string;
let cam: number;

interface ImportAnswer {
  status: number;
  body: {
    code: number;
    msg: string;
    data: { total: number; created: number; updated: number; errors: { row: number; field: string; msg: string }[] };
  };
}

async function importFile(
  resource: 'students' | 'teachers',
  filename: string,
  content: Buffer | string,
  opts: { dryRun?: boolean; locale?: string } = {},
) {
  const mp = multipartFile(filename, content);
  return (await call(t.app, {
    method: 'POST',
    url: `/api/educate/${resource}/import?dryRun=${opts.dryRun ?? false}`,
    headers: { ...authed(token, cam), 'accept-language': opts.locale ?? 'zh-CN', ...mp.headers },
    payload: mp.payload,
  })) as unknown as ImportAnswer;
}

const count = async (table: 'students' | 'teachers') =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)} where cam_id = ${cam}`))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  [cam = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from students`);
  await t.database.db.execute(sql`delete from teachers`);
});

describe('imports of files other programs wrote', () => {
  it('reads a GBK CSV with CRLF as Excel on Chinese Windows saves it, every value exact', async () => {
    const res = await importFile('students', '学生.csv', fixture('students-gbk-excel.csv'));
    expect(res.body.data).toMatchObject({ total: 5, created: 5, errors: [] });
    const rows = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select student_no, name, gender, birth_date::text, grade, class_name, phone, guardian_name, guardian_phone, status, enrol_date::text, remark
          from students where cam_id = ${cam} order by student_no`,
    );
    expect(rows).toEqual([
      {
        student_no: 'G2026001',
        name: '张喆',
        gender: 'male',
        birth_date: '2010-05-06',
        grade: '高一',
        class_name: '1班',
        phone: '13800138000',
        guardian_name: '张建国',
        guardian_phone: '010-62345678',
        status: 'enrolled',
        enrol_date: '2025-09-01',
        remark: '班长',
      },
      expect.objectContaining({ student_no: 'G2026002', name: '李婧', gender: 'female', birth_date: '2010-11-23', phone: '139 1234 5678' }),
      expect.objectContaining({
        student_no: 'G2026003',
        name: '王堃',
        birth_date: '2009-12-01',
        status: 'suspended',
        enrol_date: '2024-09-01',
      }),
      expect.objectContaining({ student_no: 'G2026004', name: '阿依古丽·买买提', birth_date: '2010-03-15' }),
      expect.objectContaining({ student_no: 'G2026005', name: '欧阳珺', gender: 'other', remark: '转学生，待补材料' }),
    ]);
    // Byte for byte: the stored names are the UTF-8 of what the GBK file says.
    const names = rows.map((r) => Buffer.from(r.name ?? '', 'utf8').toString('hex'));
    expect(names[0]).toBe(Buffer.from('张喆').toString('hex'));
    expect(rows.every((r) => !Object.values(r).some((v) => v?.includes('\uFFFD')))).toBe(true);
  });

  it('reads Excel\'s "Unicode text" (UTF-16LE with BOM, tabs): full-width digits and spaces, labels in either language', async () => {
    const res = await importFile('teachers', '教师.txt', fixture('teachers-unicode-text.txt'));
    expect(res.body.data).toMatchObject({ total: 4, created: 4, errors: [] });
    const rows = await queryRows<{ staff_no: string; name: string; gender: string; phone: string; status: string; hire_date: string }>(
      t.database.db,
      sql`select staff_no, name, gender, phone, status, hire_date::text from teachers where cam_id = ${cam} order by staff_no`,
    );
    expect(rows).toEqual([
      { staff_no: 'T9001', name: '诸葛亮', gender: 'male', phone: '13900139000', status: 'active', hire_date: '2015-08-20' },
      { staff_no: 'T9002', name: '上官婉儿', gender: 'female', phone: '021-63456789', status: 'active', hire_date: '2018-09-01' },
      { staff_no: 'T9003', name: 'Émile Zola', gender: 'male', phone: '+86 10 62345678', status: 'active', hire_date: '2020-02-15' },
      { staff_no: 'T9004', name: '赵云', gender: 'male', phone: '13700137000', status: 'left', hire_date: '2012-09-01' },
    ]);
  });

  it('reads an XLSX written by openpyxl: date cells, Excel serials, number cells, labels in any case', async () => {
    const res = await importFile('students', 'students.xlsx', fixture('students-openpyxl.xlsx'));
    expect(res.body.data).toMatchObject({ total: 3, created: 3, errors: [] });
    const rows = await queryRows<{
      student_no: string;
      name: string;
      gender: string;
      birth_date: string;
      phone: string;
      status: string;
      enrol_date: string;
    }>(
      t.database.db,
      sql`select student_no, name, gender, birth_date::text, phone, status, enrol_date::text from students where cam_id = ${cam} order by student_no`,
    );
    expect(rows).toEqual([
      {
        student_no: 'X2026001',
        name: '司马长风',
        gender: 'male',
        birth_date: '2010-05-06',
        phone: '13800138000',
        status: 'enrolled',
        enrol_date: '2025-09-01',
      },
      {
        student_no: 'X2026002',
        name: 'Ｌｉ Ｎａ',
        gender: 'female',
        birth_date: '2009-12-31',
        phone: '+86 139 1234 5678',
        status: 'enrolled',
        enrol_date: '2024-09-01',
      },
      {
        student_no: 'X2026003',
        name: '慕容复',
        gender: 'other',
        birth_date: '2010-05-06',
        phone: '',
        status: 'enrolled',
        enrol_date: '2025-09-01',
      },
    ]);
  });

  it('reads a GBK file too short for statistical detection', async () => {
    const res = await importFile('students', 'short.csv', fixture('students-gbk-short.csv'));
    expect(res.body.data).toMatchObject({ total: 1, created: 1, errors: [] });
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`select name from students where cam_id = ${cam}`);
    expect(row?.name).toBe('王五');
  });

  it.each([
    ['students-shift-jis.csv', 'zh-CN', /无法识别文件编码（检测结果：[\w-]+）.*未导入任何数据.*CSV UTF-8/],
    ['students-big5.csv', 'en-US', /encoding could not be read \(detected: Big5\); nothing was imported/],
  ])('refuses %s naming the encoding found, writing nothing', async (file, locale, message) => {
    for (const dryRun of [true, false]) {
      const res = await importFile('students', file, fixture(file), { dryRun, locale });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(message);
    }
    expect(await count('students')).toBe(0);
  });

  it('refuses a UTF-8 file holding replacement characters, naming row and column', async () => {
    const res = await importFile('students', 'damaged.csv', '学号,姓名,性别,状态\nD001,张\uFFFD,男,在读\n', { dryRun: true });
    expect(res.body.data.errors).toEqual([{ row: 2, field: '姓名', key: 'name', msg: expect.stringContaining('姓名：含有乱码字符') }]);
    expect(await count('students')).toBe(0);
  });
});

describe('cells as people type them', () => {
  const header = '学号,姓名,性别,出生日期,状态,手机号';

  it.each([
    ['2010/5/6', '2010-05-06'],
    ['2010-5-6', '2010-05-06'],
    ['2010.5.6', '2010-05-06'],
    ['20100506', '2010-05-06'],
    ['2010年5月6日', '2010-05-06'],
    ['40304', '2010-05-06'],
    ['２０１０/５/６', '2010-05-06'],
    ['2010-05-06 00:00:00', '2010-05-06'],
  ])('reads the date %s', async (typed, stored) => {
    const res = await importFile('students', 'd.csv', `${header}\nD1,甲,男,${typed},在读,\n`);
    expect(res.body.data.errors).toEqual([]);
    const [row] = await queryRows<{ d: string }>(t.database.db, sql`select birth_date::text as d from students where student_no = 'D1'`);
    expect(row?.d).toBe(stored);
  });

  it('reads enum labels in either language, any case, and trims', async () => {
    const res = await importFile(
      'students',
      'e.csv',
      `${header}\nE1, 乙 ,FEMALE,,Graduated,\nE2,丙,男,,毕业,\nE3,丁,other,,WITHDRAWN,\nE4,戊,Female,,退学,\n`,
    );
    expect(res.body.data.errors).toEqual([]);
    const rows = await queryRows<{ name: string; gender: string; status: string }>(
      t.database.db,
      sql`select name, gender, status from students order by student_no`,
    );
    expect(rows).toEqual([
      { name: '乙', gender: 'female', status: 'graduated' },
      { name: '丙', gender: 'male', status: 'graduated' },
      { name: '丁', gender: 'other', status: 'withdrawn' },
      { name: '戊', gender: 'female', status: 'withdrawn' },
    ]);
  });

  it('names the column as the file writes it, and lists enum labels in the reader language', async () => {
    const file = `${header}\nB1,甲,机器人,2010/2/30,在读,\nB2,,男,,睡觉,12345\nB3,丙,男,,在读,1371234\n`;
    const zh = await importFile('students', 'b.csv', file, { dryRun: true });
    expect(zh.body.data.errors).toEqual([
      { row: 2, field: '性别', key: 'gender', msg: '性别：必须是 男、女、其他 之一' },
      { row: 2, field: '出生日期', key: 'birthDate', msg: expect.stringContaining('出生日期：不是有效日期') },
      { row: 3, field: '姓名', key: 'name', msg: '姓名：不能为空' },
      { row: 3, field: '状态', key: 'status', msg: '状态：必须是 在读、休学、毕业、退学 之一' },
      { row: 3, field: '手机号', key: 'phone', msg: expect.stringContaining('手机号：不是有效的电话号码') },
      { row: 4, field: '手机号', key: 'phone', msg: expect.stringContaining('手机号：不是有效的电话号码') },
    ]);
    const en = await importFile('students', 'b.csv', file.replace(header, 'studentNo,Name,GENDER,birthDate,Status,phone'), {
      dryRun: true,
      locale: 'en-US',
    });
    expect(en.body.data.errors[0]).toEqual({ row: 2, field: 'GENDER', key: 'gender', msg: 'GENDER: must be one of Male, Female, Other' });
    expect(await count('students')).toBe(0);
  });
});
