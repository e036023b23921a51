import { z } from 'zod';
import type { Locale } from './constants.js';
import { commaListField, idField, intField, timeField } from './fields.js';

// Schedule entries, clashes, free slots and timetables (docs/api-conventions.md,
// "Schedules and timetables"). Times travel as HH:mm; the server
// stores minutes from midnight.

export const WEEK_PATTERNS = ['all', 'odd', 'even'] as const;
export type WeekPattern = (typeof WEEK_PATTERNS)[number];

export const CLASH_KINDS = ['teacher', 'room', 'student'] as const;
export type ClashKind = (typeof CLASH_KINDS)[number];

/** Week numbers are counted from the week (Monday to Sunday) holding the term's first day. */
export const MAX_TERM_WEEKS = 53;

export const WEEKDAY_LABELS: Record<number, Record<Locale, string>> = {
  1: { 'zh-CN': '周一', 'en-US': 'Mon' },
  2: { 'zh-CN': '周二', 'en-US': 'Tue' },
  3: { 'zh-CN': '周三', 'en-US': 'Wed' },
  4: { 'zh-CN': '周四', 'en-US': 'Thu' },
  5: { 'zh-CN': '周五', 'en-US': 'Fri' },
  6: { 'zh-CN': '周六', 'en-US': 'Sat' },
  7: { 'zh-CN': '周日', 'en-US': 'Sun' },
};

/** `HH:mm` → minutes from midnight. */
export function parseHm(hm: string): number {
  const [h, m] = hm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Minutes from midnight → `HH:mm`. */
export function formatHm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const weekdayField = () => intField().pipe(z.number().min(1).max(7));
const weekField = () => intField().pipe(z.number().min(1).max(MAX_TERM_WEEKS));
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

interface EntryTimes {
  startTime?: string | undefined;
  endTime?: string | undefined;
  weekStart?: number | undefined;
  weekEnd?: number | undefined;
}
// Lexical order of HH:mm is time order.
const timesInOrder = (e: EntryTimes) => !e.startTime || !e.endTime || e.startTime < e.endTime;
const weeksInOrder = (e: EntryTimes) => e.weekStart === undefined || e.weekEnd === undefined || e.weekStart <= e.weekEnd;

const entryFields = {
  weekday: weekdayField(),
  startTime: timeField(),
  endTime: timeField(),
  roomId: idField(),
  /** Omitted: the course's teacher. */
  teacherId: z.preprocess(emptyToUndefined, idField().optional()),
  /** Omitted: 1 and the term's last week. */
  weekStart: z.preprocess(emptyToUndefined, weekField().optional()),
  weekEnd: z.preprocess(emptyToUndefined, weekField().optional()),
  weekPattern: z.enum(WEEK_PATTERNS).default('all'),
};

export const scheduleEntryCreateSchema = z
  .strictObject(entryFields)
  .refine(timesInOrder, { message: 'schedule.endAfterStart', path: ['endTime'] })
  .refine(weeksInOrder, { message: 'schedule.weekOrder', path: ['weekEnd'] });

export const scheduleEntryUpdateSchema = z
  .strictObject({ ...entryFields, weekPattern: z.enum(WEEK_PATTERNS).optional() })
  .partial()
  .refine(timesInOrder, { message: 'schedule.endAfterStart', path: ['endTime'] })
  .refine(weeksInOrder, { message: 'schedule.weekOrder', path: ['weekEnd'] });

export type ScheduleEntryCreate = z.infer<typeof scheduleEntryCreateSchema>;
export type ScheduleEntryUpdate = z.infer<typeof scheduleEntryUpdateSchema>;

export const courseEntryParamsSchema = z.strictObject({ id: idField(), entryId: idField() });

export const scheduleEntrySchema = z.object({
  id: z.number().int(),
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  roomId: z.number().int(),
  roomCode: z.string(),
  roomName: z.string(),
  roomCapacity: z.number().int(),
  teacherId: z.number().int(),
  teacherName: z.string(),
  weekStart: z.number().int(),
  weekEnd: z.number().int(),
  weekPattern: z.enum(WEEK_PATTERNS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

/** One clash of the 409 answer (docs/api-conventions.md), with what is shared spelled out. */
export const scheduleConflictSchema = z.object({
  kind: z.enum(CLASH_KINDS),
  /** The other entry, its course and its time. */
  entryId: z.number().int(),
  courseId: z.number().int(),
  courseName: z.string(),
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  weekStart: z.number().int(),
  weekEnd: z.number().int(),
  weekPattern: z.enum(WEEK_PATTERNS),
  /** The weeks in which both meet. */
  weeks: z.array(z.number().int()),
  /** Who or what is shared, in the caller's language. */
  detail: z.string(),
  teacherId: z.number().int().optional(),
  teacherName: z.string().optional(),
  roomId: z.number().int().optional(),
  roomCode: z.string().optional(),
  roomName: z.string().optional(),
  studentCount: z.number().int().optional(),
  /** The first few shared students. */
  students: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  /** The entry of this course that clashes (enrolment clashes; null for a proposed entry). */
  withEntryId: z.number().int().nullable(),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

export const scheduleWarningSchema = z.object({
  kind: z.enum(['roomBelowEnrolment', 'roomBelowCapacity']),
  entryId: z.number().int(),
  roomId: z.number().int(),
  roomCapacity: z.number().int(),
  enrolled: z.number().int(),
  courseCapacity: z.number().int(),
  msg: z.string(),
});
export type ScheduleWarning = z.infer<typeof scheduleWarningSchema>;

export const termWeeksSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "2026-2027": a term's name alone ("第一学期") repeats every year. */
  academicYear: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Week 1 holds startDate; the last week holds endDate. */
  weeks: z.number().int(),
});

export const courseScheduleSchema = z.object({
  course: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    teacherId: z.number().int(),
    capacity: z.number().int(),
    enrolled: z.number().int(),
  }),
  term: termWeeksSchema,
  entries: z.array(scheduleEntrySchema),
  warnings: z.array(scheduleWarningSchema),
});
export type CourseSchedule = z.infer<typeof courseScheduleSchema>;

export const scheduleWriteResultSchema = z.object({ entry: scheduleEntrySchema, warnings: z.array(scheduleWarningSchema) });
export type ScheduleWriteResult = z.infer<typeof scheduleWriteResultSchema>;

// ---- free slots ----------------------------------------------------------------

export const freeSlotQuerySchema = z.strictObject({
  /** Minutes. */
  duration: intField().pipe(z.number().min(5).max(720)),
  weekPattern: z.enum(WEEK_PATTERNS).default('all'),
  weekStart: z.preprocess(emptyToUndefined, weekField().optional()),
  weekEnd: z.preprocess(emptyToUndefined, weekField().optional()),
  /** Omitted: Monday to Friday. A list (`weekdays=6&weekdays=7`) or comma-separated (`6,7`). */
  weekdays: z.preprocess(emptyToUndefined, commaListField(weekdayField()).pipe(z.array(z.number()).min(1).max(7)).optional()),
  /** The entry being moved: it does not block its own new slot. */
  excludeEntryId: z.preprocess(emptyToUndefined, idField().optional()),
  /** Omitted: the course's teacher. */
  teacherId: z.preprocess(emptyToUndefined, idField().optional()),
});
export type FreeSlotQuery = z.infer<typeof freeSlotQuerySchema>;

export const freeSlotSchema = z.object({
  weekday: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  /** Free rooms seating the enrolled students, smallest first. */
  rooms: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), capacity: z.number().int() })),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;

export const freeSlotsAnswerSchema = z.object({
  teacherId: z.number().int(),
  weekStart: z.number().int(),
  weekEnd: z.number().int(),
  weekPattern: z.enum(WEEK_PATTERNS),
  duration: z.number().int(),
  /** The campus day the slots lie in, and its step. */
  dayStart: z.string(),
  dayEnd: z.string(),
  slotStep: z.number().int(),
  /** Rooms must seat this many (the course's enrolment). */
  seatsNeeded: z.number().int(),
  slots: z.array(freeSlotSchema),
});
export type FreeSlotsAnswer = z.infer<typeof freeSlotsAnswerSchema>;

// ---- timetables ----------------------------------------------------------------

const exactlyOneTarget = (q: {
  teacherId?: number | undefined;
  roomId?: number | undefined;
  studentId?: number | undefined;
  courseId?: number | undefined;
  classId?: number | undefined;
}) => [q.teacherId, q.roomId, q.studentId, q.courseId, q.classId].filter((v) => v !== undefined).length === 1;

const targetFields = {
  teacherId: z.preprocess(emptyToUndefined, idField().optional()),
  roomId: z.preprocess(emptyToUndefined, idField().optional()),
  studentId: z.preprocess(emptyToUndefined, idField().optional()),
  courseId: z.preprocess(emptyToUndefined, idField().optional()),
  /** A class (行政班): the lessons of the courses its students take (docs/api-conventions.md, "Timetables"). */
  classId: z.preprocess(emptyToUndefined, idField().optional()),
  /** Omitted: the current term (else the latest), or the course's term. */
  termId: z.preprocess(emptyToUndefined, idField().optional()),
};

export const timetableQuerySchema = z
  .strictObject({
    ...targetFields,
    /** Only the entries meeting in this week of the term. */
    week: z.preprocess(emptyToUndefined, weekField().optional()),
  })
  .refine(exactlyOneTarget, { message: 'schedule.timetableTarget', path: ['teacherId'] });
export type TimetableQuery = z.infer<typeof timetableQuerySchema>;

export const timetableIcsQuerySchema = z
  .strictObject(targetFields)
  .refine(exactlyOneTarget, { message: 'schedule.timetableTarget', path: ['teacherId'] });

export const weeklyLoadSchema = z.object({
  /** Teaching hours averaged over the term's weeks: odd/even entries count half. */
  averageHours: z.number(),
  minWeekHours: z.number(),
  maxWeekHours: z.number(),
  termHours: z.number(),
  /** Hours in each week of the term, index 0 = week 1. */
  byWeek: z.array(z.number()),
});
export type WeeklyLoad = z.infer<typeof weeklyLoadSchema>;

export const TIMETABLE_TARGET_KINDS = ['teacher', 'room', 'student', 'course', 'class'] as const;
export type TimetableTargetKind = (typeof TIMETABLE_TARGET_KINDS)[number];

/** How a class takes a course: every student of it, at least half (the class's lesson), or fewer (an elective of some). */
export const CLASS_SHARES = ['all', 'most', 'some'] as const;
export type ClassShare = (typeof CLASS_SHARES)[number];

/** A class's timetable: its head count and, per course listed, how many of its students take it. */
export const classAttendanceSchema = z.object({
  students: z.number().int(),
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      code: z.string(),
      name: z.string(),
      attending: z.number().int(),
      share: z.enum(CLASS_SHARES),
    }),
  ),
});
export type ClassAttendance = z.infer<typeof classAttendanceSchema>;

export const timetableSchema = z.object({
  target: z.object({ kind: z.enum(TIMETABLE_TARGET_KINDS), id: z.number().int(), name: z.string() }),
  term: termWeeksSchema.nullable(),
  week: z.number().int().nullable(),
  /** The week of the term that today (in the campus's time zone) falls in; null outside the term or without one. */
  todayWeek: z.number().int().nullable(),
  entries: z.array(scheduleEntrySchema),
  /** The hours of the listed entries. */
  load: weeklyLoadSchema,
  /** Every teacher in the listed entries, with all their teaching in the term. */
  teacherLoads: z.array(weeklyLoadSchema.extend({ teacherId: z.number().int(), teacherName: z.string() })),
  /** A class's timetable only: who of the class attends each course; null for other targets. */
  classAttendance: classAttendanceSchema.nullable(),
});
export type Timetable = z.infer<typeof timetableSchema>;

export const WEEK_PATTERN_LABELS: Record<WeekPattern, Record<Locale, string>> = {
  all: { 'zh-CN': '每周', 'en-US': 'every week' },
  odd: { 'zh-CN': '单周', 'en-US': 'odd weeks' },
  even: { 'zh-CN': '双周', 'en-US': 'even weeks' },
};
