import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { keywordMatchOf } from '../../resources/keyword-sql.js';
import { buildListPage } from '../../resources/list-sql.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { flattenPlan, type PlanNode } from '../../test/explain.js';
import { getCampusIds } from '../../test/fixtures.js';
import { countListPageReads } from '../../test/list-page-reads.js';
import { expectStudentPage, matchingStudents, SEARCH_ROWS, seedSearchableStudents } from '../../test/student-list.js';
import { createTestApp, getToken, type TestApp } from '../../test/test-app.js';
import { studentSpec } from './routes.js';

// PostgreSQL only (the server project includes *.pg.test.ts only with
// TEST_DATABASE_URL). Decision 011: first pages and pages after a boundary of
// the whole list or of a dense keyword are read on a second pool whose
// sessions keep one plan per statement, and so are the pages of a keyword not
// known to be dense, in one scan of its matches (issue 22); everything else is
// planned per request.

let t: TestApp;
let token: string;
let camId: number;
let planOnce: Db;
const listPageReads = countListPageReads();

const session = () => ({ token, camId });

beforeAll(async () => {
  t = await createTestApp();
  if (!t.database.planOnce) throw new Error('a PostgreSQL database has a plan-once pool');
  planOnce = t.database.planOnce;
  [camId = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  await seedSearchableStudents(t.database.db, camId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Reads the page, compares it with the plain query, and answers how it was read: a walk or one scan on the plan-once pool, or planned per request. */
async function readPage(keyword: string, page: number): Promise<'once' | 'one scan' | 'per request'> {
  const before = { ...listPageReads };
  await expectStudentPage(t.app, session(), keyword, page);
  if (listPageReads.planOnce > before.planOnce) return 'once';
  return listPageReads.oneScan > before.oneScan ? 'one scan' : 'per request';
}

describe('the plan-once pool (decision 011)', () => {
  it('plans each statement once on its own sessions, and per request on the main pool', async () => {
    const [once] = await queryRows<{ plan_cache_mode: string }>(planOnce, sql`show plan_cache_mode`);
    const [main] = await queryRows<{ plan_cache_mode: string }>(t.database.db, sql`show plan_cache_mode`);
    expect(once?.plan_cache_mode).toBe('force_generic_plan');
    expect(main?.plan_cache_mode).toBe('auto');
  });

  it('reads first pages and pages after a boundary of a dense keyword there, exactly', async () => {
    // The first read counts the keyword in one scan of its matches: its density is not known yet.
    expect(await readPage('王', 1)).toBe('one scan');
    expect(await readPage('王', 1)).toBe('once');
    expect(await readPage('王', 2)).toBe('once');
    // A jump has no boundary: by offset, planned for its values; then its boundary is known.
    expect(await readPage('王', 20)).toBe('per request');
    expect(await readPage('王', 20)).toBe('once');
    expect(await readPage('A', 1)).toBe('one scan');
    expect(await readPage('A', 1)).toBe('once');
    // The whole list is as dense as can be.
    expect(await readPage('', 1)).toBe('once');
  });

  it('reads a rare keyword in one scan of its matches, any page', async () => {
    expect((await matchingStudents(t.database.db, camId, 'S0001')).length).toBeLessThan(SEARCH_ROWS / 50);
    expect(await readPage('S0001', 1)).toBe('one scan');
    expect(await readPage('S0001', 1)).toBe('one scan');
    expect(await readPage('没有这个人', 1)).toBe('one scan');
  });

  it('stays exact when a write moves the version between two reads of a page', async () => {
    expect(await readPage('王', 3)).toBe('once');
    const scope = createCampusScope(t.database.db, camId);
    await scope.insert(studentSpec.table, [{ studentNo: 'ONCE-NEW', name: '王新', gender: 'male', status: 'enrolled' }]);
    // Page 3's boundary is stale: the statement falls back to the offset inside, still on the plan-once pool.
    expect(await readPage('王', 3)).toBe('once');
    const moved = (await matchingStudents(t.database.db, camId, '王'))[50];
    await t.database.db.execute(sql`update students set name = '赵改' where id = ${moved?.id}`);
    expect(await readPage('王', 1)).toBe('once');
    expect(await readPage('王', 3)).toBe('once');
  });

  it('holds generic plans only, and the page walks the order index whatever the keyword', async () => {
    // Requests one at a time use one session of the pool, so its prepared statements are the list's.
    await readPage('王', 1);
    const statements = await queryRows<{ generic_plans: string; custom_plans: string }>(
      planOnce,
      sql`select generic_plans::text, custom_plans::text from pg_prepared_statements where statement like '%json_build_object%'`,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => s.custom_plans === '0')).toBe(true);
    expect(statements.some((s) => Number(s.generic_plans) > 0)).toBe(true);

    // The same generic plan for a dense and a rare keyword: no grams index, the covering order index walked backward.
    const scope = createCampusScope(planOnce, camId);
    const query = buildListPage(scope, studentSpec, {
      match: keywordMatchOf('王'),
      sort: undefined,
      filters: [],
      limit: 20,
      offset: 0,
      itemJson: null,
      isWalk: true,
    });
    const { sql: text, params } = new PgDialect().sqlToQuery(query.getSQL());
    const plans = await planOnce.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare walk_page as ${text}`));
      // EXPLAIN EXECUTE takes no bound values: the test's own values, as literals.
      const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
      const explain = async (values: unknown[]) => {
        const [row] = await queryRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          tx,
          sql.raw(`explain (format json) execute walk_page(${values.map(literal).join(', ')})`),
        );
        return flattenPlan(row?.['QUERY PLAN'][0]?.Plan ?? { 'Node Type': 'none' });
      };
      const dense = await explain(params);
      const sparse = await explain(params.map((v: unknown) => (v === '王' ? 'S0001' : v)));
      // With the order index priced out, the page still cannot take the grams index: the walk leaves the grams out.
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      await tx.execute(sql.raw(`prepare walk_page_2 as ${text}`));
      const [row] = await queryRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        tx,
        sql.raw(`explain (format json) execute walk_page_2(${params.map(literal).join(', ')})`),
      );
      const cornered = flattenPlan(row?.['QUERY PLAN'][0]?.Plan ?? { 'Node Type': 'none' });
      // Prepared statements outlive the transaction; the pool's session is shared.
      await tx.execute(sql`deallocate walk_page`);
      await tx.execute(sql`deallocate walk_page_2`);
      return [dense, sparse, cornered];
    });
    // The page's ids come from the one Limit node; the grams index serves only the total's count.
    const pageIndexes = (nodes: PlanNode[]) => {
      const limit = nodes.find((n) => n['Node Type'] === 'Limit');
      return limit ? flattenPlan(limit).map((n) => n['Index Name'] ?? '') : [];
    };
    const [dense = [], sparse = [], cornered = []] = plans;
    for (const nodes of [dense, sparse]) expect(pageIndexes(nodes).filter(Boolean)).toEqual(['students_cam_created_cover_idx']);
    expect(pageIndexes(cornered).filter((i) => /grams/.test(i))).toEqual([]);
    expect(JSON.stringify(dense.map((n) => n['Node Type']))).toBe(JSON.stringify(sparse.map((n) => n['Node Type'])));
  });

  it('reads the matches of a keyword not known to be dense through the grams index once, whatever the keyword', async () => {
    const scope = createCampusScope(planOnce, camId);
    const query = buildListPage(scope, studentSpec, {
      match: keywordMatchOf('S0001'),
      sort: undefined,
      filters: [],
      limit: 20,
      offset: 0,
      itemJson: null,
      isOneScan: true,
    });
    const { sql: text, params } = new PgDialect().sqlToQuery(query.getSQL());
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
    const plans = await planOnce.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare one_scan_page as ${text}`));
      const explain = async (values: unknown[]) => {
        const [row] = await queryRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          tx,
          sql.raw(`explain (format json) execute one_scan_page(${values.map(literal).join(', ')})`),
        );
        return flattenPlan(row?.['QUERY PLAN'][0]?.Plan ?? { 'Node Type': 'none' });
      };
      const rare = await explain(params);
      const dense = await explain(params.map((v: unknown) => (v === 'S0001' ? '王' : v)));
      await tx.execute(sql`deallocate one_scan_page`);
      return [rare, dense];
    });
    for (const nodes of plans) {
      // One read of the grams index (the CTE's), none of the order index: the page and the total share it.
      expect(nodes.map((n) => n['Index Name'] ?? '').filter((i) => /grams|created/.test(i))).toEqual(['students_search_grams_idx']);
      expect(nodes.filter((n) => n['Node Type'] === 'CTE Scan')).toHaveLength(2);
    }
  });
});
