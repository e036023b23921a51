import type { WeekPattern } from '@campus/contract';
import { findMeetingOverlap, type Meeting } from '../lib/scheduling/clash.js';
import { shuffle, type Random } from './demo-random.js';

/** Any clash of the product's rule (lib/scheduling/clash.ts); whether it matters (same teacher, room or student) is the caller's question. */
const meetingsClash = (a: Meeting, b: Meeting): boolean => findMeetingOverlap(a, b).length > 0;

const hm = (h: number, m: number) => h * 60 + m;

/** Periods of 45 minutes as a senior high school bells them. */
export const PERIODS = [
  { startMin: hm(8, 0), endMin: hm(8, 45) },
  { startMin: hm(8, 55), endMin: hm(9, 40) },
  { startMin: hm(10, 0), endMin: hm(10, 45) },
  { startMin: hm(10, 55), endMin: hm(11, 40) },
  { startMin: hm(14, 0), endMin: hm(14, 45) },
  { startMin: hm(14, 55), endMin: hm(15, 40) },
  { startMin: hm(16, 0), endMin: hm(16, 45) },
] as const;

export type DayPart = 'am' | 'pm' | 'late' | 'any';

interface Block {
  startMin: number;
  endMin: number;
  periods: number;
  part: 'am' | 'pm' | 'late';
}

/** Single periods and the double periods labs and PE use (a double runs through its break). */
const BLOCKS: readonly Block[] = [
  ...PERIODS.map((p, i): Block => ({ ...p, periods: 1, part: i < 4 ? 'am' : i < 6 ? 'pm' : 'late' })),
  { startMin: hm(8, 0), endMin: hm(9, 40), periods: 2, part: 'am' },
  { startMin: hm(10, 0), endMin: hm(11, 40), periods: 2, part: 'am' },
  { startMin: hm(14, 0), endMin: hm(15, 40), periods: 2, part: 'pm' },
  { startMin: hm(14, 55), endMin: hm(16, 45), periods: 2, part: 'pm' },
];

export interface SessionRequest {
  periods: 1 | 2;
  part: DayPart;
  pattern?: WeekPattern;
}

export interface CourseRequest {
  teacher: number;
  capacity: number;
  /** Rooms in order of preference; any of them must seat the whole course. */
  rooms: readonly number[];
  /** Rooms to fall back on when the preferred ones are all taken. */
  fallbackRooms: readonly number[];
  sessions: readonly SessionRequest[];
}

export interface PlacedEntry extends Meeting {
  course: number;
  teacher: number;
  room: number;
  periods: number;
}

/**
 * Places every session of every course greedily, earlier courses first: the
 * first (weekday, block, room) in a shuffled order that clashes, by
 * meetingsClash, with nothing already placed for the same teacher or room. Students are kept apart later
 * by enrolling them only into courses that do not clash with theirs.
 */
export function allocateTimetable(
  rng: Random,
  courses: readonly CourseRequest[],
  roomCapacity: readonly number[],
  weeks: number,
): PlacedEntry[] {
  const placed: PlacedEntry[] = [];
  for (const [course, request] of courses.entries()) {
    const usedDays = new Set<number>();
    for (const session of request.sessions) {
      const meetingBase = { weekStart: 1, weekEnd: weeks, weekPattern: session.pattern ?? 'all' } as const;
      const blocks = BLOCKS.filter((b) => b.periods === session.periods && (session.part === 'any' || b.part === session.part));
      const slots = shuffle(
        rng,
        [1, 2, 3, 4, 5].flatMap((weekday) => blocks.map((block) => ({ weekday, block }))),
      );
      // A course meets on different days when it can; a second session the same day is the last resort.
      const ordered = [...slots.filter((s) => !usedDays.has(s.weekday)), ...slots.filter((s) => usedDays.has(s.weekday))];
      const fits = (r: number) => (roomCapacity[r] ?? 0) >= request.capacity;
      let entry: PlacedEntry | undefined;
      // Every slot in a proper room is tried before any fallback room: badminton belongs in the gym.
      for (const rooms of [request.rooms.filter(fits), request.fallbackRooms.filter(fits)]) {
        for (const { weekday, block } of ordered) {
          const meeting: Meeting = { weekday, startMin: block.startMin, endMin: block.endMin, ...meetingBase };
          const busy = placed.filter((p) => meetingsClash(p, meeting));
          if (busy.some((p) => p.teacher === request.teacher)) continue;
          const room = rooms.find((r) => !busy.some((p) => p.room === r));
          if (room === undefined) continue;
          entry = { ...meeting, course, teacher: request.teacher, room, periods: block.periods };
          break;
        }
        if (entry) break;
      }
      if (!entry) throw new Error(`demo timetable: no free slot for course #${course}`);
      placed.push(entry);
      usedDays.add(entry.weekday);
    }
  }
  return placed;
}

/** clash[i][j]: some entry of course i clashes with some entry of course j, so no student may take both. */
export function createCourseClashMatrix(courseCount: number, entries: readonly PlacedEntry[]): boolean[][] {
  const clash = Array.from({ length: courseCount }, () => Array.from({ length: courseCount }, () => false));
  for (const a of entries) {
    for (const b of entries) {
      if (a !== b && meetingsClash(a, b)) {
        const row = clash[a.course];
        if (row) row[b.course] = true;
      }
    }
  }
  return clash;
}
