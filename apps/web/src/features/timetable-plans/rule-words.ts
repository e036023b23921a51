import type { TimetablePlan, TimetableViolation } from '@campus/contract';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * Every rule type the generator reports or a plan holds (constraint types, the core clash rules, the
 * reasons an activity could not be placed), each with a `tplan.rule.<type>` text in both languages.
 */
export const RULE_TYPES = [
  'breakTimes',
  'earlyMaxBeginningsAtSecondPeriod',
  'endsStudentsDay',
  'maxDaysPerWeek',
  'maxGapsPerDay',
  'maxGapsPerWeek',
  'maxHoursContinuously',
  'maxHoursDaily',
  'minDaysBetweenActivities',
  'minDaysPerWeek',
  'minHoursDaily',
  'notAvailable',
  'notOverlapping',
  'preferredRooms',
  'preferredStartingTimes',
  'preferredTimeSlots',
  'roomNotAvailable',
  'sameStartingDay',
  'sameStartingTime',
  'subjectMaxHoursDaily',
  'tagMaxHoursDaily',
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

/** Who a broken rule is about, by name: a teacher, a student set or a room of the plan. */
function whoOf(v: Pick<TimetableViolation, 'teacherId' | 'studentSetId' | 'roomId'>, plan: TimetablePlan): string | null {
  if (v.teacherId !== null) return plan.teachers.find((x) => x.id === v.teacherId)?.name ?? `#${v.teacherId}`;
  if (v.studentSetId !== null) return plan.studentSets.find((x) => x.id === v.studentSetId)?.name ?? v.studentSetId;
  if (v.roomId !== null) return plan.rooms.find((x) => x.id === v.roomId)?.name ?? `#${v.roomId}`;
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
    const a = plan.activities.find((x) => x.id === id);
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
  const days = v.days.map((d) => plan.days.find((x) => x.index === d)?.name ?? String(d));
  if (days.length) parts.push(days.join(t('tplan.list.sep')));
  const lessons = lessonsOf(t, v.activityIds, plan);
  if (lessons) parts.push(lessons);
  parts.push(
    v.hard ? t('tplan.violation.amount', { amount: v.amount }) : t('tplan.violation.cost', { amount: v.amount, cost: round(v.cost) }),
  );
  return parts.join(' · ');
}

const round = (n: number) => Math.round(n * 100) / 100;
