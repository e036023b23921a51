import { describe, expect, it } from 'vitest';
import {
  BASE_DAY,
  assignLanes,
  compressWeeks,
  countRows,
  dragToTarget,
  findColumnAt,
  fitDayRange,
  fitLessonDay,
  listRowStarts,
  listTimeOptions,
  minuteToRow,
  offsetToMinute,
  placeSpan,
  readTypedSlot,
  selectionToRange,
  toTimeSpan,
  type DayRange,
} from './schedule-grid-logic';

const DAY: DayRange = { startMin: 8 * 60, endMin: 12 * 60, stepMin: 30 };
const ROW = 24;

describe('time → row mapping', () => {
  it('lists one row per step from the start of the day', () => {
    expect(countRows(DAY)).toBe(8);
    expect(listRowStarts(DAY)).toEqual([480, 510, 540, 570, 600, 630, 660, 690]);
    expect(countRows(BASE_DAY)).toBe(30);
  });

  it('maps a minute to the row holding it; a boundary opens the row below; outside clamps', () => {
    expect(minuteToRow(480, DAY)).toBe(0);
    expect(minuteToRow(509, DAY)).toBe(0);
    expect(minuteToRow(510, DAY)).toBe(1);
    expect(minuteToRow(719, DAY)).toBe(7);
    expect(minuteToRow(720, DAY)).toBe(7);
    expect(minuteToRow(300, DAY)).toBe(0);
  });

  it('turns a pixel offset into a minute and places spans by the minute', () => {
    expect(offsetToMinute(0, DAY, ROW)).toBe(480);
    expect(offsetToMinute(36, DAY, ROW)).toBe(525);
    expect(placeSpan({ startTime: '08:30', endTime: '09:15' }, DAY, ROW)).toEqual({ top: 24, height: 36 });
    // Clipped to the day rather than drawn outside the grid.
    expect(placeSpan({ startTime: '07:00', endTime: '08:30' }, DAY, ROW)).toEqual({ top: 0, height: 24 });
  });

  it('widens the base day to whole rows around what it shows', () => {
    expect(fitDayRange([], DAY)).toEqual(DAY);
    expect(fitDayRange([{ startTime: '07:10', endTime: '12:05' }], DAY)).toEqual({ startMin: 420, endMin: 750, stepMin: 30 });
  });
});

describe('selection → range', () => {
  it('covers whole rows from the row pressed to the row released, either direction', () => {
    expect(selectionToRange(2, 4, DAY)).toEqual({ startMin: 540, endMin: 630 });
    expect(selectionToRange(4, 2, DAY)).toEqual({ startMin: 540, endMin: 630 });
    expect(toTimeSpan(selectionToRange(0, 0, DAY))).toEqual({ startTime: '08:00', endTime: '08:30' });
  });

  it('never ends after the day', () => {
    const odd: DayRange = { startMin: 480, endMin: 700, stepMin: 30 };
    expect(selectionToRange(7, 7, odd)).toEqual({ startMin: 690, endMin: 700 });
  });
});

describe('drag → new weekday and time', () => {
  const block = { startTime: '09:00', endTime: '10:30' };

  it('keeps the grab point under the pointer, snaps to quarter hours and keeps the duration', () => {
    // Grabbed 20 minutes into the block, dropped with the pointer at 10:52 on Wednesday.
    expect(dragToTarget(block, 20, 652, 3, DAY)).toEqual({ weekday: 3, startMin: 630, endMin: 720 });
    expect(dragToTarget(block, 0, 545, 1, DAY)).toEqual({ weekday: 1, startMin: 540, endMin: 630 });
  });

  it('stays inside the day at both ends and inside Monday to Sunday', () => {
    expect(dragToTarget(block, 0, 300, 2, DAY)).toEqual({ weekday: 2, startMin: 480, endMin: 570 });
    expect(dragToTarget(block, 0, 715, 9, DAY)).toEqual({ weekday: 7, startMin: 630, endMin: 720 });
  });

  it('finds the column under the pointer', () => {
    const cols = [
      { left: 100, right: 200 },
      { left: 200, right: 300 },
    ];
    expect(findColumnAt(150, cols)).toBe(0);
    expect(findColumnAt(200, cols)).toBe(1);
    expect(findColumnAt(300, cols)).toBeNull();
    expect(findColumnAt(50, cols)).toBeNull();
  });
});

describe('lanes for overlapping blocks', () => {
  it('puts overlapping spans side by side and leaves back-to-back ones full width', () => {
    const odd = { id: 'odd', startTime: '08:00', endTime: '09:30' };
    const even = { id: 'even', startTime: '08:00', endTime: '09:30' };
    const after = { id: 'after', startTime: '09:30', endTime: '10:00' };
    const laned = assignLanes([after, even, odd]);
    const of = (id: string) => laned.find((l) => l.item.id === id);
    expect(of('odd')?.lanes).toBe(2);
    expect(of('even')?.lanes).toBe(2);
    expect(new Set([of('odd')?.lane, of('even')?.lane])).toEqual(new Set([0, 1]));
    expect(of('after')).toMatchObject({ lane: 0, lanes: 1 });
  });

  it('reuses a freed lane inside one overlapping group', () => {
    const laned = assignLanes([
      { id: 'a', startTime: '08:00', endTime: '10:00' },
      { id: 'b', startTime: '08:00', endTime: '08:30' },
      { id: 'c', startTime: '09:00', endTime: '09:30' },
    ]);
    expect(laned.map((l) => [l.item.id, l.lane, l.lanes])).toEqual([
      ['b', 0, 2],
      ['a', 1, 2],
      ['c', 0, 2],
    ]);
  });
});

describe('helpers', () => {
  it('compresses week lists into ranges', () => {
    expect(compressWeeks([1, 2, 3, 5, 7, 8])).toBe('1-3, 5, 7-8');
    expect(compressWeeks([4])).toBe('4');
    expect(compressWeeks([])).toBe('');
  });

  it('offers every five minutes of the day', () => {
    const times = listTimeOptions(5);
    expect(times).toHaveLength(288);
    expect(times[0]).toBe('00:00');
    expect(times.at(-1)).toBe('23:55');
  });
});

describe('readTypedSlot', () => {
  it('is the slot the form describes once day, start and end are set in order', () => {
    expect(readTypedSlot({ weekday: 3, startTime: '10:00', endTime: '11:00' }, null)).toEqual({ weekday: 3, startMin: 600, endMin: 660 });
    expect(readTypedSlot({ weekday: 3, startTime: '10:00' }, null)).toBeNull();
    expect(readTypedSlot({ weekday: 3, startTime: '11:00', endTime: '10:00' }, null)).toBeNull();
  });

  it('is nothing for an entry still in its own slot', () => {
    const entry = { weekday: 1, startTime: '08:00', endTime: '09:40' };
    expect(readTypedSlot({ ...entry }, entry)).toBeNull();
    expect(readTypedSlot({ ...entry, weekday: 2 }, entry)).toEqual({ weekday: 2, startMin: 480, endMin: 580 });
  });
});

describe('fitLessonDay', () => {
  it('draws whole hours from the first lesson to the last', () => {
    const day = fitLessonDay([
      { startTime: '08:00', endTime: '08:45' },
      { startTime: '14:55', endTime: '16:45' },
    ]);
    expect(day).toEqual({ startMin: 8 * 60, endMin: 17 * 60, stepMin: 30 });
  });

  it('keeps the base day when the week is empty, and at least an hour for one short lesson', () => {
    expect(fitLessonDay([])).toEqual(BASE_DAY);
    expect(fitLessonDay([{ startTime: '10:00', endTime: '10:00' }])).toEqual({ startMin: 600, endMin: 660, stepMin: 30 });
  });
});
