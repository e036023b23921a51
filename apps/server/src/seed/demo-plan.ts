// The plan of one demo campus: its terms, then people (demo-people.ts), then rooms, courses and enrolments (demo-courses.ts).
import { DAY_MS, addDays, formatDate, makeDate, planSchoolCalendar, toLocalDate, type TermPlan } from './demo-calendar.js';
import { createRandom, hashText, randomInt } from './demo-random.js';
import type { CampusPlan, Context, TermRow } from './demo-rows.js';
import { atOfficeTime, ENROLMENT_WINDOW_DAYS } from './demo-rows.js';
import { planCourses, planRooms } from './demo-courses.js';
import { planManagers, planStudents, planTeachers } from './demo-people.js';

function createTermRow(ctx: Context, term: TermPlan, isCurrent: boolean): TermRow {
  // Set up a month or so ahead, and before any of its courses (which predate the enrolment window).
  const planned = atOfficeTime(ctx, addDays(term.start, -randomInt(ctx.rng, 28, 40)));
  const latest = ctx.now.getTime() - (ENROLMENT_WINDOW_DAYS + 10) * DAY_MS;
  return {
    name: term.name,
    academicYear: term.academicYear,
    startDate: formatDate(term.start),
    endDate: formatDate(term.end),
    isCurrent,
    createdAt: new Date(Math.min(planned.getTime(), latest)),
  };
}

/** Everything one campus gets, decided from its code and today's date alone. */
export function planCampus(code: string, now: Date): CampusPlan {
  const today = toLocalDate(now);
  const calendar = planSchoolCalendar(today);
  const ctx: Context = { rng: createRandom(hashText(`campus-console demo ${code}`)), code, now, today, calendar, phones: new Set() };
  // The office started using the console the summer before the oldest cohort arrived.
  const goLive = makeDate(calendar.schoolYear - 3, 8, 20);
  const teacherRows = planTeachers(ctx, goLive);
  const studentRows = planStudents(ctx);
  return {
    calendar,
    terms: { previous: createTermRow(ctx, calendar.previous, false), current: createTermRow(ctx, calendar.current, true) },
    rooms: planRooms(ctx, goLive),
    teachers: teacherRows,
    managers: planManagers(ctx, goLive),
    students: studentRows,
    ...planCourses(ctx, teacherRows, studentRows),
  };
}
