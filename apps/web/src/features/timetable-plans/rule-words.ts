import {
  TIMETABLE_CONSTRAINT_TYPES,
  type TimetableConstraint,
  type TimetablePlan,
  type TimetableSlot,
  type TimetableViolation,
} from '@campus/contract';

type TimetableSelector = NonNullable<Extract<TimetableConstraint, { type: 'endsStudentsDay' }>['activities']>;

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * Every rule type the generator reports or a plan holds (constraint types, the core clash rules, the
 * reasons an activity could not be placed), each with a `tplan.rule.<type>` text in both languages.
 */
export const RULE_TYPES = [
  ...TIMETABLE_CONSTRAINT_TYPES,
  'teacherClash',
  'studentSetClash',
  'roomClash',
  'roomMissing',
  'duration',
  'impossible',
  'free',
  'rule',
] as const;

const KNOWN = new Set<string>(RULE_TYPES);

/** A rule type in the user's words; a type this page does not know is shown as its code. */
export function ruleLabel(t: Translate, type: string): string {
  return KNOWN.has(type) ? t(`tplan.rule.${type}`) : type;
}

/** A plan's names by id, built once per plan object (the lists render one line per rule). */
interface PlanNames {
  teachers: Map<string, string>;
  sets: Map<string, string>;
  rooms: Map<string, string>;
  subjects: Map<string, string>;
  tags: Map<string, string>;
  days: Map<number, string>;
  periods: Map<number, string>;
  activities: Map<number, TimetablePlan['activities'][number]>;
}

const namesByPlan = new WeakMap<TimetablePlan, PlanNames>();

function namesOf(plan: TimetablePlan): PlanNames {
  let names = namesByPlan.get(plan);
  if (!names) {
    names = {
      teachers: new Map(plan.teachers.map((x) => [String(x.id), x.name])),
      sets: new Map(plan.studentSets.map((x) => [x.id, x.name])),
      rooms: new Map(plan.rooms.map((x) => [String(x.id), x.name])),
      subjects: new Map(plan.subjects.map((x) => [x.id, x.name])),
      tags: new Map(plan.activityTags.map((x) => [x.id, x.name])),
      days: new Map(plan.days.map((x) => [x.index, x.name])),
      periods: new Map(plan.periods.map((x) => [x.index, x.name])),
      activities: new Map(plan.activities.map((x) => [x.id, x])),
    };
    namesByPlan.set(plan, names);
  }
  return names;
}

// Ids the plan does not hold (a record deleted since) show as themselves, teachers and rooms with a "#".
const teacherName = (plan: TimetablePlan, id: string) => namesOf(plan).teachers.get(id) ?? `#${id}`;
const setName = (plan: TimetablePlan, id: string) => namesOf(plan).sets.get(id) ?? id;
const roomName = (plan: TimetablePlan, id: string) => namesOf(plan).rooms.get(id) ?? `#${id}`;
const subjectName = (plan: TimetablePlan, id: string) => namesOf(plan).subjects.get(id) ?? id;
const tagName = (plan: TimetablePlan, id: string) => namesOf(plan).tags.get(id) ?? id;
const dayName = (plan: TimetablePlan, day: number) => namesOf(plan).days.get(day) ?? String(day);

/** Who a broken rule is about, by name: a teacher, a student set or a room of the plan. */
function whoOf(v: Pick<TimetableViolation, 'teacherId' | 'studentSetId' | 'roomId'>, plan: TimetablePlan): string | null {
  if (v.teacherId !== null) return teacherName(plan, String(v.teacherId));
  if (v.studentSetId !== null) return setName(plan, v.studentSetId);
  if (v.roomId !== null) return roomName(plan, String(v.roomId));
  return null;
}

/**
 * The lessons a rule is about: subject and students, the same lesson counted once with "×n", the first
 * three kinds and how many lessons more.
 */
function lessonsOf(t: Translate, ids: readonly number[], plan: TimetablePlan): string | null {
  if (ids.length === 0) return null;
  const counts = new Map<string, number>();
  for (const id of ids) {
    const a = namesOf(plan).activities.get(id);
    const label = !a
      ? `#${id}`
      : a.studentSets.length
        ? t('tplan.violation.lesson', { subject: a.subjectName, sets: a.studentSets.join(t('tplan.list.sep')) })
        : a.subjectName;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const kinds = [...counts].map(([label, n]) => (n > 1 ? `${label} ×${n}` : label));
  const shown = kinds.slice(0, 3);
  let more = 0;
  for (const [, n] of [...counts].slice(3)) more += n;
  const names = shown.join(t('tplan.list.sep'));
  return more > 0 ? t('tplan.violation.lessonsMore', { names, count: more }) : names;
}

/** A broken rule in one line of the user's language: the rule, who, which days, which lessons, how far. */
export function describeViolation(t: Translate, v: TimetableViolation, plan: TimetablePlan): string {
  const parts = [ruleLabel(t, v.type)];
  const who = whoOf(v, plan);
  if (who) parts.push(who);
  const days = v.days.map((d) => dayName(plan, d));
  if (days.length) parts.push(days.join(t('tplan.list.sep')));
  const lessons = lessonsOf(t, v.activityIds, plan);
  if (lessons) parts.push(lessons);
  parts.push(
    v.hard ? t('tplan.violation.amount', { amount: v.amount }) : t('tplan.violation.cost', { amount: v.amount, cost: round(v.cost) }),
  );
  return parts.join(' · ');
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Names, the first three and how many more. */
function firstNames(t: Translate, names: string[]): string {
  const shown = names.slice(0, 3).join(t('tplan.list.sep'));
  return names.length > 3 ? t('tplan.cdesc.more', { names: shown, count: names.length - 3 }) : shown;
}

/** Periods by day and period name when a few, else how many. */
function slotsOf(t: Translate, slots: readonly TimetableSlot[], plan: TimetablePlan): string {
  if (slots.length > 4) return t('tplan.cdesc.slots', { count: slots.length });
  return slots
    .map((s) => {
      const period = namesOf(plan).periods.get(s.period) ?? String(s.period);
      return t('tplan.cdesc.slot', { day: dayName(plan, s.day), period });
    })
    .join(t('tplan.list.sep'));
}

/** Which lessons a selector picks: listed ones, or those of a teacher, students, subject, tag or length. */
function selectorOf(t: Translate, s: TimetableSelector, plan: TimetablePlan): string[] {
  const parts: string[] = [];
  if (s.activityIds?.length) parts.push(lessonsOf(t, s.activityIds.map(Number), plan) ?? '');
  if (s.teacherId) parts.push(teacherName(plan, s.teacherId));
  if (s.studentSetId) parts.push(setName(plan, s.studentSetId));
  if (s.subjectId) parts.push(subjectName(plan, s.subjectId));
  if (s.tagId) parts.push(tagName(plan, s.tagId));
  if (s.duration) parts.push(t('tplan.cdesc.duration', { n: s.duration }));
  return parts.length ? parts : [t('tplan.cdesc.allLessons')];
}

/** A constraint in one line of the user's language: who or which lessons, then its figures. */
export function describeConstraint(t: Translate, c: TimetableConstraint, plan: TimetablePlan): string {
  const parts: string[] = [];
  if ('target' in c) {
    const target = c.target;
    if (target.kind === 'teacher') parts.push(target.teacherId ? teacherName(plan, target.teacherId) : t('tplan.cdesc.allTeachers'));
    else parts.push(target.studentSetId ? setName(plan, target.studentSetId) : t('tplan.cdesc.allStudents'));
  }
  if ('roomId' in c) parts.push(roomName(plan, c.roomId));
  if ('activities' in c) parts.push(...selectorOf(t, c.activities, plan));
  if ('activityIds' in c) parts.push(lessonsOf(t, c.activityIds.map(Number), plan) ?? '');
  if ('subjectId' in c) parts.push(subjectName(plan, c.subjectId));
  if ('tagId' in c) parts.push(tagName(plan, c.tagId));
  if ('roomIds' in c)
    parts.push(
      firstNames(
        t,
        c.roomIds.map((id) => roomName(plan, id)),
      ),
    );
  if ('slots' in c) parts.push(slotsOf(t, c.slots, plan));
  switch (c.type) {
    case 'maxHoursDaily':
    case 'maxHoursContinuously':
    case 'subjectMaxHoursDaily':
    case 'tagMaxHoursDaily':
      parts.push(t('tplan.cdesc.maxHours', { n: c.maxHours }));
      break;
    case 'minHoursDaily':
      parts.push(t(c.allowEmptyDays ? 'tplan.cdesc.minHoursOrNone' : 'tplan.cdesc.minHours', { n: c.minHours }));
      break;
    case 'maxGapsPerDay':
    case 'maxGapsPerWeek':
      parts.push(t('tplan.cdesc.maxGaps', { n: c.maxGaps }));
      break;
    case 'maxDaysPerWeek':
      parts.push(t('tplan.cdesc.maxDays', { n: c.maxDays }));
      break;
    case 'minDaysPerWeek':
      parts.push(t('tplan.cdesc.minDays', { n: c.minDays }));
      break;
    case 'earlyMaxBeginningsAtSecondPeriod':
      parts.push(t('tplan.cdesc.maxDays', { n: c.maxBeginnings }));
      break;
    case 'minDaysBetweenActivities':
      parts.push(t('tplan.cdesc.daysApart', { n: c.minDays }));
      if (c.consecutiveIfSameDay) parts.push(t('tplan.cdesc.consecutive'));
      break;
    default:
      break;
  }
  if ('locked' in c && c.locked) parts.push(t('tplan.cdesc.locked'));
  if ('home' in c && c.home) parts.push(t('tplan.cdesc.home'));
  if (c.comment) parts.push(c.comment);
  return parts.filter(Boolean).join(' · ');
}
