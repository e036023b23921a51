import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPUS_TABLES } from '../lib/campus-scope.js';
import { managerSpec } from '../modules/managers/routes.js';
import { roomSpec } from '../modules/rooms/routes.js';
import { studentSpec } from '../modules/students/routes.js';
import { teacherSpec } from '../modules/teachers/routes.js';
import { createCampus, getCampusIds } from '../test/fixtures.js';
import { explainPlan } from '../test/explain.js';
import { createTestApp, educateClient, getToken, isPostgres, type TestApp } from '../test/test-app.js';
import type { Executor } from './client.js';
import { queryRows } from './query.js';

// A distributed PostgreSQL shards campus tables by cam_id (docs/deploy.md): every
// key of a campus table must lead with cam_id, and every foreign key must have an
// index to check it with. Read from the catalog of a migrated database, for every
// table in CAMPUS_TABLES, so a new table or key is checked without editing this file.

const TABLES = Object.values(CAMPUS_TABLES).map((table) => getTableConfig(table).name);
const inTables = sql.join(
  TABLES.map((name) => sql`${name}`),
  sql`, `,
);

interface IndexRow {
  table: string;
  name: string;
  isPrimary: boolean;
  isUnique: boolean;
  isPartial: boolean;
  /** Key columns in order; '' for an expression. */
  columns: string[];
}

interface ForeignKeyRow {
  table: string;
  name: string;
  references: string;
  columns: string[];
  refColumns: string[];
}

const loadIndexes = (db: Executor) =>
  queryRows<IndexRow>(
    db,
    sql`select c.relname::text as "table", i.relname::text as name, x.indisprimary as "isPrimary", x.indisunique as "isUnique",
               x.indpred is not null as "isPartial",
               array(select coalesce(a.attname::text, '')
                       from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
                       left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
                      where k.ord <= x.indnkeyatts order by k.ord) as columns
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname in (${inTables})
        order by 1, 2`,
  );

const loadForeignKeys = (db: Executor) =>
  queryRows<ForeignKeyRow>(
    db,
    sql`select c.relname::text as "table", k.conname::text as name, r.relname::text as "references",
               array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
                       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as columns,
               array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, ord)
                       join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord) as "refColumns"
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class r on r.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname in (${inTables})
        order by 1, 2`,
  );

/** The SQLSTATE of a failed query, through drizzle's wrapping. */
async function sqlStateOf(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (err) {
    let cur: unknown = err;
    for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
      const code = (cur as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
      cur = (cur as { cause?: unknown }).cause;
    }
    throw err;
  }
}

let t: TestApp;
let token: string;
let camA: number;
let camB: number;
let indexes: IndexRow[];
let foreignKeys: ForeignKeyRow[];
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));

beforeAll(async () => {
  t = await createTestApp();
  [camA = 0] = await getCampusIds(t.database.db);
  camB = await createCampus(t.database.db, 'B');
  token = await getToken(t.app);
  indexes = await loadIndexes(t.database.db);
  foreignKeys = await loadForeignKeys(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const isCampusTable = (name: string) => TABLES.includes(name);
const describeIndex = (i: IndexRow) => `${i.table}.${i.name} (${i.columns.join(', ')})`;
const describeKey = (k: ForeignKeyRow) => `${k.table}.${k.name} (${k.columns.join(', ')}) → ${k.references} (${k.refColumns.join(', ')})`;

describe(`campus keys lead with cam_id (${isPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('reads every campus table from the catalog', () => {
    expect(TABLES.length).toBeGreaterThanOrEqual(8);
    expect([...new Set(indexes.map((i) => i.table))].sort()).toEqual([...TABLES].sort());
  });

  it('primary key of each campus table is <table>_pkey on (cam_id, id)', () => {
    const keys = TABLES.map((table) => {
      const pk = indexes.filter((i) => i.table === table && i.isPrimary);
      return `${table}: ${pk.map(describeIndex).join(' | ') || 'none'}`;
    });
    expect(keys).toEqual(TABLES.map((table) => `${table}: ${table}.${table}_pkey (cam_id, id)`));
  });

  it('every unique index of a campus table (partial ones too) leads with cam_id', () => {
    const unique = indexes.filter((i) => i.isUnique);
    expect(unique.length).toBeGreaterThan(TABLES.length);
    expect(unique.filter((i) => i.columns[0] !== 'cam_id').map(describeIndex)).toEqual([]);
  });

  it('every foreign key between two campus tables is composite, cam_id first on both sides', () => {
    const between = foreignKeys.filter((k) => isCampusTable(k.references));
    // courses → terms, teachers; enrolments → courses, students; schedule_entries → courses, rooms, teachers
    expect(between.length).toBeGreaterThanOrEqual(7);
    const offenders = between.filter((k) => k.columns[0] !== 'cam_id' || k.refColumns[0] !== 'cam_id' || k.columns.length < 2);
    expect(offenders.map(describeKey)).toEqual([]);
  });

  it('foreign keys to global tables stay on the bare id', () => {
    const global = foreignKeys.filter((k) => !isCampusTable(k.references));
    expect(global.map((k) => k.references)).toContain('campuses');
    expect(global.filter((k) => k.refColumns.join() !== 'id').map(describeKey)).toEqual([]);
  });

  it('every foreign key of a campus table has an index led by its columns (RI checks never scan)', () => {
    const served = (k: ForeignKeyRow) =>
      indexes.some(
        (i) =>
          i.table === k.table &&
          !i.isPartial &&
          i.columns.length >= k.columns.length &&
          [...i.columns.slice(0, k.columns.length)].sort().join() === [...k.columns].sort().join(),
      );
    expect(foreignKeys.length).toBeGreaterThan(0);
    expect(foreignKeys.filter((k) => !served(k)).map(describeKey)).toEqual([]);
  });

  it('the unique indexes the code maps a 23505 to still exist, leading with cam_id', () => {
    const rules = [studentSpec, teacherSpec, managerSpec, roomSpec].flatMap((s) => s.uniques.map((u) => u.constraint));
    expect(rules.length).toBeGreaterThan(0);
    for (const name of rules) {
      const index = indexes.find((i) => i.name === name);
      expect(index ? describeIndex(index) : 'missing', name).toMatch(/\(cam_id, /);
      expect(index?.isUnique, name).toBe(true);
    }
  });
});

describe('foreign keys between campus tables at work', () => {
  let studentId: number;
  let otherStudentId: number;
  let courseId: number;

  beforeAll(async () => {
    const termId = await create('/terms', {
      name: '第一学期',
      academicYear: '2026-2027',
      startDate: '2026-09-01',
      endDate: '2027-01-20',
      current: true,
    });
    const teacherId = await create('/teachers', { staffNo: 'T001', name: '李老师', gender: 'female', status: 'active' });
    courseId = await create('/courses', { code: 'MATH1', name: '数学', termId, teacherId, capacity: 5 });
    studentId = await create('/students', { studentNo: 'S001', name: '张三', gender: 'male', status: 'enrolled' });
    otherStudentId = await create('/students', { studentNo: 'S002', name: '李四', gender: 'male', status: 'enrolled' });
    const enrol = await api('POST', `/courses/${courseId}/students`, { studentIds: [studentId] });
    expect(enrol.status).toBe(200);
  });

  it('deleting a student with enrolments answers 409 naming the course, and deletes nothing', async () => {
    const res = await api('DELETE', `/students/${studentId}`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain('数学');
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from students where cam_id = ${camA} and id = ${studentId}`,
    );
    expect(row?.n).toBe(1);
  });

  it('the database itself refuses the delete past the app (foreign key violation)', async () => {
    const state = await sqlStateOf(t.database.db.execute(sql`delete from students where cam_id = ${camA} and id = ${studentId}`));
    expect(state).toBe('23503');
  });

  it('the database refuses a reference across campuses', async () => {
    // A course and student of campus A filed under campus B: a bare-id foreign key let this through.
    const state = await sqlStateOf(
      t.database.db.execute(sql`insert into enrolments (cam_id, course_id, student_id) values (${camB}, ${courseId}, ${otherStudentId})`),
    );
    expect(state).toBe('23503');
  });

  it('the RI-style lookup of a student’s enrolments is an index scan on (cam_id, student_id)', async () => {
    const nodes = await explainPlan(t.database.db, sql`select 1 from enrolments where cam_id = ${camA} and student_id = ${studentId}`);
    const onEnrolments = nodes.filter((n) => n['Relation Name'] === 'enrolments');
    expect(onEnrolments.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const cond = nodes.map((n) => n['Index Cond'] ?? '').join(' ');
    expect(cond).toMatch(/cam_id/);
    expect(cond).toMatch(/student_id/);
  });

  it('every composite foreign key’s RI-style lookup is an index scan', async () => {
    for (const k of foreignKeys.filter((f) => isCampusTable(f.references))) {
      const where = sql.join(
        k.columns.map((c) => sql`${sql.identifier(c)} = 1`),
        sql` and `,
      );
      const nodes = await explainPlan(t.database.db, sql`select 1 from ${sql.identifier(k.table)} where ${where}`);
      expect(
        nodes.filter((n) => n['Relation Name'] === k.table).map((n) => n['Node Type']),
        describeKey(k),
      ).not.toContain('Seq Scan');
    }
  });
});
