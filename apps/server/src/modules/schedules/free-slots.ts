import type { WeekPattern } from '@campus/contract';
import { compareEntries, findMeetingOverlap, type EngineEntry } from '../../lib/scheduling/clash.js';

export interface RoomOption {
  id: number;
  code: string;
  name: string;
  capacity: number;
}

export interface FreeSlotSearch {
  weekdays: readonly number[];
  dayStartMin: number;
  dayEndMin: number;
  stepMin: number;
  duration: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
  courseId: number;
  teacherId: number;
  /** The course's enrolled students. */
  studentIds: readonly number[];
  /** Rooms big enough, in the order to offer them. */
  rooms: readonly RoomOption[];
  /** The term's entries (students limited to the course's), without the one being moved. */
  entries: readonly EngineEntry[];
}

export interface FoundSlot {
  weekday: number;
  startMin: number;
  endMin: number;
  rooms: RoomOption[];
}

/**
 * Each start on the campus's step grid where the teacher and every student
 * are free and at least one big-enough room is free, by the same engine the
 * writes use: a slot offered here is a write that passes.
 */
export function findFreeSlots(search: FreeSlotSearch): FoundSlot[] {
  const step = Math.max(1, search.stepMin);
  const slots: FoundSlot[] = [];
  for (const weekday of search.weekdays) {
    for (let startMin = search.dayStartMin; startMin + search.duration <= search.dayEndMin; startMin += step) {
      const candidate: EngineEntry = {
        id: 0,
        courseId: search.courseId,
        weekday,
        startMin,
        endMin: startMin + search.duration,
        weekStart: search.weekStart,
        weekEnd: search.weekEnd,
        weekPattern: search.weekPattern,
        teacherId: search.teacherId,
        // No room yet: -1 matches none, so only teacher and students are compared here.
        roomId: -1,
        studentIds: search.studentIds,
      };
      const meeting = search.entries.filter((e) => findMeetingOverlap(candidate, e).length > 0);
      if (meeting.some((e) => compareEntries(candidate, e, ['teacher', 'student']).length > 0)) continue;
      const taken = new Set(meeting.map((e) => e.roomId));
      const rooms = search.rooms.filter((r) => !taken.has(r.id));
      if (rooms.length) slots.push({ weekday, startMin, endMin: candidate.endMin, rooms });
    }
  }
  return slots;
}
