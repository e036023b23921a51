import { countDistinct, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { ResultCode, THING_LABELS, type ClassAttendance, type Locale, type TimetableTargetKind } from '@campus/contract';
import { classes, courses, enrolments, grades, rooms, scheduleEntries, students, teachers, terms } from '../../db/schema/campus.js';
import { AppError } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { loadEntries, type EntryRow } from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';
import { inReach, type StudentReach } from '../../plugins/data-scope.js';

// Whose timetable: a teacher, room, student, course or class of one campus, its term and entries
// (shared by the timetable routes and the calendar feeds).

export type TargetKind = TimetableTargetKind;

export interface TargetQuery {
  teacherId?: number | undefined;
  roomId?: number | undefined;
  studentId?: number | undefined;
  courseId?: number | undefined;
  classId?: number | undefined;
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

/**
 * `reach`: the caller's data scope (omitted: the whole campus); a student or
 * class outside it is as missing as one that never was.
 */
export async function resolveTarget(scope: CampusScope, q: TargetQuery, reach?: StudentReach): Promise<Target> {
  const studentsIn = reach ? inReach(reach, students.classId) : undefined;
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
  if (q.classId !== undefined) {
    const [c] = await scope
      .select(
        classes,
        { name: classes.name, grade: grades.name },
        eq(classes.id, q.classId),
        reach ? inReach(reach, classes.id) : undefined,
      )
      .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades));
    if (!c) throw missingRef('classId', q.classId);
    return { kind: 'class', id: q.classId, name: `${c.grade} ${c.name}`.trim(), termId: null };
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
  else if (target.kind === 'class') {
    const taken = await loadClassAttendance(scope, target.id, term.id);
    if (!taken.courses.length) return [];
    cond = inArray(
      scheduleEntries.courseId,
      taken.courses.map((c) => c.courseId),
    );
  } else {
    const mine = await scope.select(enrolments, { courseId: enrolments.courseId }, eq(enrolments.studentId, target.id));
    if (!mine.length) return [];
    cond = inArray(
      scheduleEntries.courseId,
      mine.map((m) => m.courseId),
    );
  }
  return loadEntries(scope, cond, inTerm);
}

/** Students of a class who count: all but the withdrawn (graduates too, for a graduated class's past terms). */
const classMembers = (classId: number) => [eq(students.classId, classId), ne(students.status, 'withdrawn')];

/**
 * A class's courses in a term: every course at least one of its students takes,
 * with how many do. `all` and `most` (at least half) are the class's own
 * lessons; `some` marks an elective a few of them take (docs/api-conventions.md,
 * "Schedules and timetables").
 */
export async function loadClassAttendance(scope: CampusScope, classId: number, termId: number): Promise<ClassAttendance> {
  const [size] = await scope.select(students, { n: countDistinct(students.id) }, ...classMembers(classId));
  const total = size?.n ?? 0;
  const rows = await scope
    .select(
      enrolments,
      { courseId: enrolments.courseId, code: courses.code, name: courses.name, attending: countDistinct(enrolments.studentId) },
      eq(courses.termId, termId),
      ...classMembers(classId),
    )
    .innerJoin(students, scope.on(students.id, enrolments.studentId, students))
    .innerJoin(courses, scope.on(courses.id, enrolments.courseId, courses))
    .groupBy(enrolments.courseId, courses.code, courses.name)
    .orderBy(courses.code);
  return {
    students: total,
    courses: rows.map((r) => ({
      ...r,
      share: r.attending >= total ? 'all' : r.attending * 2 >= total ? 'most' : 'some',
    })),
  };
}

export function calendarName(target: Target, term: TermInfo | null, locale: Locale): string {
  const thing = THING_LABELS[target.kind][locale];
  const title = locale === 'zh-CN' ? '课表' : 'Timetable';
  return [title, `${thing} ${target.name}`, term?.name].filter(Boolean).join(' · ');
}
