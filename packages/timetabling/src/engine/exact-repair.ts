import { buildRepairModel, onlyRoom } from './exact-repair-model.js';
import { RES_SUBGROUP, type Problem } from './problem.js';
import { loadState } from './report.js';
import type { Rng } from './rng.js';

/**
 * A MIP solver for the endgame (decision 017, "Exact repair"): takes a model in CPLEX LP format whose first
 * `columns` columns are x0, x1, ... (in that order), optionally a first answer for them, and a time limit; answers
 * the values of those columns, or null when it found no feasible point.
 */
export type LpSolver = (problem: { lp: string; columns: number; start?: number[] }, timeLimitSeconds: number) => Float64Array | null;

export interface RepairOptions {
  solve: LpSolver;
  rng: Rng;
  /** Units that may never move (locked) and units that can never be placed. */
  fixed: Uint8Array;
  usable: Uint8Array;
  /** Solves tried at most, within this many seconds in all, each within the second figure. */
  rounds: number;
  budgetSeconds: number;
  secondsPerSolve: number;
  /** Wall-clock deadline (ms since the epoch): no solve starts after it, none runs past it. */
  deadline: number;
  /** Units freed at most (more after rounds that placed no more: the neighbourhood widens). */
  maxFree: number;
}

/** Where a repair got to: the timetable, how many units it places, and whether that is every usable one. */
export interface RepairResult {
  start: Int32Array;
  room: Int32Array;
  placed: number;
  isComplete: boolean;
}

/**
 * Large-neighbourhood search with an exact solver for the last few lessons (decision 017, "Exact repair"): each
 * round frees a neighbourhood of one class's stuck units (`chooseNeighbourhood`), everything else stays where it
 * is, and a MIP places as many of the freed as the hard rules allow. A round is kept only when no fewer are
 * placed, the rooms can be given and the engine's own check finds no hard violation. Returns where the rounds got
 * to (complete: every usable unit placed), or null when the first neighbourhood has a hard rule the model does
 * not write.
 */
export function repairExactly(p: Problem, startIn: Int32Array, roomIn: Int32Array, options: RepairOptions): RepairResult | null {
  const start = Int32Array.from(startIn);
  const room = Int32Array.from(roomIn);
  const result = (): RepairResult => {
    let placed = 0;
    let isComplete = true;
    for (let u = 0; u < p.nUnits; u++) {
      if ((start[u] ?? -1) >= 0) placed++;
      else if (options.usable[u]) isComplete = false;
    }
    return { start, room, placed, isComplete };
  };
  let end = Math.min(options.deadline, Date.now() + options.budgetSeconds * 1000);
  let fewest = Number.POSITIVE_INFINITY;
  let idle = 0;
  for (let round = 0; round < options.rounds; round++) {
    const stuck: number[] = [];
    for (let u = 0; u < p.nUnits; u++) if ((start[u] ?? -1) < 0 && options.usable[u]) stuck.push(u);
    if (stuck.length === 0) return result();
    if (stuck.length < fewest) {
      // Fewer stuck than ever in this repair: it is getting somewhere, give it the budget again from here.
      if (fewest !== Number.POSITIVE_INFINITY) end = Math.min(options.deadline, Date.now() + options.budgetSeconds * 1000);
      fewest = stuck.length;
    }
    const secondsLeft = (end - Date.now()) / 1000;
    if (secondsLeft < 0.2) break;
    const free = chooseNeighbourhood(p, start, stuck, options, idle);
    idle++;
    const model = buildRepairModel(p, start, room, free, idle > 1 ? () => options.rng.next() : undefined);
    if (!model) return round === 0 ? null : result();
    const first = model.vars.map((v) => (start[v.unit] === v.start ? 1 : 0));
    const values = options.solve(
      { lp: model.lp, columns: model.vars.length, start: first },
      Math.min(options.secondsPerSolve, secondsLeft),
    );
    if (!values) continue;
    const tryStart = Int32Array.from(start);
    const tryRoom = Int32Array.from(room);
    let before = 0;
    for (const u of free) {
      if ((tryStart[u] ?? -1) >= 0) before++;
      tryStart[u] = -1;
      for (const a of p.unitActs[u] ?? []) tryRoom[a] = -1;
    }
    let after = 0;
    model.vars.forEach((v, i) => {
      if ((values[i] ?? 0) > 0.5) {
        tryStart[v.unit] = v.start;
        after++;
      }
    });
    // Kept when no fewer are placed, the rooms can be given and the engine agrees nothing hard is broken.
    if (after < before || !assignRooms(p, tryStart, tryRoom, free)) continue;
    if (loadState(p, tryStart, tryRoom).hard !== 0) continue;
    if (after > before) idle = 0;
    start.set(tryStart);
    room.set(tryRoom);
  }
  return result();
}

/**
 * The stuck units of one class (those sharing a subgroup with one stuck unit, chosen at random), every placed
 * lesson of their subgroups and teachers, and every lesson needing one of their rooms; then, in turn, a random
 * share of those teachers' other lessons or whole classes met through those teachers (wider after rounds that
 * placed no more). Locked units never move.
 */
function chooseNeighbourhood(p: Problem, start: Int32Array, stuck: number[], options: RepairOptions, idle: number): Set<number> {
  const subgroupsOf = (u: number): number[] => [...(p.unitClashResources[u] ?? [])].filter((r) => p.resKind[r] === RES_SUBGROUP);
  const first = stuck[Math.floor(options.rng.next() * stuck.length)] ?? 0;
  const focusSubgroups = new Set(subgroupsOf(first));
  const focus = stuck.filter((u) => u === first || subgroupsOf(u).some((r) => focusSubgroups.has(r)));
  const isMovable = (u: number): boolean => !options.fixed[u] && options.usable[u] === 1;
  const own = new Set<number>();
  for (const u of focus) for (const r of p.unitClashResources[u] ?? []) own.add(r);
  const free = new Set<number>(focus);
  for (let u = 0; u < p.nUnits; u++) {
    if ((start[u] ?? -1) < 0 || !isMovable(u)) continue;
    if ((p.unitClashResources[u] ?? []).some((r) => own.has(r))) free.add(u);
  }
  // Lessons that need the same rooms as the stuck ones (a gym, a lab): the room is often what is in the way.
  const rooms = new Set<number>();
  for (const u of focus)
    for (const a of p.unitActs[u] ?? []) if (p.actRoomHard[a]) for (const r of p.actRoomCandidates[a] ?? []) rooms.add(r);
  if (rooms.size > 0) {
    for (let u = 0; u < p.nUnits; u++) {
      if (free.has(u) || (start[u] ?? -1) < 0 || !isMovable(u)) continue;
      if ((p.unitActs[u] ?? []).some((a) => p.actRoomHard[a] && (p.actRoomCandidates[a] ?? []).some((r) => rooms.has(r)))) free.add(u);
    }
  }
  const teachers = new Set<number>();
  for (const u of free) for (const r of p.unitClashResources[u] ?? []) if (p.resKind[r] !== RES_SUBGROUP) teachers.add(r);
  if (idle % 2 === 1) {
    // Whole classes met through the focus' teachers: their days can be reordered, not just a lesson moved.
    const met: number[] = [];
    for (let u = 0; u < p.nUnits; u++)
      if (!free.has(u) && isMovable(u) && (start[u] ?? -1) >= 0 && (p.unitClashResources[u] ?? []).some((r) => teachers.has(r)))
        met.push(u);
    const classes = 1 + Math.min(3, idle >> 1);
    for (let k = 0; k < classes && met.length > 0; k++) {
      const via = met[Math.floor(options.rng.next() * met.length)] ?? 0;
      const subs = new Set(subgroupsOf(via));
      for (let u = 0; u < p.nUnits; u++)
        if (!free.has(u) && isMovable(u) && (start[u] ?? -1) >= 0 && subgroupsOf(u).some((r) => subs.has(r))) free.add(u);
    }
    return free;
  }
  // Wider after rounds that placed no more.
  const share = Math.min(0.8, 0.3 + 0.1 * idle);
  const maxFree = options.maxFree + 40 * Math.min(idle, 4);
  for (let u = 0; u < p.nUnits && free.size < maxFree; u++) {
    if (free.has(u) || (start[u] ?? -1) < 0 || !isMovable(u)) continue;
    if ((p.unitClashResources[u] ?? []).some((r) => teachers.has(r)) && options.rng.next() < share) free.add(u);
  }
  return free;
}

/**
 * Rooms for the freed activities just placed: the one they must have, else a free candidate, moving another freed
 * lesson to another of its rooms when that frees one (augmenting paths, as in bipartite matching; the model's
 * Hall rows say a matching exists at each period).
 */
function assignRooms(p: Problem, start: Int32Array, room: Int32Array, free: Set<number>): boolean {
  const nSlots = p.nSlots;
  // Who holds each room at each period: an activity, -2 for one that stays (not freed), -1 nobody.
  const holder = new Int32Array(p.nRooms * nSlots).fill(-1);
  for (let a = 0; a < p.nActs; a++) {
    const s = start[p.actUnit[a] ?? 0] ?? -1;
    const r = room[a] ?? -1;
    if (s >= 0 && r >= 0) for (let k = 0; k < (p.actDuration[a] ?? 1); k++) holder[r * nSlots + s + k] = -2;
  }
  const candidatesOf = (a: number): number[] => {
    const only = onlyRoom(p, a);
    return only >= 0 ? [only] : [...(p.actRoomCandidates[a] ?? [])];
  };
  const seat = (a: number, r: number): void => {
    const s = start[p.actUnit[a] ?? 0] ?? 0;
    for (let k = 0; k < (p.actDuration[a] ?? 1); k++) holder[r * nSlots + s + k] = a;
    room[a] = r;
  };
  const unseat = (a: number): void => {
    const r = room[a] ?? -1;
    if (r < 0) return;
    const s = start[p.actUnit[a] ?? 0] ?? 0;
    for (let k = 0; k < (p.actDuration[a] ?? 1); k++) if (holder[r * nSlots + s + k] === a) holder[r * nSlots + s + k] = -1;
    room[a] = -1;
  };
  const visited = new Set<number>();
  // Finds a room for a, possibly by moving the freed lessons in the way to rooms of theirs, depth-first.
  const place = (a: number, depth: number): boolean => {
    const s = start[p.actUnit[a] ?? 0] ?? 0;
    const duration = p.actDuration[a] ?? 1;
    const candidates = candidatesOf(a);
    const blockers = (r: number): number[] | null => {
      const found = new Set<number>();
      for (let k = 0; k < duration; k++) {
        if (p.roomBlocked[r * nSlots + s + k]) return null;
        const h = holder[r * nSlots + s + k] ?? -1;
        if (h === -2) return null;
        if (h >= 0) found.add(h);
      }
      return [...found];
    };
    for (const r of candidates) {
      if (blockers(r)?.length === 0) {
        seat(a, r);
        return true;
      }
    }
    if (depth === 0) return false;
    for (const r of candidates) {
      const inWay = blockers(r);
      if (!inWay || inWay.length !== 1) continue;
      const b = inWay[0] ?? -1;
      if (visited.has(b)) continue;
      visited.add(b);
      unseat(b);
      seat(a, r);
      if (place(b, depth - 1)) return true;
      unseat(a);
      seat(b, r);
    }
    return false;
  };
  // Fewest choices first.
  const order: number[] = [];
  for (const u of free) if ((start[u] ?? -1) >= 0) for (const a of p.unitActs[u] ?? []) order.push(a);
  order.sort((x, y) => candidatesOf(x).length - candidatesOf(y).length || x - y);
  for (const a of order) {
    if (candidatesOf(a).length === 0) {
      room[a] = -1;
      continue;
    }
    visited.clear();
    visited.add(a);
    if (!place(a, 6) && p.actRoomHard[a]) return false;
  }
  return true;
}
