import { RULE_MAX_DAYS_PER_WEEK, RULE_MAX_HOURS_DAILY, type Problem } from './problem.js';
import { Rng } from './rng.js';
import { State } from './state.js';

export interface SearchControl {
  /** Checked every few hundred steps; true stops the search (cancel or time limit). */
  shouldStop: () => boolean;
  /** Called every few hundred steps with where the search is. */
  report: (phase: 'placing' | 'improving', state: State, bestPlaced: number, iterations: number) => void;
}

/** Knobs of the search, measured in bench/timetable.mjs and decision 017; the defaults are the measured best. */
export interface SearchTuning {
  /** Calls allowed to one recursive-swapping chain, per unit of the plan (FET: 2). */
  chainCallsPerUnit: number;
  /** Deepest level of a chain (FET: 14). */
  maxLevel: number;
  /** Levels below this try every start; deeper ones only the best (FET: 5). */
  wideLevels: number;
  /** Weight of soft costs when choosing among starts while placing... */
  softWeight: number;
  /** ... and while improving (chains re-placing displaced units). */
  improveSoftWeight: number;
  /** Steps without a new best before a ruin-and-recreate kick, per unit (at least 200). */
  patiencePerUnit: number;
  /** Weight, when choosing a start, of each empty period it leaves in a day that must stay compact. */
  holeWeight: number;
  /** On a restart, put the units evicted most in the last round first. */
  squeakyWheel: boolean;
  /** Placing steps a restart waits for, per unit, times Luby's sequence. */
  restartStepsPerUnit: number;
  /** While improving: share of one-unit-in-the-way moves made as chains rather than swaps. */
  chainMoveShare: number;
  /** Calls allowed to one improving chain. */
  chainMoveCalls: number;
}

export const defaultTuning: SearchTuning = {
  chainCallsPerUnit: 2,
  maxLevel: 14,
  wideLevels: 5,
  softWeight: 1,
  improveSoftWeight: 10,
  patiencePerUnit: 1,
  holeWeight: 3,
  squeakyWheel: true,
  restartStepsPerUnit: 4,
  chainMoveShare: 0.3,
  chainMoveCalls: 40,
};

export interface SearchOptions {
  seed: number;
  tuning?: Partial<SearchTuning>;
  /** Steps of the placing phase before giving up on a complete timetable (deterministic budget). */
  maxPlacingSteps: number;
  /** Steps of the soft improvement phase (an upper bound; the work budget below usually ends it first). */
  improvingSteps: number;
  /** Work for improving, as a multiple of the work placing took... */
  improveWorkRatio: number;
  /** ... and at least this much per unit. */
  improveWorkPerUnit: number;
}

export interface SearchOutcome {
  /** Work (moves priced) spent placing and improving. */
  placingWork: number;
  improvingWork: number;
  /** Best start per unit (-1 unplaced) and room per activity. */
  start: Int32Array;
  room: Int32Array;
  placedUnits: number;
  stoppedEarly: boolean;
  placingSteps: number;
  improvingSteps: number;
  /** Steps at which every unit was first placed without hard violations (-1 never). */
  solvedAtStep: number;
}

const CHECK_EVERY = 128;

/** Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i from 1). */
export function luby(i: number): number {
  let k = 1;
  while ((1 << k) - 1 < i) k++;
  while (i !== (1 << k) - 1) {
    i -= (1 << (k - 1)) - 1;
    k = 1;
    while ((1 << k) - 1 < i) k++;
  }
  return 1 << (k - 1);
}

/**
 * The search: place the hardest unit next at the slot that displaces the fewest others (conflicts evicted and
 * queued again at once, a tabu memory stops the same evictions cycling), repair any other hard rule the
 * placement broke by evicting the unit whose removal helps most; once all are placed, improve the soft score by
 * simulated annealing over moves and swaps that keep every hard rule.
 */
export class Search {
  readonly p: Problem;
  readonly state: State;
  private readonly rng: Rng;
  private readonly options: SearchOptions;
  private readonly control: SearchControl;
  private readonly nSlots: number;
  /** Step at which unit u was last evicted from slot s (u * nSlots + s). */
  private readonly evictedAt: Int32Array;
  private readonly evictions: Int32Array;
  private readonly fixed: Uint8Array;
  private readonly usable: Uint8Array;
  private readonly queue: Int32Array;
  private readonly inQueue: Uint8Array;
  private queueLength = 0;
  private readonly priority: Float64Array;
  private readonly bestStart: Int32Array;
  private readonly bestRoom: Int32Array;
  private bestPlaced = -1;
  private improving = false;
  private steps = 0;
  private stopped = false;
  /** Recursive swapping: calls in the current chain, their limit, and which units the chain has placed. */
  private chainCalls = 0;
  private chainLimit: number;
  private readonly tuning: SearchTuning;
  private chainStamp = 0;
  private readonly chainMark: Int32Array;
  /** Per chain level, reused: ranked starts and their values, displaced units, rooms. */
  private readonly levelSlots: Int32Array[] = [];
  private readonly levelValues: Float64Array[] = [];
  private readonly levelDisplaced: number[][] = [];
  private readonly levelRooms: Int32Array[] = [];

  constructor(problem: Problem, options: SearchOptions, control: SearchControl) {
    const p = problem;
    this.p = p;
    this.state = new State(p);
    this.rng = new Rng(options.seed);
    this.options = options;
    this.control = control;
    this.nSlots = p.nSlots;
    this.evictedAt = new Int32Array(p.nUnits * p.nSlots).fill(-1_000_000);
    this.evictions = new Int32Array(p.nUnits);
    this.fixed = new Uint8Array(p.nUnits);
    this.usable = new Uint8Array(p.nUnits);
    this.queue = new Int32Array(p.nUnits);
    this.inQueue = new Uint8Array(p.nUnits);
    this.priority = new Float64Array(p.nUnits);
    this.bestStart = new Int32Array(p.nUnits).fill(-1);
    this.bestRoom = new Int32Array(p.nActs).fill(-1);
    this.chainMark = new Int32Array(p.nUnits);
    this.tuning = { ...defaultTuning, ...options.tuning };
    let maxUnitActs = 1;
    for (const acts of p.unitActs) maxUnitActs = Math.max(maxUnitActs, acts.length);
    for (let level = 0; level <= this.tuning.maxLevel + 1; level++) {
      this.levelSlots.push(new Int32Array(p.nSlots + 1));
      this.levelValues.push(new Float64Array(p.nSlots + 1));
      this.levelDisplaced.push([]);
      this.levelRooms.push(new Int32Array(2 * maxUnitActs));
    }
    this.chainLimit = Math.max(50, Math.round(this.tuning.chainCallsPerUnit * p.nUnits));
    const impossibleActs = new Set(p.impossible.map((i) => i.activity));
    for (let u = 0; u < p.nUnits; u++) {
      const domain = p.unitDomain[u];
      const acts = p.unitActs[u] ?? new Int32Array(0);
      const ok = domain !== undefined && domain.length > 0 && !acts.some((a) => impossibleActs.has(a));
      this.usable[u] = ok ? 1 : 0;
      this.fixed[u] = domain?.length === 1 ? 1 : 0;
      this.priority[u] = this.difficulty(u);
    }
  }

  /** Higher is harder: long lessons of busy people with few allowed starts go first. */
  private difficulty(u: number): number {
    const p = this.p;
    const domain = p.unitDomain[u]?.length ?? 0;
    if (domain === 0) return 0;
    let duration = 0;
    for (const a of p.unitActs[u] ?? []) duration = Math.max(duration, p.actDuration[a] ?? 1);
    let load = 0;
    for (const r of p.unitClashResources[u] ?? []) load += this.resourceLoad(r);
    let groups = 0;
    for (const a of p.unitActs[u] ?? []) groups += p.actGroups[a]?.length ?? 0;
    return ((1 + load) * duration * (1 + 0.1 * groups)) / domain + (this.fixed[u] ? 1000 : 0);
  }

  stepsSoFar(): number {
    return this.steps;
  }

  bestStarts(): Int32Array {
    return this.bestStart;
  }

  /**
   * How full a teacher's or subgroup's week is: hours to place over usable periods, where a hard max days or
   * max hours a day shrinks what is usable.
   */
  private resourceLoad(r: number): number {
    const p = this.p;
    let usable = 0;
    let bestDay = 0;
    for (let d = 0; d < p.nDays; d++) {
      let m = p.resAvail[r * p.nDays + d] ?? 0;
      let n = 0;
      while (m !== 0) {
        m &= m - 1;
        n++;
      }
      usable += n;
      bestDay = Math.max(bestDay, n);
    }
    for (const rule of p.resRules[r] ?? []) {
      if ((p.ruleWeight[rule] ?? 0) < 100) continue;
      const a = p.ruleA[rule] ?? 0;
      if (p.ruleKind[rule] === RULE_MAX_DAYS_PER_WEEK) usable = Math.min(usable, a * bestDay);
      if (p.ruleKind[rule] === RULE_MAX_HOURS_DAILY) usable = Math.min(usable, a * p.nDays);
    }
    return (p.resTotalHours[r] ?? 0) / Math.max(1, usable);
  }

  run(): SearchOutcome {
    const placing = this.place();
    const placingWork = this.state.work;
    let improving = 0;
    if (!this.stopped && this.bestPlaced === this.countUsable()) improving = this.improve(placingWork);
    return {
      placingWork,
      improvingWork: this.state.work - placingWork,
      start: this.bestStart,
      room: this.bestRoom,
      placedUnits: Math.max(0, this.bestPlaced),
      stoppedEarly: this.stopped,
      placingSteps: placing.steps,
      improvingSteps: improving,
      solvedAtStep: placing.solvedAt,
    };
  }

  private countUsable(): number {
    let n = 0;
    for (let u = 0; u < this.p.nUnits; u++) n += this.usable[u] ?? 0;
    return n;
  }

  private push(u: number): void {
    if (this.inQueue[u] || !this.usable[u]) return;
    this.inQueue[u] = 1;
    this.queue[this.queueLength++] = u;
  }

  private pop(): number {
    // The most recently evicted go first (the chain continues); among the initial order, the hardest.
    const u = this.queue[--this.queueLength] ?? 0;
    this.inQueue[u] = 0;
    return u;
  }

  private saveBest(): void {
    this.bestPlaced = this.state.placedUnits;
    this.bestStart.set(this.state.start);
    this.bestRoom.set(this.state.room);
  }

  private checkStop(phase: 'placing' | 'improving'): boolean {
    if (this.steps % CHECK_EVERY !== 0) return this.stopped;
    this.control.report(phase, this.state, this.bestPlaced, this.steps);
    if (this.control.shouldStop()) this.stopped = true;
    return this.stopped;
  }

  // ------------------------------------------------------------------ placing

  /** Queues every usable unit, hardest on top; `squeak` raises the units that were evicted most last time. */
  private queueAll(squeak: boolean): number {
    const p = this.p;
    const order: number[] = [];
    for (let u = 0; u < p.nUnits; u++) if (this.usable[u] && (this.state.start[u] ?? -1) < 0) order.push(u);
    const key = new Float64Array(p.nUnits);
    let maxEvictions = 1;
    for (let u = 0; u < p.nUnits; u++) maxEvictions = Math.max(maxEvictions, this.evictions[u] ?? 0);
    for (let u = 0; u < p.nUnits; u++) {
      const trouble = squeak ? (this.evictions[u] ?? 0) / maxEvictions : 0;
      key[u] = (this.priority[u] ?? 0) * (1 + 2 * trouble);
    }
    const tie = new Float64Array(p.nUnits);
    for (let u = 0; u < p.nUnits; u++) tie[u] = this.rng.next();
    // Ascending, so the hardest ends on top of the stack; ties broken by the seed.
    order.sort((x, y) => (key[x] ?? 0) - (key[y] ?? 0) || (tie[x] ?? 0) - (tie[y] ?? 0));
    for (const u of order) this.push(u);
    return order.length;
  }

  private place(): { steps: number; solvedAt: number } {
    const p = this.p;
    const s = this.state;
    this.queueAll(false);
    let total = 0;
    for (let u = 0; u < p.nUnits; u++) total += this.usable[u] ?? 0;
    this.saveBest();
    let solvedAt = -1;
    const startStep = this.steps;
    // Stuck this long without placing more than in this round: shake the neighbourhood of a stuck unit;
    // stuck for a run of Luby's sequence times that: start again, troublesome units first (squeaky wheel).
    const patience = Math.max(200, Math.round(this.tuning.patiencePerUnit * p.nUnits));
    let lastGain = this.steps;
    let roundBest = s.placedUnits;
    let roundStart = this.steps;
    let round = 1;
    while (this.queueLength > 0) {
      if (this.steps - startStep >= this.options.maxPlacingSteps) break;
      this.steps++;
      if (this.checkStop('placing')) break;
      const u = this.pop();
      this.placeTop(u);
      if (s.hard === 0 && s.placedUnits > roundBest) {
        roundBest = s.placedUnits;
        lastGain = this.steps;
      }
      if (s.placedUnits > this.bestPlaced && s.hard === 0) {
        this.saveBest();
        if (s.placedUnits === total) {
          solvedAt = this.steps;
          break;
        }
      }
      if (this.queueLength === 0) continue;
      if (
        this.steps - roundStart > this.tuning.restartStepsPerUnit * Math.max(200, p.nUnits) * luby(round) &&
        this.steps - lastGain > patience
      ) {
        for (let v = 0; v < p.nUnits; v++) if ((s.start[v] ?? -1) >= 0) s.remove(v);
        while (this.queueLength > 0) this.pop();
        this.queueAll(this.tuning.squeakyWheel);
        this.evictions.fill(0);
        round++;
        roundStart = this.steps;
        lastGain = this.steps;
        roundBest = 0;
      } else if (this.steps - lastGain > patience) {
        this.perturb();
        lastGain = this.steps;
        roundBest = s.placedUnits;
      }
    }
    return { steps: this.steps - startStep, solvedAt };
  }

  /**
   * Ruin and recreate: take out, at random, about half of the units that share a teacher, students or a group
   * rule with the unit next in line, and let it go first.
   */
  private perturb(): void {
    const p = this.p;
    const s = this.state;
    const u = this.queue[this.queueLength - 1] ?? -1;
    if (u < 0) return;
    const related = new Set<number>();
    for (const a of p.unitActs[u] ?? []) {
      for (const r of p.actClashResources[a] ?? []) for (const b of p.resActs[r] ?? []) related.add(p.actUnit[b] ?? 0);
      for (const g of p.actGroups[a] ?? []) for (const b of p.groupActs[g] ?? []) related.add(p.actUnit[b] ?? 0);
    }
    related.delete(u);
    this.pop();
    for (const c of related) {
      if ((s.start[c] ?? -1) >= 0 && !this.fixed[c] && this.rng.next() < 0.5) this.evict(c);
    }
    this.push(u);
  }

  /**
   * FET's recursive swapping: try to place u so that everything it displaces can be placed again, recursively
   * (depth-first, all starts tried at the first levels, only the best one deeper, a limit on calls); when that
   * fails, take the whole attempt back and place u by force, queueing what it displaces.
   */
  private placeTop(u: number): void {
    const s = this.state;
    this.chainCalls = 0;
    this.chainStamp++;
    const mark = s.mark();
    if (this.trySwap(u, 0)) {
      s.commit();
      return;
    }
    s.rollback(mark);
    s.commit();
    this.placeUnit(u);
  }

  /** Starts of u worth trying, best first: few units to displace, no hard rule broken, low soft cost. */
  /**
   * Starts worth trying for u, best first, and the best free one (nothing in the way, no hard rule broken; -1
   * if none). Like FET, a soft rule broken costs about as much as a unit to displace, so a free start that
   * breaks one may come after starts that displace a unit but keep it.
   */
  private rankStarts(u: number, level: number): { count: number; freeSlot: number; freeFirst: boolean } {
    const p = this.p;
    const s = this.state;
    const domain = p.unitDomain[u];
    const slots = this.levelSlots[level] ?? new Int32Array(p.nSlots);
    const values = this.levelValues[level] ?? new Float64Array(p.nSlots);
    if (!domain) return { count: 0, freeSlot: -1, freeFirst: false };
    let count = 0;
    let bestFree = -1;
    let bestFreeValue = Number.POSITIVE_INFINITY;
    let bestOther = Number.POSITIVE_INFINITY;
    const softWeight = this.improving ? this.tuning.improveSoftWeight : this.tuning.softWeight;
    const holeWeight = this.tuning.holeWeight;
    for (let i = 0; i < domain.length; i++) {
      const slot = domain[i] ?? 0;
      const n = s.countConflicts(u, slot);
      if (s.evRoomMissing > 0) continue;
      let value = 0;
      let blocked = false;
      for (let c = 0; c < n; c++) {
        const other = s.evConflicts[c] ?? 0;
        if (this.fixed[other] || this.chainMark[other] === this.chainStamp) {
          blocked = true;
          break;
        }
        value += 10 + (this.evictions[other] ?? 0) * 0.5;
      }
      if (blocked) continue;
      if (n === 0) {
        // Nothing in the way: price the rules (a free start may still break one).
        s.evaluate(u, slot);
        if (s.evRoomMissing > 0) continue;
        value = 10 * s.evHard + softWeight * s.evSoft + holeWeight * s.holesDelta(u, slot) + this.rng.next();
        if (s.evHard <= 0) {
          if (value < bestFreeValue) {
            bestFreeValue = value;
            bestFree = slot;
          }
          continue;
        }
      } else {
        // Units in the way: price the cheap rules (groups, own start) the same way.
        s.quickDelta(u, slot);
        value += 10 * s.evHard + softWeight * s.evSoft + holeWeight * s.holesDelta(u, slot) + this.rng.next();
      }
      if (value < bestOther) bestOther = value;
      // Insertion into the sorted prefix (domains are a few dozen starts).
      let at = count++;
      while (at > 0 && (values[at - 1] ?? 0) > value) {
        values[at] = values[at - 1] ?? 0;
        slots[at] = slots[at - 1] ?? 0;
        at--;
      }
      values[at] = value;
      slots[at] = slot;
    }
    if (bestFree >= 0 && bestFreeValue <= bestOther) {
      slots[0] = bestFree;
      return { count: 1, freeSlot: bestFree, freeFirst: true };
    }
    if (bestFree >= 0) {
      // The free start goes where its value puts it.
      let at = count++;
      while (at > 0 && (values[at - 1] ?? 0) > bestFreeValue) {
        values[at] = values[at - 1] ?? 0;
        slots[at] = slots[at - 1] ?? 0;
        at--;
      }
      values[at] = bestFreeValue;
      slots[at] = bestFree;
    }
    return { count, freeSlot: bestFree, freeFirst: false };
  }

  private trySwap(u: number, level: number): boolean {
    if (level > this.tuning.maxLevel || ++this.chainCalls > this.chainLimit) return false;
    const s = this.state;
    const { count, freeSlot, freeFirst } = this.rankStarts(u, level);
    const slots = this.levelSlots[level] ?? new Int32Array(0);
    let tries = freeFirst ? 1 : level < this.tuning.wideLevels ? count : Math.min(1, count);
    // Deep in a chain only the best start is tried, and the best free one if that fails.
    if (!freeFirst && tries < count && freeSlot >= 0 && slots[0] !== freeSlot) {
      slots[1] = freeSlot;
      tries = 2;
    }
    const displaced = this.levelDisplaced[level] ?? [];
    const rooms = this.levelRooms[level] ?? new Int32Array(0);
    for (let i = 0; i < tries; i++) {
      const slot = slots[i] ?? 0;
      const mark = s.mark();
      s.evaluate(u, slot);
      displaced.length = 0;
      for (let c = 0; c < s.evConflictCount; c++) displaced.push(s.evConflicts[c] ?? 0);
      rooms.set(s.evRooms);
      for (const c of displaced) s.remove(c);
      s.evRooms.set(rooms);
      s.place(u, slot);
      this.chainMark[u] = this.chainStamp;
      if (!this.repairInChain(u, displaced)) {
        s.rollback(mark);
        continue;
      }
      let ok = true;
      for (let k = 0; k < displaced.length; k++) {
        if (!this.trySwap(displaced[k] ?? 0, level + 1)) {
          ok = false;
          break;
        }
      }
      if (ok) return true;
      s.rollback(mark);
      if (this.chainCalls > this.chainLimit) return false;
    }
    return false;
  }

  /** Like repair, inside a chain: units the chain placed stay; false when only u itself could go. */
  private repairInChain(u: number, displaced: number[]): boolean {
    const p = this.p;
    const s = this.state;
    let guard = 0;
    while (s.hard > 1e-9) {
      if (guard++ > 50) return false;
      let best = -1;
      let bestValue = Number.POSITIVE_INFINITY;
      for (const a of p.unitActs[u] ?? []) {
        for (const r of p.actResources[a] ?? []) {
          if ((s.resHard[r] ?? 0) <= 0) continue;
          for (const other of p.resActs[r] ?? [])
            best = this.considerEviction(p.actUnit[other] ?? 0, u, best, bestValue, (v) => (bestValue = v));
        }
        for (const g of p.actGroups[a] ?? []) {
          if ((s.groupHard[g] ?? 0) <= 0) continue;
          for (const other of p.groupActs[g] ?? [])
            best = this.considerEviction(p.actUnit[other] ?? 0, u, best, bestValue, (v) => (bestValue = v));
        }
      }
      if (best < 0) {
        // No single unit helps (a teacher over their days a week, say): take out a whole day of theirs.
        const day = this.bestDayToClear(u, true);
        if (!day) return false;
        for (const c of day) {
          s.remove(c);
          displaced.push(c);
        }
        continue;
      }
      s.remove(best);
      displaced.push(best);
    }
    return true;
  }

  /**
   * For a hard rule on one of u's teachers or students that no single eviction helps: the smallest set of units
   * on one other day of that person whose removal lowers the hard cost (null if none, or only big ones).
   */
  private bestDayToClear(u: number, inChain: boolean): number[] | null {
    const p = this.p;
    const s = this.state;
    const uStart = s.start[u] ?? -1;
    const uDay = uStart >= 0 ? Math.floor(uStart / p.nHours) : -1;
    const hard = s.hard;
    let best: number[] | null = null;
    const wasLogging = s.isLogging();
    for (const a of p.unitActs[u] ?? []) {
      for (const r of p.actClashResources[a] ?? []) {
        if ((s.resHard[r] ?? 0) <= 0) continue;
        const byDay: number[][] = Array.from({ length: p.nDays }, () => []);
        for (const other of p.resActs[r] ?? []) {
          const ou = p.actUnit[other] ?? 0;
          const start = s.start[ou] ?? -1;
          if (ou === u || start < 0) continue;
          const d = Math.floor(start / p.nHours);
          if (d === uDay) continue;
          if (this.fixed[ou] || (inChain && this.chainMark[ou] === this.chainStamp)) byDay[d] = [-1];
          else if (!byDay[d]?.includes(-1) && !byDay[d]?.includes(ou)) byDay[d]?.push(ou);
        }
        for (const day of byDay) {
          if (day.length === 0 || day.includes(-1) || day.length > 4 || (best && day.length >= best.length)) continue;
          const mark = s.mark();
          for (const c of day) s.remove(c);
          const helps = s.hard < hard - 1e-9;
          s.rollback(mark);
          if (!wasLogging) s.commit();
          if (helps) best = day;
        }
      }
    }
    return best;
  }

  private considerEviction(c: number, u: number, best: number, bestValue: number, setValue: (v: number) => void): number {
    const s = this.state;
    if (c === u || (s.start[c] ?? -1) < 0 || this.fixed[c] || this.chainMark[c] === this.chainStamp) return best;
    s.evaluate(c, -1);
    if (s.evHard >= 0) return best;
    const value = s.evHard * 10 + 1 + (this.evictions[c] ?? 0) * 0.5 + this.rng.next();
    if (value < bestValue) {
      setValue(value);
      return c;
    }
    return best;
  }

  /** Puts unit u at its best start, evicting whatever is in the way, then repairs other hard rules. */
  private placeUnit(u: number): void {
    const p = this.p;
    const s = this.state;
    const domain = p.unitDomain[u];
    if (!domain || domain.length === 0) return;
    const nSlots = this.nSlots;
    const step = this.steps;
    const tenure = 10 + (this.rng.int(10) | 0);
    let best = -1;
    let bestValue = Number.POSITIVE_INFINITY;
    for (let i = 0; i < domain.length; i++) {
      const slot = domain[i] ?? 0;
      s.evaluate(u, slot);
      if (s.evRoomMissing > 0) continue;
      let value = 0;
      for (let c = 0; c < s.evConflictCount; c++) {
        const other = s.evConflicts[c] ?? 0;
        value += this.fixed[other] ? 1e6 : 10 + 2 * (this.evictions[other] ?? 0);
      }
      value += 10 * s.evHard + s.evSoft;
      if (step - (this.evictedAt[u * nSlots + slot] ?? 0) < tenure && (s.evConflictCount > 0 || s.evHard > 0)) value += 50;
      value += this.rng.next() * 2;
      if (value < bestValue) {
        bestValue = value;
        best = slot;
      }
    }
    if (best < 0) return;
    // Price again to refill the conflict list and rooms for the chosen start.
    s.evaluate(u, best);
    const conflicts = Array.from(s.evConflicts.subarray(0, s.evConflictCount));
    const rooms = Int32Array.from(s.evRooms);
    for (const c of conflicts) this.evict(c);
    s.evRooms.set(rooms);
    s.place(u, best);
    this.repair(u);
  }

  private evict(u: number): void {
    const start = this.state.start[u] ?? -1;
    if (start < 0) return;
    this.state.remove(u);
    this.evictedAt[u * this.nSlots + start] = this.steps;
    this.evictions[u] = (this.evictions[u] ?? 0) + 1;
    this.push(u);
  }

  /** While a hard rule is broken (it can only involve u's resources or groups), evict the unit that helps most. */
  private repair(u: number): void {
    const p = this.p;
    const s = this.state;
    let guard = 0;
    while (s.hard > 1e-9 && guard++ < 1000) {
      const candidates = new Set<number>();
      for (const a of p.unitActs[u] ?? []) {
        for (const r of p.actResources[a] ?? []) {
          if ((s.resHard[r] ?? 0) <= 0) continue;
          for (const other of p.resActs[r] ?? []) {
            const ou = p.actUnit[other] ?? 0;
            if (ou !== u && (s.start[ou] ?? -1) >= 0) candidates.add(ou);
          }
        }
        for (const g of p.actGroups[a] ?? []) {
          if ((s.groupHard[g] ?? 0) <= 0) continue;
          for (const other of p.groupActs[g] ?? []) {
            const ou = p.actUnit[other] ?? 0;
            if (ou !== u && (s.start[ou] ?? -1) >= 0) candidates.add(ou);
          }
        }
      }
      let best = u;
      let bestValue = Number.POSITIVE_INFINITY;
      for (const c of candidates) {
        s.evaluate(c, -1);
        if (s.evHard >= 0) continue;
        const value = s.evHard * 10 + (this.fixed[c] ? 1e6 : 1 + (this.evictions[c] ?? 0) * 0.5) + this.rng.next();
        if (value < bestValue) {
          bestValue = value;
          best = c;
        }
      }
      if (best === u) {
        const day = this.bestDayToClear(u, false);
        if (day) {
          for (const c of day) this.evict(c);
          continue;
        }
      }
      this.evict(best);
      if (best === u) break;
    }
  }

  // ------------------------------------------------------------------ improving

  /** Units taking part in a broken soft rule now (their own start or room, a group rule, a person's day). */
  private hotUnits(into: number[]): void {
    const p = this.p;
    const s = this.state;
    into.length = 0;
    const stamp = ++this.chainStamp;
    const add = (u: number): void => {
      if (this.chainMark[u] === stamp || this.fixed[u] || !this.usable[u]) return;
      this.chainMark[u] = stamp;
      into.push(u);
    };
    for (let a = 0; a < p.nActs; a++) if ((s.actSoft[a] ?? 0) > 0) add(p.actUnit[a] ?? 0);
    for (let g = 0; g < p.groupKind.length; g++)
      if ((s.groupSoft[g] ?? 0) > 0) for (const a of p.groupActs[g] ?? []) add(p.actUnit[a] ?? 0);
    for (let r = 0; r < p.nRes; r++) if ((s.resSoft[r] ?? 0) > 0) for (const a of p.resActs[r] ?? []) add(p.actUnit[a] ?? 0);
  }

  /**
   * A larger move for the soft score: put u at `to`, displacing what is in the way, and place the displaced
   * units again by recursive swapping (a short chain). Kept when every unit is placed, no hard rule is broken
   * and the annealing rule accepts the change in soft score; taken back otherwise.
   */
  private chainMove(u: number, to: number, temperature: number): boolean {
    const s = this.state;
    const before = s.soft;
    const mark = s.mark();
    this.chainStamp++;
    this.chainCalls = 0;
    const limit = this.chainLimit;
    this.chainLimit = this.tuning.chainMoveCalls;
    let ok = false;
    s.evaluate(u, to);
    if (s.evRoomMissing === 0) {
      const displaced = Array.from(s.evConflicts.subarray(0, s.evConflictCount));
      if (!displaced.some((c) => this.fixed[c])) {
        const rooms = Int32Array.from(s.evRooms);
        for (const c of displaced) s.remove(c);
        s.evRooms.set(rooms);
        s.place(u, to);
        this.chainMark[u] = this.chainStamp;
        ok = this.repairInChain(u, displaced);
        for (let i = 0; ok && i < displaced.length; i++) ok = this.trySwap(displaced[i] ?? 0, 1);
        ok = ok && s.hard <= 1e-9;
      }
    }
    this.chainLimit = limit;
    const delta = s.soft - before;
    if (ok && (delta <= 0 || this.rng.next() < Math.exp(-delta / temperature))) {
      s.commit();
      return true;
    }
    s.rollback(mark);
    s.commit();
    return false;
  }

  /**
   * Simulated annealing on the soft score: a unit (mostly one in a broken soft rule) to a random allowed start,
   * swapping with the one unit in the way if there is one; every accepted move keeps the hard cost at 0.
   */
  private improve(placingWork: number): number {
    const p = this.p;
    const s = this.state;
    const steps = this.options.improvingSteps;
    if (steps <= 0) return 0;
    // Work allowed: a share of what placing took, and never less than a floor per unit.
    const budget = Math.max(this.options.improveWorkPerUnit * p.nUnits, this.options.improveWorkRatio * placingWork);
    this.improving = true;
    const workStart = s.work;
    const movable: number[] = [];
    for (let u = 0; u < p.nUnits; u++) if (this.usable[u] && !this.fixed[u] && (p.unitDomain[u]?.length ?? 0) > 1) movable.push(u);
    if (movable.length === 0) return 0;
    const hot: number[] = [];
    let bestSoft = s.soft;
    let temperature = 0.5;
    const startStep = this.steps;
    for (let i = 0; i < steps; i++) {
      this.steps++;
      if (this.checkStop('improving')) break;
      if (s.soft <= 1e-9 || s.work - workStart > budget) break;
      temperature = 0.5 * Math.pow(0.004, (s.work - workStart) / budget);
      if (i % 64 === 0) this.hotUnits(hot);
      const u =
        hot.length > 0 && this.rng.next() < 0.7 ? (hot[this.rng.int(hot.length)] ?? 0) : (movable[this.rng.int(movable.length)] ?? 0);
      const domain = p.unitDomain[u];
      if (!domain || domain.length < 2) continue;
      const from = s.start[u] ?? -1;
      const to = domain[this.rng.int(domain.length)] ?? 0;
      if (to === from) continue;
      const n = s.countConflicts(u, to);
      if (n > 1 || (n === 1 && this.rng.next() < this.tuning.chainMoveShare)) {
        if (this.chainMove(u, to, temperature) && s.soft < bestSoft - 1e-9) {
          bestSoft = s.soft;
          this.saveBest();
        }
        continue;
      }
      let other = -1;
      if (n === 1) {
        // One unit in the way: try the swap (it goes where u was).
        other = s.evConflicts[0] ?? -1;
        if (other < 0 || this.fixed[other] || p.unitDomain[other]?.includes(from) !== true) continue;
        s.evaluate(u, to, other, from);
      } else if (n === 0) s.evaluate(u, to);
      else continue;
      if (s.evConflictCount > 0 || s.evHard > 1e-9 || s.evRoomMissing > 0) continue;
      const delta = s.evSoft;
      if (delta <= 0 || this.rng.next() < Math.exp(-delta / temperature)) {
        if (other >= 0) s.placePair(u, to, other, from);
        else s.place(u, to);
        if (s.soft < bestSoft - 1e-9) {
          bestSoft = s.soft;
          this.saveBest();
        }
      }
    }
    return this.steps - startStep;
  }
}
