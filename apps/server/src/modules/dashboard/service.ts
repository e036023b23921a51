import { eq, sql, type SQL } from 'drizzle-orm';
import type { PopularItem } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { teachers, terms } from '../../db/schema/campus.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { loadCampusClock, type CampusClock } from '../../lib/campus-clock.js';
import { findTermWeek } from '../../lib/scheduling/term-weeks.js';

const DAYS = 8;
const POPULAR_LIMIT = 5;

/**
 * New enrolments per day in the campus for the 8 days ending today, days cut at
 * the campus's local midnight; days without any answer 0.
 */
export async function loadContentData(db: Executor, camId: number): Promise<{ x: string; y: number }[]> {
  const { timezone: tz, today } = await loadCampusClock(db, camId);
  return queryRows<{ x: string; y: number }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as x, count(e.id)::int as y
        from (select (${today}::date - g) as day from generate_series(0, ${DAYS - 1}) g) d
        left join enrolments e
          on e.cam_id = ${camId}
         and e.created_at >= (d.day::timestamp at time zone ${tz})
         and e.created_at < ((d.day + 1)::timestamp at time zone ${tz})
        group by d.day order by d.day`,
  );
}

/** The spec's style: "1.2w+" from ten thousand (万), else the plain number. */
export function formatClickNumber(n: number): string {
  return n >= 10_000 ? `${Math.floor(n / 1_000) / 10}w+` : String(n);
}

/** % change, one decimal; 0 when there is nothing to compare with. */
export function computeIncrease(recent: number, before: number): number {
  return before > 0 ? Math.round(((recent - before) / before) * 1000) / 10 : 0;
}

async function findCurrentTerm(db: Executor, camId: number) {
  const [term] = await createCampusScope(db, camId).select(
    terms,
    { id: terms.id, name: terms.name, startDate: terms.startDate, endDate: terms.endDate },
    eq(terms.isCurrent, true),
  );
  return term ?? null;
}

/**
 * Top 5 courses (or teachers, summing their courses) by enrolments in the
 * current term. `increases` compares enrolments created in the last 7 local days
 * (today included) with the 7 days before.
 */
export async function loadPopular(db: Executor, camId: number, type: 'course' | 'teacher'): Promise<PopularItem[]> {
  const term = await findCurrentTerm(db, camId);
  if (!term) return [];
  const { timezone: tz, today } = await loadCampusClock(db, camId);
  const weekAgo = sql`((${today}::date - 6)::timestamp at time zone ${tz})`;
  const twoWeeksAgo = sql`((${today}::date - 13)::timestamp at time zone ${tz})`;
  const rows =
    type === 'course'
      ? await queryRows<{ title: string; total: number; recent: number; before: number }>(
          db,
          sql`select c.name as title, count(e.id)::int as total,
                     count(e.id) filter (where e.created_at >= ${weekAgo})::int as recent,
                     count(e.id) filter (where e.created_at >= ${twoWeeksAgo} and e.created_at < ${weekAgo})::int as before
              from courses c left join enrolments e on e.course_id = c.id and e.cam_id = ${camId}
              where c.cam_id = ${camId} and c.term_id = ${term.id}
              group by c.cam_id, c.id order by count(e.id) desc, c.code, c.id limit ${POPULAR_LIMIT}`,
        )
      : await queryRows<{ title: string; total: number; recent: number; before: number }>(
          db,
          sql`select t.name as title, count(e.id)::int as total,
                     count(e.id) filter (where e.created_at >= ${weekAgo})::int as recent,
                     count(e.id) filter (where e.created_at >= ${twoWeeksAgo} and e.created_at < ${weekAgo})::int as before
              from teachers t
              join courses c on c.teacher_id = t.id and c.cam_id = ${camId} and c.term_id = ${term.id}
              left join enrolments e on e.course_id = c.id and e.cam_id = ${camId}
              where t.cam_id = ${camId}
              group by t.cam_id, t.id order by count(e.id) desc, t.staff_no, t.id limit ${POPULAR_LIMIT}`,
        );
  return rows.map((r, i) => ({
    key: i + 1,
    title: r.title,
    clickNumber: formatClickNumber(r.total),
    increases: computeIncrease(r.recent, r.before),
  }));
}

interface TodayContext {
  clock: CampusClock;
  termId: number | null;
  week: number | null;
}

async function loadTodayContext(db: Executor, camId: number): Promise<TodayContext> {
  const clock = await loadCampusClock(db, camId);
  const term = await findCurrentTerm(db, camId);
  return { clock, termId: term?.id ?? null, week: term ? findTermWeek(term, clock.today) : null };
}

/** Entries of the current term meeting today: today's weekday, inside their week range, on their odd/even weeks. */
function meetsToday(ctx: TodayContext) {
  const week = ctx.week ?? 0;
  return sql`c.term_id = ${ctx.termId ?? 0}
    and se.weekday = ${ctx.clock.weekday}
    and se.week_start <= ${week} and se.week_end >= ${week}
    and se.week_pattern in ('all', ${week % 2 === 1 ? 'odd' : 'even'})`;
}

/** Which of the Workplace's counts the caller may see: each needs its list's perm. */
export interface OverviewVisibility {
  students: boolean;
  teachers: boolean;
  courses: boolean;
  todayLessons: boolean;
}

/** `studentsIn`: the caller's data scope on students; the student count counts those only. */
export async function loadOverview(db: Executor, camId: number, visible: OverviewVisibility, studentsIn: SQL = sql`true`) {
  const ctx = await loadTodayContext(db, camId);
  // A count the caller may not see is not even computed.
  const countIf = (isVisible: boolean, query: SQL) => (isVisible ? sql`(${query})` : sql`null::int`);
  const [row] = await queryRows<{ students: number | null; teachers: number | null; courses: number | null; lessons: number | null }>(
    db,
    sql`select
          ${countIf(visible.students, sql`select count(*)::int from students where cam_id = ${camId} and status = 'enrolled' and ${studentsIn}`)} as students,
          ${countIf(visible.teachers, sql`select count(*)::int from teachers where cam_id = ${camId} and status = 'active'`)} as teachers,
          ${countIf(visible.courses, sql`select count(*)::int from courses where cam_id = ${camId} and term_id = ${ctx.termId ?? 0}`)} as courses,
          ${countIf(
            visible.todayLessons,
            sql`select count(*)::int from schedule_entries se
                  join courses c on c.id = se.course_id and c.cam_id = ${camId}
                 where se.cam_id = ${camId} and ${ctx.week === null ? sql`false` : meetsToday(ctx)}`,
          )} as lessons`,
  );
  return {
    students: row?.students ?? null,
    teachers: row?.teachers ?? null,
    courses: row?.courses ?? null,
    todayLessons: row?.lessons ?? null,
    week: ctx.week,
    date: ctx.clock.today,
  };
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

/**
 * Today's lessons: the caller's own when they are a teacher of this campus,
 * else the whole campus's when they may read schedules, else none.
 */
export async function loadTodayTimetable(db: Executor, camId: number, userId: number, mayReadCampus: boolean) {
  const ctx = await loadTodayContext(db, camId);
  const [me] = await createCampusScope(db, camId).select(teachers, { id: teachers.id }, eq(teachers.userId, userId)).limit(1);
  const scope = me ? ('teacher' as const) : mayReadCampus ? ('campus' as const) : ('none' as const);
  const list =
    ctx.week === null || scope === 'none'
      ? []
      : await queryRows<{
          entryId: number;
          courseId: number;
          courseName: string;
          teacherId: number;
          teacherName: string;
          roomId: number;
          roomName: string;
          startMin: number;
          endMin: number;
        }>(
          db,
          sql`select se.id as "entryId", c.id as "courseId", c.name as "courseName", t.id as "teacherId", t.name as "teacherName",
                     r.id as "roomId", r.name as "roomName", se.start_min as "startMin", se.end_min as "endMin"
              from schedule_entries se
              join courses c on c.id = se.course_id and c.cam_id = ${camId}
              join teachers t on t.id = se.teacher_id and t.cam_id = ${camId}
              join rooms r on r.id = se.room_id and r.cam_id = ${camId}
              where se.cam_id = ${camId} and ${meetsToday(ctx)}
                ${me ? sql`and se.teacher_id = ${me.id}` : sql``}
              order by se.start_min, r.code, se.id`,
        );
  return {
    date: ctx.clock.today,
    week: ctx.week,
    scope,
    list: list.map(({ startMin, endMin, ...l }) => ({ ...l, startTime: hhmm(startMin), endTime: hhmm(endMin) })),
  };
}
