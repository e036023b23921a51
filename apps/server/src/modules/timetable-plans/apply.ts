import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatHm,
  formatMessage,
  parseHm,
  WEEKDAY_LABELS,
  type Locale,
  type ScheduleConflict,
  type TimetableViolation,
  type WeekPattern,
} from '@campus/contract';
import type { Tx } from '../../db/client.js';
import {
  courses,
  enrolments,
  rooms,
  scheduleEntries,
  students,
  teachers,
  terms,
  timetableActivities,
  timetablePlans,
} from '../../db/schema/campus.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { compareEntries, findClashes, findMeetingOverlap, type EngineEntry } from '../../lib/scheduling/clash.js';
import {
  clashError,
  describeSharedRoom,
  describeSharedStudents,
  describeSharedTeacher,
  loadEntries,
  loadTermEngineEntries,
  lockCampusSchedules,
  STUDENT_EXAMPLES,
  toEntryDto,
} from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';
import { loadPlan, loadSolvedRun, type ActivityRow, type StoredPlan } from './plan-store.js';

/**
 * The campus students of a student set made from classes (`y:<grade>`, `g:<grade>/<class>`, see
 * setsFromClasses); sets of an imported or hand-made plan have none.
 */
async function studentsOfSets(scope: CampusScope, setIds: readonly string[]): Promise<number[]> {
  const ids = new Set<number>();
  for (const setId of setIds) {
    const year = /^y:(.+)$/.exec(setId);
    const group = /^g:([^/]+)\/(.+)$/.exec(setId);
    const cond = year
      ? eq(students.grade, year[1] ?? '')
      : group
        ? and(eq(students.grade, group[1] ?? ''), eq(students.className, group[2] ?? ''))
        : undefined;
    if (!cond) continue;
    const rows = await scope.select(students, { id: students.id }, cond, eq(students.status, 'enrolled'));
    rows.forEach((r) => ids.add(r.id));
  }
  return [...ids].sort((a, b) => a - b);
}

/** One course per weekly activity (split lessons share it): the activity's own, or one made now and remembered. */
async function courseFor(
  scope: CampusScope,
  plan: StoredPlan,
  group: ActivityRow[],
  studentIds: number[],
  locale: Locale,
): Promise<{ id: number; created: boolean }> {
  const first = group[0];
  if (!first) throw new Error('empty activity group');
  if (first.courseId) {
    const [existing] = await scope.select(courses, { id: courses.id }, eq(courses.id, first.courseId), eq(courses.termId, plan.termId));
    if (existing) return { id: existing.id, created: false };
  }
  const teacherId = first.teacherIds[0];
  if (teacherId === undefined) throw badRequest('timetable.noTeacher', { activity: first.id });
  const subject = plan.subjects.find((s) => s.id === first.subjectId)?.name ?? formatMessage(locale, 'timetable.lesson', {});
  const sets = first.studentSetIds.map((id) => plan.studentSets.find((s) => s.id === id)?.name ?? id).join(', ');
  const [row] = await scope
    .insert(courses, [
      {
        termId: plan.termId,
        code: `TP${plan.id}-${first.id}`,
        name: (sets ? `${subject} · ${sets}` : subject).slice(0, 100),
        teacherId,
        capacity: Math.max(1, studentIds.length, first.size ?? 0),
        status: 'open',
      },
    ])
    .returning({ id: courses.id });
  if (!row) throw new Error('course insert returned nothing');
  await scope.update(
    timetableActivities,
    { courseId: row.id },
    inArray(
      timetableActivities.id,
      group.map((a) => a.id),
    ),
  );
  return { id: row.id, created: true };
}

/** Enrols the set's students in the course (those not yet in it); the course grows to hold them. */
async function enrol(scope: CampusScope, courseId: number, studentIds: number[]): Promise<number> {
  if (!studentIds.length) return 0;
  const have = await scope.select(enrolments, { id: enrolments.studentId }, eq(enrolments.courseId, courseId));
  const had = new Set(have.map((r) => r.id));
  const fresh = studentIds.filter((id) => !had.has(id));
  if (fresh.length)
    await scope.insert(
      enrolments,
      fresh.map((studentId) => ({ courseId, studentId })),
    );
  const total = had.size + fresh.length;
  await scope.update(
    courses,
    { enrolledCount: total, capacity: sql`greatest(${courses.capacity}, ${total})` as unknown as number },
    eq(courses.id, courseId),
  );
  return fresh.length;
}

/**
 * Writes the plan's latest solved timetable as the term's schedule entries in the caller's transaction:
 * courses made for activities without one, class students enrolled, rooms chosen for lessons the plan left
 * without one, one entry per teacher of a lesson (in its weeks: all, odd or even), every entry checked by the
 * clash engine against the term and against each other. Entries an earlier apply of this plan wrote are
 * replaced. Any refusal throws, and the transaction takes all back.
 */
export async function applySolution(tx: Tx, camId: number, planId: number, locale: Locale) {
  await lockCampusSchedules(tx, camId);
  const scope = createCampusScope(tx, camId);
  const plan = await loadPlan(scope, planId);
  const run = await loadSolvedRun(scope, planId);
  const result = run.result;
  const patternOf = new Map(plan.activities.map((a) => [a.id, a.weekPattern]));
  const hard = result.hardViolations.filter((v) => !isSharedByParity(v, patternOf));
  if (hard.length) {
    const summary = hard
      .slice(0, 3)
      .map((v) => v.message)
      .join('; ');
    throw conflict('timetable.solutionHasHard', { count: hard.length, summary });
  }
  if (plan.days.length > 7) throw badRequest('timetable.tooManyDays', { days: plan.days.length });
  const times = plan.periods.map((p, i) => {
    if (!p.startTime || !p.endTime) throw badRequest('timetable.periodWithoutTimes', { period: i + 1 });
    return { start: parseHm(p.startTime), end: parseHm(p.endTime) };
  });
  const [term] = await scope.select(terms, { startDate: terms.startDate, endDate: terms.endDate }, eq(terms.id, plan.termId));
  if (!term) throw new Error('plan without its term');
  const weeks = countTermWeeks(term);

  const removed = await scope.delete(scheduleEntries, eq(scheduleEntries.planId, plan.id)).returning({ id: scheduleEntries.id });

  // Activities by weekly group: one course each.
  const groups = new Map<string, ActivityRow[]>();
  for (const a of plan.activities) {
    const key = a.groupId ?? `a${a.id}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const courseOf = new Map<number, number>();
  const studentsOf = new Map<number, number[]>();
  let coursesCreated = 0;
  let enrolled = 0;
  for (const group of groups.values()) {
    const ids = await studentsOfSets(scope, group[0]?.studentSetIds ?? []);
    const course = await courseFor(scope, plan, group, ids, locale);
    if (course.created) coursesCreated++;
    enrolled += await enrol(scope, course.id, ids);
    const all = (await scope.select(enrolments, { id: enrolments.studentId }, eq(enrolments.courseId, course.id))).map((r) => r.id);
    for (const a of group) {
      courseOf.set(a.id, course.id);
      studentsOf.set(a.id, all);
    }
  }

  const allStudents = [...new Set([...studentsOf.values()].flat())];
  const existing = await loadTermEngineEntries(scope, plan.termId, allStudents);
  const roomRows = await scope.select(rooms, { id: rooms.id, capacity: rooms.capacity }).orderBy(rooms.capacity, rooms.id);
  const byId = new Map(plan.activities.map((a) => [a.id, a]));
  const proposed: EngineEntry[] = [];
  // Lessons with a room first, so a room chosen for the others never takes one a lesson was given.
  const ordered = [...result.placements].sort((x, y) => Number(x.roomId === null) - Number(y.roomId === null));
  for (const p of ordered) {
    const a = byId.get(p.activityId);
    if (!a) continue;
    const day = plan.days[p.day - 1];
    const from = times[p.period - 1];
    const to = times[p.period + a.duration - 2];
    if (!day || !from || !to) throw badRequest('timetable.slotOutside', { field: `placements.${p.activityId}` });
    const [owner, ...coTeachers] = a.teacherIds;
    if (owner === undefined) throw badRequest('timetable.noTeacher', { activity: a.id });
    const studentIds = studentsOf.get(a.id) ?? [];
    const base = {
      id: 0,
      courseId: courseOf.get(a.id) ?? 0,
      weekday: day.weekday,
      startMin: from.start,
      endMin: to.end,
      weekStart: 1,
      weekEnd: weeks,
      weekPattern: a.weekPattern,
      teacherId: owner,
      studentIds,
    };
    let roomId = p.roomId;
    if (roomId === null) {
      // The smallest room big enough that nobody holds in the weeks this lesson meets.
      const need = Math.max(studentIds.length, a.size ?? 0);
      const taken = new Set([...existing, ...proposed].filter((e) => findMeetingOverlap(base, e).length > 0).map((e) => e.roomId));
      roomId = roomRows.find((r) => r.capacity >= need && !taken.has(r.id))?.id ?? null;
      if (roomId === null)
        throw conflict('timetable.noRoomFree', {
          activity: a.id,
          day: WEEKDAY_LABELS[day.weekday]?.[locale] ?? day.name,
          period: p.period,
        });
    }
    // A co-taught lesson: one entry per teacher, the same course, room and meeting (clash engine: isCoTaught).
    for (const teacherId of [owner, ...coTeachers]) proposed.push({ ...base, teacherId, roomId });
  }

  const clashes = [...findClashes(proposed, existing)];
  proposed.forEach((e, i) => {
    for (const other of proposed.slice(i + 1)) clashes.push(...compareEntries(e, other));
  });
  if (clashes.length) {
    const conflicts = await describeClashes(scope, clashes, locale);
    throw clashError(conflicts, locale, 'schedule.clash', clashes.length);
  }

  if (proposed.length) {
    await scope.insert(
      scheduleEntries,
      proposed.map((e) => ({
        courseId: e.courseId,
        weekday: e.weekday,
        startMin: e.startMin,
        endMin: e.endMin,
        roomId: e.roomId,
        teacherId: e.teacherId,
        weekStart: e.weekStart,
        weekEnd: e.weekEnd,
        weekPattern: e.weekPattern,
        planId: plan.id,
      })),
    );
  }
  await scope.update(timetablePlans, { appliedAt: new Date() }, eq(timetablePlans.id, plan.id));
  return { entries: proposed.length, removed: removed.length, coursesCreated, enrolled };
}

const CLASH_TYPES = new Set(['teacherClash', 'studentSetClash', 'roomClash']);

/**
 * A double booking of two lessons, one on odd weeks and one on even weeks, is none once applied: the
 * generator keeps every lesson's slot each week, but a lesson moved by hand may share it with its opposite.
 */
function isSharedByParity(v: TimetableViolation, patternOf: Map<number, WeekPattern>): boolean {
  if (v.constraintId !== null || !CLASH_TYPES.has(v.type) || v.activityIds.length !== 2) return false;
  const patterns = new Set(v.activityIds.map((id) => patternOf.get(id)));
  return patterns.has('odd') && patterns.has('even');
}

/** How many clashes the 409 lists; its message and count say how many there are in all. */
const LISTED_CLASHES = 50;

/**
 * The clash 409's items, worded as the course schedule's are: an entry of the term by its stored row, a proposed one by
 * its course; the students by name (they were "#182, #186").
 */
async function describeClashes(scope: CampusScope, clashes: ReturnType<typeof findClashes>, locale: Locale): Promise<ScheduleConflict[]> {
  const listed = clashes.slice(0, LISTED_CLASHES);
  const storedIds = [...new Set(listed.map((c) => c.other.id).filter((id) => id > 0))];
  const stored = storedIds.length ? await loadEntries(scope, inArray(scheduleEntries.id, storedIds)) : [];
  const byId = new Map(stored.map((e) => [e.id, toEntryDto(e)]));
  const courseIds = [...new Set(listed.map((c) => c.other.courseId))];
  const teacherIds = [...new Set(listed.flatMap((c) => (c.kind === 'teacher' ? [c.other.teacherId] : [])))];
  const roomIds = [...new Set(listed.flatMap((c) => (c.kind === 'room' ? [c.other.roomId] : [])))];
  const studentIds = [...new Set(listed.flatMap((c) => c.studentIds.slice(0, STUDENT_EXAMPLES)))];
  const [courseRows, teacherRows, roomRows, studentRows] = await Promise.all([
    scope.select(courses, { id: courses.id, name: courses.name }, inArray(courses.id, courseIds)),
    teacherIds.length ? scope.select(teachers, { id: teachers.id, name: teachers.name }, inArray(teachers.id, teacherIds)) : [],
    roomIds.length ? scope.select(rooms, { id: rooms.id, code: rooms.code, name: rooms.name }, inArray(rooms.id, roomIds)) : [],
    studentIds.length ? scope.select(students, { id: students.id, name: students.name }, inArray(students.id, studentIds)) : [],
  ]);
  const courseName = new Map(courseRows.map((c) => [c.id, c.name]));
  const teacherName = new Map(teacherRows.map((r) => [r.id, r.name]));
  const room = new Map(roomRows.map((r) => [r.id, r]));
  const studentName = new Map(studentRows.map((r) => [r.id, r.name]));
  return listed.map((c): ScheduleConflict => {
    const other = c.other;
    const dto = byId.get(other.id);
    const base = {
      kind: c.kind,
      entryId: other.id,
      courseId: other.courseId,
      courseName: courseName.get(other.courseId) ?? '',
      weekday: other.weekday,
      startTime: formatHm(other.startMin),
      endTime: formatHm(other.endMin),
      weekStart: other.weekStart,
      weekEnd: other.weekEnd,
      weekPattern: other.weekPattern,
      weeks: c.weeks,
      withEntryId: null,
    };
    if (c.kind === 'teacher') {
      const name = dto?.teacherName ?? teacherName.get(other.teacherId) ?? `#${other.teacherId}`;
      return { ...base, ...describeSharedTeacher(other.teacherId, name, locale) };
    }
    if (c.kind === 'room') {
      const r = room.get(other.roomId);
      const shared = { id: other.roomId, code: dto?.roomCode ?? r?.code ?? '', name: dto?.roomName ?? r?.name ?? `#${other.roomId}` };
      return { ...base, ...describeSharedRoom(shared, locale) };
    }
    return { ...base, ...describeSharedStudents(c.studentIds, (id) => studentName.get(id), locale) };
  });
}
