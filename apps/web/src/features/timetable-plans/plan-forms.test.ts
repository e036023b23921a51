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

  it('opens every rule with a form of its own in it, and builds it back unchanged', () => {
    const rows = [
      { id: 1, type: 'breakTimes' as const, weight: 100, slots: [{ day: 1, period: 5 }] },
      { id: 2, type: 'roomNotAvailable' as const, weight: 100, roomId: '3', slots: [{ day: 2, period: 1 }], comment: 'Lab cleaning' },
      {
        id: 3,
        type: 'maxHoursContinuously' as const,
        weight: 100,
        target: { kind: 'studentSet' as const, studentSetId: 'y1' },
        maxHours: 3,
      },
      { id: 4, type: 'minHoursDaily' as const, weight: 100, target: { kind: 'studentSet' as const }, minHours: 4, allowEmptyDays: false },
      { id: 5, type: 'maxGapsPerWeek' as const, weight: 90, target: { kind: 'teacher' as const }, maxGaps: 5 },
      { id: 6, type: 'maxDaysPerWeek' as const, weight: 100, target: { kind: 'teacher' as const, teacherId: '7' }, maxDays: 3 },
      { id: 7, type: 'minDaysPerWeek' as const, weight: 50, target: { kind: 'teacher' as const, teacherId: '7' }, minDays: 2 },
      { id: 8, type: 'maxGapsPerDay' as const, weight: 100, target: { kind: 'studentSet' as const, studentSetId: 'g' }, maxGaps: 0 },
      { id: 9, type: 'maxHoursDaily' as const, weight: 100, target: { kind: 'teacher' as const, teacherId: '7' }, maxHours: 6 },
    ];
    for (const row of rows) {
      const form = formFromConstraint(row);
      expect(form.type).toBe(row.type);
      const { id, ...body } = row;
      void id;
      expect(buildConstraint(form, t)).toEqual(body);
    }
    // No teacher chosen is a rule for every teacher; the form keeps that.
    const everyTeacher = formFromConstraint({ id: 5, type: 'maxGapsPerWeek', weight: 90, target: { kind: 'teacher' }, maxGaps: 5 });
    expect(everyTeacher).toMatchObject({ kind: 'teacher', who: undefined });
  });

  it('changes a rule through its form: a room rule needs its room, a number its bound', () => {
    const room = formFromConstraint({ id: 2, type: 'roomNotAvailable', weight: 100, roomId: '3', slots: [] });
    expect(buildConstraint({ ...room, roomId: undefined }, t)).toMatch(/^tplan.constraint.jsonInvalid.*roomId/);
    const days = formFromConstraint({ id: 6, type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher' }, maxDays: 3 });
    expect(buildConstraint({ ...days, amount: 4 }, t)).toMatchObject({ maxDays: 4 });
    expect(buildConstraint({ ...days, amount: 8 }, t)).toMatch(/^tplan.constraint.jsonInvalid.*maxDays/);
    expect(buildConstraint({ ...days, type: 'minDaysPerWeek', amount: 2 }, t)).toEqual({
      weight: 100,
      target: { kind: 'teacher' },
      type: 'minDaysPerWeek',
      minDays: 2,
    });
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
