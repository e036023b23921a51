import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../db/schema/campus.js';
import { createCampus, getCampusIds } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CAMPUS_TABLES, createCampusScope } from './campus-scope.js';

let t: TestApp;
let a: number;
let b: number;
beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  a = first ?? 0;
  b = await createCampus(t.database.db, 'B');
});
afterAll(async () => {
  await t?.close();
});

describe('campus scope', () => {
  it('stamps inserts with its campus and sees only its campus', async () => {
    const sa = createCampusScope(t.database.db, a);
    const sb = createCampusScope(t.database.db, b);
    // a camId smuggled into the values is overwritten
    await sa.insert(rooms, [{ code: 'R1', name: 'Room 1', capacity: 30, camId: b } as never]);
    await sb.insert(rooms, [{ code: 'R1', name: 'Room 1 of B', capacity: 20 }]);
    expect(await sa.count(rooms)).toBe(1);
    expect((await sb.select(rooms, { name: rooms.name })).map((r) => r.name)).toEqual(['Room 1 of B']);

    const [roomOfA] = await sa.select(rooms, { id: rooms.id });
    const idOfA = roomOfA?.id ?? 0;
    await sb.update(rooms, { name: 'hijacked' }, eq(rooms.id, idOfA));
    await sb.delete(rooms, eq(rooms.id, idOfA));
    const [still] = await sa.select(rooms, { name: rooms.name, camId: rooms.camId }, eq(rooms.id, idOfA));
    expect(still).toEqual({ name: 'Room 1', camId: a });
    // an update cannot move a row to another campus either
    await sa.update(rooms, { camId: b } as never, eq(rooms.id, idOfA));
    expect(await sa.count(rooms)).toBe(1);
  });

  it('refuses to exist without a campus', () => {
    expect(() => createCampusScope(t.database.db, 0)).toThrow();
  });
});

// ---- the build-time half: modules never touch campus tables another way ----

const MODULES = path.join(import.meta.dirname, '..', 'modules');
const LIB = import.meta.dirname;
const RESOURCES = path.join(import.meta.dirname, '..', 'resources');
const tableNames = Object.keys(CAMPUS_TABLES);
const sqlNames = Object.values(CAMPUS_TABLES).map((t) => (t as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? '');

/** Raw builder calls, unscoped joins, or raw SQL on a campus table without cam_id. */
function findUnscopedAccess(source: string): string[] {
  const found: string[] = [];
  const tables = tableNames.join('|');
  // A raw builder (db./tx.) or any .from() on a campus table; scope.insert/update/delete are the way.
  const builder = new RegExp(`(\\b(db|tx)\\s*\\.\\s*(insert|update|delete)|\\.from)\\(\\s*(${tables})\\b`, 'g');
  for (const m of source.matchAll(builder)) found.push(m[0]);
  // A join onto a campus table must keep it in the campus: scope.on(...).
  const join = new RegExp(`\\.(innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*(${tables})\\s*,(?!\\s*\\w+\\.on\\()`, 'g');
  for (const m of source.matchAll(join)) found.push(m[0]);
  const raw = new RegExp(`\\b(from|join|into|update)\\s+"?(${sqlNames.join('|')})\\b`, 'i');
  for (const block of source.matchAll(/sql`([^`]*)`/g)) {
    const body = block[1] ?? '';
    if (raw.test(body) && !/cam_id/.test(body)) found.push(body.trim().slice(0, 80));
  }
  return found;
}

function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listSources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('campus tables are reached only through the scope', () => {
  it('knows the SQL names of the campus tables', () => {
    expect(sqlNames).toContain('schedule_entries');
    expect(sqlNames.every(Boolean)).toBe(true);
  });

  it('catches an unscoped query when there is one', () => {
    expect(findUnscopedAccess('await db.select().from(students).where(eq(students.id, 1))')).toHaveLength(1);
    expect(findUnscopedAccess('await tx.insert(rooms).values(x)')).toHaveLength(1);
    expect(findUnscopedAccess('sql`select count(*) from students where grade = ${g}`')).toHaveLength(1);
    expect(findUnscopedAccess('sql`select count(*) from students where cam_id = ${camId}`')).toHaveLength(0);
    expect(findUnscopedAccess('scope.select(students, { id: students.id })')).toHaveLength(0);
    expect(findUnscopedAccess('await scope.insert(enrolments, rows)')).toHaveLength(0);
    expect(findUnscopedAccess('q.innerJoin(courses, eq(courses.id, enrolments.courseId))')).toHaveLength(1);
    expect(findUnscopedAccess('q.innerJoin(courses, scope.on(courses.id, enrolments.courseId, courses))')).toHaveLength(0);
  });

  it('finds none in the modules, the resources or the shared lib', () => {
    const sources = [...listSources(MODULES), ...listSources(RESOURCES), ...listSources(LIB).filter((f) => !f.endsWith('campus-scope.ts'))];
    const offenders = sources.flatMap((file) =>
      findUnscopedAccess(fs.readFileSync(file, 'utf8')).map((hit) => `${path.relative(MODULES, file)}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
