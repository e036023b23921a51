import type { TimetablePlan, TimetableSolution } from '@campus/contract';

export type GridView = 'class' | 'teacher' | 'room';

export interface GridLesson {
  activityId: number;
  /** The first period of the lesson (a lesson longer than one period shows in each of its periods). */
  day: number;
  period: number;
  isStart: boolean;
  subject: string;
  detail: string;
  isLocked: boolean;
}

type Plan = Pick<TimetablePlan, 'activities' | 'studentSets' | 'teachers' | 'rooms' | 'periods'>;

/** A set with the sets above it (a class's year) or below it (a year's classes, a class's groups). */
function linkedSets(plan: Pick<TimetablePlan, 'studentSets'>, setId: string, direction: 'up' | 'down'): Set<string> {
  const found = new Set([setId]);
  const next = [setId];
  while (next.length) {
    const id = next.pop() ?? '';
    const linked =
      direction === 'up'
        ? (plan.studentSets.find((s) => s.id === id)?.parentIds ?? [])
        : plan.studentSets.filter((s) => s.parentIds.includes(id)).map((s) => s.id);
    for (const other of linked)
      if (!found.has(other)) {
        found.add(other);
        next.push(other);
      }
  }
  return found;
}

/** A set with every set above and below it: a class's week shows its year's lessons and its groups'. */
export function relatedSets(plan: Pick<TimetablePlan, 'studentSets'>, setId: string): Set<string> {
  return new Set([...linkedSets(plan, setId, 'up'), ...linkedSets(plan, setId, 'down')]);
}

/** Each cell's lessons ("day:period" → lessons) of one class, teacher or room. */
export function buildGrid(
  plan: Plan,
  solution: Pick<TimetableSolution, 'placements'>,
  view: GridView,
  target: string,
): Map<string, GridLesson[]> {
  const cells = new Map<string, GridLesson[]>();
  const activities = new Map(plan.activities.map((a) => [a.id, a]));
  const sets = view === 'class' ? relatedSets(plan, target) : new Set<string>();
  // A lesson of the whole class (or of its year) needs no name; one of a part of it does: in a year's week,
  // which class; in a class's week, which group (the year's lessons would otherwise stack unnamed in a cell).
  const whole = view === 'class' ? linkedSets(plan, target, 'up') : new Set<string>();
  const teacherName = new Map(plan.teachers.map((x) => [x.id, x.name]));
  const roomName = new Map(plan.rooms.map((x) => [x.id, x.name]));
  const setName = new Map(plan.studentSets.map((x) => [x.id, x.name]));
  for (const p of solution.placements) {
    const a = activities.get(p.activityId);
    if (!a) continue;
    const shown =
      view === 'class'
        ? a.studentSetIds.some((id) => sets.has(id))
        : view === 'teacher'
          ? a.teacherIds.includes(Number(target))
          : p.roomId === Number(target);
    if (!shown) continue;
    const who = [
      view !== 'teacher' ? a.teacherIds.map((id) => teacherName.get(id) ?? `#${id}`).join(', ') : '',
      view !== 'class'
        ? a.studentSetIds.map((id) => setName.get(id) ?? id).join(', ')
        : a.studentSetIds.every((id) => whole.has(id))
          ? ''
          : a.studentSetIds
              .filter((id) => !whole.has(id))
              .map((id) => setName.get(id) ?? id)
              .join(', '),
      view !== 'room' && p.roomId !== null ? (roomName.get(p.roomId) ?? '') : '',
    ].filter(Boolean);
    for (let k = 0; k < a.durationPeriods && p.period + k <= plan.periods.length; k++) {
      const key = `${p.day}:${p.period + k}`;
      const lesson: GridLesson = {
        activityId: a.id,
        day: p.day,
        period: p.period,
        isStart: k === 0,
        subject: a.subjectName || `#${a.id}`,
        detail: who.join(' · '),
        isLocked: a.locked !== null,
      };
      cells.set(key, [...(cells.get(key) ?? []), lesson]);
    }
  }
  return cells;
}

/** The choices of the grid's target select for a view. */
export function gridTargets(plan: Plan, view: GridView): { value: string; label: string }[] {
  if (view === 'class') return plan.studentSets.map((s) => ({ value: s.id, label: s.name }));
  if (view === 'teacher') return plan.teachers.map((x) => ({ value: String(x.id), label: x.name }));
  return plan.rooms.map((x) => ({ value: String(x.id), label: `${x.code} ${x.name}` }));
}
