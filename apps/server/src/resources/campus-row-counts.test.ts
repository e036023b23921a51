import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query.js';
import { createCampus, getCampusIds } from '../test/fixtures.js';
import { authed, call, createTestApp, educateClient, getToken, multipartFile, type TestApp } from '../test/test-app.js';
import { courseSpec } from '../modules/courses/routes.js';
import { managerSpec } from '../modules/managers/routes.js';
import { roomSpec } from '../modules/rooms/routes.js';
import { studentSpec } from '../modules/students/routes.js';
import { teacherSpec } from '../modules/teachers/routes.js';
import { termSpec } from '../modules/terms/routes.js';
import { KEPT_COUNTS } from './list-total.js';

// The whole-list total is a count kept by triggers (migration 0009). Whatever
// the writes do — single and bulk, imports that insert and update, writes
// refused half-way — the kept count must equal count(*) per campus and table.

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

/** A fixed-seed generator, so a failure replays. */
function createRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function expectCountsExact() {
  for (const table of KEPT_COUNTS) {
    const actual = await queryRows<{ cam_id: number; n: number }>(
      t.database.db,
      sql`select cam_id, count(*)::int as n from ${sql.identifier(table)} group by cam_id order by cam_id`,
    );
    const kept = await queryRows<{ cam_id: number; n: number }>(
      t.database.db,
      sql`select cam_id, n::int as n from campus_row_counts where table_name = ${table} and n > 0 order by cam_id`,
    );
    expect(kept, table).toEqual(actual);
  }
}

async function listTotal(path: string, cam: number, keyword?: string) {
  const res = await api('GET', `${path}?page=1&pageSize=5${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`, undefined, cam);
  expect(res.status).toBe(200);
  return (res.body.data as { total: number }).total;
}

async function importStudents(cam: number, rows: string[]) {
  const mp = multipartFile('students.csv', ['studentNo,name,gender,status', ...rows].join('\n'));
  return call(t.app, {
    method: 'POST',
    url: '/api/educate/students/import?dryRun=false',
    headers: { ...authed(token, cam), 'accept-language': 'en-US', ...mp.headers },
    payload: mp.payload,
  });
}

/** A new campus the admin works in. */
async function grantNewCampus(name: string) {
  const cam = await createCampus(t.database.db, name);
  await t.database.db.execute(sql`insert into user_campuses (user_id, cam_id) select id, ${cam} from users where username = 'admin'`);
  return cam;
}

async function expectKeywordTotal(cam: number, keyword: string) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from students where cam_id = ${cam} and (starts_with(student_no, ${keyword}) or starts_with(name, ${keyword}))`,
  );
  expect(await listTotal('/students', cam, keyword), `keyword ${keyword}`).toBe(row?.n);
}

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await grantNewCampus('Counted B');
  token = await getToken(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('kept row counts', () => {
  it('equal count(*) after 60 random writes through the API, refused ones included', async () => {
    const random = createRandom(20261122);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
    let seq = 0;
    const ops = {
      createStudent: async (cam: number) => {
        await create('/students', { studentNo: `RC${++seq}`, name: `计数${seq}`, gender: 'male', status: 'enrolled' }, cam);
      },
      importMixed: async (cam: number) => {
        // New numbers and numbers already there (updated in place, not counted twice).
        const res = await importStudents(
          cam,
          [`RC${seq}`, `RC${++seq}`, `RC${++seq}`].map((no) => `${no},导入,female,enrolled`),
        );
        expect(res.status).toBe(200);
      },
      importRefused: async (cam: number) => {
        const res = await importStudents(cam, [`RC${++seq},好,male,enrolled`, `RC${++seq},,robot,enrolled`]);
        expect((res.body.data as { created?: number } | undefined)?.created ?? 0).toBe(0);
      },
      deleteSome: async (cam: number) => {
        const page = await api('GET', '/students?page=1&pageSize=3', undefined, cam);
        const ids = (page.body.data as { list: { id: number }[] }).list.map((s) => s.id);
        if (ids.length) expect((await api('DELETE', '/students', { ids }, cam)).status).toBe(200);
      },
      deleteRefused: async (cam: number) => {
        const page = await api('GET', '/students?page=1&pageSize=2', undefined, cam);
        const ids = (page.body.data as { list: { id: number }[] }).list.map((s) => s.id);
        // One id that does not exist: all or none, so none.
        expect((await api('DELETE', '/students', { ids: [...ids, 99_999_999] }, cam)).status).toBe(404);
      },
      roomAndBack: async (cam: number) => {
        const id = await create('/rooms', { code: `RC-R${++seq}`, name: `Room ${seq}`, capacity: 30 }, cam);
        if (random() < 0.5) expect((await api('DELETE', '/rooms', { ids: [id] }, cam)).status).toBe(200);
      },
    };
    const names = Object.keys(ops) as (keyof typeof ops)[];
    for (let i = 0; i < 60; i++) {
      const cam = random() < 0.7 ? camA : camB;
      await ops[pick(names)](cam);
      await expectCountsExact();
      // Keyword totals may be reused while the campus's version holds: they must still be exact.
      for (const keyword of ['RC', 'RC1', '导入', '计数']) await expectKeywordTotal(cam, keyword);
    }
    for (const cam of [camA, camB]) {
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from students where cam_id = ${cam}`);
      expect(await listTotal('/students', cam)).toBe(row?.n);
      const [rooms] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from rooms where cam_id = ${cam}`);
      expect(await listTotal('/rooms', cam)).toBe(rooms?.n);
    }
  });

  it('keyword totals follow writes made outside this process, and edits of other fields reuse them', async () => {
    const id = await create('/students', { studentNo: 'KW-1', name: '甲乙', gender: 'male', status: 'enrolled' });
    await create('/students', { studentNo: 'KW-2', name: '甲戊', gender: 'male', status: 'enrolled' });
    expect(await listTotal('/students', camA, '甲')).toBe(2);
    await expectKeywordTotal(camA, '丙');
    // Another instance (or psql) renames the student: the version moves in the database.
    await t.database.db.execute(sql`update students set name = '丙丁' where id = ${id}`);
    // The page still has a row, so its total is the statement's, not an empty page's 0.
    expect(await listTotal('/students', camA, '甲')).toBe(1);
    await expectKeywordTotal(camA, '丙');
    const [before] = await queryRows<{ version: string }>(
      t.database.db,
      sql`select version::text from campus_row_counts where cam_id = ${camA} and table_name = 'students'`,
    );
    expect((await api('PUT', `/students/${id}`, { remark: 'no keyword column', name: '丙丁' })).status).toBe(200);
    const [after] = await queryRows<{ version: string }>(
      t.database.db,
      sql`select version::text from campus_row_counts where cam_id = ${camA} and table_name = 'students'`,
    );
    expect(after?.version).toBe(before?.version);
    await expectKeywordTotal(camA, '丙');
  });

  it('the update trigger watches exactly the columns each list searches or orders by default', async () => {
    const specs = [studentSpec, teacherSpec, managerSpec, roomSpec, termSpec, courseSpec];
    const triggers = await queryRows<{ table_name: string; args: string }>(
      t.database.db,
      sql`select c.relname as table_name, encode(tg.tgargs, 'escape') as args from pg_trigger tg join pg_class c on c.oid = tg.tgrelid where tg.tgname like '%_counted_upd'`,
    );
    expect(triggers.map((r) => r.table_name).sort()).toEqual([...KEPT_COUNTS].sort());
    for (const spec of specs) {
      const row = triggers.find((r) => r.table_name === getTableName(spec.table));
      const watched = [...new Set([...spec.keywordColumns, spec.defaultOrder.column].map((c) => c.name))];
      expect(row?.args.split('\\000').filter(Boolean)).toEqual(watched);
    }
  });

  it('refuses to move a row to another campus, which would leave both counts wrong', async () => {
    const id = await create('/students', { studentNo: 'RC-MOVE', name: '搬家', gender: 'male', status: 'enrolled' });
    const err: unknown = await t.database.db.execute(sql`update students set cam_id = ${camB} where id = ${id}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((err as { cause?: Error } | null)?.cause?.message)).toMatch(/cannot move to another campus/);
    await expectCountsExact();
  });

  it('without a count row (counts switched off) the list counts its rows', async () => {
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from students where cam_id = ${camA}`);
    expect(row?.n).toBeGreaterThan(0);
    await t.database.db.execute(sql`delete from campus_row_counts where cam_id = ${camA} and table_name = 'students'`);
    expect(await listTotal('/students', camA)).toBe(row?.n);
    await t.database.db.execute(
      sql`insert into campus_row_counts (cam_id, table_name, n) select cam_id, 'students', count(*) from students where cam_id = ${camA} group by cam_id`,
    );
    await expectCountsExact();
  });

  it('a campus with no rows yet lists a total of 0', async () => {
    const empty = await grantNewCampus('Counted empty');
    expect(await listTotal('/students', empty)).toBe(0);
    expect(await listTotal('/courses', empty)).toBe(0);
  });
});
