// Dates of the demo school, in the campuses' default time zone. Asia/Shanghai
// has had no daylight saving since 1991, so a fixed offset is exact.

const LOCAL_OFFSET_MS = 8 * 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** A calendar day; month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export function toLocalDate(at: Date): LocalDate {
  const shifted = new Date(at.getTime() + LOCAL_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

export function makeDate(year: number, month: number, day: number): LocalDate {
  return toLocalDate(new Date(Date.UTC(year, month - 1, day) - LOCAL_OFFSET_MS));
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return makeDate(date.year, date.month, date.day + days);
}

export function formatDate(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The instant `minutes` after local midnight of `date`. */
export function atLocalTime(date: LocalDate, minutes: number): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day) - LOCAL_OFFSET_MS + minutes * MINUTE_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS);
}

export function earlierDate(a: LocalDate, b: LocalDate): LocalDate {
  return daysBetween(a, b) < 0 ? b : a;
}

export function laterDate(a: LocalDate, b: LocalDate): LocalDate {
  return daysBetween(a, b) > 0 ? b : a;
}

/** 1 = Monday ... 7 = Sunday, as schedule entries count weekdays. */
export function isoWeekday(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

export interface TermPlan {
  name: string;
  academicYear: string;
  start: LocalDate;
  end: LocalDate;
  /** Teaching weeks that schedule entries may span: the term's weeks, at most 20. */
  weeks: number;
}

export interface SchoolCalendar {
  /** The calendar year the current academic year began in (its September). */
  schoolYear: number;
  previous: TermPlan;
  current: TermPlan;
}

const MAX_TEACHING_WEEKS = 20;

function createTerm(name: string, firstYear: number, start: LocalDate, end: LocalDate): TermPlan {
  const weeks = Math.min(MAX_TEACHING_WEEKS, Math.ceil((daysBetween(start, end) + 1) / 7));
  return { name, academicYear: `${firstYear}-${firstYear + 1}`, start, end, weeks };
}

/**
 * Chinese school year: autumn term 1 Sep - about 20 Jan, spring term about
 * 20 Feb - 10 Jul. The current term must contain `today` (the app has one
 * current term per campus and the dashboard reads it), so on a holiday the
 * nearer term is stretched to reach it: August belongs to the coming autumn
 * term, late January to the ending one, early February to the coming spring
 * term, late July to the ending one.
 */
export function planSchoolCalendar(today: LocalDate): SchoolCalendar {
  const { year, month } = today;
  if (month >= 8 || month === 1) {
    const schoolYear = month >= 8 ? year : year - 1;
    const start = earlierDate(makeDate(schoolYear, 9, 1), today);
    const end = laterDate(makeDate(schoolYear + 1, 1, 20), today);
    return {
      schoolYear,
      previous: createTerm('第二学期', schoolYear - 1, makeDate(schoolYear, 2, 20), makeDate(schoolYear, 7, 10)),
      current: createTerm('第一学期', schoolYear, start, end),
    };
  }
  const schoolYear = year - 1;
  const start = earlierDate(makeDate(year, 2, 20), today);
  const end = laterDate(makeDate(year, 7, 10), today);
  return {
    schoolYear,
    previous: createTerm('第一学期', schoolYear, makeDate(schoolYear, 9, 1), makeDate(year, 1, 20)),
    current: createTerm('第二学期', schoolYear, start, end),
  };
}
