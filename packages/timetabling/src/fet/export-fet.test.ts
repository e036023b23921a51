import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTimetable } from '../generate.js';
import type { Constraint, Plan } from '../model.js';
import { fetExample, hasFetCl, runFetCl } from '../test-support/fet-data.js';
import { readFetActivitiesXml, verifyFetTimetable } from '../verify/verify-fet.js';
import { exportFet } from './export-fet.js';
import { importFet } from './import-fet.js';
import { readFetSolution } from './read-fet-solution.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fet-export-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const sortedConstraints = (plan: Plan): string[] => plan.constraints.map((c) => JSON.stringify(c, Object.keys(c).sort())).sort();

/** A small school using every constraint type the model has. */
function everyRulePlan(): Plan {
  const constraints: Constraint[] = [
    { type: 'breakTimes', weight: 100, slots: [{ day: 1, period: 4 }] },
    { type: 'notAvailable', weight: 100, target: { kind: 'teacher', teacherId: 't1' }, slots: [{ day: 2, period: 1 }] },
    { type: 'notAvailable', weight: 100, target: { kind: 'studentSet', studentSetId: 'g1' }, slots: [{ day: 3, period: 6 }] },
    { type: 'roomNotAvailable', weight: 100, roomId: 'r2', slots: [{ day: 1, period: 1 }] },
    { type: 'maxHoursDaily', weight: 100, target: { kind: 'teacher' }, maxHours: 5 },
    { type: 'maxHoursDaily', weight: 90, target: { kind: 'studentSet', studentSetId: 'y1' }, maxHours: 6 },
    { type: 'minHoursDaily', weight: 100, target: { kind: 'studentSet' }, minHours: 2, allowEmptyDays: true },
    { type: 'maxHoursContinuously', weight: 100, target: { kind: 'teacher', teacherId: 't2' }, maxHours: 3 },
    { type: 'maxGapsPerDay', weight: 100, target: { kind: 'teacher' }, maxGaps: 2 },
    { type: 'maxGapsPerWeek', weight: 100, target: { kind: 'studentSet' }, maxGaps: 1 },
    { type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: 't2' }, maxDays: 3 },
    { type: 'minDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: 't1' }, minDays: 2 },
    { type: 'earlyMaxBeginningsAtSecondPeriod', weight: 100, target: { kind: 'studentSet' }, maxBeginnings: 2 },
    { type: 'tagMaxHoursDaily', weight: 100, target: { kind: 'studentSet', studentSetId: 'y1' }, tagId: 'lab', maxHours: 2 },
    {
      type: 'preferredStartingTimes',
      weight: 95,
      activities: { subjectId: 'math' },
      slots: [
        { day: 1, period: 1 },
        { day: 2, period: 2 },
      ],
    },
    { type: 'preferredStartingTimes', weight: 100, locked: true, activities: { activityIds: ['a3'] }, slots: [{ day: 3, period: 2 }] },
    {
      type: 'preferredTimeSlots',
      weight: 100,
      activities: { activityIds: ['a4'] },
      slots: [
        { day: 4, period: 1 },
        { day: 4, period: 2 },
        { day: 4, period: 3 },
      ],
    },
    { type: 'preferredRooms', weight: 100, activities: { subjectId: 'chem' }, roomIds: ['r2'] },
    { type: 'preferredRooms', weight: 100, home: true, activities: { studentSetId: 'g1', onlyStudentSet: true }, roomIds: ['r1'] },
    { type: 'preferredRooms', weight: 100, activities: { activityIds: ['a1'] }, roomIds: ['r1', 'r2'] },
    { type: 'minDaysBetweenActivities', weight: 95, activityIds: ['a1', 'a2'], minDays: 1, consecutiveIfSameDay: true },
    { type: 'sameStartingTime', weight: 100, activityIds: ['a5', 'a6'] },
    { type: 'sameStartingDay', weight: 100, activityIds: ['a1', 'a4'] },
    { type: 'notOverlapping', weight: 100, activityIds: ['a2', 'a4'] },
    { type: 'endsStudentsDay', weight: 100, activities: { activityIds: ['a2'] } },
  ];
  return {
    name: 'Every rule',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((name) => ({ name })),
    periods: Array.from({ length: 6 }, (_, i) => ({ name: `${i + 1}` })),
    subjects: [
      { id: 'math', name: 'Math' },
      { id: 'chem', name: 'Chemistry & lab' },
    ],
    activityTags: [{ id: 'lab', name: 'Lab' }],
    teachers: [
      { id: 't1', name: 'Ada' },
      { id: 't2', name: 'Bo <b>' },
    ],
    studentSets: [
      { id: 'y1', name: '1', kind: 'year', parentIds: [] },
      { id: 'g1', name: '1A', kind: 'group', parentIds: ['y1'] },
      { id: 'g2', name: '1B', kind: 'group', parentIds: ['y1'] },
    ],
    buildings: [{ id: 'b1', name: 'Main' }],
    rooms: [
      { id: 'r1', name: 'A1', capacity: 30, buildingId: 'b1' },
      { id: 'r2', name: 'Lab', capacity: 20 },
    ],
    activities: [
      { id: 'a1', externalId: 1, groupId: 'g1x', subjectId: 'math', teacherIds: ['t1'], studentSetIds: ['g1'], tagIds: [], duration: 1 },
      { id: 'a2', externalId: 2, groupId: 'g1x', subjectId: 'math', teacherIds: ['t1'], studentSetIds: ['g1'], tagIds: [], duration: 1 },
      { id: 'a3', externalId: 3, subjectId: 'chem', teacherIds: ['t2'], studentSetIds: ['y1'], tagIds: ['lab'], duration: 2 },
      { id: 'a4', externalId: 4, subjectId: 'math', teacherIds: ['t2'], studentSetIds: ['g2'], tagIds: [], duration: 1 },
      { id: 'a5', externalId: 5, subjectId: 'math', teacherIds: ['t1'], studentSetIds: ['g1'], tagIds: [], duration: 1 },
      { id: 'a6', externalId: 6, subjectId: 'math', teacherIds: ['t2'], studentSetIds: ['g2'], tagIds: [], duration: 1 },
    ],
    constraints,
  };
}

describe('exportFet', () => {
  it('writes every modelled rule so that reading the file back gives the same plan', () => {
    const plan = everyRulePlan();
    const { xml, skipped } = exportFet(plan);
    expect(skipped).toEqual([]);
    const back = importFet(xml);
    expect(back.report.constraints.ignored).toEqual([]);
    expect(back.report.warnings).toEqual([]);
    // Ids are the importer's own; names, splits, hierarchy and every rule survive.
    expect(back.plan.teachers.map((t) => t.name)).toEqual(['Ada', 'Bo <b>']);
    expect(back.plan.subjects.map((s) => s.name)).toEqual(['Math', 'Chemistry & lab']);
    expect(back.plan.studentSets.map((s) => [s.name, s.kind, s.parentIds.length])).toEqual([
      ['1', 'year', 0],
      ['1A', 'group', 1],
      ['1B', 'group', 1],
    ]);
    expect(back.plan.activities.map((a) => [a.externalId, a.groupId !== undefined, a.duration])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, false, 2],
      [4, false, 1],
      [5, false, 1],
      [6, false, 1],
    ]);
    expect(back.plan.constraints).toHaveLength(plan.constraints.length);
    const types = (p: Plan): string[] => p.constraints.map((c) => `${c.type}:${c.weight}`).sort();
    expect(types(back.plan)).toEqual(types(plan));
  });

  it('round-trips a real school: same activities, sets and constraints', () => {
    const first = importFet(fs.readFileSync(fetExample('FET-5-official/Italy/2007/simple/simpler-Italian.fet')));
    const { xml } = exportFet(first.plan);
    const second = importFet(xml);
    expect(second.plan.activities).toEqual(first.plan.activities);
    expect(second.plan.studentSets).toEqual(first.plan.studentSets);
    expect(second.plan.teachers).toEqual(first.plan.teachers);
    expect(sortedConstraints(second.plan)).toEqual(sortedConstraints(first.plan));
    expect(second.report.constraints.imported).toBe(first.report.constraints.imported);
  });

  it('writes a timetable as permanently locked starting times and rooms', () => {
    const plan = everyRulePlan();
    const { xml } = exportFet(plan, { placements: [{ activityId: 'a4', day: 4, period: 2, roomId: 'r1' }] });
    expect(xml).toContain(
      '<Activity_Id>4</Activity_Id>\n\t<Preferred_Day>Thu</Preferred_Day>\n\t<Preferred_Hour>2</Preferred_Hour>\n\t<Permanently_Locked>true</Permanently_Locked>',
    );
    const back = importFet(xml).plan;
    expect(back.constraints).toContainEqual(
      expect.objectContaining({
        type: 'preferredStartingTimes',
        weight: 100,
        locked: true,
        activities: { activityIds: ['a4'] },
        slots: [{ day: 4, period: 2 }],
      }),
    );
    expect(back.constraints).toContainEqual(
      expect.objectContaining({ type: 'preferredRooms', weight: 100, locked: true, activities: { activityIds: ['a4'] } }),
    );
  });
});

describe('fet-cl on exported files', () => {
  it('is installed (CI installs the Debian package fet)', () => {
    expect(hasFetCl()).toBe(true);
  });

  it('accepts an exported plan and generates a timetable the verifier passes', () => {
    const plan = everyRulePlan();
    const { xml } = exportFet(plan);
    const file = path.join(tmp, 'every-rule.fet');
    fs.writeFileSync(file, xml);
    const run = runFetCl(file, path.join(tmp, 'out-every-rule'), 20);
    expect(run.solved, run.stdout).toBe(true);
    const report = verifyFetTimetable(xml, readFetActivitiesXml(run.activitiesXml ?? ''));
    expect(report.violations).toEqual([]);
    expect(report.placed).toBe(6);
  });

  it('takes our timetable of a real school, locked, as a complete FET solution', () => {
    const { plan } = importFet(fs.readFileSync(fetExample('FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet')));
    const ours = generateTimetable(plan, { seed: 1, timeLimitMs: 30_000 });
    expect(ours.status).toBe('solved');
    const { xml } = exportFet(plan, { placements: ours.placements });
    const file = path.join(tmp, 'india-locked.fet');
    fs.writeFileSync(file, xml);
    const run = runFetCl(file, path.join(tmp, 'out-india-locked'), 30);
    expect(run.solved, run.stdout).toBe(true);
    // FET, held to our starts and rooms, places every lesson exactly there.
    const theirs = readFetSolution(run.activitiesXml ?? '', plan).placements;
    const key = (p: { activityId: string; day: number; period: number; roomId?: string }): string =>
      `${p.activityId}@${p.day}.${p.period}/${p.roomId ?? ''}`;
    expect(theirs.map(key).sort()).toEqual(ours.placements.map(key).sort());
  });
});
