import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { schema } from '../db/schema/tables.js';
import { isRegionCode } from '../lib/regions.js';
import { DEMO_PLACE_CODES } from './demo-places.js';
import { planCampus } from './demo-plan.js';
import { seedDemoData } from './demo.js';
import { readMemoryImage } from '../test/memory-image.js';

const MIGRATIONS = path.join(import.meta.dirname, '..', 'db', 'migrations');
const CAMPUS_CODES = ['DC', 'XH'];

// The two clash predicates of the domain rule, shared by the checks below.
const OVERLAP = `a.weekday = b.weekday
  and a.start_min < b.end_min and b.start_min < a.end_min
  and a.week_start <= b.week_end and b.week_start <= a.week_end
  and (a.week_pattern = 'all' or b.week_pattern = 'all' or a.week_pattern = b.week_pattern)`;
const CLASHES = `
  select a.id as a_id, b.id as b_id, a.course_id as a_course, b.course_id as b_course,
         a.teacher_id = b.teacher_id as same_teacher,
         a.room_id = b.room_id as same_room,
         exists (select 1 from enrolments x join enrolments y on y.student_id = x.student_id
                 where x.course_id = a.course_id and y.course_id = b.course_id) as shared_student
  from schedule_entries a
  join schedule_entries b on a.id < b.id and a.cam_id = b.cam_id and ${OVERLAP}
  where a.teacher_id = b.teacher_id or a.room_id = b.room_id
     or exists (select 1 from enrolments x join enrolments y on y.student_id = x.student_id
                where x.course_id = a.course_id and y.course_id = b.course_id)`;

interface Seeded {
  client: PGlite;
  campuses: { id: number; code: string }[];
  seedMs: number;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

async function openSeeded(today: Date): Promise<Seeded> {
  const image = readMemoryImage();
  const client = await PGlite.create(image ? { loadDataDir: image } : {});
  const pgliteDb = drizzle({ client, schema });
  await migrate(pgliteDb, { migrationsFolder: MIGRATIONS });
  const db = pgliteDb as unknown as Db;

  // What seed.ts creates before it calls the demo generator.
  const [root] = await db.insert(schema.depts).values({ name: '学校办公室', sort: 0 }).returning({ id: schema.depts.id });
  if (!root) throw new Error('no root dept');
  await db
    .insert(schema.depts)
    .values(['教务处', '学生处', '总务处', '信息中心'].map((name, i) => ({ name, parentId: root.id, sort: i + 1 })));
  const campuses = await db
    .insert(schema.campuses)
    .values([
      { code: 'DC', name: '东城校区' },
      { code: 'XH', name: '西湖校区' },
    ])
    .returning({ id: schema.campuses.id, code: schema.campuses.code });

  const started = performance.now();
  await db.transaction((tx) => seedDemoData(tx, campuses, today));
  const seedMs = performance.now() - started;
  return {
    client,
    campuses,
    seedMs,
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
  };
}

const SCENARIOS: [string, Date][] = [
  ['today', new Date()],
  ['mid autumn term', new Date('2026-10-15T10:00:00+08:00')],
  ['spring term, just after midnight', new Date('2027-03-10T00:05:00+08:00')],
  ['summer holiday', new Date('2026-08-10T09:00:00+08:00')],
  ['winter holiday, late evening', new Date('2027-01-28T23:50:00+08:00')],
];

describe.each(SCENARIOS)('seedDemoData (%s)', (_label, today) => {
  let db: Seeded;
  const iso = today.toISOString();

  beforeAll(async () => {
    db = await openSeeded(today);
  });
  afterAll(async () => {
    await db.client.close();
  });

  it('runs quickly', () => {
    expect(db.seedMs).toBeLessThan(15_000);
  });

  it('fills each campus with believable numbers of rows', async () => {
    const counts = await db.rows<Record<string, number>>(
      `select c.code,
        (select count(*)::int from students s where s.cam_id = c.id) as students,
        (select count(*)::int from students s where s.cam_id = c.id and s.status = 'enrolled') as enrolled,
        (select count(*)::int from teachers t where t.cam_id = c.id) as teachers,
        (select count(*)::int from teachers t where t.cam_id = c.id and t.status = 'left') as left_teachers,
        (select count(*)::int from managers m where m.cam_id = c.id) as managers,
        (select count(*)::int from rooms r where r.cam_id = c.id) as rooms,
        (select count(*)::int from terms t where t.cam_id = c.id) as terms,
        (select count(*)::int from courses k join terms t on t.id = k.term_id where k.cam_id = c.id and t.is_current) as current_courses,
        (select count(*)::int from courses k join terms t on t.id = k.term_id where k.cam_id = c.id and not t.is_current) as previous_courses,
        (select count(*)::int from schedule_entries e where e.cam_id = c.id) as entries,
        (select count(*)::int from enrolments e where e.cam_id = c.id) as enrolments
       from campuses c order by c.code`,
    );
    expect(counts.map((c) => c.code)).toEqual(CAMPUS_CODES);
    for (const c of counts) {
      expect(c.students).toBeGreaterThanOrEqual(220);
      expect(c.students).toBeLessThanOrEqual(280);
      expect(c.enrolled).toBeGreaterThanOrEqual(200);
      expect(c.teachers).toBeGreaterThanOrEqual(15);
      expect(c.teachers).toBeLessThanOrEqual(22);
      expect(c.left_teachers).toBe(1);
      expect(c.managers).toBeGreaterThanOrEqual(5);
      expect(c.managers).toBeLessThanOrEqual(7);
      expect(c.rooms).toBeGreaterThanOrEqual(10);
      expect(c.rooms).toBeLessThanOrEqual(16);
      expect(c.terms).toBe(2);
      expect(c.current_courses).toBeGreaterThanOrEqual(14);
      expect(c.current_courses).toBeLessThanOrEqual(20);
      expect(c.previous_courses).toBeGreaterThanOrEqual(3);
      expect(c.entries).toBeGreaterThanOrEqual(c.current_courses ?? 0);
      expect(c.entries).toBeLessThanOrEqual(3 * (c.current_courses ?? 0));
      expect(c.enrolments).toBeGreaterThanOrEqual(400);
    }
  });

  it('has exactly one current term per campus, containing today, and no overlapping terms', async () => {
    const current = await db.rows<{ code: string; n: number; containing: number }>(
      `select c.code, count(t.id)::int as n,
              count(t.id) filter (where t.start_date <= ($1::timestamptz at time zone 'Asia/Shanghai')::date
                                    and t.end_date >= ($1::timestamptz at time zone 'Asia/Shanghai')::date)::int as containing
       from campuses c left join terms t on t.cam_id = c.id and t.is_current group by c.code order by c.code`,
      [iso],
    );
    expect(current).toEqual(CAMPUS_CODES.map((code) => ({ code, n: 1, containing: 1 })));
    const overlapping = await db.rows(
      `select a.id, b.id from terms a join terms b on a.id < b.id and a.cam_id = b.cam_id
       where a.start_date <= b.end_date and b.start_date <= a.end_date`,
    );
    expect(overlapping).toEqual([]);
  });

  it('never lets two schedule entries clash on a teacher, a room or an enrolled student', async () => {
    expect(await db.rows(CLASHES)).toEqual([]);
    // The check has teeth: courses do run in parallel, kept apart by who teaches, where and who attends.
    const parallel = await db.rows<{ n: number }>(
      `select count(*)::int as n from schedule_entries a join schedule_entries b on a.id < b.id and a.cam_id = b.cam_id and ${OVERLAP}`,
    );
    expect(parallel[0]?.n).toBeGreaterThan(0);
  });

  // Plants one entry copying the time of an existing entry `a` and checks the query above reports it,
  // so a pass there means something. Rolled back afterwards.
  const PLANTS = {
    // another course and teacher, in a's room
    room: `select a.cam_id, b.id as course_id, a.room_id, b.teacher_id, a from schedule_entries a
           join courses b on b.cam_id = a.cam_id and b.teacher_id <> a.teacher_id`,
    // a's teacher, in a room of its own
    teacher: `select a.cam_id, a.course_id, (select id from rooms where code = 'TMP' and cam_id = a.cam_id) as room_id, a.teacher_id, a
              from schedule_entries a`,
    // a course sharing a student with a's course, other teacher, in a room of its own
    student: `select a.cam_id, y.course_id, (select id from rooms where code = 'TMP' and cam_id = a.cam_id) as room_id, b.teacher_id, a
              from schedule_entries a
              join enrolments x on x.course_id = a.course_id
              join enrolments y on y.student_id = x.student_id and y.course_id <> a.course_id
              join courses b on b.id = y.course_id and b.teacher_id <> a.teacher_id`,
  } as const;

  it.each(Object.keys(PLANTS) as (keyof typeof PLANTS)[])('reports a planted %s clash (the check above is not vacuous)', async (kind) => {
    await db.client.query('begin');
    try {
      await db.client.query(`insert into rooms (cam_id, code, name, capacity) select id, 'TMP', 'planted', 500 from campuses`);
      const planted = await db.rows<{ id: number }>(
        `insert into schedule_entries (cam_id, course_id, weekday, start_min, end_min, room_id, teacher_id, week_start, week_end, week_pattern)
         select p.cam_id, p.course_id, (p.a).weekday, (p.a).start_min + 10, (p.a).end_min, p.room_id, p.teacher_id, 1, (p.a).week_end, 'all'
         from (${PLANTS[kind]}) p order by (p.a).id, p.course_id limit 1
         returning id`,
      );
      const id = planted[0]?.id;
      expect(id).toBeTypeOf('number');
      const clashes = await db.rows<{ a_id: number; b_id: number; same_teacher: boolean; same_room: boolean; shared_student: boolean }>(
        CLASHES,
      );
      expect(clashes.length).toBeGreaterThan(0);
      expect(clashes.every((c) => c.a_id === id || c.b_id === id)).toBe(true);
      const flag = { room: 'same_room', teacher: 'same_teacher', student: 'shared_student' } as const;
      expect(clashes.some((c) => c[flag[kind]])).toBe(true);
    } finally {
      await db.client.query('rollback');
    }
  });

  it('times every entry inside a school day, for the term, in a room big enough, with the course teacher', async () => {
    const bad = await db.rows(
      `select e.id, e.weekday, e.start_min, e.end_min, e.week_end, r.capacity as room_cap, k.capacity as course_cap
       from schedule_entries e
       join courses k on k.id = e.course_id
       join terms t on t.id = k.term_id
       join rooms r on r.id = e.room_id
       where r.capacity < k.capacity
          or e.teacher_id <> k.teacher_id
          or not t.is_current
          or e.cam_id <> k.cam_id or r.cam_id <> e.cam_id
          or e.weekday not between 1 and 5
          or e.start_min < 480 or e.end_min > 1005
          or e.week_start <> 1
          or e.week_end <> least(20, ceil((t.end_date - t.start_date + 1) / 7.0))`,
    );
    expect(bad).toEqual([]);
    const patterns = await db.rows<{ week_pattern: string; n: number }>(
      `select week_pattern, count(*)::int as n from schedule_entries group by week_pattern order by week_pattern`,
    );
    expect(patterns.map((p) => p.week_pattern)).toEqual(['all', 'even', 'odd']);
    const perCourse = await db.rows<{ n: number }>(
      `select count(e.id)::int as n from courses k join terms t on t.id = k.term_id and t.is_current
       left join schedule_entries e on e.course_id = k.id group by k.id`,
    );
    expect(perCourse.every((c) => c.n >= 1 && c.n <= 3)).toBe(true);
  });

  it('keeps enrolled_count equal to the enrolments, within capacity, with one course full', async () => {
    const bad = await db.rows(
      `select k.id, k.code, k.enrolled_count, k.capacity, count(e.id)::int as n
       from courses k left join enrolments e on e.course_id = k.id
       group by k.cam_id, k.id having k.enrolled_count <> count(e.id) or k.enrolled_count > k.capacity`,
    );
    expect(bad).toEqual([]);
    const fill = await db.rows<{ code: string; status: string; enrolled_count: number; capacity: number }>(
      `select c.code, k.status, k.enrolled_count, k.capacity from courses k
       join terms t on t.id = k.term_id and t.is_current join campuses c on c.id = k.cam_id`,
    );
    for (const code of CAMPUS_CODES) {
      const mine = fill.filter((k) => k.code === code);
      expect(mine.filter((k) => k.enrolled_count === k.capacity)).toHaveLength(1);
      for (const k of mine.filter((m) => m.status !== 'draft')) expect(k.enrolled_count).toBeGreaterThanOrEqual(Math.floor(k.capacity / 2));
      expect(new Set(mine.map((k) => k.status))).toEqual(new Set(['closed', 'draft', 'open']));
    }
  });

  it('enrols only enrolled students of the same campus into current courses, after they arrived and never in the future', async () => {
    const bad = await db.rows(
      `select e.id from enrolments e
       join courses k on k.id = e.course_id join terms t on t.id = k.term_id join students s on s.id = e.student_id
       where e.cam_id <> k.cam_id or s.cam_id <> e.cam_id
          or (t.is_current and s.status <> 'enrolled')
          or e.created_at > $1::timestamptz
          or e.created_at < s.created_at or e.created_at < k.created_at`,
      [iso],
    );
    expect(bad).toEqual([]);
  });

  it.each(['Asia/Shanghai', 'UTC'])('has new enrolments on each of the last 8 days (days counted in %s)', async (tz) => {
    const days = await db.rows<{ code: string; day: string; n: number }>(
      `select c.code, d.day::date::text as day, count(e.id)::int as n
       from campuses c
       cross join generate_series(($1::timestamptz at time zone $2)::date - 7, ($1::timestamptz at time zone $2)::date, interval '1 day') as d(day)
       left join enrolments e on e.cam_id = c.id and (e.created_at at time zone $2)::date = d.day::date
       group by c.code, d.day order by c.code, d.day`,
      [iso, tz],
    );
    expect(days).toHaveLength(16);
    expect(days.filter((d) => d.n < 1)).toEqual([]);
  });

  it('gives students plausible, unique numbers, ages and dates', async () => {
    const duplicates = await db.rows(`select cam_id, student_no from students group by cam_id, student_no having count(*) > 1`);
    expect(duplicates).toEqual([]);
    const bad = await db.rows(
      `select s.student_no, s.birth_date, s.grade, s.status from students s join campuses c on c.id = s.cam_id
       where s.birth_date > ($1::timestamptz at time zone 'Asia/Shanghai')::date
          or s.student_no !~ ('^' || c.code || '20[0-9]{2}[0-9]{4}$')
          or s.gender not in ('male', 'female')
          or s.grade not in ('高一', '高二', '高三')
          or s.class_name !~ '^[1-4]班$'
          or s.status not in ('enrolled', 'suspended', 'withdrawn', 'graduated')
          or s.guardian_phone !~ '^1[358][0-9]{9}$'
          or s.created_at > $1::timestamptz
          or s.enrol_date > ($1::timestamptz at time zone 'Asia/Shanghai')::date
          or (s.status <> 'graduated' and date_part('year', age(($1::timestamptz at time zone 'Asia/Shanghai')::date, s.birth_date)) not between 15 and 18)`,
      [iso],
    );
    expect(bad).toEqual([]);
    const statuses = await db.rows<{ status: string }>(`select distinct status from students order by status`);
    expect(statuses.map((s) => s.status)).toEqual(['enrolled', 'graduated', 'suspended', 'withdrawn']);
    const recent = await db.rows<{ n: number }>(
      `select count(*)::int as n from students where created_at > $1::timestamptz - interval '30 days'`,
      [iso],
    );
    expect(recent[0]?.n).toBeGreaterThan(0);
  });

  it('gives most people a real native place, mostly from the campus city', async () => {
    for (const code of DEMO_PLACE_CODES) expect(isRegionCode(code), code).toBe(true);
    const places = await db.rows<{ code: string; n: number; filled: number; local: number }>(
      `select c.code, count(*)::int as n, count(p.region_code)::int as filled,
              count(*) filter (where left(p.region_code, 4) = case c.code when 'DC' then '1101' else '3301' end)::int as local
       from (select cam_id, region_code from students union all select cam_id, region_code from teachers) p
       join campuses c on c.id = p.cam_id group by c.code`,
    );
    expect(places).toHaveLength(CAMPUS_CODES.length);
    for (const p of places) {
      expect(p.filled / p.n).toBeGreaterThan(0.75);
      expect(p.local / p.filled).toBeGreaterThan(0.5);
      expect(p.local).toBeLessThan(p.filled);
    }
  });

  it('staffs the campus sensibly', async () => {
    const badTeachers = await db.rows(
      `select staff_no from teachers t join campuses c on c.id = t.cam_id
       where t.staff_no !~ ('^' || c.code || 'T[0-9]{4}$') or t.phone !~ '^1[358][0-9]{9}$'
          or t.hire_date > ($1::timestamptz at time zone 'Asia/Shanghai')::date
          or t.title not in ('高级教师', '一级教师', '二级教师') or t.status not in ('active', 'left')`,
      [iso],
    );
    expect(badTeachers).toEqual([]);
    const courseTeachers = await db.rows(
      `select k.code from courses k join terms t on t.id = k.term_id join teachers p on p.id = k.teacher_id
       where t.is_current and p.status <> 'active'`,
    );
    expect(courseTeachers).toEqual([]);
    const posts = await db.rows<{ position: string; dept: string }>(
      `select distinct m.position, d.name as dept from managers m join depts d on d.id = m.dept_id where m.status = 'active' order by 1`,
    );
    expect(posts).toEqual(
      expect.arrayContaining([
        { position: '校长', dept: '学校办公室' },
        { position: '教务主任', dept: '教务处' },
        { position: '学生处主任', dept: '学生处' },
        { position: '总务主任', dept: '总务处' },
      ]),
    );
  });
});

describe('planCampus', () => {
  it('is deterministic per campus code and differs between campuses', () => {
    const today = new Date('2026-11-02T09:30:00+08:00');
    expect(planCampus('DC', today)).toEqual(planCampus('DC', today));
    expect(planCampus('DC', today).students.map((s) => s.name)).not.toEqual(planCampus('XH', today).students.map((s) => s.name));
  });
});
