import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/query.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { getCampusIds } from '../../test/fixtures.js';
import { countListPageReads } from '../../test/list-page-reads.js';
import { authed, call, createTestApp, getToken, type TestApp } from '../../test/test-app.js';
import { roomSpec } from './routes.js';

// Pages after a remembered boundary (decision 009) in an ascending order; the student list covers the rest.

let t: TestApp;
let token: string;
let camId: number;
const listPageReads = countListPageReads();

beforeAll(async () => {
  t = await createTestApp();
  [camId = 0] = await getCampusIds(t.database.db);
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

it('seeks in an ascending default order too (rooms by code)', async () => {
  const scope = createCampusScope(t.database.db, camId);
  await scope.insert(
    roomSpec.table,
    Array.from({ length: 45 }, (_, i) => ({ code: `SK-${String((i * 17) % 45).padStart(2, '0')}`, name: `Seek ${i}`, capacity: 30 })),
  );
  const codes = (
    await queryRows<{ id: number; code: string }>(t.database.db, sql`select id, code from rooms where cam_id = ${camId} order by code, id`)
  ).map((r) => r.id);
  for (const page of [1, 2, 3, 2]) {
    const before = listPageReads.bySeek;
    const res = await call(t.app, { method: 'GET', url: `/api/educate/rooms?page=${page}&pageSize=10`, headers: authed(token, camId) });
    expect((res.body.data as { list: { id: number }[] }).list.map((r) => r.id)).toEqual(codes.slice((page - 1) * 10, page * 10));
    if (page > 1) expect(listPageReads.bySeek, `page ${page}`).toBe(before + 1);
  }
});
