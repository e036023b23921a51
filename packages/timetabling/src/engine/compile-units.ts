import type { Plan } from '../model.js';
import { isHardWeight, type ImpossibleReason, type Problem } from './problem.js';
import type { RoomRuleDraft } from './compile-rules.js';

/** Each activity's candidate rooms: hard room rules intersect, soft ones cost; home rooms only where nothing else applies. */
export function compileRooms(
  plan: Plan,
  nSlots: number,
  roomRules: RoomRuleDraft[],
  roomBlocked: Uint8Array,
  actAllowed: Uint8Array,
  impossible: ImpossibleReason[],
) {
  const nActs = plan.activities.length;
  const actRoomCandidates: Int32Array[] = [];
  const actRoomHard = new Uint8Array(nActs);
  const actRoomSoft: Problem['actRoomSoft'] = [];
  const actRoomSources: number[][] = [];
  const rulesOfAct: (typeof roomRules)[] = Array.from({ length: nActs }, () => []);
  const setSize = new Map(plan.studentSets.map((set) => [set.id, set.size ?? 0]));
  for (const rule of roomRules) for (const a of rule.acts) rulesOfAct[a]?.push(rule);
  for (let a = 0; a < nActs; a++) {
    const activity = plan.activities[a];
    const all = rulesOfAct[a] ?? [];
    const applying = all.some((r) => !r.home) ? all.filter((r) => !r.home) : all;
    let hardSet: Set<number> | undefined;
    const soft: { rooms: Set<number>; weight: number; source: number }[] = [];
    const sources: number[] = [];
    for (const rule of applying) {
      if (isHardWeight(rule.weight)) {
        sources.push(rule.source);
        const set = new Set(rule.rooms);
        hardSet = hardSet ? new Set([...hardSet].filter((r) => set.has(r))) : set;
      } else {
        soft.push({ rooms: new Set(rule.rooms), weight: rule.weight / 100, source: rule.source });
      }
    }
    let candidates: number[] = hardSet ? [...hardSet] : [...new Set(soft.flatMap((s) => [...s.rooms]))];
    const size = activity?.size ?? (activity ? activity.studentSetIds.reduce((sum, id) => sum + (setSize.get(id) ?? 0), 0) : 0);
    if (size > 0) candidates = candidates.filter((r) => (plan.rooms[r]?.capacity ?? Number.POSITIVE_INFINITY) >= size);
    candidates.sort((x, y) => x - y);
    actRoomCandidates.push(Int32Array.from(candidates));
    actRoomHard[a] = hardSet ? 1 : 0;
    actRoomSoft.push(soft);
    actRoomSources.push(sources);
    if (hardSet && candidates.length === 0) {
      impossible.push({ activity: a, constraintIndex: sources[0] ?? -1, reason: 'no room satisfies its room rules and capacity' });
    }
    if (hardSet && candidates.length > 0 && activity) {
      // A start is only allowed if some candidate room is available for the whole lesson.
      const base = a * nSlots;
      for (let s = 0; s < nSlots; s++) {
        if (!actAllowed[base + s]) continue;
        const free = candidates.some((room) => {
          for (let k = 0; k < activity.duration; k++) if (roomBlocked[room * nSlots + s + k]) return false;
          return true;
        });
        if (!free) actAllowed[base + s] = 0;
      }
    }
  }
  return { actRoomCandidates, actRoomHard, actRoomSoft, actRoomSources };
}

/** Units: activities tied by a hard same starting time move together. */
export function compileUnits(
  nActs: number,
  nSlots: number,
  sameTimeHard: number[][],
  actAllowed: Uint8Array,
  actClash: number[][],
  impossible: ImpossibleReason[],
) {
  const parent = Int32Array.from({ length: nActs }, (_, i) => i);
  const find = (x: number): number => {
    let y = x;
    while (parent[y] !== y) y = parent[y] ?? y;
    let z = x;
    while (parent[z] !== y) {
      const next = parent[z] ?? y;
      parent[z] = y;
      z = next;
    }
    return y;
  };
  for (const acts of sameTimeHard) {
    const first = acts[0] ?? 0;
    for (const a of acts) parent[find(a)] = find(first);
  }
  const unitOfRoot = new Map<number, number>();
  const actUnit = new Int32Array(nActs);
  const unitActsList: number[][] = [];
  for (let a = 0; a < nActs; a++) {
    const root = find(a);
    let u = unitOfRoot.get(root);
    if (u === undefined) {
      u = unitActsList.length;
      unitOfRoot.set(root, u);
      unitActsList.push([]);
    }
    actUnit[a] = u;
    unitActsList[u]?.push(a);
  }
  const nUnits = unitActsList.length;
  const unitDomain: Int32Array[] = [];
  const unitClashResources: Int32Array[] = [];
  for (let u = 0; u < nUnits; u++) {
    const acts = unitActsList[u] ?? [];
    const domain: number[] = [];
    for (let s = 0; s < nSlots; s++) if (acts.every((a) => actAllowed[a * nSlots + s] === 1)) domain.push(s);
    unitDomain.push(Int32Array.from(domain));
    const seen = new Set<number>();
    let selfClash = false;
    for (const a of acts) {
      for (const r of actClash[a] ?? []) {
        if (seen.has(r)) selfClash = true;
        seen.add(r);
      }
    }
    unitClashResources.push(Int32Array.from([...seen].sort((x, y) => x - y)));
    const first = acts[0] ?? 0;
    if (selfClash) {
      for (const a of acts) {
        impossible.push({
          activity: a,
          constraintIndex: -1,
          reason: 'it must start with activities that share a teacher or students with it',
        });
      }
    } else if (domain.length === 0 && acts.length > 1 && acts.every((a) => actAllowed.subarray(a * nSlots, (a + 1) * nSlots).includes(1))) {
      impossible.push({
        activity: first,
        constraintIndex: -1,
        reason: 'the activities that must start together have no common allowed start',
      });
    }
  }
  return { actUnit, unitActsList, nUnits, unitDomain, unitClashResources };
}
