import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query.js';
import { courseSpec } from '../modules/courses/routes.js';
import { managerSpec } from '../modules/managers/routes.js';
import { roomSpec } from '../modules/rooms/routes.js';
import { studentSpec } from '../modules/students/routes.js';
import { teacherSpec } from '../modules/teachers/routes.js';
import { termSpec } from '../modules/terms/routes.js';
import { getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import type { CampusCrudSpec } from './campus-resource.js';
import { createCampusScope, type CampusTable } from '../lib/campus-scope.js';
import { buildItemJson } from './item-json.js';

// A list whose items the database writes as JSON (decision 010) must answer
// exactly what `toItem` answers for the same rows: awkward text, nulls, and
// timestamps with microseconds included.

let t: TestApp;
let token: string;
let camId: number;

const SPECS = [studentSpec, teacherSpec, managerSpec, roomSpec, termSpec, courseSpec] as unknown as CampusCrudSpec<CampusTable>[];
const AWKWARD = ['引号"和\\反斜杠', 'tab\tnew\nline', 'ctl\u0001\u001f', 'sep\u2028\u2029', '😀 emoji', "it's </script>"];

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  [camId = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
  const scope = createCampusScope(t.database.db, camId);
  await scope.insert(
    studentSpec.table,
    AWKWARD.map((name, i) => ({
      studentNo: `IJ-${i}`,
      name,
      gender: 'female',
      status: 'enrolled',
      remark: name,
      phone: '',
      birthDate: i % 2 ? null : '2010-02-28',
    })),
  );
  // Microseconds either side of a millisecond, and a leap day, on every listed table.
  for (const spec of SPECS) {
    const table = sql.identifier(getTableName(spec.table));
    await t.database.db.execute(
      sql`update ${table} set created_at = timestamptz '2024-02-29 23:59:59.999999+00' - (id || ' microseconds')::interval, updated_at = timestamptz '2026-11-22 08:00:00.000500+08' where cam_id = ${camId}`,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

describe('list items written by the database', () => {
  const written = SPECS.flatMap((spec) => {
    const json = buildItemJson(spec.table, spec.schemas.item);
    return json === null ? [] : [[spec.thing, spec, json] as const];
  });

  it('covers every list whose item fields are its columns by name (a term answers isCurrent as current, a course enrolledCount as enrolled)', () => {
    expect(written.map(([thing]) => thing)).toEqual(['student', 'teacher', 'manager', 'room']);
  });

  it.each(written)('%s: each row as toItem writes it', async (_thing, spec, json) => {
    const scope = createCampusScope(t.database.db, camId);
    const rows = await scope.select(spec.table, getTableColumns(spec.table));
    expect(rows.length, `${spec.thing} rows in the demo campus`).toBeGreaterThan(0);
    const items = await queryRows<{ id: number; item: string }>(
      t.database.db,
      sql`select id, ${json} as item from ${sql.identifier(getTableName(spec.table))} where cam_id = ${camId}`,
    );
    for (const row of rows) {
      const fromDb = items.find((w) => w.id === (row as { id: number }).id);
      expect(JSON.parse(fromDb?.item ?? 'null')).toEqual(JSON.parse(JSON.stringify(spec.toItem(row))));
    }
  });

  it('answers the student list with those items, through the API', async () => {
    const res = await call(t.app, {
      method: 'GET',
      url: '/api/educate/students?keyword=IJ-&page=1&pageSize=50',
      headers: authed(token, camId),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.body as {
      code: number;
      data: { list: { name: string; createdAt: string; birthDate: string | null }[]; total: number };
    };
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(AWKWARD.length);
    expect(body.data.list.map((s) => s.name).sort()).toEqual([...AWKWARD].sort());
    expect(body.data.list.every((s) => /^2024-02-29T23:59:59\.99\dZ$/.test(s.createdAt))).toBe(true);
    expect(body.data.list.filter((s) => s.birthDate === null)).toHaveLength(3);
  });
});
