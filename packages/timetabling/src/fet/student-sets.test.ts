/**
 * FET's student-set inheritance, on a school written here: a students filter of a rule covers every lesson whose
 * students share a subgroup with that set (a year's filter its groups' and subgroups' lessons, a group's filter
 * the year-wide lessons too, a sibling group's not); a per-set rule binds each subgroup under the set, counted
 * per subgroup; a home room stays with lessons of exactly that set. fet-cl is run on the same file to show FET
 * reads it that way, and the generator and the independent verifier are held to the same reading.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluatePlacements, generateTimetable } from '../generate.js';
import type { Placement } from '../model.js';
import { runFetCl } from '../test-support/fet-data.js';
import { readFetActivitiesXml, verifyFetTimetable, type VerifyPlacement } from '../verify/verify-fet.js';
import { importFet } from './import-fet.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fet-student-sets-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const DAYS = ['Mon', 'Tue', 'Wed'];
const HOURS = ['h1', 'h2', 'h3', 'h4'];

interface Lesson {
  id: number;
  teacher: string;
  students: string;
  subject?: string;
}

/** Year Y (groups G1 > S1, G2 > S2) and year Z with no groups; teachers T1–T4; rooms R1, R2. */
function school(lessons: Lesson[], timeRules: string, spaceRules = ''): string {
  const names = (tag: string, list: string[]): string => list.map((n) => `<${tag}><Name>${n}</Name></${tag}>`).join('\n');
  const group = (g: string, s: string): string =>
    `<Group><Name>${g}</Name><Number_of_Students>0</Number_of_Students><Subgroup><Name>${s}</Name><Number_of_Students>0</Number_of_Students></Subgroup></Group>`;
  const activity = (l: Lesson): string =>
    `<Activity><Teacher>${l.teacher}</Teacher><Subject>${l.subject ?? 'Math'}</Subject><Students>${l.students}</Students>` +
    `<Duration>1</Duration><Total_Duration>1</Total_Duration><Id>${l.id}</Id><Activity_Group_Id>0</Activity_Group_Id><Active>true</Active></Activity>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<fet version="6.8.5">
<Institution_Name>Inheritance</Institution_Name>
<Days_List><Number_of_Days>3</Number_of_Days>${names('Day', DAYS)}</Days_List>
<Hours_List><Number_of_Hours>4</Number_of_Hours>${names('Hour', HOURS)}</Hours_List>
<Subjects_List>${names('Subject', ['Math', 'Art'])}</Subjects_List>
<Activity_Tags_List></Activity_Tags_List>
<Teachers_List>${names('Teacher', ['T1', 'T2', 'T3', 'T4'])}</Teachers_List>
<Students_List>
<Year><Name>Y</Name><Number_of_Students>0</Number_of_Students>${group('G1', 'S1')}${group('G2', 'S2')}</Year>
<Year><Name>Z</Name><Number_of_Students>0</Number_of_Students></Year>
</Students_List>
<Activities_List>${lessons.map(activity).join('\n')}</Activities_List>
<Buildings_List></Buildings_List>
<Rooms_List>${['R1', 'R2'].map((r) => `<Room><Name>${r}</Name><Building></Building><Capacity>30</Capacity><Virtual>false</Virtual></Room>`).join('')}</Rooms_List>
<Time_Constraints_List>
<ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime>
${timeRules}
</Time_Constraints_List>
<Space_Constraints_List>
<ConstraintBasicCompulsorySpace><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsorySpace>
${spaceRules}
</Space_Constraints_List>
</fet>`;
}

const startingTimes = (students: string, slots: [number, number][], subject = ''): string =>
  `<ConstraintActivitiesPreferredStartingTimes><Weight_Percentage>100</Weight_Percentage><Teacher_Name></Teacher_Name>` +
  `<Students_Name>${students}</Students_Name><Subject_Name>${subject}</Subject_Name><Activity_Tag_Name></Activity_Tag_Name><Duration></Duration>` +
  `<Number_of_Preferred_Starting_Times>${slots.length}</Number_of_Preferred_Starting_Times>` +
  slots
    .map(
      ([d, h]) =>
        `<Preferred_Starting_Time><Preferred_Starting_Day>${DAYS[d]}</Preferred_Starting_Day><Preferred_Starting_Hour>${HOURS[h]}</Preferred_Starting_Hour></Preferred_Starting_Time>`,
    )
    .join('') +
  `<Active>true</Active></ConstraintActivitiesPreferredStartingTimes>`;

const locked = (id: number, d: number, h: number): string =>
  `<ConstraintActivityPreferredStartingTime><Weight_Percentage>100</Weight_Percentage><Activity_Id>${id}</Activity_Id>` +
  `<Preferred_Day>${DAYS[d]}</Preferred_Day><Preferred_Hour>${HOURS[h]}</Preferred_Hour><Permanently_Locked>true</Permanently_Locked><Active>true</Active></ConstraintActivityPreferredStartingTime>`;

/** Lessons 1 (G1), 2 (Y, the whole year), 3 (G2), 4 (Z), 5 (S2, Art); G1's filter allows two starts, Y's Art filter Wednesday. */
const filterLessons: Lesson[] = [
  { id: 1, teacher: 'T1', students: 'G1' },
  { id: 2, teacher: 'T2', students: 'Y' },
  { id: 3, teacher: 'T3', students: 'G2' },
  { id: 4, teacher: 'T4', students: 'Z' },
  { id: 5, teacher: 'T4', students: 'S2', subject: 'Art' },
];
const g1Starts: [number, number][] = [
  [0, 0],
  [1, 0],
];
const filterXml = school(
  filterLessons,
  [
    startingTimes('G1', g1Starts),
    startingTimes(
      'Y',
      [0, 1, 2, 3].map((h): [number, number] => [2, h]),
      'Art',
    ),
  ].join('\n'),
  `<ConstraintStudentsSetHomeRoom><Weight_Percentage>100</Weight_Percentage><Students>G1</Students><Room>R1</Room><Active>true</Active></ConstraintStudentsSetHomeRoom>`,
);

/** Our placements as the verifier reads them (FET ids are the imported activities' externalIds). */
function toVerify(placements: Placement[], roomNames: Map<string, string>): VerifyPlacement[] {
  return placements.map((p) => ({
    id: Number(p.activityId.slice(1)),
    day: p.day - 1,
    hour: p.period - 1,
    ...(p.roomId ? { room: roomNames.get(p.roomId) ?? '' } : {}),
  }));
}

const isAllowedG1Start = (p: { day: number | string; hour: number | string }): boolean =>
  g1Starts.some(([d, h]) => DAYS[d] === p.day && HOURS[h] === p.hour);

describe('student-set inheritance, as FET reads it', () => {
  it('fet-cl binds the group’s and the whole year’s lessons by a group filter, and a subgroup’s lesson by a year filter', () => {
    const file = path.join(tmp, 'filters.fet');
    fs.writeFileSync(file, filterXml);
    for (const seed of [1, 2]) {
      const run = runFetCl(file, path.join(tmp, `filters-${seed}`), 20, seed);
      expect(run.solved, run.stdout).toBe(true);
      const fet = readFetActivitiesXml(run.activitiesXml ?? '');
      const at = (id: number): VerifyPlacement | undefined => fet.find((p) => p.id === id);
      expect(isAllowedG1Start(at(1) ?? { day: '', hour: '' })).toBe(true);
      expect(isAllowedG1Start(at(2) ?? { day: '', hour: '' })).toBe(true);
      expect(at(5)?.day).toBe('Wed');
      expect(at(1)?.room).toBe('R1');
      // The verifier agrees with FET's own timetable.
      expect(verifyFetTimetable(filterXml, fet).violations).toEqual([]);
    }
  }, 120_000);

  it('the generator places the lessons a filter covers through a parent or a child set inside it', () => {
    const { plan } = importFet(filterXml);
    for (const seed of [1, 2, 3]) {
      const result = generateTimetable(plan, { seed, timeLimitMs: 10_000 });
      expect(result.status).toBe('solved');
      const byId = new Map(result.placements.map((p) => [p.activityId, p]));
      for (const id of ['a1', 'a2']) {
        const p = byId.get(id);
        expect(g1Starts.some(([d, h]) => p?.day === d + 1 && p.period === h + 1)).toBe(true);
      }
      expect(byId.get('a5')?.day).toBe(3);
      const roomNames = new Map(plan.rooms.map((r) => [r.id, r.name]));
      expect(roomNames.get(byId.get('a1')?.roomId ?? '')).toBe('R1');
      expect(verifyFetTimetable(filterXml, toVerify(result.placements, roomNames)).violations).toEqual([]);
    }
  });

  it('the verifier and the evaluator find a covered lesson outside its starts, and leave a sibling’s lesson and a home room of another set alone', () => {
    const good: VerifyPlacement[] = [
      { id: 1, day: 0, hour: 0, room: 'R1' },
      { id: 2, day: 1, hour: 0 },
      { id: 3, day: 2, hour: 3 },
      { id: 4, day: 0, hour: 0 },
      { id: 5, day: 2, hour: 0 },
    ];
    expect(verifyFetTimetable(filterXml, good).violations).toEqual([]);
    // The whole year's lesson moved out of G1's starts; S2's Art lesson off Wednesday.
    const bad = good.map((p) => (p.id === 2 ? { ...p, day: 0, hour: 3 } : p.id === 5 ? { ...p, day: 1, hour: 1 } : p));
    const violations = verifyFetTimetable(filterXml, bad).violations;
    expect(violations.filter((v) => v.constraint === 'ConstraintActivitiesPreferredStartingTimes').map((v) => v.activityIds)).toEqual([
      [2],
      [5],
    ]);

    const { plan } = importFet(filterXml);
    const rooms = new Map(plan.rooms.map((r) => [r.name, r.id]));
    const toPlan = (ps: VerifyPlacement[]): Placement[] =>
      ps.map((p) => ({
        activityId: `a${p.id}`,
        day: Number(p.day) + 1,
        period: Number(p.hour) + 1,
        ...(p.room ? { roomId: rooms.get(p.room) ?? '' } : {}),
      }));
    expect(evaluatePlacements(plan, toPlan(good)).hardViolations).toEqual([]);
    const hard = evaluatePlacements(plan, toPlan(bad)).hardViolations;
    expect(hard.every((v) => v.type === 'preferredStartingTimes')).toBe(true);
    expect([...new Set(hard.flatMap((v) => v.activityIds ?? []))].sort()).toEqual(['a2', 'a5']);
  });

  it('a year’s max gaps is counted per subgroup: FET accepts two groups each without a gap, both checkers too', () => {
    const gapsRule = `<ConstraintStudentsSetMaxGapsPerWeek><Weight_Percentage>100</Weight_Percentage><Max_Gaps>0</Max_Gaps><Students>Y</Students><Active>true</Active></ConstraintStudentsSetMaxGapsPerWeek>`;
    const lessons: Lesson[] = [
      { id: 1, teacher: 'T1', students: 'G1' },
      { id: 2, teacher: 'T2', students: 'G2' },
    ];
    // As one group of students the year would have a gap at h2; each subgroup has none.
    const xml = school(lessons, [gapsRule, locked(1, 0, 0), locked(2, 0, 2)].join('\n'));
    const file = path.join(tmp, 'gaps.fet');
    fs.writeFileSync(file, xml);
    const run = runFetCl(file, path.join(tmp, 'gaps'), 20);
    expect(run.solved, run.stdout).toBe(true);
    const placements: VerifyPlacement[] = [
      { id: 1, day: 0, hour: 0 },
      { id: 2, day: 0, hour: 2 },
    ];
    expect(verifyFetTimetable(xml, placements).violations).toEqual([]);
    const { plan } = importFet(xml);
    const result = generateTimetable(plan, { seed: 1, timeLimitMs: 5_000 });
    expect(result.status).toBe('solved');
    expect(result.hardViolations).toEqual([]);

    // A year-wide lesson at h3 as well: now G1's subgroup has a gap at h2, in both readings.
    const withYear = school(
      [...lessons, { id: 3, teacher: 'T3', students: 'Y' }],
      [gapsRule, locked(1, 0, 0), locked(2, 0, 1), locked(3, 0, 2)].join('\n'),
    );
    const broken: VerifyPlacement[] = [
      { id: 1, day: 0, hour: 0 },
      { id: 2, day: 0, hour: 1 },
      { id: 3, day: 0, hour: 2 },
    ];
    expect(verifyFetTimetable(withYear, broken).violations.map((v) => v.message)).toEqual(['students S1: 1 gaps in the week, more than 0']);
  }, 60_000);
});
