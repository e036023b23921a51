import { RULE_MAX_DAYS_PER_WEEK, isHardWeight } from './problem.js';
import { SearchCore } from './search-core.js';

/** The most lessons of one day a repair takes out at once (a person over their days a week). */
const MAX_DAY_CLEAR = 4;

/** Placing one unit: ranked starts, recursive swapping chains, repair (the middle layer of Search). */
export class SearchChains extends SearchCore {
  private readonly dayLessons = new Int32Array(32);
  private readonly dayLocked = new Uint8Array(32);
  /** rankStarts' best free start (-1: none) and whether it ranks first. */
  private rankedFree = -1;
  private isRankedFreeFirst = false;
  /** repairInChain's round: the best eviction found, its value, and which units it has priced. */
  private evictionRound = 0;
  private evictionBest = -1;
  private evictionValue = Number.POSITIVE_INFINITY;
  private readonly evictionSeen = new Int32Array(this.p.nUnits);
  /** Per time resource, the tightest hard "max days a week" (-1: none); read by closedDays on every ranking. */
  private readonly hardMaxDays = this.listHardMaxDays();

  private listHardMaxDays(): Int8Array {
    const p = this.p;
    const maxDays = new Int8Array(p.nRes).fill(-1);
    for (let r = 0; r < p.nRes; r++)
      for (const rule of p.resRules[r] ?? [])
        if (p.ruleKind[rule] === RULE_MAX_DAYS_PER_WEEK && isHardWeight(p.ruleWeight[rule] ?? 0)) {
          const a = p.ruleA[rule] ?? 0;
          maxDays[r] = maxDays[r] === -1 ? a : Math.min(maxDays[r] ?? a, a);
        }
    return maxDays;
  }

  /**
   * Ranks the starts worth trying for u, best first, into the level's buffers and returns how many; the best
   * free one (nothing in the way, no hard rule broken; -1 if none) goes to rankedFree. Like FET, a soft rule
   * broken costs about as much as a unit to displace, so a free start that breaks one may come after starts
   * that displace a unit but keep it. Starts a chain can never repair are left out: a day closed to one of
   * u's people, a hard group rule broken with a partner that may not move.
   */
  protected rankStarts(u: number, level: number): number {
    const p = this.p;
    const s = this.state;
    const domain = p.unitDomain[u];
    const slots = this.levelSlots[level] ?? new Int32Array(p.nSlots);
    const values = this.levelValues[level] ?? new Float64Array(p.nSlots);
    this.rankedFree = -1;
    this.isRankedFreeFirst = false;
    if (!domain) return 0;
    let count = 0;
    let bestFree = -1;
    let bestFreeValue = Number.POSITIVE_INFINITY;
    let bestOther = Number.POSITIVE_INFINITY;
    const softWeight = this.improving ? this.tuning.improveSoftWeight : this.tuning.softWeight;
    const holeWeight = this.tuning.holeWeight;
    const closedDays = this.closedDays(u);
    const nHours = p.nHours;
    for (let i = 0; i < domain.length; i++) {
      const slot = domain[i] ?? 0;
      if (closedDays & (1 << ((slot / nHours) | 0))) continue;
      const n = s.countConflicts(u, slot);
      if (s.evRoomMissing > 0) continue;
      if (s.breaksLockedGroup(u, slot, this.chainMark, this.chainStamp, this.fixed)) continue;
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
    this.rankedFree = bestFree;
    if (bestFree >= 0 && bestFreeValue <= bestOther) {
      slots[0] = bestFree;
      this.isRankedFreeFirst = true;
      return 1;
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
    return count;
  }

  /**
   * Days on which u cannot start however the chain goes on: a person of u's at a hard "max days a week" with
   * every other working day holding a lesson that may not move (fixed, or placed earlier in this chain) or more
   * lessons than a repair takes out at once. Trying such a start only fails in the repair, at a price.
   */
  protected closedDays(u: number): number {
    const p = this.p;
    const s = this.state;
    const nDays = p.nDays;
    let closed = 0;
    for (const r of p.unitClashResources[u] ?? []) {
      const maxDays = this.hardMaxDays[r] ?? -1;
      if (maxDays < 0) continue;
      let worked = 0;
      let days = 0;
      for (let d = 0; d < nDays; d++)
        if ((s.mask[r * nDays + d] ?? 0) !== 0) {
          worked |= 1 << d;
          days++;
        }
      if (days < maxDays) continue;
      // A day can be cleared when its lessons may all move and there are few enough (bestDayToClear's limit).
      const lessons = this.dayLessons;
      const locked = this.dayLocked;
      lessons.fill(0);
      locked.fill(0);
      for (const a of p.resActs[r] ?? []) {
        const v = p.actUnit[a] ?? 0;
        const start = s.start[v] ?? -1;
        if (v === u || start < 0) continue;
        const d = (start / p.nHours) | 0;
        lessons[d] = (lessons[d] ?? 0) + 1;
        if (this.fixed[v] || this.chainMark[v] === this.chainStamp) locked[d] = 1;
      }
      let clearable = false;
      for (let d = 0; d < nDays && !clearable; d++)
        if (worked & (1 << d) && !locked[d] && (lessons[d] ?? 0) <= MAX_DAY_CLEAR) clearable = true;
      if (!clearable) closed |= ~worked;
    }
    return closed;
  }

  protected trySwap(u: number, level: number): boolean {
    if (level > this.tuning.maxLevel || ++this.chainCalls > this.chainLimit) return false;
    const s = this.state;
    const count = this.rankStarts(u, level);
    const freeSlot = this.rankedFree;
    const freeFirst = this.isRankedFreeFirst;
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
      // A branch tried before may have placed (and so locked) a partner of u since the starts were ranked.
      if (i > 0 && s.breaksLockedGroup(u, slot, this.chainMark, this.chainStamp, this.fixed)) continue;
      const mark = s.mark();
      s.evaluate(u, slot);
      displaced.length = 0;
      for (let c = 0; c < s.evConflictCount; c++) displaced.push(s.evConflicts[c] ?? 0);
      rooms.set(s.evRooms);
      for (const c of displaced) s.remove(c);
      s.evRooms.set(rooms);
      s.place(u, slot);
      this.chainMark[u] = this.chainStamp;
      let ok = this.repairInChain(u, displaced);
      for (let k = 0; ok && k < displaced.length; k++) ok = this.trySwap(displaced[k] ?? 0, level + 1);
      if (ok) return true;
      s.rollback(mark);
      if (this.chainCalls > this.chainLimit) return false;
    }
    return false;
  }

  /** Like repair, inside a chain: units the chain placed stay; false when only u itself could go. */
  protected repairInChain(u: number, displaced: number[]): boolean {
    const p = this.p;
    const s = this.state;
    let guard = 0;
    while (s.hard > 1e-9) {
      if (guard++ > 50) return false;
      // Each unit of a broken rule of u's is priced once a round, however many of the rules it shares.
      const seen = ++this.evictionRound;
      this.evictionBest = -1;
      this.evictionValue = Number.POSITIVE_INFINITY;
      for (const a of p.unitActs[u] ?? []) {
        for (const r of p.actResources[a] ?? []) {
          if ((s.resHard[r] ?? 0) <= 0) continue;
          for (const other of p.resActs[r] ?? []) this.considerEviction(p.actUnit[other] ?? 0, u, seen);
        }
        for (const g of p.actGroups[a] ?? []) {
          if ((s.groupHard[g] ?? 0) <= 0) continue;
          for (const other of p.groupActs[g] ?? []) this.considerEviction(p.actUnit[other] ?? 0, u, seen);
        }
      }
      const best = this.evictionBest;
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
  protected bestDayToClear(u: number, inChain: boolean): number[] | null {
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
          if (day.length === 0 || day.includes(-1) || day.length > MAX_DAY_CLEAR || (best && day.length >= best.length)) continue;
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

  /** Prices taking unit c out to repair u's broken rules; keeps the best so far in evictionBest / evictionValue. */
  protected considerEviction(c: number, u: number, round: number): void {
    const s = this.state;
    if (this.evictionSeen[c] === round) return;
    this.evictionSeen[c] = round;
    if (c === u || (s.start[c] ?? -1) < 0 || this.fixed[c] || this.chainMark[c] === this.chainStamp) return;
    s.evaluate(c, -1);
    if (s.evHard >= 0) return;
    const value = s.evHard * 10 + 1 + (this.evictions[c] ?? 0) * 0.5 + this.rng.next();
    if (value < this.evictionValue) {
      this.evictionValue = value;
      this.evictionBest = c;
    }
  }

  /** Puts unit u at its best start, evicting whatever is in the way, then repairs other hard rules. */
  protected placeUnit(u: number): void {
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

  protected evict(u: number): void {
    const start = this.state.start[u] ?? -1;
    if (start < 0) return;
    this.state.remove(u);
    this.evictedAt[u * this.nSlots + start] = this.steps;
    this.evictions[u] = (this.evictions[u] ?? 0) + 1;
    this.push(u);
  }

  /** While a hard rule is broken (it can only involve u's resources or groups), evict the unit that helps most. */
  protected repair(u: number): void {
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
}
