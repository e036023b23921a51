import type { courses, managers, rooms, scheduleEntries, students, teachers, terms } from '../db/schema/campus.js';
import { atLocalTime, type LocalDate, type SchoolCalendar } from './demo-calendar.js';
import { type Grade } from './demo-catalogue.js';
import { randomInt, type Random } from './demo-random.js';

// The plan is pure data: foreign keys are indexes into the plan's own arrays
// and become ids only at insert time, so all the choosing (and its rules) can
// be done, and reasoned about, without a database.

export type StudentStatus = 'enrolled' | 'suspended' | 'graduated' | 'withdrawn';

export type TermRow = Omit<typeof terms.$inferInsert, 'camId'>;
export type RoomRow = Omit<typeof rooms.$inferInsert, 'camId'>;
export type TeacherRow = Omit<typeof teachers.$inferInsert, 'camId'>;
export type ManagerRow = Omit<typeof managers.$inferInsert, 'camId' | 'deptId'> & { deptName: string };
export type StudentRow = Omit<typeof students.$inferInsert, 'camId'> & { status: StudentStatus; grade: Grade; createdAt: Date };
export type CourseRow = Omit<typeof courses.$inferInsert, 'camId' | 'termId' | 'teacherId'> & {
  term: 'previous' | 'current';
  teacher: number;
  createdAt: Date;
};
export type EntryRow = Omit<typeof scheduleEntries.$inferInsert, 'camId' | 'courseId' | 'roomId' | 'teacherId'> & {
  course: number;
  room: number;
  teacher: number;
};
export interface EnrolmentRow {
  course: number;
  student: number;
  createdAt: Date;
}

export interface CampusPlan {
  calendar: SchoolCalendar;
  terms: { previous: TermRow; current: TermRow };
  rooms: RoomRow[];
  teachers: TeacherRow[];
  managers: ManagerRow[];
  students: StudentRow[];
  courses: CourseRow[];
  entries: EntryRow[];
  enrolments: EnrolmentRow[];
}

/** Enrolments of the current term spread over this many days before today. */
export const ENROLMENT_WINDOW_DAYS = 30;

export interface Context {
  rng: Random;
  code: string;
  now: Date;
  today: LocalDate;
  calendar: SchoolCalendar;
  phones: Set<string>;
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Never later than now: a demo row dated in the future would show up as nonsense in reports. */
export function clampToNow(ctx: Context, at: Date): Date {
  return at.getTime() > ctx.now.getTime() ? ctx.now : at;
}

/** Some time in office hours on `date`. */
export function atOfficeTime(ctx: Context, date: LocalDate): Date {
  return clampToNow(ctx, atLocalTime(date, randomInt(ctx.rng, 8 * 60 + 20, 17 * 60 + 30)));
}
