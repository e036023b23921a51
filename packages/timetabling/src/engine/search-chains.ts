import { SearchCore } from './search-core.js';

/** Placing one unit: ranked starts, recursive swapping chains, repair (the middle layer of Search). */
export class SearchChains extends SearchCore {
  /** Starts of u worth trying, best first: few units to displace, no hard rule broken, low soft cost. */
  /**
   * Starts worth trying for u, best first, and the best free one (nothing in the way, no hard rule broken; -1
   * if none). Like FET, a soft rule broken costs about as much as a unit to displace, so a free start that
   * breaks one may come after starts that displace a unit but keep it.
   */
  protected rankStarts(u: number, level: number): { count: number; freeSlot: number; freeFirst: boolean } {
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

  protected trySwap(u: number, level: number): boolean {
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
  protected repairInChain(u: number, displaced: number[]): boolean {
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

  protected considerEviction(c: number, u: number, best: number, bestValue: number, setValue: (v: number) => void): number {
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
