import {
  GROUP_MIN_DAYS,
  GROUP_NOT_OVERLAPPING,
  isHardWeight,
  RES_COUNTER,
  RES_SUBGROUP,
  RULE_EARLY,
  RULE_MAX_DAYS_PER_WEEK,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_GAPS_PER_WEEK,
  RULE_MAX_HOURS_DAILY,
  type Problem,
} from './problem.js';
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

export interface RepairModel {
  lp: string;
  /** Column i is unit vars[i].unit starting at vars[i].start. */
  vars: { unit: number; start: number }[];
}

/**
 * Large-neighbourhood search with an exact solver for the last few lessons (decision 017, "Exact repair"): each
 * round frees a neighbourhood of one class's stuck units (`chooseNeighbourhood`), everything else stays where it
 * is, and a MIP places as many of the freed as the hard rules allow. A round is kept only when no fewer are
 * placed, the rooms can be given and the engine's own check finds no hard violation. Returns where the rounds got
 * to (complete: every usable unit placed), or null when the first neighbourhood has a hard rule the model does
 * not write.
 */
export function repairExactly(
  p: Problem,
  startIn: Int32Array,
  roomIn: Int32Array,
  options: RepairOptions,
): { start: Int32Array; room: Int32Array; isComplete: boolean } | null {
  const start = Int32Array.from(startIn);
  const room = Int32Array.from(roomIn);
  let end = Math.min(options.deadline, Date.now() + options.budgetSeconds * 1000);
  let fewest = Number.POSITIVE_INFINITY;
  let idle = 0;
  for (let round = 0; round < options.rounds; round++) {
    const stuck: number[] = [];
    for (let u = 0; u < p.nUnits; u++) if ((start[u] ?? -1) < 0 && options.usable[u]) stuck.push(u);
    if (stuck.length === 0) return { start, room, isComplete: true };
    if (stuck.length < fewest) {
      // Fewer stuck than ever in this repair: it is getting somewhere, give it the budget again from here.
      if (fewest !== Number.POSITIVE_INFINITY) end = Math.min(options.deadline, Date.now() + options.budgetSeconds * 1000);
      fewest = stuck.length;
    }
    const secondsLeft = (end - Date.now()) / 1000;
    if (secondsLeft < 0.2) break;
    const free = chooseNeighbourhood(p, stuck, { ...options, start }, idle);
    idle++;
    const model = buildRepairModel(p, start, room, free, idle > 1 ? () => options.rng.next() : undefined);
    if (!model) return round === 0 ? null : { start, room, isComplete: false };
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
  let isComplete = true;
  for (let u = 0; u < p.nUnits; u++) if ((start[u] ?? -1) < 0 && options.usable[u]) isComplete = false;
  return { start, room, isComplete };
}

/**
 * The stuck units of one class (those sharing a subgroup with one stuck unit, chosen at random), every placed
 * lesson of their subgroups and teachers, and every lesson needing one of their rooms; then, in turn, a random
 * share of those teachers' other lessons or whole classes met through those teachers (wider after rounds that
 * placed no more). Locked units never move.
 */
function chooseNeighbourhood(p: Problem, stuck: number[], options: RepairOptions & { start: Int32Array }, idle: number): Set<number> {
  const subgroupsOf = (u: number): number[] => [...(p.unitClashResources[u] ?? [])].filter((r) => p.resKind[r] === RES_SUBGROUP);
  const first = stuck[Math.floor(options.rng.next() * stuck.length)] ?? 0;
  const focusSubgroups = new Set(subgroupsOf(first));
  const focus = stuck.filter((u) => u === first || subgroupsOf(u).some((r) => focusSubgroups.has(r)));
  const isMovable = (u: number): boolean => !options.fixed[u] && options.usable[u] === 1;
  const own = new Set<number>();
  for (const u of focus) for (const r of p.unitClashResources[u] ?? []) own.add(r);
  const free = new Set<number>(focus);
  for (let u = 0; u < p.nUnits; u++) {
    if ((options.start[u] ?? -1) < 0 || !isMovable(u)) continue;
    if ((p.unitClashResources[u] ?? []).some((r) => own.has(r))) free.add(u);
  }
  // Lessons that need the same rooms as the stuck ones (a gym, a lab): the room is often what is in the way.
  const rooms = new Set<number>();
  for (const u of focus)
    for (const a of p.unitActs[u] ?? []) if (p.actRoomHard[a]) for (const r of p.actRoomCandidates[a] ?? []) rooms.add(r);
  if (rooms.size > 0) {
    for (let u = 0; u < p.nUnits; u++) {
      if (free.has(u) || (options.start[u] ?? -1) < 0 || !isMovable(u)) continue;
      if ((p.unitActs[u] ?? []).some((a) => p.actRoomHard[a] && (p.actRoomCandidates[a] ?? []).some((r) => rooms.has(r)))) free.add(u);
    }
  }
  const teachers = new Set<number>();
  for (const u of free) for (const r of p.unitClashResources[u] ?? []) if (p.resKind[r] !== RES_SUBGROUP) teachers.add(r);
  if (idle % 2 === 1) {
    // Whole classes met through the focus' teachers: their days can be reordered, not just a lesson moved.
    const met: number[] = [];
    for (let u = 0; u < p.nUnits; u++)
      if (!free.has(u) && isMovable(u) && (options.start[u] ?? -1) >= 0 && (p.unitClashResources[u] ?? []).some((r) => teachers.has(r)))
        met.push(u);
    const classes = 1 + Math.min(3, idle >> 1);
    for (let k = 0; k < classes && met.length > 0; k++) {
      const via = met[Math.floor(options.rng.next() * met.length)] ?? 0;
      const subs = new Set(subgroupsOf(via));
      for (let u = 0; u < p.nUnits; u++)
        if (!free.has(u) && isMovable(u) && (options.start[u] ?? -1) >= 0 && subgroupsOf(u).some((r) => subs.has(r))) free.add(u);
    }
    return free;
  }
  // Wider after rounds that placed no more.
  const share = Math.min(0.8, 0.3 + 0.1 * idle);
  const maxFree = options.maxFree + 40 * Math.min(idle, 4);
  for (let u = 0; u < p.nUnits && free.size < maxFree; u++) {
    if (free.has(u) || (options.start[u] ?? -1) < 0 || !isMovable(u)) continue;
    if ((p.unitClashResources[u] ?? []).some((r) => teachers.has(r)) && options.rng.next() < share) free.add(u);
  }
  return free;
}

/** The one room an activity must have, or -1 (no room, or a choice left to `assignRooms`). */
function onlyRoom(p: Problem, a: number): number {
  const candidates = p.actRoomCandidates[a];
  return p.actRoomHard[a] && candidates?.length === 1 ? (candidates[0] ?? -1) : -1;
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

/**
 * The MIP of one neighbourhood: a binary per freed unit and allowed start (starts where a fixed lesson of the same
 * teacher, subgroup or only room sits are left out), at most one start each, the objective the number placed.
 * Rows: no double booking; each touched person's hard rules over fixed and freed lessons together (no gaps and an
 * early start as "each period taken only if the one before is"); min days between a group's lessons. Null when
 * the neighbourhood touches a hard rule this model does not write (the search goes on without it).
 */
export function buildRepairModel(
  p: Problem,
  start: Int32Array,
  room: Int32Array,
  free: Set<number>,
  moveBonus?: () => number,
): RepairModel | null {
  const nSlots = p.nSlots;
  const nHours = p.nHours;
  const fixedOcc = new Uint8Array(p.nRes * nSlots);
  const roomFixed = new Uint8Array(p.nRooms * nSlots);
  for (let u = 0; u < p.nUnits; u++) {
    const s = start[u] ?? -1;
    if (free.has(u) || s < 0) continue;
    for (const a of p.unitActs[u] ?? []) {
      const duration = p.actDuration[a] ?? 1;
      for (const r of p.actResources[a] ?? []) for (let k = 0; k < duration; k++) fixedOcc[r * nSlots + s + k] = 1;
      const r = room[a] ?? -1;
      if (r >= 0) for (let k = 0; k < duration; k++) roomFixed[r * nSlots + s + k] = 1;
    }
  }

  const vars: { unit: number; start: number }[] = [];
  const cover = new Map<number, number[]>();
  const roomCover = new Map<number, number[]>();
  const unitVars = new Map<number, number[]>();
  const add = (m: Map<number, number[]>, key: number, v: number): void => {
    const list = m.get(key);
    if (list) list.push(v);
    else m.set(key, [v]);
  };
  for (const u of free) {
    const list: number[] = [];
    for (const t of p.unitDomain[u] ?? []) {
      let isOpen = true;
      for (const a of p.unitActs[u] ?? []) {
        const duration = p.actDuration[a] ?? 1;
        for (const r of p.actResources[a] ?? []) for (let k = 0; k < duration; k++) if (fixedOcc[r * nSlots + t + k]) isOpen = false;
        const only = onlyRoom(p, a);
        if (only >= 0)
          for (let k = 0; k < duration; k++) if (roomFixed[only * nSlots + t + k] || p.roomBlocked[only * nSlots + t + k]) isOpen = false;
      }
      if (!isOpen) continue;
      const v = vars.length;
      vars.push({ unit: u, start: t });
      list.push(v);
      for (const a of p.unitActs[u] ?? []) {
        const duration = p.actDuration[a] ?? 1;
        for (const r of p.actResources[a] ?? []) for (let k = 0; k < duration; k++) add(cover, r * nSlots + t + k, v);
        const only = onlyRoom(p, a);
        if (only >= 0) for (let k = 0; k < duration; k++) add(roomCover, only * nSlots + t + k, v);
      }
    }
    unitVars.set(u, list);
  }

  const rows: string[] = [];
  const bounded: string[] = [];
  const sum = (list: number[]): string => list.map((v) => `x${v}`).join(' + ');
  const newAux = (): string => {
    const name = `y${bounded.length}`;
    bounded.push(name);
    return name;
  };
  // A linear term "sign * occupancy" of resource r at slot s: its text (signed columns) and its constant part.
  const term = (r: number, s: number, sign: 1 | -1): { text: string; c: number } => ({
    text: (cover.get(r * nSlots + s) ?? []).map((v) => `${sign > 0 ? '+' : '-'} x${v}`).join(' '),
    c: sign * (fixedOcc[r * nSlots + s] ?? 0),
  });

  for (const list of unitVars.values()) if (list.length > 0) rows.push(`${sum(list)} <= 1`);
  for (const [key, list] of cover) if (list.length > 1 && Math.floor(key / nSlots) < p.nClashRes) rows.push(`${sum(list)} <= 1`);
  for (const list of roomCover.values()) if (list.length > 1) rows.push(`${sum(list)} <= 1`);
  // Lessons with a choice of rooms: at no period more of them than the rooms of a set of choices left free, for each
  // union of the choices met (Hall's condition: then every period has a matching of lessons to rooms).
  const choices = new Map<string, number[]>();
  for (const u of free) {
    for (const a of p.unitActs[u] ?? []) {
      const candidates = p.actRoomCandidates[a] ?? new Int32Array(0);
      if (!p.actRoomHard[a] || candidates.length < 2) continue;
      const key = [...candidates].sort((x, y) => x - y).join(',');
      if (!choices.has(key)) choices.set(key, [...candidates]);
    }
  }
  for (const base of [...choices.values()]) {
    for (const other of [...choices.values()]) {
      if (choices.size >= 64) break;
      const union = [...new Set([...base, ...other])].sort((x, y) => x - y);
      const key = union.join(',');
      if (!choices.has(key)) choices.set(key, union);
    }
  }
  for (const rooms of choices.values()) {
    const inSet = new Set(rooms);
    const within = new Map<number, number[]>();
    vars.forEach((v, i) => {
      for (const a of p.unitActs[v.unit] ?? []) {
        const candidates = p.actRoomCandidates[a] ?? new Int32Array(0);
        if (!p.actRoomHard[a] || candidates.length === 0 || !candidates.every((r) => inSet.has(r))) continue;
        for (let k = 0; k < (p.actDuration[a] ?? 1); k++) add(within, v.start + k, i);
      }
    });
    for (const [slot, list] of within) {
      let open = 0;
      for (const r of rooms) if (!roomFixed[r * nSlots + slot] && !p.roomBlocked[r * nSlots + slot]) open++;
      if (list.length > open) rows.push(`${sum(list)} <= ${open}`);
    }
  }

  const touched = new Set<number>();
  for (const u of free) for (const a of p.unitActs[u] ?? []) for (const r of p.actResources[a] ?? []) touched.add(r);
  for (const r of touched) {
    const hoursOf = (d: number): number[] => {
      const hours: number[] = [];
      const mask = p.resAvail[r * p.nDays + d] ?? 0;
      for (let h = 0; h < nHours; h++) if (mask & (1 << h)) hours.push(h);
      return hours;
    };
    const hard = (p.resRules[r] ?? []).filter((rule) => isHardWeight(p.ruleWeight[rule] ?? 0));
    const isTight = (kind: number): boolean => hard.some((rule) => p.ruleKind[rule] === kind && p.ruleA[rule] === 0);
    const isPrefix = isTight(RULE_MAX_GAPS_PER_WEEK) && isTight(RULE_EARLY);
    // Lessons of this person still to place now: then, as in the engine, a day may have as many empty periods
    // before its last lesson as the hours still to place (a complete timetable: none).
    let placedNow = 0;
    for (let u = 0; u < p.nUnits; u++) {
      const at = start[u] ?? -1;
      if (at >= 0)
        for (const a of p.unitActs[u] ?? []) if ((p.actResources[a] ?? new Int32Array(0)).includes(r)) placedNow += p.actDuration[a] ?? 1;
    }
    const total = p.resTotalHours[r] ?? 0;
    const isPartial = placedNow < total;
    // Sum over the week of every occupied period (fixed and freed), as text with its constant.
    const weekHours = (): { text: string; c: number } => {
      const parts: string[] = [];
      let c = 0;
      for (let s = 0; s < nSlots; s++) {
        const t = term(r, s, 1);
        if (t.text) parts.push(t.text);
        c += t.c;
      }
      return { text: parts.join(' '), c };
    };
    if (isPrefix && isPartial) {
      // Periods from each day's start to its last lesson, over the week, at most the hours the person has.
      const lasts: string[] = [];
      for (let d = 0; d < p.nDays; d++) {
        const hours = hoursOf(d);
        const g: string[] = hours.map(() => newAux());
        hours.forEach((h, i) => {
          const o = term(r, d * nHours + h, -1);
          rows.push(`${g[i]} ${o.text} >= ${-o.c}`);
          if (i + 1 < hours.length) rows.push(`${g[i]} - ${g[i + 1]} >= 0`);
        });
        lasts.push(...g);
      }
      if (lasts.length > 0) rows.push(`${lasts.join(' + ')} <= ${total}`);
    } else if (isPrefix) {
      for (let d = 0; d < p.nDays; d++) {
        const hours = hoursOf(d);
        for (let i = 0; i + 1 < hours.length; i++) {
          const a = term(r, d * nHours + (hours[i] ?? 0), 1);
          const b = term(r, d * nHours + (hours[i + 1] ?? 0), -1);
          if (a.text || b.text) rows.push(`${a.text} ${b.text} >= ${-a.c - b.c}`);
        }
      }
    }
    for (const rule of hard) {
      const kind = p.ruleKind[rule] ?? -1;
      const limit = p.ruleA[rule] ?? 0;
      if (isPrefix && (kind === RULE_MAX_GAPS_PER_WEEK || kind === RULE_EARLY)) continue;
      if (p.resKind[r] === RES_COUNTER && kind !== RULE_MAX_HOURS_DAILY) return null;
      if (kind === RULE_MAX_GAPS_PER_WEEK || kind === RULE_MAX_GAPS_PER_DAY || kind === RULE_EARLY) {
        const weekTerms: string[] = [];
        for (let d = 0; d < p.nDays; d++) {
          const hours = hoursOf(d);
          const n = hours.length;
          if (n < 2) continue;
          // f: some lesson at or before this period; g: some lesson at or after it.
          const f: string[] = [];
          const g: string[] = [];
          for (let i = 0; i < n; i++) {
            f.push(newAux());
            g.push(newAux());
            const o = term(r, d * nHours + (hours[i] ?? 0), -1);
            rows.push(`${f[i]} ${o.text} >= ${-o.c}`, `${g[i]} ${o.text} >= ${-o.c}`);
            if (i > 0) rows.push(`${f[i]} - ${f[i - 1]} >= 0`);
          }
          for (let i = 0; i + 1 < n; i++) rows.push(`${g[i]} - ${g[i + 1]} >= 0`);
          const dayTerms: string[] = [];
          if (kind === RULE_EARLY) {
            const o0 = term(r, d * nHours + (hours[0] ?? 0), 1);
            const o1 = term(r, d * nHours + (hours[1] ?? 0), 1);
            if (n > 2) rows.push(`${o0.text} ${o1.text} - ${g[2]} >= ${-o0.c - o1.c}`);
            const late = newAux();
            rows.push(`${late} - ${g[1]} ${o0.text} >= ${-1 - o0.c}`);
            dayTerms.push(late);
          } else {
            for (let i = 1; i + 1 < n; i++) {
              const gap = newAux();
              const o = term(r, d * nHours + (hours[i] ?? 0), 1);
              rows.push(`${gap} - ${f[i]} - ${g[i]} ${o.text} >= ${-1 - o.c}`);
              dayTerms.push(gap);
            }
          }
          if (kind === RULE_MAX_GAPS_PER_DAY) {
            if (dayTerms.length > 0) rows.push(`${dayTerms.join(' + ')} <= ${limit}`);
          } else weekTerms.push(...dayTerms);
        }
        if (weekTerms.length > 0) {
          if (kind === RULE_MAX_GAPS_PER_WEEK && isPartial) {
            // As many more gaps as hours still to place: gaps + hours placed <= limit + all the person's hours.
            const placed = weekHours();
            rows.push(`${weekTerms.join(' + ')} ${placed.text} <= ${limit + total - placed.c}`);
          } else rows.push(`${weekTerms.join(' + ')} <= ${limit}`);
        }
      } else if (kind === RULE_MAX_DAYS_PER_WEEK) {
        const days: string[] = [];
        for (let d = 0; d < p.nDays; d++) {
          const used = newAux();
          days.push(used);
          for (let h = 0; h < nHours; h++) {
            const o = term(r, d * nHours + h, -1);
            rows.push(`${used} ${o.text} >= ${-o.c}`);
          }
        }
        rows.push(`${days.join(' + ')} <= ${limit}`);
      } else if (kind === RULE_MAX_HOURS_DAILY) {
        for (let d = 0; d < p.nDays; d++) {
          let fixed = 0;
          const list: number[] = [];
          for (let h = 0; h < nHours; h++) {
            fixed += fixedOcc[r * nSlots + d * nHours + h] ?? 0;
            list.push(...(cover.get(r * nSlots + d * nHours + h) ?? []));
          }
          if (list.length > 0) rows.push(`${sum(list)} <= ${limit - fixed}`);
        }
      } else return null;
    }
  }

  for (let g = 0; g < p.groupKind.length; g++) {
    if (!isHardWeight(p.groupWeight[g] ?? 0)) continue;
    const acts = p.groupActs[g] ?? new Int32Array(0);
    if (!acts.some((a) => free.has(p.actUnit[a] ?? -1))) continue;
    const kind = p.groupKind[g];
    if (kind === GROUP_MIN_DAYS) {
      // Lessons at least m days apart: at most one in any m consecutive days.
      const m = p.groupParam[g] ?? 1;
      for (let d0 = 0; d0 + m <= p.nDays; d0++) {
        let fixed = 0;
        const list: number[] = [];
        for (const a of acts) {
          const u = p.actUnit[a] ?? 0;
          const inWindow = (s: number): boolean => {
            const day = Math.floor(s / nHours);
            return day >= d0 && day < d0 + m;
          };
          if (free.has(u)) {
            for (const v of unitVars.get(u) ?? []) if (inWindow(vars[v]?.start ?? 0)) list.push(v);
          } else if ((start[u] ?? -1) >= 0 && inWindow(start[u] ?? 0)) fixed++;
        }
        if (list.length > 0) rows.push(`${sum(list)} <= ${1 - fixed}`);
      }
    } else if (kind === GROUP_NOT_OVERLAPPING) {
      for (let s = 0; s < nSlots; s++) {
        let fixed = 0;
        const list: number[] = [];
        for (const a of acts) {
          const u = p.actUnit[a] ?? 0;
          const duration = p.actDuration[a] ?? 1;
          const covers = (t: number): boolean => t <= s && s < t + duration;
          if (free.has(u)) {
            for (const v of unitVars.get(u) ?? []) if (covers(vars[v]?.start ?? -1)) list.push(v);
          } else if ((start[u] ?? -1) >= 0 && covers(start[u] ?? 0)) fixed++;
        }
        if (list.length > 1 || (list.length > 0 && fixed > 0)) rows.push(`${sum(list)} <= ${1 - fixed}`);
      }
    } else return null;
  }

  // Each unit placed counts 1; with a move bonus, a unit placed somewhere new also earns a small random amount
  // (all of them together less than one unit), so among equally full answers the solver picks one that moves.
  const bonusScale = 0.9 / Math.max(1, free.size);
  const coefficient = (v: { unit: number; start: number }): string =>
    moveBonus && start[v.unit] !== v.start ? (1 + bonusScale * moveBonus()).toFixed(6) : '1';
  const objective = vars.length > 0 ? vars.map((v, i) => `${coefficient(v)} x${i}`).join(' + ') : '0 x0';
  const lines = ['Maximize', ` obj: ${objective}`, 'Subject To'];
  rows.forEach((row, i) => lines.push(` r${i}: ${row.replace(/\s+/g, ' ').replace(/^ *\+ /, '')}`));
  lines.push('Bounds');
  for (const name of bounded) lines.push(` 0 <= ${name} <= 1`);
  lines.push('Binary');
  for (let i = 0; i < Math.max(1, vars.length); i += 20) {
    lines.push(` ${Array.from({ length: Math.min(20, Math.max(1, vars.length) - i) }, (_, k) => `x${i + k}`).join(' ')}`);
  }
  lines.push('End', '');
  return { lp: lines.join('\n'), vars };
}
