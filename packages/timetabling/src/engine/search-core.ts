import { RULE_MAX_DAYS_PER_WEEK, RULE_MAX_HOURS_DAILY, type Problem } from './problem.js';
import { Rng } from './rng.js';
import { CHECK_EVERY, type SearchControl, type SearchOptions, type SearchTuning, defaultTuning } from './search-types.js';
import { State } from './state.js';

/** The search's data, queue and bookkeeping (the base of Search). */
export class SearchCore {
  readonly p: Problem;
  readonly state: State;
  protected readonly rng: Rng;
  protected readonly options: SearchOptions;
  protected readonly control: SearchControl;
  protected readonly nSlots: number;
  /** Step at which unit u was last evicted from slot s (u * nSlots + s). */
  protected readonly evictedAt: Int32Array;
  protected readonly evictions: Int32Array;
  protected readonly fixed: Uint8Array;
  protected readonly usable: Uint8Array;
  protected readonly queue: Int32Array;
  protected readonly inQueue: Uint8Array;
  protected queueLength = 0;
  protected readonly priority: Float64Array;
  protected readonly bestStart: Int32Array;
  protected readonly bestRoom: Int32Array;
  protected bestPlaced = -1;
  protected improving = false;
  protected steps = 0;
  protected stopped = false;
  /** Recursive swapping: calls in the current chain, their limit, and which units the chain has placed. */
  protected chainCalls = 0;
  protected chainLimit: number;
  protected readonly tuning: SearchTuning;
  protected chainStamp = 0;
  protected readonly chainMark: Int32Array;
  /** Per chain level, reused: ranked starts and their values, displaced units, rooms. */
  protected readonly levelSlots: Int32Array[] = [];
  protected readonly levelValues: Float64Array[] = [];
  protected readonly levelDisplaced: number[][] = [];
  protected readonly levelRooms: Int32Array[] = [];

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
  protected difficulty(u: number): number {
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
  protected resourceLoad(r: number): number {
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

  protected countUsable(): number {
    let n = 0;
    for (let u = 0; u < this.p.nUnits; u++) n += this.usable[u] ?? 0;
    return n;
  }

  protected push(u: number): void {
    if (this.inQueue[u] || !this.usable[u]) return;
    this.inQueue[u] = 1;
    this.queue[this.queueLength++] = u;
  }

  protected pop(): number {
    // The most recently evicted go first (the chain continues); among the initial order, the hardest.
    const u = this.queue[--this.queueLength] ?? 0;
    this.inQueue[u] = 0;
    return u;
  }

  protected saveBest(): void {
    this.bestPlaced = this.state.placedUnits;
    this.bestStart.set(this.state.start);
    this.bestRoom.set(this.state.room);
  }

  protected checkStop(phase: 'placing' | 'improving'): boolean {
    if (this.steps % CHECK_EVERY !== 0) return this.stopped;
    this.control.report(phase, this.state, this.bestPlaced, this.steps);
    if (this.control.shouldStop()) this.stopped = true;
    return this.stopped;
  }

  // ------------------------------------------------------------------ placing

  /** Queues every usable unit, hardest on top; `squeak` raises the units that were evicted most last time. */
  protected queueAll(squeak: boolean): number {
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
}
