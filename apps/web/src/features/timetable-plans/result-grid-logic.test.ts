import { describe, expect, it } from 'vitest';
import type { TimetablePlan } from '@campus/contract';
import { parseLessons } from './activities-panel';
import { buildGrid, relatedSets } from './result-grid-logic';

const activity = (id: number, over: Partial<TimetablePlan['activities'][number]>): TimetablePlan['activities'][number] => ({
  id,
  externalId: null,
  groupId: null,
  subjectId: null,
  subjectName: `S${id}`,
  teacherIds: [],
  studentSetIds: [],
  studentSets: [],
  tagIds: [],
  durationPeriods: 1,
  size: null,
  roomIds: [],
  courseId: null,
  weekPattern: 'all',
  locked: null,
  ...over,
});

const plan = {
  studentSets: [
    { id: 'y', name: 'Year', kind: 'year' as const, parentIds: [] },
    { id: 'a', name: 'A', kind: 'group' as const, parentIds: ['y'] },
    { id: 'b', name: 'B', kind: 'group' as const, parentIds: ['y'] },
  ],
  teachers: [{ id: 7, name: 'Ms T' }],
  rooms: [{ id: 3, name: 'Lab', code: 'L', capacity: 30 }],
  periods: [1, 2, 3].map((index) => ({ index, name: String(index), startTime: null, endTime: null })),
  activities: [
    activity(1, { studentSetIds: ['y'], teacherIds: [7], durationPeriods: 2 }),
    activity(2, { studentSetIds: ['a'], locked: { day: 1, period: 3, roomId: null } }),
    activity(3, { studentSetIds: ['b'] }),
  ],
};
const solution = {
  placements: [
    { activityId: 1, externalId: null, day: 1, period: 1, roomId: 3 },
    { activityId: 2, externalId: null, day: 1, period: 3, roomId: null },
    { activityId: 3, externalId: null, day: 2, period: 1, roomId: null },
  ],
};

describe('result grid', () => {
  it("shows a class its own lessons and its year's, a lesson in each of its periods", () => {
    expect([...relatedSets(plan, 'a')].sort()).toEqual(['a', 'y']);
    const grid = buildGrid(plan, solution, 'class', 'a');
    expect([...grid.keys()].sort()).toEqual(['1:1', '1:2', '1:3']);
    expect(grid.get('1:2')?.[0]).toMatchObject({ activityId: 1, isStart: false, detail: 'Ms T · Lab' });
    expect(grid.get('1:3')?.[0]).toMatchObject({ activityId: 2, isLocked: true });
  });

  it('names the class or group of a lesson for part of the set shown, not one for all of it', () => {
    const year = buildGrid(plan, solution, 'class', 'y');
    expect([...year.keys()].sort()).toEqual(['1:1', '1:2', '1:3', '2:1']);
    expect(year.get('1:1')?.[0]).toMatchObject({ activityId: 1, detail: 'Ms T · Lab' });
    expect(year.get('1:3')?.[0]).toMatchObject({ activityId: 2, detail: 'A' });
    expect(year.get('2:1')?.[0]).toMatchObject({ activityId: 3, detail: 'B' });
    // In class A's own week its lessons and the year's carry no class name.
    expect(buildGrid(plan, solution, 'class', 'a').get('1:3')?.[0]?.detail).toBe('');
  });

  it('shows a teacher and a room their lessons only', () => {
    expect([...buildGrid(plan, solution, 'teacher', '7').keys()].sort()).toEqual(['1:1', '1:2']);
    expect([...buildGrid(plan, solution, 'room', '3').keys()].sort()).toEqual(['1:1', '1:2']);
    expect(buildGrid(plan, solution, 'class', 'b').has('2:1')).toBe(true);
  });

  it('reads the lessons of a week as comma-separated lengths', () => {
    expect(parseLessons('2, 1，1')).toEqual([2, 1, 1]);
    expect(parseLessons('')).toBeNull();
    expect(parseLessons('0')).toBeNull();
    expect(parseLessons('1.5')).toBeNull();
  });
});
