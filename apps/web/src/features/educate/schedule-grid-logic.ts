import { formatHm, parseHm, type ScheduleEntry } from '@campus/contract';

// Geometry of the week grid: weekday columns 1-7, time rows of `stepMin`
// minutes from `startMin`. Pure, so the mapping is unit-tested apart from the DOM.

export interface DayRange {
  /** Minutes from midnight. */
  startMin: number;
  endMin: number;
  /** One row of the grid, minutes. */
  stepMin: number;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A working day wide enough for most campuses; widened to fit what the grid shows. */
export const BASE_DAY: DayRange = { startMin: 7 * 60, endMin: 22 * 60, stepMin: 30 };
/** Moves snap to quarter hours: class times like 08:15 stay reachable by drag. */
export const MOVE_SNAP_MIN = 15;

export interface TimeSpan {
  startTime: string;
  endTime: string;
}

export interface MinuteRange {
  startMin: number;
  endMin: number;
}

/** The base day widened to whole rows around every span shown (entries, suggestions, the campus day). */
export function fitDayRange(spans: readonly TimeSpan[], base: DayRange = BASE_DAY): DayRange {
  let { startMin, endMin } = base;
  const step = base.stepMin;
  for (const s of spans) {
    startMin = Math.min(startMin, Math.floor(parseHm(s.startTime) / step) * step);
    endMin = Math.max(endMin, Math.ceil(parseHm(s.endTime) / step) * step);
  }
  return { startMin: Math.max(0, startMin), endMin: Math.min(24 * 60, endMin), stepMin: step };
}

/**
 * A read-only week's day: whole hours from its first lesson to its last, so a
 * week of 45-minute lessons is not drawn in a 07:00-22:00 strip; the base day
 * when there is nothing to show.
 */
export function fitLessonDay(spans: readonly TimeSpan[], base: DayRange = BASE_DAY): DayRange {
  if (spans.length === 0) return base;
  const starts = spans.map((s) => parseHm(s.startTime));
  const ends = spans.map((s) => parseHm(s.endTime));
  const startMin = Math.floor(Math.min(...starts) / 60) * 60;
  const endMin = Math.max(Math.ceil(Math.max(...ends) / 60) * 60, startMin + 60);
  return { startMin, endMin, stepMin: base.stepMin };
}

export function countRows(day: DayRange): number {
  return Math.ceil((day.endMin - day.startMin) / day.stepMin);
}

/** The start minute of each row. */
export function listRowStarts(day: DayRange): number[] {
  return Array.from({ length: countRows(day) }, (_, i) => day.startMin + i * day.stepMin);
}

/** The row holding `minute` (a minute on a row boundary opens the row below), clamped to the grid. */
export function minuteToRow(minute: number, day: DayRange): number {
  const row = Math.floor((minute - day.startMin) / day.stepMin);
  return Math.min(Math.max(row, 0), countRows(day) - 1);
}

/** Vertical placement of a span in a column whose rows are `rowPx` high. */
export function placeSpan(span: TimeSpan, day: DayRange, rowPx: number): { top: number; height: number } {
  const pxPerMin = rowPx / day.stepMin;
  const start = Math.max(parseHm(span.startTime), day.startMin);
  const end = Math.min(parseHm(span.endTime), day.endMin);
  return { top: (start - day.startMin) * pxPerMin, height: Math.max(end - start, 0) * pxPerMin };
}

/** The minute at `offsetPx` from the top of a column, unclamped. */
export function offsetToMinute(offsetPx: number, day: DayRange, rowPx: number): number {
  return day.startMin + (offsetPx / rowPx) * day.stepMin;
}

/** A pointer selection from the row pressed to the row released, either direction: whole rows, both ends included. */
export function selectionToRange(anchorRow: number, currentRow: number, day: DayRange): MinuteRange {
  const first = Math.min(anchorRow, currentRow);
  const last = Math.max(anchorRow, currentRow);
  return { startMin: day.startMin + first * day.stepMin, endMin: Math.min(day.startMin + (last + 1) * day.stepMin, day.endMin) };
}

export function toTimeSpan(range: MinuteRange): TimeSpan {
  return { startTime: formatHm(range.startMin), endTime: formatHm(range.endMin) };
}

export interface MoveTarget {
  weekday: number;
  startMin: number;
  endMin: number;
}

/**
 * Where a dragged block lands: the column under the pointer, and a start that
 * keeps the grab point under the pointer, snapped and kept inside the day with
 * the block's duration unchanged.
 */
export function dragToTarget(
  span: TimeSpan,
  grabOffsetMin: number,
  pointerMin: number,
  weekday: number,
  day: DayRange,
  snapMin = MOVE_SNAP_MIN,
): MoveTarget {
  const duration = parseHm(span.endTime) - parseHm(span.startTime);
  const raw = pointerMin - grabOffsetMin;
  const snapped = Math.round(raw / snapMin) * snapMin;
  const latest = Math.max(day.startMin, day.endMin - duration);
  const startMin = Math.min(Math.max(snapped, day.startMin), latest);
  return { weekday: Math.min(Math.max(weekday, 1), 7), startMin, endMin: startMin + duration };
}

/** The column index under `x` given each column's left and right edges, or null outside them all. */
export function findColumnAt(x: number, columns: readonly { left: number; right: number }[]): number | null {
  const i = columns.findIndex((c) => x >= c.left && x < c.right);
  return i === -1 ? null : i;
}

export interface Laned<T> {
  item: T;
  lane: number;
  lanes: number;
}

/**
 * Side-by-side lanes for spans of one day that overlap in time (odd and even
 * weeks share a slot, a clash shown next to an entry): each overlapping group
 * splits its width evenly.
 */
export function assignLanes<T extends TimeSpan>(items: readonly T[]): Laned<T>[] {
  const sorted = [...items].sort((a, b) => parseHm(a.startTime) - parseHm(b.startTime) || parseHm(a.endTime) - parseHm(b.endTime));
  const result: Laned<T>[] = [];
  let group: Laned<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const g of group) g.lanes = laneEnds.length;
    result.push(...group);
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const start = parseHm(item.startTime);
    const end = parseHm(item.endTime);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((e) => e <= start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    group.push({ item, lane, lanes: 0 });
    groupEnd = Math.max(groupEnd, end);
  }
  closeGroup();
  return result;
}

/** Week numbers as people read them: [1, 2, 3, 5, 7, 8] → "1-3, 5, 7-8". */
export function compressWeeks(weeks: readonly number[]): string {
  const sorted = [...new Set(weeks)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** Every `stepMin` minutes of the day as HH:mm, for time pickers a keyboard can search. */
export function listTimeOptions(stepMin = 5): string[] {
  return Array.from({ length: Math.floor((24 * 60) / stepMin) }, (_, i) => formatHm(i * stepMin));
}

const HM = /^\d{2}:\d{2}$/;

/**
 * The slot an entry form's day and times describe, for the grid to draw while
 * the user types; null while incomplete or backwards, or when it is the
 * entry's own slot (drawn already).
 */
export function readTypedSlot(
  values: { weekday?: number | undefined; startTime?: string | undefined; endTime?: string | undefined },
  entry: Pick<ScheduleEntry, 'weekday' | 'startTime' | 'endTime'> | null,
): (MinuteRange & { weekday: number }) | null {
  const { weekday, startTime, endTime } = values;
  if (!weekday || !startTime || !endTime || !HM.test(startTime) || !HM.test(endTime)) return null;
  const startMin = parseHm(startTime);
  const endMin = parseHm(endTime);
  if (endMin <= startMin) return null;
  const isOwnSlot = entry !== null && entry.weekday === weekday && entry.startTime === startTime && entry.endTime === endTime;
  return isOwnSlot ? null : { weekday, startMin, endMin };
}
