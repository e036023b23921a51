import { describe, expect, it } from 'vitest';
import { toActivityBody } from './activity-edit-drawer';
import { checkBellSchedule } from './bell-panel';
import { buildConstraint, formFromConstraint } from './constraints-panel';
import { checkStudentSets } from './student-sets-panel';

const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('timetable plan editing forms', () => {
  it('sends an emptied list and a cleared size as JSON reads them', () => {
    expect(toActivityBody({ teacherIds: '', roomIds: [3], studentSetIds: '', size: '', weekPattern: 'odd' })).toEqual({
      teacherIds: [],
      roomIds: [3],
      studentSetIds: [],
      size: null,
      weekPattern: 'odd',
    });
  });

  it('opens a stored constraint in its own form, and unchanged it builds the same constraint', () => {
    const row = {
      id: 9,
      type: 'notAvailable' as const,
      weight: 100,
      target: { kind: 'teacher' as const, teacherId: '4' },
      slots: [{ day: 2, period: 3 }],
    };
    const form = formFromConstraint(row);
    expect(form).toMatchObject({ type: 'notAvailable', kind: 'teacher', who: '4' });
    expect([...form.slots]).toEqual(['2:3']);
    const { id, ...body } = row;
    void id;
    expect(buildConstraint(form, t)).toEqual(body);
    const other = formFromConstraint({
      id: 1,
      type: 'minDaysBetweenActivities',
      weight: 95,
      activityIds: ['1', '2'],
      minDays: 1,
      consecutiveIfSameDay: false,
    });
    expect(other.type).toBe('json');
    expect(JSON.parse(other.json)).toMatchObject({ type: 'minDaysBetweenActivities', minDays: 1 });
  });

  it('words a bell schedule’s broken rules as the contract does', () => {
    const ok = { days: [{ name: 'Mon', weekday: 1 }], periods: [{ name: '1', startTime: '08:00', endTime: '08:45' }] };
    expect(checkBellSchedule(ok, 'en-US')).toEqual([]);
    const twice = { ...ok, days: [...ok.days, { name: 'Again', weekday: 1 }] };
    expect(checkBellSchedule(twice, 'en-US')).toHaveLength(1);
    const backwards = { ...ok, periods: [{ name: '1', startTime: '09:00', endTime: '08:00' }] };
    expect(checkBellSchedule(backwards, 'en-US')).toHaveLength(1);
  });

  it('refuses student sets with an empty name or an id used twice', () => {
    const set = { id: 'y1', name: 'Year 1', kind: 'year' as const, parentIds: [] };
    expect(checkStudentSets([set], 'en-US', 'dup')).toEqual([]);
    expect(checkStudentSets([set, { ...set, name: 'Other' }], 'en-US', 'dup')).toEqual(['dup: y1']);
    expect(checkStudentSets([{ ...set, name: '' }], 'en-US', 'dup')).toHaveLength(1);
  });
});
