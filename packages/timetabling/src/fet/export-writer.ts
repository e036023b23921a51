import { atomicStudentSets, componentNumbers, selectActivities } from '../engine/select.js';
import type { ActivitySelector, Plan, Target, TimeSlot } from '../model.js';

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

function formatWeight(weight: number): string {
  return String(Math.round(Math.min(100, Math.max(0, weight)) * 1000) / 1000);
}

/** The constraint lists being written and the helpers that write one constraint element. */
export type FetWriter = ReturnType<typeof createFetWriter>;

export function createFetWriter(plan: Plan, fetIds: Map<string, number>, subjectTags: Map<string, string>, skip: (type: string) => void) {
  const teacherName = new Map(plan.teachers.map((t) => [t.id, t.name]));
  const setName = new Map(plan.studentSets.map((s) => [s.id, s.name]));
  const subjectName = new Map(plan.subjects.map((s) => [s.id, s.name]));
  const tagName = new Map(plan.activityTags.map((t) => [t.id, t.name]));
  const roomName = new Map(plan.rooms.map((r) => [r.id, r.name]));
  const dayName = (day: number): string => plan.days[day - 1]?.name ?? String(day);
  const hourName = (period: number): string => plan.periods[period - 1]?.name ?? String(period);
  const time: string[][] = [];
  const space: string[][] = [];
  const componentOf = componentNumbers(plan);
  const { atomsOf } = atomicStudentSets(plan.studentSets);
  const fetIdsOf = (selector: ActivitySelector): number[] =>
    selectActivities(plan, selector, componentOf, atomsOf).map((a) => fetIds.get(a.id) ?? 0);
  const block = (
    list: string[][],
    name: string,
    weight: number,
    body: [string, string | number | boolean][],
    raw: string[] = [],
    comment = '',
  ): void => {
    const lines = [`<${name}>`, `\t<Weight_Percentage>${formatWeight(weight)}</Weight_Percentage>`];
    for (const [field, value] of body) lines.push(`\t<${field}>${escapeXml(String(value))}</${field}>`);
    lines.push(...raw, '\t<Active>true</Active>', `\t<Comments>${escapeXml(comment)}</Comments>`, `</${name}>`);
    list.push(lines);
  };
  const times = (slots: TimeSlot[], item: string, dayField: string, hourField: string): string[] =>
    slots.flatMap((s) => [
      `\t<${item}>`,
      `\t\t<${dayField}>${escapeXml(dayName(s.day))}</${dayField}>`,
      `\t\t<${hourField}>${escapeXml(hourName(s.period))}</${hourField}>`,
      `\t</${item}>`,
    ]);
  const filterFields = (s: ActivitySelector): [string, string | number][] => [
    ['Teacher_Name', s.teacherId !== undefined ? (teacherName.get(s.teacherId) ?? '') : ''],
    ['Students_Name', s.studentSetId !== undefined ? (setName.get(s.studentSetId) ?? '') : ''],
    ['Subject_Name', s.subjectId !== undefined ? (subjectName.get(s.subjectId) ?? '') : ''],
    ['Activity_Tag_Name', s.tagId !== undefined ? (tagName.get(s.tagId) ?? '') : ''],
    ['Duration', s.duration ?? ''],
  ];
  /** A selector FET can say with its filters (no list of activities, no "only" narrowing). */
  const isFilter = (s: ActivitySelector): boolean => s.activityIds === undefined && !s.onlyTeacher && !s.onlyStudentSet;
  const target = (
    t: Target,
    teacherOne: string,
    teachersAll: string,
    setOne: string,
    setAll: string | undefined,
  ): { name: string; who: [string, string][] } | undefined => {
    if (t.kind === 'teacher') {
      return t.teacherId === undefined
        ? { name: teachersAll, who: [] }
        : { name: teacherOne, who: [['Teacher_Name', teacherName.get(t.teacherId) ?? '']] };
    }
    if (t.studentSetId === undefined) return setAll === undefined ? undefined : { name: setAll, who: [] };
    return { name: setOne, who: [['Students', setName.get(t.studentSetId) ?? '']] };
  };
  return {
    plan,
    fetIds,
    subjectTags,
    skip,
    time,
    space,
    teacherName,
    setName,
    subjectName,
    tagName,
    roomName,
    dayName,
    hourName,
    fetIdsOf,
    block,
    times,
    filterFields,
    isFilter,
    target,
  };
}
