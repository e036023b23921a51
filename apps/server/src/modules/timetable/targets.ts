import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ResultCode, THING_LABELS, type Locale } from '@campus/contract';
import { courses, enrolments, rooms, scheduleEntries, students, teachers, terms } from '../../db/schema/campus.js';
import { AppError } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { loadEntries, type EntryRow } from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';

// Whose timetable: a teacher, room, student or course of one campus, its term and entries
// (shared by the timetable routes and the calendar feeds).

export type TargetKind = 'teacher' | 'room' | 'student' | 'course';

export interface TargetQuery {
  teacherId?: number | undefined;
  roomId?: number | undefined;
  studentId?: number | undefined;
  courseId?: number | undefined;
  termId?: number | undefined;
}

export interface Target {
  kind: TargetKind;
  id: number;
  name: string;
  /** A course's timetable is always its own term's. */
  termId: number | null;
}

export interface TermInfo {
  id: number;
  name: string;
  academicYear: string;
  startDate: string;
  endDate: string;
  weeks: number;
}

const missingRef = (field: string, id: unknown) => new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: String(id) });

/** `studentsIn`: the caller's data scope on students; a student outside it is as missing as one that never was. */
export async function resolveTarget(scope: CampusScope, q: TargetQuery, studentsIn?: SQL): Promise<Target> {
  if (q.teacherId !== undefined) {
    const [t] = await scope.select(teachers, { name: teachers.name }, eq(teachers.id, q.teacherId));
    if (!t) throw missingRef('teacherId', q.teacherId);
    return { kind: 'teacher', id: q.teacherId, name: t.name, termId: null };
  }
  if (q.roomId !== undefined) {
    const [r] = await scope.select(rooms, { code: rooms.code, name: rooms.name }, eq(rooms.id, q.roomId));
    if (!r) throw missingRef('roomId', q.roomId);
    return { kind: 'room', id: q.roomId, name: `${r.code} ${r.name}`, termId: null };
  }
  if (q.studentId !== undefined) {
    const [s] = await scope.select(students, { name: students.name }, eq(students.id, q.studentId), studentsIn);
    if (!s) throw missingRef('studentId', q.studentId);
    return { kind: 'student', id: q.studentId, name: s.name, termId: null };
  }
  const courseId = q.courseId ?? 0;
  const [c] = await scope.select(courses, { name: courses.name, termId: courses.termId }, eq(courses.id, courseId));
  if (!c) throw missingRef('courseId', courseId);
  return { kind: 'course', id: courseId, name: c.name, termId: c.termId };
}

/** The asked-for term, else the course's, else the current one, else the latest; null when the campus has none. */
export async function resolveTerm(scope: CampusScope, target: Target, termId: number | undefined): Promise<TermInfo | null> {
  const fields = { id: terms.id, name: terms.name, academicYear: terms.academicYear, startDate: terms.startDate, endDate: terms.endDate };
  const wanted = target.termId ?? termId;
  let row: Omit<TermInfo, 'weeks'> | undefined;
  if (wanted !== undefined) {
    [row] = await scope.select(terms, fields, eq(terms.id, wanted));
    if (!row) throw missingRef('termId', wanted);
  } else {
    [row] = await scope.select(terms, fields).orderBy(desc(terms.isCurrent), desc(terms.startDate)).limit(1);
  }
  return row ? { ...row, weeks: countTermWeeks(row) } : null;
}

export async function loadTargetEntries(scope: CampusScope, target: Target, term: TermInfo): Promise<EntryRow[]> {
  const inTerm = eq(courses.termId, term.id);
  let cond: SQL;
  if (target.kind === 'teacher') cond = eq(scheduleEntries.teacherId, target.id);
  else if (target.kind === 'room') cond = eq(scheduleEntries.roomId, target.id);
  else if (target.kind === 'course') cond = eq(scheduleEntries.courseId, target.id);
  else {
    const mine = await scope.select(enrolments, { courseId: enrolments.courseId }, eq(enrolments.studentId, target.id));
    if (!mine.length) return [];
    cond = inArray(
      scheduleEntries.courseId,
      mine.map((m) => m.courseId),
    );
  }
  return loadEntries(scope, cond, inTerm);
}

export function calendarName(target: Target, term: TermInfo | null, locale: Locale): string {
  const thing = THING_LABELS[target.kind][locale];
  const title = locale === 'zh-CN' ? '课表' : 'Timetable';
  return [title, `${thing} ${target.name}`, term?.name].filter(Boolean).join(' · ');
}
