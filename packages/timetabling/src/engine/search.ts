import { repairExactly } from './exact-repair.js';
import { Rng } from './rng.js';
import { SearchChains } from './search-chains.js';
import { luby, type SearchOutcome } from './search-types.js';

export { defaultTuning, luby, type SearchControl, type SearchOptions, type SearchOutcome, type SearchTuning } from './search-types.js';

/**
 * The search: place the hardest unit next at the slot that displaces the fewest others (conflicts evicted and
 * queued again at once, a tabu memory stops the same evictions cycling), repair any other hard rule the
 * placement broke by evicting the unit whose removal helps most; once all are placed, improve the soft score by
 * simulated annealing over moves and swaps that keep every hard rule.
 */
export class Search extends SearchChains {
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
        if (this.repairBestExactly(total)) {
          solvedAt = this.steps;
          break;
        }
        for (let v = 0; v < p.nUnits; v++) if ((s.start[v] ?? -1) >= 0) s.remove(v);
        while (this.queueLength > 0) this.pop();
        this.queueAll(this.tuning.squeakyWheel);
        this.evictions.fill(0);
        round++;
        roundStart = this.steps;
        lastGain = this.steps;
        roundBest = 0;
      } else if (this.steps - lastGain > patience) {
        if (
          // Down to the last one or two, the repair is what makes progress: try it at every shake.
          (total - this.bestPlaced <= 2 ||
            this.steps - this.lastRepairStep > this.tuning.exactRepairEveryPerUnit * Math.max(200, p.nUnits)) &&
          this.repairBestExactly(total)
        ) {
          solvedAt = this.steps;
          break;
        }
        this.perturb();
        lastGain = this.steps;
        roundBest = s.placedUnits;
      }
    }
    return { steps: this.steps - startStep, solvedAt };
  }

  private lastRepairStep = 0;
  // Its own generator: a repair that fails leaves the search's sequence of choices as it was.
  private readonly repairRng = new Rng((this.options.seed ^ 0x5bd1e995) >>> 0);

  /**
   * Before a restart or a shake (at most once per `exactRepairEveryPerUnit` steps a unit), when the best timetable
   * lacks only a few units: the exact repair (decision 017). Where it got to becomes the best when as far on; a
   * complete answer becomes the state.
   */
  protected repairBestExactly(total: number): boolean {
    const solve = this.options.lpSolver;
    const left = total - this.bestPlaced;
    if (!solve || left <= 0 || left > this.tuning.exactRepairMaxLeft) return false;
    // Tried at most once per so many steps, whether at a restart or while stuck between them.
    this.lastRepairStep = this.steps;
    const repaired = repairExactly(this.p, this.bestStart, this.bestRoom, {
      solve,
      rng: this.repairRng,
      fixed: this.fixed,
      usable: this.usable,
      rounds: this.tuning.exactRepairRounds,
      budgetSeconds: this.tuning.exactRepairBudgetSeconds,
      secondsPerSolve: this.tuning.exactRepairSeconds,
      deadline: this.options.deadline ?? Date.now() + 60_000,
      maxFree: this.tuning.exactRepairMaxFree,
    });
    if (!repaired) return false;
    if (!repaired.isComplete) {
      // Not done, but as far on (the rounds keep the count): the next try goes on from there, not from before.
      if (repaired.placed >= this.bestPlaced) {
        this.bestStart.set(repaired.start);
        this.bestRoom.set(repaired.room);
        this.bestPlaced = repaired.placed;
      }
      return false;
    }
    const s = this.state;
    s.assignAll(repaired.start, repaired.room);
    while (this.queueLength > 0) this.pop();
    s.commit();
    this.saveBest();
    return s.hard === 0 && s.placedUnits === total;
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
   * The frame of the improving moves that run chains: a short call limit, a fresh chain mark, then `move`;
   * kept when it placed everything with no hard rule broken and the annealing rule accepts the change in
   * soft score (`isEqualKept`: a change of 0 is kept too), taken back whole otherwise.
   */
  private tryChainedMove(temperature: number, isEqualKept: boolean, move: () => boolean): boolean {
    const s = this.state;
    const before = s.soft;
    const mark = s.mark();
    const limit = this.chainLimit;
    this.chainLimit = this.tuning.chainMoveCalls;
    this.chainStamp++;
    this.chainCalls = 0;
    const ok = move() && s.hard <= 1e-9;
    this.chainLimit = limit;
    const delta = s.soft - before;
    if (ok && (delta < 0 || (delta === 0 ? isEqualKept : this.rng.next() < Math.exp(-delta / temperature)))) {
      s.commit();
      return true;
    }
    s.rollback(mark);
    s.commit();
    return false;
  }

  /**
   * A larger move for the soft score: put u at `to`, displacing what is in the way, and place the displaced
   * units again by recursive swapping (a short chain).
   */
  private chainMove(u: number, to: number, temperature: number): boolean {
    const s = this.state;
    return this.tryChainedMove(temperature, true, () => {
      s.evaluate(u, to);
      if (s.evRoomMissing > 0) return false;
      const displaced = Array.from(s.evConflicts.subarray(0, s.evConflictCount));
      if (displaced.some((c) => this.fixed[c])) return false;
      const rooms = Int32Array.from(s.evRooms);
      for (const c of displaced) s.remove(c);
      s.evRooms.set(rooms);
      s.place(u, to);
      this.chainMark[u] = this.chainStamp;
      let ok = this.repairInChain(u, displaced);
      for (let i = 0; ok && i < displaced.length; i++) ok = this.trySwap(displaced[i] ?? 0, 1);
      return ok;
    });
  }

  /**
   * Ruin and recreate for the soft score: u and a few units sharing a teacher or students with it are taken out
   * and placed again one by one by chains ranked with the soft rules weighed in.
   */
  protected ruinMove(u: number, temperature: number): boolean {
    const p = this.p;
    const s = this.state;
    return this.tryChainedMove(temperature, false, () => {
      const related: number[] = [];
      for (const a of p.unitActs[u] ?? [])
        for (const r of p.actClashResources[a] ?? [])
          for (const b of p.resActs[r] ?? []) {
            const v = p.actUnit[b] ?? 0;
            if (v !== u && !this.fixed[v] && (s.start[v] ?? -1) >= 0 && !related.includes(v)) related.push(v);
          }
      const out = [u];
      for (let k = 0; k < this.tuning.ruinSize - 1 && related.length > 0; k++) {
        const at = this.rng.int(related.length);
        out.push(related[at] ?? 0);
        related[at] = related[related.length - 1] ?? 0;
        related.pop();
      }
      for (const v of out) s.remove(v);
      let ok = true;
      for (let i = 0; ok && i < out.length; i++) {
        this.chainCalls = 0;
        ok = this.trySwap(out[i] ?? 0, 1);
      }
      return ok;
    });
  }

  /**
   * The best move the ranking knows for u: taken out and placed again by a chain whose starts are ranked with
   * the soft rules weighed in (improveSoftWeight), so it goes where its soft cost is lowest if what is in the
   * way can move.
   */
  protected rankedMove(u: number, temperature: number): boolean {
    return this.tryChainedMove(temperature, false, () => {
      this.state.remove(u);
      return this.trySwap(u, 1);
    });
  }

  /**
   * Simulated annealing on the soft score. A unit (mostly one in a broken soft rule) is taken out with a few of
   * its teachers' and students' units and all placed again by soft-ranked chains (ruinMoveShare), or placed
   * again alone where the soft-weighed ranking puts it (rankedMoveShare), or moved to a random allowed start,
   * swapping with the one unit in the way or displacing several by a short chain. Every accepted move keeps
   * the hard cost at 0.
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
    const keepIfBest = (): void => {
      if (s.soft >= bestSoft - 1e-9) return;
      bestSoft = s.soft;
      this.saveBest();
    };
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
      if (this.rng.next() < this.tuning.ruinMoveShare) {
        if (this.ruinMove(u, temperature)) keepIfBest();
        continue;
      }
      if (this.rng.next() < this.tuning.rankedMoveShare) {
        if (this.rankedMove(u, temperature)) keepIfBest();
        continue;
      }
      const from = s.start[u] ?? -1;
      const to = domain[this.rng.int(domain.length)] ?? 0;
      if (to === from) continue;
      const n = s.countConflicts(u, to);
      if (n > 1 || (n === 1 && this.rng.next() < this.tuning.chainMoveShare)) {
        if (this.chainMove(u, to, temperature)) keepIfBest();
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
        keepIfBest();
      }
    }
    return this.steps - startStep;
  }
}
