import {
  TIMETABLE_CONSTRAINT_TYPES,
  type Locale,
  type TimetableConstraint,
  type TimetablePlan,
  type TimetableViolation,
} from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { timetablePlanEnUS } from '../../locale/timetable-plan-en-us';
import { timetablePlanZhCN } from '../../locale/timetable-plan-zh-cn';
import './plan-messages';
import { RULE_TYPES, describeConstraint, describeViolation, ruleLabel } from './rule-words';

const tIn = (locale: Locale) => (key: string, params?: Record<string, string | number>) => translate(key, params, locale);

const plan = {
  periods: [
    { index: 1, name: '第1节', startTime: null, endTime: null },
    { index: 2, name: '第2节', startTime: null, endTime: null },
  ],
  subjects: [{ id: 'phy', name: '物理' }],
  activityTags: [{ id: 'lab', name: '实验' }],
  days: [
    { index: 1, name: '周一', weekday: 1 },
    { index: 2, name: '周二', weekday: 2 },
  ],
  teachers: [{ id: 7, name: '王老师' }],
  rooms: [{ id: 3, name: '物理实验室', code: 'LAB', capacity: 40 }],
  studentSets: [{ id: 'g1', name: '高一1班', kind: 'group', parentIds: [] }],
  activities: [
    { id: 11, subjectName: '物理', studentSets: ['高一1班'] },
    { id: 12, subjectName: '数学', studentSets: [] },
    { id: 13, subjectName: '语文', studentSets: ['高一1班', '高一2班'] },
    { id: 14, subjectName: '英语', studentSets: [] },
    { id: 15, subjectName: '物理', studentSets: ['高一1班'] },
  ],
} as unknown as TimetablePlan;

const violation = (over: Partial<TimetableViolation>): TimetableViolation => ({
  constraintId: null,
  type: 'teacherClash',
  hard: true,
  weight: 100,
  amount: 1,
  cost: 1,
  teacherId: null,
  studentSetId: null,
  roomId: null,
  activityIds: [],
  days: [],
  message: 'teacher 7 double-booked',
  ...over,
});

describe('rule words', () => {
  it('names every constraint type of the contract and every core rule in both languages', () => {
    for (const type of RULE_TYPES) {
      const key = `tplan.rule.${type}` as keyof typeof timetablePlanZhCN;
      expect(timetablePlanZhCN[key], `zh-CN ${type}`).toBeTruthy();
      expect(timetablePlanEnUS[key], `en-US ${type}`).toBeTruthy();
      expect(ruleLabel(tIn('zh-CN'), type)).not.toBe(type);
    }
    // A type the page does not know is shown as its code, not as a missing-text key.
    expect(ruleLabel(tIn('en-US'), 'someNewRule')).toBe('someNewRule');
  });

  it("describes a broken rule by name, day and lesson in the user's language, never in the generator's English", () => {
    const clash = violation({ teacherId: 7, days: [2], activityIds: [11, 12] });
    expect(describeViolation(tIn('zh-CN'), clash, plan)).toBe('教师时间冲突 · 王老师 · 周二 · 物理（高一1班）、数学 · 程度 1');
    expect(describeViolation(tIn('en-US'), clash, plan)).toBe('Teacher double-booked · 王老师 · 周二 · 物理 (高一1班), 数学 · by 1');

    const gaps = violation({
      type: 'maxGapsPerDay',
      hard: false,
      weight: 50,
      amount: 2,
      cost: 1,
      studentSetId: 'g1',
      days: [1, 2],
      activityIds: [11, 15, 12, 13, 14],
      message: 'students g1: more gaps in a day than allowed',
    });
    // The same lesson twice is counted once; past three kinds, how many lessons more.
    expect(describeViolation(tIn('zh-CN'), gaps, plan)).toBe(
      '每天最多空节 · 高一1班 · 周一、周二 · 物理（高一1班） ×2、数学、语文（高一1班、高一2班） 等另 1 节 · 程度 2，扣 1 分',
    );
    expect(describeViolation(tIn('en-US'), gaps, plan)).toBe(
      'Most gaps a day · 高一1班 · 周一, 周二 · 物理 (高一1班) ×2, 数学, 语文 (高一1班, 高一2班) and 1 more · by 2, costs 1',
    );
    const room = violation({ type: 'roomClash', roomId: 3, days: [1] });
    expect(describeViolation(tIn('en-US'), room, plan)).toBe('Room double-booked · 物理实验室 · 周一 · by 1');
  });
});

/** One constraint of every type the contract knows. */
const everyType: TimetableConstraint[] = [
  { type: 'breakTimes', weight: 100, slots: [{ day: 1, period: 2 }] },
  {
    type: 'notAvailable',
    weight: 100,
    target: { kind: 'teacher', teacherId: '7' },
    slots: [
      { day: 1, period: 1 },
      { day: 2, period: 2 },
    ],
  },
  { type: 'roomNotAvailable', weight: 100, roomId: '3', slots: [{ day: 2, period: 1 }] },
  { type: 'maxHoursDaily', weight: 100, target: { kind: 'studentSet', studentSetId: 'g1' }, maxHours: 6 },
  { type: 'minHoursDaily', weight: 100, target: { kind: 'studentSet' }, minHours: 4, allowEmptyDays: true },
  { type: 'maxHoursContinuously', weight: 90, target: { kind: 'teacher' }, maxHours: 3 },
  { type: 'maxGapsPerDay', weight: 100, target: { kind: 'teacher', teacherId: '7' }, maxGaps: 1 },
  { type: 'maxGapsPerWeek', weight: 100, target: { kind: 'studentSet' }, maxGaps: 0 },
  { type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: '7' }, maxDays: 4 },
  { type: 'minDaysPerWeek', weight: 80, target: { kind: 'teacher', teacherId: '7' }, minDays: 2 },
  { type: 'earlyMaxBeginningsAtSecondPeriod', weight: 100, target: { kind: 'studentSet' }, maxBeginnings: 0 },
  { type: 'subjectMaxHoursDaily', weight: 100, target: { kind: 'studentSet', studentSetId: 'g1' }, subjectId: 'phy', maxHours: 2 },
  { type: 'tagMaxHoursDaily', weight: 100, target: { kind: 'studentSet', studentSetId: 'g1' }, tagId: 'lab', maxHours: 1 },
  { type: 'preferredStartingTimes', weight: 100, activities: { activityIds: ['11'] }, slots: [{ day: 2, period: 1 }], locked: true },
  { type: 'preferredTimeSlots', weight: 90, activities: { subjectId: 'phy' }, slots: [{ day: 1, period: 1 }] },
  { type: 'preferredRooms', weight: 100, activities: { tagId: 'lab' }, roomIds: ['3'], home: true },
  { type: 'minDaysBetweenActivities', weight: 95, activityIds: ['11', '15'], minDays: 1, consecutiveIfSameDay: true },
  { type: 'sameStartingTime', weight: 100, activityIds: ['12', '14'] },
  { type: 'sameStartingDay', weight: 100, activityIds: ['12', '13'] },
  { type: 'notOverlapping', weight: 100, activityIds: ['13', '14'] },
  { type: 'endsStudentsDay', weight: 100, activities: {} },
];

describe('constraint words', () => {
  it('says every type of constraint in words, with names for ids, in both languages', () => {
    expect(new Set(everyType.map((c) => c.type))).toEqual(new Set(TIMETABLE_CONSTRAINT_TYPES));
    for (const locale of ['zh-CN', 'en-US'] as const)
      for (const c of everyType) {
        const text = describeConstraint(tIn(locale), c, plan);
        expect(text, `${locale} ${c.type}`).not.toMatch(/[{}"]|undefined|tplan\.|#\d/);
        expect(text.length, `${locale} ${c.type}`).toBeGreaterThan(0);
      }
  });

  it('reads as a school would say it', () => {
    const zh = tIn('zh-CN');
    const en = tIn('en-US');
    const [, notAvailable, , , minHours, , , gapsWeek, , , , , , locked, , rooms, minDays] = everyType;
    expect(describeConstraint(zh, notAvailable!, plan)).toBe('王老师 · 周一 第1节、周二 第2节');
    expect(describeConstraint(en, minHours!, plan)).toBe('all students · at least 4 periods (or none that day)');
    expect(describeConstraint(zh, gapsWeek!, plan)).toBe('所有学生 · 最多 0 个空节');
    expect(describeConstraint(zh, locked!, plan)).toBe('物理（高一1班） · 周二 第1节 · 已锁定');
    expect(describeConstraint(en, rooms!, plan)).toBe('实验 · 物理实验室 · home room');
    expect(describeConstraint(zh, minDays!, plan)).toBe('物理（高一1班） ×2 · 至少相隔 1 天 · 同一天则须连堂');
  });
});
