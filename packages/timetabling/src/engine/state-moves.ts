import { isHardWeight } from './problem.js';
import { firstGapsOfDay, gapsOfDay } from './state-bits.js';
import { StateCosts } from './state-costs.js';

/** Pricing a move without making it (the middle layer of State). */
export class StateMoves extends StateCosts {
  // ---------------------------------------------------------------- pricing a move

  /**
   * Prices moving unit u1 to s1 and (optionally) u2 to s2; a start of -1 takes the unit out. Sets evHard / evSoft
   * (the change in cost, conflicts not counted), evConflicts (units in the way) and evRooms.
   */
  evaluate(u1: number, s1: number, u2 = -1, s2 = -1): void {
    this.work += 4;
    const p = this.p;
    const nDays = p.nDays;
    const nHours = p.nHours;
    const nSlots = p.nSlots;
    this.vU1 = u1;
    this.vS1 = s1;
    this.vU2 = u2;
    this.vS2 = s2;
    const stamp = this.nextStamp();
    this.unitMark[u1] = stamp;
    if (u2 >= 0) this.unitMark[u2] = stamp;
    let hard = 0;
    let soft = 0;
    this.evConflictCount = 0;
    this.evRoomMissing = 0;
    this.claimCount = 0;

    // Resources touched: copy their masks, take out the old positions of both units, then put in the new ones
    // (in a swap one unit lands where the other was).
    let nTouched = 0;
    for (let pass = 0; pass < 4; pass++) {
      const u = pass % 2 === 0 ? u1 : u2;
      if (u < 0) continue;
      const acts = p.unitActs[u];
      if (!acts) continue;
      const adding = pass >= 2;
      const at = adding ? (pass === 2 ? s1 : s2) : (this.start[u] ?? -1);
      if (at < 0) continue;
      const d = (at / nHours) | 0;
      const h = at % nHours;
      for (let i = 0; i < acts.length; i++) {
        const a = acts[i] ?? 0;
        const duration = p.actDuration[a] ?? 1;
        const bits = (((1 << duration) - 1) << h) >>> 0;
        const resources = p.actResources[a];
        if (!resources) continue;
        for (let j = 0; j < resources.length; j++) {
          const r = resources[j] ?? 0;
          let t: number;
          if (this.resMark[r] !== stamp) {
            this.resMark[r] = stamp;
            t = nTouched++;
            this.touched[t] = r;
            this.resPos[r] = t;
            const src = r * nDays;
            const dst = t * nDays;
            for (let dd = 0; dd < nDays; dd++) this.scratchMask[dst + dd] = this.mask[src + dd] ?? 0;
            this.scratchHours[t] = this.uHours[r] ?? 0;
            this.scratchActs[t] = this.uActs[r] ?? 0;
          } else {
            t = this.resPos[r] ?? 0;
          }
          const index = t * nDays + d;
          if (adding) {
            this.scratchMask[index] = ((this.scratchMask[index] ?? 0) | bits) >>> 0;
            this.scratchHours[t] = (this.scratchHours[t] ?? 0) - duration;
            this.scratchActs[t] = (this.scratchActs[t] ?? 0) - 1;
          } else {
            this.scratchMask[index] = ((this.scratchMask[index] ?? 0) & ~bits) >>> 0;
            this.scratchHours[t] = (this.scratchHours[t] ?? 0) + duration;
            this.scratchActs[t] = (this.scratchActs[t] ?? 0) + 1;
          }
        }
      }
    }
    for (let t = 0; t < nTouched; t++) {
      const r = this.touched[t] ?? 0;
      this.resourceCost(r, this.scratchMask, t * nDays, this.scratchHours[t] ?? 0, this.scratchActs[t] ?? 0);
      hard += this.outHard - (this.resHard[r] ?? 0);
      soft += this.outSoft - (this.resSoft[r] ?? 0);
    }

    // Groups: only pairs with a moved activity change.
    let roomIndex = 0;
    for (let pass = 0; pass < 2; pass++) {
      const u = pass === 0 ? u1 : u2;
      if (u < 0) continue;
      const acts = p.unitActs[u];
      if (!acts) continue;
      const oldStart = this.start[u] ?? -1;
      const newStart = pass === 0 ? s1 : s2;
      for (let i = 0; i < acts.length; i++) {
        const a = acts[i] ?? 0;
        const groups = p.actGroups[a];
        if (groups) {
          for (let gi = 0; gi < groups.length; gi++) {
            const g = groups[gi] ?? 0;
            const members = p.groupActs[g];
            if (!members) continue;
            let delta = 0;
            for (let j = 0; j < members.length; j++) {
              const b = members[j] ?? 0;
              if (b === a) continue;
              const ub = p.actUnit[b] ?? 0;
              const bMoved = ub === u1 || ub === u2;
              // A pair of two moved activities is priced once, from the lower index.
              if (bMoved && b < a) continue;
              const sbNew = this.startOf(b);
              const sbOld = this.start[ub] ?? -1;
              if (newStart >= 0 && sbNew >= 0) delta += this.pairCost(g, a, newStart, b, sbNew);
              if (oldStart >= 0 && sbOld >= 0) delta -= this.pairCost(g, a, oldStart, b, sbOld);
            }
            if (delta !== 0) {
              const w = p.groupWeight[g] ?? 100;
              if (isHardWeight(w)) hard += delta;
              else soft += (w / 100) * delta;
            }
          }
        }
        // Own start preference.
        if (newStart >= 0) soft += p.actStartPenalty[a * nSlots + newStart] ?? 0;
        if (oldStart >= 0) soft -= p.actStartPenalty[a * nSlots + oldStart] ?? 0;
        // Clashes with units that stay.
        if (newStart >= 0) {
          const duration = p.actDuration[a] ?? 1;
          const clash = p.actClashResources[a];
          if (clash) {
            for (let j = 0; j < clash.length; j++) {
              const base = (clash[j] ?? 0) * nSlots + newStart;
              for (let k = 0; k < duration; k++) {
                const o = this.occ[base + k] ?? -1;
                if (o >= 0) this.addConflict(p.actUnit[o] ?? 0, stamp);
              }
            }
          }
        }
        // Room.
        const chosen = newStart >= 0 ? this.chooseRoom(a, newStart, stamp) : -1;
        if (chosen < 0 && newStart >= 0 && p.actRoomHard[a] === 1) this.evRoomMissing++;
        this.evRooms[roomIndex++] = chosen;
        if (newStart >= 0) soft += this.roomCost(a, chosen, newStart);
        if (oldStart >= 0) soft -= this.actSoftRoomPart(a);
      }
    }
    // Two units moved at once must not land on each other.
    if (u2 >= 0 && s1 >= 0 && s2 >= 0 && this.unitsOverlap(u1, s1, u2, s2)) this.evConflicts[this.evConflictCount++] = u2;
    this.evHard = hard;
    this.evSoft = soft;
    this.vU1 = -1;
    this.vU2 = -1;
  }

  /** Whether units u1 at s1 and u2 at s2 would share a teacher or students at some period. */
  protected unitsOverlap(u1: number, s1: number, u2: number, s2: number): boolean {
    const p = this.p;
    const nHours = p.nHours;
    if (((s1 / nHours) | 0) !== ((s2 / nHours) | 0)) return false;
    const r1 = p.unitClashResources[u1];
    const r2 = p.unitClashResources[u2];
    if (!r1 || !r2) return false;
    let shared = false;
    for (let i = 0, j = 0; i < r1.length && j < r2.length;) {
      const a = r1[i] ?? 0;
      const b = r2[j] ?? 0;
      if (a === b) {
        shared = true;
        break;
      }
      if (a < b) i++;
      else j++;
    }
    if (!shared) return false;
    let end1 = s1;
    for (const a of p.unitActs[u1] ?? []) end1 = Math.max(end1, s1 + (p.actDuration[a] ?? 1));
    let end2 = s2;
    for (const a of p.unitActs[u2] ?? []) end2 = Math.max(end2, s2 + (p.actDuration[a] ?? 1));
    return s1 < end2 && s2 < end1;
  }

  /**
   * How many more empty usable periods unit u at s would leave inside (and, with an early-start rule, before)
   * the days of its teachers and students that may have few gaps: what the lessons still to place would have
   * to fill. A guide for the placing order, not a cost.
   */
  holesDelta(u: number, s: number): number {
    const p = this.p;
    const compact = p.resCompact;
    const nDays = p.nDays;
    const d = (s / p.nHours) | 0;
    const h = s % p.nHours;
    const old = this.start[u] ?? -1;
    let delta = 0;
    const acts = p.unitActs[u];
    if (!acts) return 0;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const bits = (((1 << (p.actDuration[a] ?? 1)) - 1) << h) >>> 0;
      const resources = p.actClashResources[a];
      if (!resources) continue;
      for (let j = 0; j < resources.length; j++) {
        const r = resources[j] ?? 0;
        const kind = compact[r] ?? 0;
        if (kind === 0 || old >= 0) continue;
        const m = this.mask[r * nDays + d] ?? 0;
        const av = p.resAvail[r * nDays + d] ?? 0;
        const next = (m | bits) >>> 0;
        delta += gapsOfDay(next, av) - gapsOfDay(m, av);
        if (kind === 2) delta += firstGapsOfDay(next, av) - firstGapsOfDay(m, av);
      }
    }
    return delta;
  }

  /**
   * The cheap part of pricing unit u at s (from out): its group rules (min days, same day...) and its own start
   * preferences, into evHard / evSoft. Resources and rooms are left out.
   */
  quickDelta(u: number, s: number): void {
    this.work += 1;
    const p = this.p;
    this.vU1 = u;
    this.vS1 = s;
    let hard = 0;
    let soft = 0;
    const acts = p.unitActs[u];
    const oldStart = this.start[u] ?? -1;
    if (acts) {
      for (let i = 0; i < acts.length; i++) {
        const a = acts[i] ?? 0;
        soft += p.actStartPenalty[a * p.nSlots + s] ?? 0;
        if (oldStart >= 0) soft -= p.actStartPenalty[a * p.nSlots + oldStart] ?? 0;
        const groups = p.actGroups[a];
        if (!groups) continue;
        for (let gi = 0; gi < groups.length; gi++) {
          const g = groups[gi] ?? 0;
          const members = p.groupActs[g];
          if (!members) continue;
          let delta = 0;
          for (let j = 0; j < members.length; j++) {
            const b = members[j] ?? 0;
            if (b === a) continue;
            const ub = p.actUnit[b] ?? 0;
            if (ub === u && b < a) continue;
            const sb = this.startOf(b);
            const sbOld = this.start[ub] ?? -1;
            if (sb >= 0) delta += this.pairCost(g, a, s, b, sb);
            if (oldStart >= 0 && sbOld >= 0) delta -= this.pairCost(g, a, oldStart, b, sbOld);
          }
          if (delta !== 0) {
            const w = p.groupWeight[g] ?? 100;
            if (w >= 100) hard += delta;
            else soft += (w / 100) * delta;
          }
        }
      }
    }
    this.vU1 = -1;
    this.evHard = hard;
    this.evSoft = soft;
  }

  /**
   * Whether u at s would break a hard group rule (same day, min days...) with a member that may not move: fixed,
   * or placed earlier in the current chain (`mark[unit] === stamp`). Such a start can never be repaired.
   */
  breaksLockedGroup(u: number, s: number, mark: Int32Array, stamp: number, fixed: Uint8Array): boolean {
    const p = this.p;
    const acts = p.unitActs[u];
    if (!acts) return false;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const groups = p.actGroups[a];
      if (!groups) continue;
      for (let gi = 0; gi < groups.length; gi++) {
        const g = groups[gi] ?? 0;
        if (!isHardWeight(p.groupWeight[g] ?? 100)) continue;
        const members = p.groupActs[g];
        if (!members) continue;
        for (let j = 0; j < members.length; j++) {
          const b = members[j] ?? 0;
          const ub = p.actUnit[b] ?? 0;
          if (ub === u || (mark[ub] !== stamp && fixed[ub] !== 1)) continue;
          const sb = this.start[ub] ?? -1;
          if (sb >= 0 && this.pairCost(g, a, s, b, sb) > 0) return true;
        }
      }
    }
    return false;
  }

  /**
   * Only the units in the way if unit u started at s (teachers, students; rooms when none of the candidates is
   * free): much cheaper than evaluate. Fills evConflicts; returns how many.
   */
  countConflicts(u: number, s: number): number {
    this.work += 1;
    const p = this.p;
    const nSlots = p.nSlots;
    const stamp = this.nextStamp();
    this.unitMark[u] = stamp;
    this.evConflictCount = 0;
    this.evRoomMissing = 0;
    const acts = p.unitActs[u];
    if (!acts) return 0;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const duration = p.actDuration[a] ?? 1;
      const clash = p.actClashResources[a];
      if (clash) {
        for (let j = 0; j < clash.length; j++) {
          const base = (clash[j] ?? 0) * nSlots + s;
          for (let k = 0; k < duration; k++) {
            const o = this.occ[base + k] ?? -1;
            if (o >= 0) this.addConflict(p.actUnit[o] ?? 0, stamp);
          }
        }
      }
      const candidates = p.actRoomCandidates[a];
      if (candidates && candidates.length > 0 && p.actRoomHard[a] === 1) {
        let free = false;
        let fallback = -1;
        let fallbackCount = 1 << 30;
        for (let j = 0; j < candidates.length && !free; j++) {
          const room = candidates[j] ?? 0;
          const base = room * nSlots + s;
          let blocked = false;
          let taken = 0;
          for (let k = 0; k < duration; k++) {
            if (p.roomBlocked[base + k]) blocked = true;
            const o = this.roomOcc[base + k] ?? -1;
            if (o >= 0 && (p.actUnit[o] ?? 0) !== u) taken++;
          }
          if (blocked) continue;
          if (taken === 0) free = true;
          else if (taken < fallbackCount) {
            fallbackCount = taken;
            fallback = room;
          }
        }
        if (!free) {
          if (fallback < 0) this.evRoomMissing++;
          else {
            const base = fallback * nSlots + s;
            for (let k = 0; k < duration; k++) {
              const o = this.roomOcc[base + k] ?? -1;
              if (o >= 0) this.addConflict(p.actUnit[o] ?? 0, stamp);
            }
          }
        }
      }
    }
    return this.evConflictCount;
  }

  protected addConflict(unit: number, stamp: number): void {
    if (this.unitMark[unit] === stamp) return;
    this.unitMark[unit] = stamp;
    this.evConflicts[this.evConflictCount++] = unit;
  }

  /** The room part of a placed activity's soft cost (its start part is priced separately). */
  protected actSoftRoomPart(a: number): number {
    return this.actRoomSoft[a] ?? 0;
  }

  /**
   * Picks a room for activity a starting at s: the cheapest candidate that is free then (rooms held by the units
   * being moved count as free). When none is free and the room is required, the least-occupied candidate is
   * taken and its occupants become conflicts; an optional room may stay empty.
   */
  protected chooseRoom(a: number, s: number, stamp: number): number {
    const p = this.p;
    const candidates = p.actRoomCandidates[a];
    if (!candidates || candidates.length === 0) return -1;
    const nSlots = p.nSlots;
    const duration = p.actDuration[a] ?? 1;
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    let fallback = -1;
    let fallbackConflicts = Number.POSITIVE_INFINITY;
    for (let i = 0; i < candidates.length; i++) {
      const room = candidates[i] ?? 0;
      const base = room * nSlots + s;
      let blocked = false;
      let conflicts = 0;
      for (let k = 0; k < duration; k++) {
        if (p.roomBlocked[base + k]) {
          blocked = true;
          break;
        }
        const o = this.roomOcc[base + k] ?? -1;
        if (o >= 0) {
          // A room held by one of the units being moved is free for this move.
          const ou = p.actUnit[o] ?? 0;
          if (ou !== this.vU1 && ou !== this.vU2) conflicts++;
        }
      }
      if (blocked) continue;
      for (let c = 0; c < this.claimCount; c++) {
        if (this.claimRoom[c] === room && this.claimStart[c]! < s + duration && s < this.claimEnd[c]!) conflicts += 1000;
      }
      if (conflicts === 0) {
        const cost = this.roomCost(a, room, s);
        if (cost < bestCost) {
          bestCost = cost;
          best = room;
        }
      } else if (conflicts < fallbackConflicts) {
        fallbackConflicts = conflicts;
        fallback = room;
      }
    }
    if (best < 0 && p.actRoomHard[a] === 1 && fallback >= 0 && fallbackConflicts < 1000) {
      best = fallback;
      const base = best * nSlots + s;
      for (let k = 0; k < duration; k++) {
        const o = this.roomOcc[base + k] ?? -1;
        if (o < 0) continue;
        const ou = p.actUnit[o] ?? 0;
        if (ou !== this.vU1 && ou !== this.vU2) this.addConflict(ou, stamp);
      }
    }
    if (best >= 0) {
      this.claimRoom[this.claimCount] = best;
      this.claimStart[this.claimCount] = s;
      this.claimEnd[this.claimCount] = s + duration;
      this.claimCount++;
    }
    return best;
  }
}
