import type { Placement, Plan } from '../model.js';
import { children, readXml, text } from './safe-xml.js';

/**
 * Reads the timetable FET writes next to its results (`<name>_activities.xml`: each activity's Id, Day, Hour and
 * Room by name) as placements for a plan imported from the same .fet file.
 */
export function readFetSolution(input: string | Uint8Array, plan: Plan): { placements: Placement[]; unknown: number } {
  const root = readXml(input, { root: 'Activities_Timetable' });
  const byExternal = new Map<number, string>();
  for (const a of plan.activities) if (a.externalId !== undefined) byExternal.set(a.externalId, a.id);
  const dayIndex = new Map(plan.days.map((d, i) => [d.name, i + 1]));
  const periodIndex = new Map(plan.periods.map((p, i) => [p.name, i + 1]));
  const roomId = new Map(plan.rooms.map((r) => [r.name, r.id]));
  const placements: Placement[] = [];
  let unknown = 0;
  for (const item of children(root, 'Activity')) {
    const activityId = byExternal.get(Number(text(item, 'Id')));
    const day = dayIndex.get(text(item, 'Day') ?? '');
    const period = periodIndex.get(text(item, 'Hour') ?? '');
    if (activityId === undefined || day === undefined || period === undefined) {
      unknown += 1;
      continue;
    }
    const placement: Placement = { activityId, day, period };
    const room = roomId.get(text(item, 'Room') ?? '');
    if (room !== undefined) placement.roomId = room;
    placements.push(placement);
  }
  return { placements, unknown };
}
