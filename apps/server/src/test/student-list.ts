import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { createCampusScope } from '../lib/campus-scope.js';
import { studentSpec } from '../modules/students/routes.js';
import { authed, call } from './test-app.js';

export const SEARCH_ROWS = 3_000;
const SURNAMES = ['王', '李', 'A', '张'];

/**
 * A campus of SEARCH_ROWS students to search: numbers A00000/S00001…, names
 * 王…/李…/A…/张… (a quarter each: dense keywords); keyword "A" matches both
 * columns, some rows twice; a number prefix such as S0001 matches ~10 rows.
 * Every tenth student is graduated.
 */
export async function seedSearchableStudents(db: Executor, camId: number): Promise<void> {
  const scope = createCampusScope(db, camId);
  const rows = Array.from({ length: SEARCH_ROWS }, (_, i) => ({
    studentNo: `${i % 7 === 0 ? 'A' : 'S'}${String(i).padStart(5, '0')}`,
    name: `${SURNAMES[i % SURNAMES.length]}${i}`,
    gender: i % 2 ? 'male' : 'female',
    status: i % 10 === 0 ? 'graduated' : 'enrolled',
  }));
  for (let i = 0; i < rows.length; i += 1_000) await scope.insert(studentSpec.table, rows.slice(i, i + 1_000));
  await db.execute(sql`analyze students`);
}

export type StudentRow = { id: number; student_no: string; name: string };

/** Contains, ignoring case: the list's keyword rule (decision 018), written plainly. */
export const containsKeyword = (keyword: string, ...texts: (string | null | undefined)[]) =>
  texts.some((t) => (t ?? '').toLowerCase().includes(keyword.toLowerCase()));

/** The plain query's answer: the campus's students in the list's default order whose number, name or phone contains `keyword` ('' for all). */
export async function matchingStudents(db: Executor, camId: number, keyword: string): Promise<StudentRow[]> {
  const rows = await queryRows<StudentRow & { phone: string | null }>(
    db,
    sql`select id, student_no, name, phone from students where cam_id = ${camId} order by created_at desc, id desc`,
  );
  return rows.filter((r) => keyword === '' || containsKeyword(keyword, r.student_no, r.name, r.phone));
}

/** Reads a page of the student list through the API and expects exactly the plain query's page and total. */
export async function expectStudentPage(
  app: FastifyInstance,
  session: { token: string; camId: number },
  keyword: string,
  page: number,
  pageSize = 20,
): Promise<void> {
  const res = await call(app, {
    method: 'GET',
    url: `/api/educate/students?${keyword ? `keyword=${encodeURIComponent(keyword)}&` : ''}page=${page}&pageSize=${pageSize}`,
    headers: authed(session.token, session.camId),
  });
  expect(res.status).toBe(200);
  const data = res.body.data as { list: { id: number }[]; total: number };
  const expected = await matchingStudents(app.db, session.camId, keyword);
  expect(
    data.list.map((s) => s.id),
    `${keyword} page ${page}`,
  ).toEqual(expected.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id));
  expect(data.total).toBe(expected.length);
}
