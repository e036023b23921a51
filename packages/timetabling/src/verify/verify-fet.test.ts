import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFet } from '../fet/export-fet.js';
import { importFet } from '../fet/import-fet.js';
import { generateTimetable } from '../generate.js';
import { fetExample, runFetCl } from '../test-support/fet-data.js';
import type { Constraint, Plan } from '../model.js';
import { readFetActivitiesXml, verifyFetTimetable, type VerifyPlacement } from './verify-fet.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fet-verify-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** FET's own timetable of a real school: fet-cl run on the example as it ships. */
const example = 'FET-5-official/Romania/Pedagogic-High-School-Tg-Mures/2007-2008_sem1-d.fet';
let fetXml = '';
let fetSolution: VerifyPlacement[] = [];

beforeAll(() => {
  const file = fetExample(example);
  fetXml = fs.readFileSync(file, 'utf8');
  const run = runFetCl(file, path.join(tmp, 'romania'), 50);
  if (!run.solved) throw new Error(`fet-cl did not solve ${example}: ${run.stdout}`);
  fetSolution = readFetActivitiesXml(run.activitiesXml ?? '');
}, 90_000);

function teacherOf(id: number): string {
  const match = new RegExp(`<Activity>\\s*<Teacher>([^<]*)</Teacher>(?:(?!</Activity>)[\\s\\S])*?<Id>${id}</Id>`).exec(fetXml);
  return match?.[1] ?? '';
}

describe('verifyFetTimetable', () => {
  it("passes FET's own timetable of a real school: no violation", () => {
    const report = verifyFetTimetable(fetXml, fetSolution);
    expect(report.activities).toBe(685);
    expect(report.placed).toBe(685);
    expect(report.violations).toEqual([]);
    expect(report.notChecked).toEqual([]);
    expect(report.checked).toContainEqual({ type: 'ConstraintStudentsMaxGapsPerWeek', count: 1 });
  });

  it('finds the clash in a broken copy: one lesson moved onto another lesson of the same teacher', () => {
    const moved = fetSolution[0];
    if (!moved) throw new Error('empty solution');
    const teacher = teacherOf(moved.id);
    const victim = fetSolution.find(
      (p) => p.id !== moved.id && teacherOf(p.id) === teacher && (p.day !== moved.day || p.hour !== moved.hour),
    );
    if (!victim) throw new Error('no second lesson of the teacher');
    const broken = fetSolution.map((p) => (p.id === moved.id ? { ...p, day: victim.day, hour: victim.hour } : p));
    const report = verifyFetTimetable(fetXml, broken);
    const clash = report.violations.find(
      (v) => v.constraint === 'ConstraintBasicCompulsoryTime' && v.message.startsWith(`teacher ${teacher}`),
    );
    expect(clash?.activityIds.sort()).toEqual([moved.id, victim.id].sort());
  });

  it('finds a lesson moved into a teacher’s not-available time and a lesson left out', () => {
    const na =
      /<ConstraintTeacherNotAvailableTimes>\s*<Weight_Percentage>100<\/Weight_Percentage>\s*<Teacher>([^<]*)<\/Teacher>[\s\S]*?<Day>([^<]*)<\/Day>\s*<Hour>([^<]*)<\/Hour>/.exec(
        fetXml,
      );
    if (!na) throw new Error('no not-available constraint in the example');
    const [, teacher, day, hour] = na;
    const lesson = fetSolution.find((p) => teacherOf(p.id) === teacher);
    if (!lesson || day === undefined || hour === undefined) throw new Error('no lesson of that teacher');
    const broken = fetSolution.filter((p) => p !== fetSolution.at(-1)).map((p) => (p === lesson ? { ...p, day, hour } : p));
    const report = verifyFetTimetable(fetXml, broken);
    expect(report.violations).toContainEqual(
      expect.objectContaining({ constraint: 'ConstraintTeacherNotAvailableTimes', activityIds: [lesson.id] }),
    );
    expect(report.violations).toContainEqual(expect.objectContaining({ constraint: 'Unplaced', activityIds: [fetSolution.at(-1)?.id] }));
  });

  it('passes our own timetable of the same school, checked against our export of it', () => {
    const { plan } = importFet(fetXml);
    const result = generateTimetable(plan, { seed: 1, timeLimitMs: 45_000 });
    expect(result.status).toBe('solved');
    const { xml, fetIds } = exportFet(plan);
    const roomName = new Map(plan.rooms.map((r) => [r.id, r.name]));
    const placements = result.placements.map((p) => ({
      id: fetIds.get(p.activityId) ?? 0,
      day: p.day - 1,
      hour: p.period - 1,
      ...(p.roomId ? { room: roomName.get(p.roomId) ?? '' } : {}),
    }));
    const report = verifyFetTimetable(xml, placements);
    expect(report.violations).toEqual([]);
    expect(report.placed).toBe(plan.activities.length);
  });
});

/** One class, one teacher, two days of six periods, three one-period lessons; rules and timetable per case. */
function tiny(constraints: Constraint[]): string {
  const plan: Plan = {
    name: 'tiny',
    days: [{ name: 'Mon' }, { name: 'Tue' }],
    periods: Array.from({ length: 6 }, (_, i) => ({ name: `${i + 1}` })),
    subjects: [{ id: 'm', name: 'Math' }],
    activityTags: [],
    teachers: [{ id: 't', name: 'T' }],
    studentSets: [{ id: 'c', name: 'C', kind: 'year', parentIds: [] }],
    buildings: [],
    rooms: [
      { id: 'r1', name: 'R1' },
      { id: 'r2', name: 'R2' },
    ],
    activities: [1, 2, 3].map((n) => ({
      id: `l${n}`,
      externalId: n,
      subjectId: 'm',
      teacherIds: ['t'],
      studentSetIds: ['c'],
      tagIds: [],
      duration: 1,
    })),
    constraints,
  };
  return exportFet(plan).xml;
}

const at = (...cells: [number, number, string?][]): VerifyPlacement[] =>
  cells.map(([day, hour, room], i) => ({ id: i + 1, day, hour, ...(room === undefined ? {} : { room }) }));

describe('verifyFetTimetable rule by rule (hand-made)', () => {
  const everyone = { kind: 'studentSet' } as const;
  const cases: { name: string; rules: Constraint[]; good: VerifyPlacement[]; bad: VerifyPlacement[]; broken: string }[] = [
    {
      name: 'students max gaps per week',
      rules: [{ type: 'maxGapsPerWeek', weight: 100, target: everyone, maxGaps: 0 }],
      good: at([0, 0], [0, 1], [0, 2]),
      bad: at([0, 0], [0, 1], [0, 3]),
      broken: 'ConstraintStudentsMaxGapsPerWeek',
    },
    {
      name: 'a break is not a gap',
      rules: [
        { type: 'maxGapsPerWeek', weight: 100, target: everyone, maxGaps: 0 },
        { type: 'breakTimes', weight: 100, slots: [{ day: 1, period: 3 }] },
      ],
      good: at([0, 0], [0, 1], [0, 3]),
      bad: at([0, 0], [0, 2], [0, 3]),
      broken: 'ConstraintBreakTimes',
    },
    {
      name: 'early beginnings',
      rules: [{ type: 'earlyMaxBeginningsAtSecondPeriod', weight: 100, target: everyone, maxBeginnings: 1 }],
      good: at([0, 1], [0, 2], [1, 0]),
      bad: at([0, 1], [0, 2], [1, 1]),
      broken: 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour',
    },
    {
      name: 'teacher max hours daily',
      rules: [{ type: 'maxHoursDaily', weight: 100, target: { kind: 'teacher', teacherId: 't' }, maxHours: 2 }],
      good: at([0, 0], [0, 1], [1, 0]),
      bad: at([0, 0], [0, 1], [0, 2]),
      broken: 'ConstraintTeacherMaxHoursDaily',
    },
    {
      name: 'min days between activities',
      rules: [{ type: 'minDaysBetweenActivities', weight: 100, activityIds: ['l1', 'l2'], minDays: 1, consecutiveIfSameDay: false }],
      good: at([0, 0], [1, 0], [0, 1]),
      bad: at([0, 0], [0, 1], [1, 0]),
      broken: 'ConstraintMinDaysBetweenActivities',
    },
    {
      name: 'preferred room',
      rules: [{ type: 'preferredRooms', weight: 100, activities: { activityIds: ['l1'] }, roomIds: ['r1'] }],
      good: at([0, 0, 'R1'], [0, 1], [0, 2]),
      bad: at([0, 0, 'R2'], [0, 1], [0, 2]),
      broken: 'ConstraintActivityPreferredRoom',
    },
    {
      name: 'home room, except where a lesson has a room rule of its own',
      rules: [
        { type: 'preferredRooms', weight: 100, home: true, activities: { studentSetId: 'c', onlyStudentSet: true }, roomIds: ['r1'] },
        { type: 'preferredRooms', weight: 100, activities: { activityIds: ['l3'] }, roomIds: ['r2'] },
      ],
      good: at([0, 0, 'R1'], [0, 1, 'R1'], [0, 2, 'R2']),
      bad: at([0, 0, 'R1'], [0, 1, 'R2'], [0, 2, 'R2']),
      broken: 'ConstraintStudentsSetHomeRoom',
    },
    {
      name: 'same starting time',
      rules: [{ type: 'sameStartingTime', weight: 100, activityIds: ['l1', 'l2'] }],
      // Same start for one teacher and class is itself a clash: only the rule is looked at here.
      good: at([0, 0], [0, 0], [1, 0]),
      bad: at([0, 0], [0, 1], [1, 0]),
      broken: 'ConstraintActivitiesSameStartingTime',
    },
    {
      name: 'teacher max days per week',
      rules: [{ type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: 't' }, maxDays: 1 }],
      good: at([1, 0], [1, 1], [1, 2]),
      bad: at([0, 0], [1, 1], [1, 2]),
      broken: 'ConstraintTeacherMaxDaysPerWeek',
    },
    {
      name: 'students min hours daily',
      rules: [{ type: 'minHoursDaily', weight: 100, target: everyone, minHours: 2, allowEmptyDays: true }],
      good: at([0, 0], [0, 1], [0, 2]),
      bad: at([0, 0], [0, 1], [1, 2]),
      broken: 'ConstraintStudentsMinHoursDaily',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const xml = tiny(c.rules);
      const good = verifyFetTimetable(xml, c.good).violations.filter((v) => v.constraint !== 'ConstraintBasicCompulsoryTime');
      expect(good).toEqual([]);
      const bad = verifyFetTimetable(xml, c.bad).violations;
      expect(bad.map((v) => v.constraint)).toContain(c.broken);
    });
  }
});
