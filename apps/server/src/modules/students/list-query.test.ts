import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { buildListPage, prefixRange } from '../../lib/campus-crud.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { explainPlan } from '../../test/explain.js';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, isPostgres, type TestApp } from '../../test/test-app.js';
import { studentSpec } from './routes.js';

// The list of a large campus: the keyword's prefix search must be an index
// condition (under any collation), and the one-statement page + total must
// answer exactly what the plain `A or B` query answers.

let t: TestApp;
let token: string;
let camId: number;

const SURNAMES = ['王', '李', 'A', '张'];
const ROWS = 3_000;

async function explainListPage(keyword: string, page: number) {
  const scope = createCampusScope(t.database.db, camId);
  const query = buildListPage(scope, studentSpec, {
    range: prefixRange(keyword),
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
  // Numbers A0001... and names 王…/李…/A…/张…: keyword "A" matches both columns, some rows twice.
  const scope = createCampusScope(t.database.db, camId);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    studentNo: `${i % 7 === 0 ? 'A' : 'S'}${String(i).padStart(5, '0')}`,
    name: `${SURNAMES[i % SURNAMES.length]}${i}`,
    gender: i % 2 ? 'male' : 'female',
    status: i % 10 === 0 ? 'graduated' : 'enrolled',
  }));
  for (let i = 0; i < rows.length; i += 1_000) await scope.insert(studentSpec.table, rows.slice(i, i + 1_000));
  await t.database.db.execute(sql`analyze students`);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`student list query plan (${isPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('counts a keyword on number and name as index conditions of both prefix indexes', async () => {
    const nodes = await explainListPage('王', 3);
    const onStudents = nodes.filter((n) => n['Relation Name'] === 'students');
    expect(onStudents.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    for (const index of ['students_cam_no_prefix_idx', 'students_cam_name_prefix_idx']) {
      const uses = nodes.filter((n) => n['Index Name'] === index);
      expect(uses.length, `${index} in the plan`).toBeGreaterThan(0);
      // A prefix LIKE the index serves becomes a range (~>=~ / ~<~) in the index condition, not a filter.
      expect(
        uses.some((n) => /~>=~/.test(n['Index Cond'] ?? '')),
        `${index} serves the prefix`,
      ).toBe(true);
    }
  });

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

  it.each(['王', 'A', 'A00', 'S0001', 'nobody', '李1'])('keyword %s: the page and total of the plain OR query', async (keyword) => {
    const expected = (await all()).filter((r) => r.student_no.startsWith(keyword) || r.name.startsWith(keyword));
    for (const page of [1, 2, 40]) {
      const res = await list(`keyword=${encodeURIComponent(keyword)}&page=${page}&pageSize=20`);
      expect(res.status).toBe(200);
      const data = res.body.data as { list: { id: number }[]; total: number };
      expect(data.total).toBe(expected.length);
      expect(data.list.map((s) => s.id)).toEqual(expected.slice((page - 1) * 20, page * 20).map((r) => r.id));
    }
  });

  it('applies filters to the total and the page alike', async () => {
    const expected = (await all()).filter((r) => (r.student_no.startsWith('A') || r.name.startsWith('A')) && r.status === 'graduated');
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
      total: (await all()).filter((r) => r.student_no.startsWith('A') || r.name.startsWith('A')).length,
    });
    const plain = await list('page=2&pageSize=50&sort=studentNo:asc');
    const data = plain.body.data as { list: { studentNo: string }[]; total: number };
    expect(data.total).toBe(ROWS);
    const numbers = (await all()).map((r) => r.student_no).sort();
    expect(data.list.map((s) => s.studentNo)).toEqual(numbers.slice(50, 100));
  });

  it('treats LIKE wildcards in the keyword as text', async () => {
    const res = await list('keyword=%25&page=1&pageSize=20');
    expect(res.body.data).toMatchObject({ list: [], total: 0 });
  });
});
