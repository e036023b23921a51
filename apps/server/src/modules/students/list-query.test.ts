import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { keywordMatchOf } from '../../resources/keyword-sql.js';
import { buildListPage } from '../../resources/list-sql.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { explainPlan } from '../../test/explain.js';
import { createCampus, getCampusIds } from '../../test/fixtures.js';
import { countListPageReads } from '../../test/list-page-reads.js';
import { containsKeyword, expectStudentPage, matchingStudents, SEARCH_ROWS, seedSearchableStudents } from '../../test/student-list.js';
import { authed, call, createTestApp, getToken, isPostgres, type TestApp } from '../../test/test-app.js';
import { studentSpec } from './routes.js';

// The list of a large campus: the keyword is contained anywhere in number, name
// or phone (decision 018), a sparse one found through the grams index, and the
// one-statement page + total must answer exactly what a plain filter answers.

let t: TestApp;
let token: string;
let camId: number;
const listPageReads = countListPageReads();

async function explainListPage(keyword: string, page: number) {
  const scope = createCampusScope(t.database.db, camId);
  const query = buildListPage(scope, studentSpec, {
    match: keywordMatchOf(keyword),
    sort: undefined,
    filters: [],
    limit: 20,
    offset: (page - 1) * 20,
  });
  return explainPlan(t.database.db, query.getSQL());
}

const list = (query: string) =>
  call(t.app, { method: 'GET', url: `/api/educate/students?${query}`, headers: { ...authed(token, camId), 'accept-language': 'en-US' } });

beforeAll(async () => {
  t = await createTestApp();
  [camId = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  await seedSearchableStudents(t.database.db, camId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`student list query plan (${isPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('finds the rows of a sparse keyword through the grams index in a campus of many students', async () => {
    // A campus of its own, large enough that reading all its rows costs more than the index.
    const big = await createCampus(t.database.db, 'Grams');
    const scope = createCampusScope(t.database.db, big);
    const given = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国玉志文斌海燕子涵梓萱浩然宇轩欣怡雨桐若汐';
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      studentNo: `G${String(i).padStart(6, '0')}`,
      name: `${'王李张刘陈杨黄赵吴周'[i % 10]}${given[(i * 7) % given.length]}${given[(i * 13) % given.length]}`,
      gender: 'male',
      status: 'enrolled',
    }));
    for (let i = 0; i < rows.length; i += 2_000) await scope.insert(studentSpec.table, rows.slice(i, i + 2_000));
    await scope.insert(studentSpec.table, [{ studentNo: 'G-RARE', name: '司马长风', gender: 'male', status: 'enrolled' }]);
    await t.database.db.execute(sql`analyze students`);
    const query = buildListPage(scope, studentSpec, { match: keywordMatchOf('长风'), sort: undefined, filters: [], limit: 20, offset: 0 });
    const nodes = await explainPlan(t.database.db, query.getSQL());
    expect(nodes.filter((n) => n['Relation Name'] === 'students').map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const uses = nodes.filter((n) => n['Index Name'] === 'students_search_grams_idx');
    expect(uses.length, 'students_search_grams_idx in the plan').toBeGreaterThan(0);
    await t.database.db.execute(sql`delete from students where cam_id = ${big}`);
  }, 120_000);

  it('reads the page rows by primary key after choosing their ids', async () => {
    const nodes = await explainListPage('王', 3);
    expect(nodes.some((n) => n['Index Name'] === 'students_pkey')).toBe(true);
  });
});

describe('student list answers', () => {
  const all = async () => {
    const rows = await queryRows<{ id: number; student_no: string; name: string; status: string }>(
      t.database.db,
      sql`select id, student_no, name, status from students where cam_id = ${camId} order by created_at desc, id desc`,
    );
    return rows;
  };

  it.each(['王', 'A', 'a00', 'S0001', 'nobody', '李1', '99', '0001'])(
    'keyword %s: the page and total of the plain filter',
    async (keyword) => {
      const expected = (await all()).filter((r) => containsKeyword(keyword, r.student_no, r.name));
      for (const page of [1, 2, 40]) {
        const res = await list(`keyword=${encodeURIComponent(keyword)}&page=${page}&pageSize=20`);
        expect(res.status).toBe(200);
        const data = res.body.data as { list: { id: number }[]; total: number };
        expect(data.total).toBe(expected.length);
        expect(data.list.map((s) => s.id)).toEqual(expected.slice((page - 1) * 20, page * 20).map((r) => r.id));
      }
    },
  );

  it('applies filters to the total and the page alike', async () => {
    const expected = (await all()).filter((r) => containsKeyword('A', r.student_no, r.name) && r.status === 'graduated');
    const res = await list('keyword=A&status=graduated&page=1&pageSize=200');
    const data = res.body.data as { list: { id: number }[]; total: number };
    expect(expected.length).toBeGreaterThan(0);
    expect(data.total).toBe(expected.length);
    expect(data.list.map((s) => s.id)).toEqual(expected.map((r) => r.id));
  });

  it('answers the total on a page past the end, and on a list without keyword', async () => {
    const past = await list('keyword=A&page=999&pageSize=20');
    expect(past.body.data).toMatchObject({
      list: [],
      total: (await all()).filter((r) => containsKeyword('A', r.student_no, r.name)).length,
    });
    const plain = await list('page=2&pageSize=50&sort=studentNo:asc');
    const data = plain.body.data as { list: { studentNo: string }[]; total: number };
    expect(data.total).toBe(SEARCH_ROWS);
    const numbers = (await all()).map((r) => r.student_no).sort();
    expect(data.list.map((s) => s.studentNo)).toEqual(numbers.slice(50, 100));
  });

  it('finds a middle substring of a name, a number or a phone, in any case (issue 24: 长风 finds 司马长风)', async () => {
    const scope = createCampusScope(t.database.db, camId);
    await scope.insert(studentSpec.table, [
      { studentNo: 'XY2026777', name: '司马长风', phone: '13712345678', gender: 'male', status: 'enrolled' },
    ]);
    for (const keyword of ['长风', '司马长风', '马长', 'y2026777', '2345', '13712345678']) {
      const res = await list(`keyword=${encodeURIComponent(keyword)}&page=1&pageSize=20`);
      const names = (res.body.data as { list: { name: string }[] }).list.map((s) => s.name);
      expect(names, keyword).toContain('司马长风');
    }
    const none = await list(`keyword=${encodeURIComponent('长马')}&page=1&pageSize=20`);
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
    await t.database.db.execute(sql`delete from students where student_no = 'XY2026777'`);
  });

  it('treats LIKE wildcards in the keyword as text', async () => {
    const res = await list('keyword=%25&page=1&pageSize=20');
    expect(res.body.data).toMatchObject({ list: [], total: 0 });
  });
});

describe('pages read after a boundary (decision 009)', () => {
  const matching = (keyword: string) => matchingStudents(t.database.db, camId, keyword);

  /** Reads the page and compares it with the plain query; answers how it was read. */
  async function expectPage(keyword: string, page: number, pageSize = 20): Promise<'seek' | 'offset'> {
    const before = { ...listPageReads };
    await expectStudentPage(t.app, { token, camId }, keyword, page, pageSize);
    if (listPageReads.bySeek > before.bySeek) return 'seek';
    expect(listPageReads.byOffset).toBe(before.byOffset + 1);
    return 'offset';
  }

  it('reads the next page and a repeated page after the boundary, exactly', async () => {
    expect(await expectPage('王', 1)).toBe('offset');
    expect(await expectPage('王', 2)).toBe('seek');
    expect(await expectPage('王', 3)).toBe('seek');
    // A jump is read by offset once; then the same page again, and the next, by seek.
    expect(await expectPage('王', 30)).toBe('offset');
    expect(await expectPage('王', 30)).toBe('seek');
    expect(await expectPage('王', 31)).toBe('seek');
    expect(await expectPage('', 40, 50)).toBe('offset');
    expect(await expectPage('', 40, 50)).toBe('seek');
    // Another page size has its own boundaries.
    expect(await expectPage('', 40, 10)).toBe('offset');
  });

  it('falls back to the offset when a write moved the version, and stays exact', async () => {
    const scope = createCampusScope(t.database.db, camId);
    await expectPage('王', 5);
    expect(await expectPage('王', 5)).toBe('seek');

    // A new row at the top shifts every page by one.
    await scope.insert(studentSpec.table, [{ studentNo: 'SEEK-NEW', name: '王新', gender: 'male', status: 'enrolled' }]);
    expect(await expectPage('王', 5)).toBe('offset');
    expect(await expectPage('王', 5)).toBe('seek');

    // An outside write of the order's column moves a row from page 9 to the top.
    const moved = (await matching('王'))[170];
    await t.database.db.execute(sql`update students set created_at = now() + interval '1 day' where id = ${moved?.id}`);
    expect(await expectPage('王', 5)).toBe('offset');
    expect(await expectPage('王', 5)).toBe('seek');

    // A change the list neither searches nor orders by keeps the boundary.
    await t.database.db.execute(sql`update students set gender = 'female' where id = ${moved?.id}`);
    expect(await expectPage('王', 5)).toBe('seek');

    // A delete before the page.
    const gone = (await matching('王'))[3];
    await t.database.db.execute(sql`delete from students where id = ${gone?.id}`);
    expect(await expectPage('王', 5)).toBe('offset');
    expect(await expectPage('王', 5)).toBe('seek');

    // A renamed row leaves the keyword.
    const renamed = (await matching('王'))[1];
    await t.database.db.execute(sql`update students set name = '赵改' where id = ${renamed?.id}`);
    expect(await expectPage('王', 5)).toBe('offset');
  });

  it('plans the seek as a range of the covering index, gated once per statement', async () => {
    const scope = createCampusScope(t.database.db, camId);
    const [row] = await queryRows<{ version: string }>(
      t.database.db,
      sql`select version::text from campus_row_counts where cam_id = ${camId} and table_name = 'students'`,
    );
    const query = buildListPage(scope, studentSpec, {
      match: keywordMatchOf('王'),
      sort: undefined,
      filters: [],
      limit: 21,
      offset: 979,
      seek: { version: row?.version ?? '', key: '2026-01-01 00:00:00+00', id: 1, limit: 20 },
    });
    const nodes = await explainPlan(t.database.db, query.getSQL());
    expect(
      nodes.some((n) => n['Index Name'] === 'students_cam_created_cover_idx' && /ROW\(created_at, id\) </.test(n['Index Cond'] ?? '')),
    ).toBe(true);
    expect(nodes.filter((n) => n['One-Time Filter'] !== undefined).length).toBeGreaterThanOrEqual(2);
  });
});
