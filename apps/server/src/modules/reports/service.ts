import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { compareClassNames, formatMessage, type Locale, type ReportSummary } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { terms } from '../../db/schema/campus.js';
import { notFound } from '../../lib/app-error.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { loadCampusClock } from '../../lib/campus-clock.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';
import { provinceOf } from '../../lib/regions.js';

export interface TermRef {
  id: number;
  name: string;
  academicYear: string;
  startDate: string;
  endDate: string;
}

/** The asked-for term (404 when not in this campus), else the current one, else the latest; null when there is none. */
export async function resolveReportTerm(db: Executor, camId: number, termId: number | undefined): Promise<TermRef | null> {
  const scope = createCampusScope(db, camId);
  const fields = { id: terms.id, name: terms.name, academicYear: terms.academicYear, startDate: terms.startDate, endDate: terms.endDate };
  if (termId !== undefined) {
    const [row] = await scope.select(terms, fields, eq(terms.id, termId));
    if (!row) throw notFound('term');
    return row;
  }
  const [row] = await scope.select(terms, fields).orderBy(desc(terms.isCurrent), desc(terms.startDate)).limit(1);
  return row ?? null;
}

function toProvinceCounts(rows: { prefix: string | null; count: number }[]): ReportSummary['students']['byProvince'] {
  return rows
    .map((r) => {
      const province = r.prefix ? provinceOf(`${r.prefix}0000`) : undefined;
      return { regionCode: province?.code ?? null, name: province?.name ?? '', count: r.count };
    })
    .sort((a, b) => b.count - a.count || (a.regionCode ?? '~').localeCompare(b.regionCode ?? '~'));
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 4) : 0);

/** Students with their grade's row, for the school's grade order (高一, 高二, 高三, which the names' order is not). */
const WITH_GRADE = sql.raw(`students s left join grades g on g.cam_id = s.cam_id and g.name = s.grade`);
/**
 * And with their class: a class by its row, not its names. A graduated 高三 1班 keeps its students and its names, and
 * counting by the names merged last year's leavers into this year's 高三 1班 (class page 20, report 26); each graduated
 * class is a row of its own now, named as graduated, so every student is still counted once.
 */
const WITH_CLASS_AND_GRADE = sql.raw(`students s
  left join classes cl on cl.cam_id = s.cam_id and cl.id = s.class_id
  left join grades g on g.cam_id = s.cam_id and g.name = s.grade`);

/** A class's row name: a graduated class says so (and its school year), beside this year's class of the same name. */
function nameClassRow(row: { className: string; classStatus: string | null; schoolYear: string | null }, locale: Locale): string {
  if (row.classStatus !== 'graduated') return row.className;
  return row.schoolYear
    ? formatMessage(locale, 'report.graduatedClass', { name: row.className, year: row.schoolYear })
    : formatMessage(locale, 'report.graduatedClassNoYear', { name: row.className });
}

/** Rows in the school's grade order (as the database gave them), and in a grade 2班 before 10班. */
function sortClassesInGradeOrder<T extends { grade: string; className: string }>(rows: T[]): T[] {
  const rank = new Map<string, number>();
  for (const r of rows) if (!rank.has(r.grade)) rank.set(r.grade, rank.size);
  return rows.sort((a, b) => (rank.get(a.grade) ?? 0) - (rank.get(b.grade) ?? 0) || compareClassNames(a.className, b.className));
}

/** Minutes an entry meets in an average week while it runs: odd/even entries meet every other week. */
const WEEKLY_MINUTES = sql.raw(`(se.end_min - se.start_min) * case when se.week_pattern = 'all' then 1.0 else 0.5 end`);

/**
 * The summary report of one campus and term. Every figure is a GROUP BY in the
 * database; Node only shapes the rows (one per group, course, teacher or room).
 */
/**
 * `studentsIn`: the caller's data scope on students (plugins/data-scope.ts); the student figures count those only.
 * `locale` words a graduated class's row.
 */
export async function loadSummary(
  db: Executor,
  camId: number,
  termId: number | undefined,
  studentsIn: SQL = sql`true`,
  locale: Locale = 'zh-CN',
): Promise<ReportSummary> {
  const term = await resolveReportTerm(db, camId, termId);
  const clock = await loadCampusClock(db, camId);
  const tid = term?.id ?? 0;

  const [byStatus, byGrade, byClass, teacherStatus, managerStatus, courseStatus, courseTotals, fill, hours, roomUse, months, provinces] =
    await Promise.all([
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from students where cam_id = ${camId} and ${studentsIn} group by status order by status`,
      ),
      queryRows<{ grade: string; count: number }>(
        db,
        sql`select s.grade, count(*)::int as count from ${WITH_GRADE}
            where s.cam_id = ${camId} and ${studentsIn} group by s.grade, g.sort_order order by g.sort_order nulls last, s.grade`,
      ),
      queryRows<{ grade: string; className: string; classStatus: string | null; schoolYear: string | null; count: number }>(
        db,
        sql`select s.grade, s.class_name as "className", cl.status as "classStatus", cl.school_year as "schoolYear",
                   count(*)::int as count
            from ${WITH_CLASS_AND_GRADE}
            where s.cam_id = ${camId} and ${studentsIn}
            group by s.grade, s.class_name, s.class_id, cl.status, cl.school_year, g.sort_order
            order by g.sort_order nulls last, s.grade`,
      ),
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from teachers where cam_id = ${camId} group by status order by status`,
      ),
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from managers where cam_id = ${camId} group by status order by status`,
      ),
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from courses where cam_id = ${camId} and term_id = ${tid} group by status order by status`,
      ),
      queryRows<{ enrolments: number; capacity: number }>(
        db,
        sql`select (select count(*)::int from enrolments e join courses c on c.id = e.course_id and c.cam_id = ${camId}
                    where e.cam_id = ${camId} and c.term_id = ${tid}) as enrolments,
                   (select coalesce(sum(capacity), 0)::int from courses where cam_id = ${camId} and term_id = ${tid}) as capacity`,
      ),
      queryRows<{ courseId: number; code: string; name: string; enrolled: number; capacity: number }>(
        db,
        sql`select c.id as "courseId", c.code, c.name, count(e.id)::int as enrolled, c.capacity
            from courses c left join enrolments e on e.course_id = c.id and e.cam_id = ${camId}
            where c.cam_id = ${camId} and c.term_id = ${tid}
            group by c.cam_id, c.id order by count(e.id)::float / c.capacity desc, c.code`,
      ),
      queryRows<{ teacherId: number; staffNo: string; name: string; entries: number; minutes: string }>(
        db,
        sql`select t.id as "teacherId", t.staff_no as "staffNo", t.name, count(se.id)::int as entries,
                   coalesce(sum(${WEEKLY_MINUTES}), 0)::text as minutes
            from teachers t
            left join (schedule_entries se join courses c on c.id = se.course_id and c.cam_id = ${camId} and c.term_id = ${tid})
              on se.teacher_id = t.id and se.cam_id = ${camId}
            where t.cam_id = ${camId}
            group by t.cam_id, t.id
            having t.status = 'active' or count(se.id) > 0
            order by coalesce(sum(${WEEKLY_MINUTES}), 0) desc, t.staff_no`,
      ),
      queryRows<{ roomId: number; code: string; name: string; capacity: number; minutes: string }>(
        db,
        sql`select r.id as "roomId", r.code, r.name, r.capacity, coalesce(sum(${WEEKLY_MINUTES}), 0)::text as minutes
            from rooms r
            left join (schedule_entries se join courses c on c.id = se.course_id and c.cam_id = ${camId} and c.term_id = ${tid})
              on se.room_id = r.id and se.cam_id = ${camId}
            where r.cam_id = ${camId}
            group by r.cam_id, r.id order by coalesce(sum(${WEEKLY_MINUTES}), 0) desc, r.code`,
      ),
      queryRows<{ month: string; count: number }>(
        db,
        sql`select to_char(joined, 'YYYY-MM') as month, count(*)::int as count
            from (select coalesce(enrol_date, (created_at at time zone ${clock.timezone})::date) as joined
                  from students where cam_id = ${camId} and ${studentsIn}) s
            where joined >= date_trunc('month', ${clock.today}::date) - interval '11 months'
              and joined <= ${clock.today}::date
            group by 1`,
      ),
      // Codes lead with their province's two digits.
      queryRows<{ prefix: string | null; count: number }>(
        db,
        sql`select left(region_code, 2) as prefix, count(*)::int as count from students where cam_id = ${camId} and ${studentsIn} group by 1`,
      ),
    ]);

  const availableHours = round(((clock.dayEndMin - clock.dayStartMin) * 5) / 60, 2);
  const monthCounts = new Map(months.map((m) => [m.month, m.count]));
  const [year, month] = clock.today.split('-').map(Number) as [number, number];
  const newStudentsByMonth = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (11 - i), 1));
    const key = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    return { month: key, count: monthCounts.get(key) ?? 0 };
  });
  const sum = (rows: { count: number }[]) => rows.reduce((a, r) => a + r.count, 0);
  const totals = courseTotals[0] ?? { enrolments: 0, capacity: 0 };

  return {
    term: term ? { ...term, weeks: countTermWeeks(term) } : null,
    // Grades in the school's order (the grades' own), which the text order of their names is not (高一, 高三, 高二).
    students: {
      total: sum(byStatus),
      byStatus,
      byGrade,
      byClass: sortClassesInGradeOrder(byClass.map((r) => ({ grade: r.grade, className: nameClassRow(r, locale), count: r.count }))),
      byProvince: toProvinceCounts(provinces),
    },
    teachers: { total: sum(teacherStatus), byStatus: teacherStatus },
    managers: { total: sum(managerStatus), byStatus: managerStatus },
    courses: { total: sum(courseStatus), byStatus: courseStatus, enrolments: totals.enrolments, capacity: totals.capacity },
    fillRates: fill.map((f) => ({ ...f, rate: ratio(f.enrolled, f.capacity) })),
    teacherHours: hours.map(({ minutes, ...t }) => ({ ...t, weeklyHours: round(Number(minutes) / 60, 2) })),
    roomUse: roomUse.map(({ minutes, ...r }) => {
      const bookedHours = round(Number(minutes) / 60, 2);
      return { ...r, bookedHours, availableHours, rate: ratio(Number(minutes) / 60, availableHours) };
    }),
    newStudentsByMonth,
  };
}
