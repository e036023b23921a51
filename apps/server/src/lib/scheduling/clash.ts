import type { ClashKind, WeekPattern } from '@campus/contract';

/** When an entry meets: weekday 1-7, minutes from midnight [startMin, endMin), term weeks [weekStart, weekEnd]. */
export interface Meeting {
  weekday: number;
  startMin: number;
  endMin: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
}

/** A meeting with the resources it holds. */
export interface EngineEntry extends Meeting {
  /** 0 for an entry not written yet. */
  id: number;
  courseId: number;
  teacherId: number;
  roomId: number;
  /** Students enrolled in the course (callers may pass only the ones that matter). */
  studentIds: readonly number[];
}

export interface Clash {
  kind: ClashKind;
  /** The entry checked. */
  entry: EngineEntry;
  /** The entry it clashes with. */
  other: EngineEntry;
  /** The weeks both meet in, ascending. */
  weeks: number[];
  /** For kind 'student': the students in both, ascending. */
  studentIds: number[];
}

export function meetsInWeek(pattern: WeekPattern, week: number): boolean {
  return pattern === 'all' || (pattern === 'odd') === (week % 2 === 1);
}

/**
 * The weeks both meetings happen in: the overlap of their week ranges, kept
 * to the weeks both patterns allow. Parity is taken within the overlap, so
 * all∩odd over an overlap of week 2 alone is empty.
 */
export function findSharedWeeks(a: Meeting, b: Meeting): number[] {
  const from = Math.max(a.weekStart, b.weekStart);
  const to = Math.min(a.weekEnd, b.weekEnd);
  if (from > to) return [];
  if (a.weekPattern !== 'all' && b.weekPattern !== 'all' && a.weekPattern !== b.weekPattern) return [];
  const pattern = a.weekPattern === 'all' ? b.weekPattern : a.weekPattern;
  const weeks: number[] = [];
  for (let w = from; w <= to; w++) if (meetsInWeek(pattern, w)) weeks.push(w);
  return weeks;
}

/** Same weekday and overlapping half-open times: back-to-back (end == start) is not an overlap. */
export function overlapsInTime(a: Meeting, b: Meeting): boolean {
  return a.weekday === b.weekday && a.startMin < b.endMin && b.startMin < a.endMin;
}

/** The weeks in which the two meet at the same moment; empty when they never do. */
export function findMeetingOverlap(a: Meeting, b: Meeting): number[] {
  return overlapsInTime(a, b) ? findSharedWeeks(a, b) : [];
}

function intersectSorted(a: readonly number[], b: readonly number[]): number[] {
  const other = new Set(b);
  return [...new Set(a)].filter((x) => other.has(x)).sort((x, y) => x - y);
}

/**
 * One lesson taught together: two entries of one course at the same meeting
 * (day, times, weeks) in the same room with different teachers. An entry holds
 * one teacher, so a co-taught lesson is an entry per teacher (a timetable plan
 * writes them so); they share the room and the students by design.
 */
export function isCoTaught(a: EngineEntry, b: EngineEntry): boolean {
  return (
    a.courseId === b.courseId &&
    a.roomId === b.roomId &&
    a.teacherId !== b.teacherId &&
    a.weekday === b.weekday &&
    a.startMin === b.startMin &&
    a.endMin === b.endMin &&
    a.weekStart === b.weekStart &&
    a.weekEnd === b.weekEnd &&
    a.weekPattern === b.weekPattern
  );
}

/**
 * Every way `entry` clashes with `other`: one clash per shared resource
 * (teacher, room, students), so a slot sharing teacher and room lists both.
 * The entries of a co-taught lesson (isCoTaught) never clash with each other.
 */
export function compareEntries(
  entry: EngineEntry,
  other: EngineEntry,
  kinds: readonly ClashKind[] = ['teacher', 'room', 'student'],
): Clash[] {
  if (entry.id !== 0 && entry.id === other.id) return [];
  if (isCoTaught(entry, other)) return [];
  const weeks = findMeetingOverlap(entry, other);
  if (!weeks.length) return [];
  const clashes: Clash[] = [];
  if (kinds.includes('teacher') && entry.teacherId === other.teacherId)
    clashes.push({ kind: 'teacher', entry, other, weeks, studentIds: [] });
  if (kinds.includes('room') && entry.roomId === other.roomId) clashes.push({ kind: 'room', entry, other, weeks, studentIds: [] });
  if (kinds.includes('student')) {
    const shared = intersectSorted(entry.studentIds, other.studentIds);
    if (shared.length) clashes.push({ kind: 'student', entry, other, weeks, studentIds: shared });
  }
  return clashes;
}

/** Every clash of each candidate with each other entry (an entry never clashes with itself). */
export function findClashes(
  candidates: readonly EngineEntry[],
  others: readonly EngineEntry[],
  kinds: readonly ClashKind[] = ['teacher', 'room', 'student'],
): Clash[] {
  return candidates.flatMap((c) => others.flatMap((o) => compareEntries(c, o, kinds)));
}
