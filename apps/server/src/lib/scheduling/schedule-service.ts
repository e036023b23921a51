import { eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  formatHm,
  formatMessage,
  WEEK_PATTERN_LABELS,
  WEEKDAY_LABELS,
  type Locale,
  type ScheduleConflict,
  type ScheduleEntry,
  type ScheduleWarning,
  type WeekPattern,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { courses, enrolments, rooms, scheduleEntries, students, teachers } from '../../db/schema/campus.js';
import { conflict } from '../app-error.js';
import type { CampusScope } from '../campus-scope.js';
import { compareEntries, findClashes, type Clash, type EngineEntry } from './clash.js';

/** Arbitrary, fixed: first key of the per-campus schedule advisory lock (the second is the campus). */
const SCHEDULE_LOCK_KEY = 7_262_005;

/**
 * Serialises every write that can create a clash (schedule entries and
 * enrolments) within one campus, until the transaction ends. Checks read the
 * timetable after taking it, so two concurrent writes cannot both pass on a
 * picture that the other one is about to change.
 */
export async function lockCampusSchedules(tx: Executor, camId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY}::int, ${camId}::int)`);
}

/** An entry with the names the answers and clash messages need. */
export interface EntryRow {
  id: number;
  courseId: number;
  courseCode: string;
  courseName: string;
  termId: number;
  weekday: number;
  startMin: number;
  endMin: number;
  roomId: number;
  roomCode: string;
  roomName: string;
  roomCapacity: number;
  teacherId: number;
  teacherName: string;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
  createdAt: Date;
  updatedAt: Date;
}

const entryFields = {
  id: scheduleEntries.id,
  courseId: scheduleEntries.courseId,
  courseCode: courses.code,
  courseName: courses.name,
  termId: courses.termId,
  weekday: scheduleEntries.weekday,
  startMin: scheduleEntries.startMin,
  endMin: scheduleEntries.endMin,
  roomId: scheduleEntries.roomId,
  roomCode: rooms.code,
  roomName: rooms.name,
  roomCapacity: rooms.capacity,
  teacherId: scheduleEntries.teacherId,
  teacherName: teachers.name,
  weekStart: scheduleEntries.weekStart,
  weekEnd: scheduleEntries.weekEnd,
  weekPattern: scheduleEntries.weekPattern,
  createdAt: scheduleEntries.createdAt,
  updatedAt: scheduleEntries.updatedAt,
};

/**
 * The name of a statement every clash check runs: PostgreSQL then parses it
 * once per connection and, once its generic plan proves as good as planning
 * for the values, stops planning it (planning was a third of a check's
 * database time). A name must stand for one SQL text: the driver refuses a
 * second text under a name, so each shape of a statement gets its own.
 */
export function namedStatement(shape: string): string {
  return `sched_${shape}`;
}

/** Entries of this campus matching `conds`, with course, room and teacher, in weekday and time order. */
export async function loadEntries(scope: CampusScope, ...conds: (SQL | undefined)[]): Promise<EntryRow[]> {
  return loadEntriesAs(scope, null, ...conds);
}

/** loadEntries as a named statement (namedStatement) when `shape` is given. */
async function loadEntriesAs(scope: CampusScope, shape: string | null, ...conds: (SQL | undefined)[]): Promise<EntryRow[]> {
  const query = scope
    .select(scheduleEntries, entryFields, ...conds)
    .innerJoin(courses, scope.on(courses.id, scheduleEntries.courseId, courses))
    .innerJoin(rooms, scope.on(rooms.id, scheduleEntries.roomId, rooms))
    .innerJoin(teachers, scope.on(teachers.id, scheduleEntries.teacherId, teachers))
    .orderBy(scheduleEntries.weekday, scheduleEntries.startMin, scheduleEntries.endMin, scheduleEntries.id);
  const rows = shape === null ? await query : await query.prepare(namedStatement(shape)).execute();
  return rows.map((r) => ({ ...r, weekPattern: r.weekPattern as WeekPattern }));
}

export function toEntryDto(r: EntryRow): ScheduleEntry {
  return {
    id: r.id,
    courseId: r.courseId,
    courseCode: r.courseCode,
    courseName: r.courseName,
    weekday: r.weekday,
    startTime: formatHm(r.startMin),
    endTime: formatHm(r.endMin),
    roomId: r.roomId,
    roomCode: r.roomCode,
    roomName: r.roomName,
    roomCapacity: r.roomCapacity,
    teacherId: r.teacherId,
    teacherName: r.teacherName,
    weekStart: r.weekStart,
    weekEnd: r.weekEnd,
    weekPattern: r.weekPattern,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const toEngine = (r: EntryRow, studentIds: readonly number[]): EngineEntry => ({
  id: r.id,
  courseId: r.courseId,
  weekday: r.weekday,
  startMin: r.startMin,
  endMin: r.endMin,
  weekStart: r.weekStart,
  weekEnd: r.weekEnd,
  weekPattern: r.weekPattern,
  teacherId: r.teacherId,
  roomId: r.roomId,
  studentIds,
});

/** "1-16", "1-15 odd weeks", "2, 5": how people read week lists. */
export function describeWeeks(weeks: readonly number[], locale: Locale): string {
  if (weeks.length === 0) return '';
  const first = weeks[0] ?? 0;
  const last = weeks[weeks.length - 1] ?? 0;
  if (weeks.length === 1) return String(first);
  if (weeks.length === last - first + 1) return `${first}-${last}`;
  if (weeks.length >= 3 && weeks.length === (last - first) / 2 + 1) {
    return `${first}-${last} ${WEEK_PATTERN_LABELS[first % 2 === 1 ? 'odd' : 'even'][locale]}`;
  }
  return weeks.join(', ');
}

/** How many students a student clash names (the rest are counted). */
export const STUDENT_EXAMPLES = 5;

interface ClashContext {
  entries: Map<number, EntryRow>;
  studentNames: Map<number, string>;
  locale: Locale;
}

function toConflict(c: Clash, ctx: ClashContext, withEntryId: number | null): ScheduleConflict {
  const other = ctx.entries.get(c.other.id);
  if (!other) throw new Error(`clash with entry ${c.other.id} that was not loaded`);
  const base = {
    kind: c.kind,
    entryId: other.id,
    courseId: other.courseId,
    courseName: other.courseName,
    weekday: other.weekday,
    startTime: formatHm(other.startMin),
    endTime: formatHm(other.endMin),
    weekStart: other.weekStart,
    weekEnd: other.weekEnd,
    weekPattern: other.weekPattern,
    weeks: c.weeks,
    withEntryId,
  };
  const { locale } = ctx;
  if (c.kind === 'teacher') return { ...base, ...describeSharedTeacher(other.teacherId, other.teacherName, locale) };
  if (c.kind === 'room')
    return { ...base, ...describeSharedRoom({ id: other.roomId, code: other.roomCode, name: other.roomName }, locale) };
  return { ...base, ...describeSharedStudents(c.studentIds, (id) => ctx.studentNames.get(id), locale) };
}

// What two clashing entries share, as a clash's fields and words: the course schedule's and a plan's apply's alike.

export function describeSharedTeacher(teacherId: number, teacherName: string, locale: Locale) {
  return { detail: formatMessage(locale, 'schedule.sharedTeacher', { name: teacherName }), teacherId, teacherName };
}

export function describeSharedRoom(room: { id: number; code: string; name: string }, locale: Locale) {
  return {
    detail: formatMessage(locale, 'schedule.sharedRoom', { code: room.code, name: room.name }),
    roomId: room.id,
    roomCode: room.code,
    roomName: room.name,
  };
}

/** How many students share the two entries, the first few by name. */
export function describeSharedStudents(studentIds: readonly number[], nameOf: (id: number) => string | undefined, locale: Locale) {
  const students = studentIds.slice(0, STUDENT_EXAMPLES).map((id) => ({ id, name: nameOf(id) ?? `#${id}` }));
  const names = students.map((s) => s.name).join(', ') + (studentIds.length > students.length ? ', …' : '');
  return {
    detail: formatMessage(locale, 'schedule.sharedStudents', { count: studentIds.length, names }),
    studentCount: studentIds.length,
    students,
  };
}

/** The clash 409 (docs/api-conventions.md): every clash in data.conflicts, the first few in msg. */
export function clashError(
  conflicts: ScheduleConflict[],
  locale: Locale,
  key: 'schedule.clash' | 'schedule.enrolClash' = 'schedule.clash',
  /** Every clash found, when `conflicts` lists only the first of them. */
  total = conflicts.length,
) {
  const items = conflicts.slice(0, 3).map((c) =>
    formatMessage(locale, 'schedule.clashItem', {
      course: c.courseName,
      weekday: WEEKDAY_LABELS[c.weekday]?.[locale] ?? String(c.weekday),
      start: c.startTime,
      end: c.endTime,
      weeks: describeWeeks(c.weeks, locale),
      detail: c.detail,
    }),
  );
  const summary = items.join('; ') + (conflicts.length > items.length ? '; …' : '');
  return conflict(key, { count: total, summary }, { conflicts, total });
}

/** `column = any(ids)` with the ids as one array parameter: binding hundreds of them one by one costs milliseconds. */
function anyOf(column: PgColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}

/** Enrolled students of each course, limited to `among` when given. */
async function loadEnrolled(
  scope: CampusScope,
  courseIds: readonly number[],
  among?: readonly number[],
): Promise<{ courseId: number; studentId: number; name: string }[]> {
  if (!courseIds.length || (among && !among.length)) return [];
  return scope
    .select(
      enrolments,
      { courseId: enrolments.courseId, studentId: enrolments.studentId, name: students.name },
      anyOf(enrolments.courseId, courseIds),
      among ? anyOf(enrolments.studentId, among) : undefined,
    )
    .innerJoin(students, scope.on(students.id, enrolments.studentId, students))
    .prepare(namedStatement(among ? 'enrolled_among' : 'enrolled'))
    .execute();
}

function groupStudents(rows: readonly { courseId: number; studentId: number }[]): Map<number, number[]> {
  const byCourse = new Map<number, number[]>();
  for (const r of rows) byCourse.set(r.courseId, [...(byCourse.get(r.courseId) ?? []), r.studentId]);
  return byCourse;
}

export async function loadEnrolledIds(scope: CampusScope, courseId: number): Promise<number[]> {
  const rows = await scope.select(enrolments, { id: enrolments.studentId }, eq(enrolments.courseId, courseId));
  return rows.map((r) => r.id);
}

/** The term's entries for the engine, each carrying only the students it shares with `studentIds`. */
export async function loadTermEngineEntries(
  scope: CampusScope,
  termId: number,
  studentIds: readonly number[],
  excludeEntryId?: number,
): Promise<EngineEntry[]> {
  const rows = await loadEntries(
    scope,
    eq(courses.termId, termId),
    excludeEntryId === undefined ? undefined : ne(scheduleEntries.id, excludeEntryId),
  );
  const byCourse = groupStudents(await loadEnrolled(scope, [...new Set(rows.map((r) => r.courseId))], studentIds));
  return rows.map((r) => toEngine(r, byCourse.get(r.courseId) ?? []));
}

/** What a write proposes; id 0 for a new entry. */
export interface ProposedEntry {
  id: number;
  courseId: number;
  termId: number;
  weekday: number;
  startMin: number;
  endMin: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
  teacherId: number;
  roomId: number;
}

/**
 * Every clash the proposed entry would have with the term's other entries:
 * same teacher, same room, or a student of this course in the other's course.
 * Entries of other terms never meet on the same dates (terms do not overlap).
 */
export async function findWriteClashes(scope: CampusScope, proposed: ProposedEntry, locale: Locale): Promise<ScheduleConflict[]> {
  // SQL narrows to same-day, time-overlapping rows that share something a clash
  // needs (the teacher, the room, or a course with a student of this one); the engine decides.
  const ownStudents = scope.select(enrolments, { id: enrolments.studentId }, eq(enrolments.courseId, proposed.courseId));
  const sharingCourses = scope.select(enrolments, { id: enrolments.courseId }, inArray(enrolments.studentId, ownStudents));
  // The entries alone first, the term read per surviving row: joined to courses, rooms and
  // teachers up front, the plan PostgreSQL keeps hashes all of them for the one row or none that clashes.
  const termOfRow = sql`(select ${courses.termId} from ${courses} where ${courses.camId} = ${scope.camId} and ${courses.id} = ${scheduleEntries.courseId})`;
  const candidates = await scope
    .select(
      scheduleEntries,
      { id: scheduleEntries.id },
      eq(scheduleEntries.weekday, proposed.weekday),
      lt(scheduleEntries.startMin, proposed.endMin),
      gt(scheduleEntries.endMin, proposed.startMin),
      proposed.id ? ne(scheduleEntries.id, proposed.id) : undefined,
      or(
        eq(scheduleEntries.teacherId, proposed.teacherId),
        eq(scheduleEntries.roomId, proposed.roomId),
        inArray(scheduleEntries.courseId, sharingCourses),
      ),
      sql`${termOfRow} = ${proposed.termId}`,
    )
    .prepare(namedStatement(proposed.id ? 'clash_candidates_moved' : 'clash_candidates'))
    .execute();
  if (!candidates.length) return [];
  const others = await loadEntriesAs(
    scope,
    'by_ids',
    anyOf(
      scheduleEntries.id,
      candidates.map((c) => c.id),
    ),
  );
  const own = await loadEnrolled(scope, [proposed.courseId]);
  const ownIds = own.map((r) => r.studentId);
  const shared = await loadEnrolled(scope, [...new Set(others.map((o) => o.courseId))], ownIds);
  const byCourse = groupStudents(shared);
  const candidate: EngineEntry = { ...proposed, studentIds: ownIds };
  const clashes = findClashes(
    [candidate],
    others.map((o) => toEngine(o, byCourse.get(o.courseId) ?? [])),
  );
  const ctx: ClashContext = {
    entries: new Map(others.map((o) => [o.id, o])),
    studentNames: new Map(shared.map((s) => [s.studentId, s.name])),
    locale,
  };
  return clashes.map((c) => toConflict(c, ctx, null));
}

/**
 * The clashes enrolling `studentIds` into the course would create: its
 * entries against the entries of the students' other courses of the term,
 * and against each other (two of its own entries at once).
 */
export async function findEnrolmentClashes(
  scope: CampusScope,
  courseId: number,
  studentIds: readonly number[],
  locale: Locale,
): Promise<ScheduleConflict[]> {
  const mine = await loadEntries(scope, eq(scheduleEntries.courseId, courseId));
  const termId = mine[0]?.termId;
  if (termId === undefined || !studentIds.length) return [];
  const theirCourses = await scope
    .select(
      enrolments,
      { courseId: enrolments.courseId, studentId: enrolments.studentId },
      inArray(enrolments.studentId, [...studentIds]),
      ne(enrolments.courseId, courseId),
      eq(courses.termId, termId),
    )
    .innerJoin(courses, scope.on(courses.id, enrolments.courseId, courses));
  const byCourse = groupStudents(theirCourses);
  const others = byCourse.size ? await loadEntries(scope, inArray(scheduleEntries.courseId, [...byCourse.keys()])) : [];
  const names = await scope.select(students, { id: students.id, name: students.name }, inArray(students.id, [...studentIds]));
  const ctx: ClashContext = {
    entries: new Map([...others, ...mine].map((e) => [e.id, e])),
    studentNames: new Map(names.map((s) => [s.id, s.name])),
    locale,
  };
  const candidates = mine.map((e) => toEngine(e, studentIds));
  const result: ScheduleConflict[] = [];
  for (const candidate of candidates) {
    const clashes = findClashes(
      [candidate],
      others.map((o) => toEngine(o, byCourse.get(o.courseId) ?? [])),
      ['student'],
    );
    result.push(...clashes.map((c) => toConflict(c, ctx, candidate.id)));
  }
  // Each unordered pair of the course's own entries once.
  candidates.forEach((a, i) => {
    for (const b of candidates.slice(i + 1)) result.push(...compareEntries(a, b, ['student']).map((c) => toConflict(c, ctx, a.id)));
  });
  return result;
}

/** A room smaller than the enrolment (or than the course's capacity) is worth a warning, never a refusal. */
export function findCapacityWarnings(
  entries: readonly EntryRow[],
  course: { capacity: number; enrolled: number },
  locale: Locale,
): ScheduleWarning[] {
  return entries.flatMap((e): ScheduleWarning[] => {
    const room = e.roomCode;
    const common = {
      entryId: e.id,
      roomId: e.roomId,
      roomCapacity: e.roomCapacity,
      enrolled: course.enrolled,
      courseCapacity: course.capacity,
    };
    if (e.roomCapacity < course.enrolled) {
      return [
        {
          ...common,
          kind: 'roomBelowEnrolment',
          msg: formatMessage(locale, 'schedule.roomBelowEnrolment', { room, capacity: e.roomCapacity, enrolled: course.enrolled }),
        },
      ];
    }
    if (e.roomCapacity < course.capacity) {
      return [
        {
          ...common,
          kind: 'roomBelowCapacity',
          msg: formatMessage(locale, 'schedule.roomBelowCapacity', { room, capacity: e.roomCapacity, courseCapacity: course.capacity }),
        },
      ];
    }
    return [];
  });
}

/** For callers outside this module: the clash answer, or nothing. */
export async function assertNoEnrolmentClash(scope: CampusScope, courseId: number, studentIds: readonly number[], locale: Locale) {
  const conflicts = await findEnrolmentClashes(scope, courseId, studentIds, locale);
  if (conflicts.length) throw clashError(conflicts, locale, 'schedule.enrolClash');
}
