import {
  GROUP_MIN_DAYS,
  GROUP_NOT_OVERLAPPING,
  GROUP_SAME_DAY,
  GROUP_SAME_TIME,
  isHardWeight,
  RULE_EARLY,
  RULE_ENDS_DAY,
  RULE_MAX_DAYS_PER_WEEK,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_GAPS_PER_WEEK,
  RULE_MAX_HOURS_CONTINUOUSLY,
  RULE_MAX_HOURS_DAILY,
  RULE_MIN_DAYS_PER_WEEK,
  RULE_MIN_HOURS_DAILY,
  type Problem,
} from './problem.js';
import { firstGapsOfDay, gapsOfDay, popcount, runExcess } from './state-bits.js';

/** The assignment's data and the cost of each rule, resource and group (the base of State). */
export class StateCosts {
  readonly p: Problem;
  readonly start: Int32Array;
  readonly room: Int32Array;
  readonly mask: Uint32Array;
  readonly occ: Int32Array;
  readonly roomOcc: Int32Array;
  readonly uHours: Int32Array;
  readonly uActs: Int32Array;
  readonly resHard: Float64Array;
  readonly resSoft: Float64Array;
  readonly groupHard: Float64Array;
  readonly groupSoft: Float64Array;
  /** Soft cost of each placed activity's own start and room... */
  readonly actSoft: Float64Array;
  /** ... and its room part alone. */
  protected readonly actRoomSoft: Float64Array;
  hard = 0;
  soft = 0;
  placedUnits = 0;
  /** Moves priced so far (full or cheap): the search's measure of work, the same on any machine. */
  work = 0;

  // ---- the move being priced (virtual starts)
  protected vU1 = -1;
  protected vS1 = -1;
  protected vU2 = -1;
  protected vS2 = -1;

  // ---- outputs of evaluate
  evHard = 0;
  evSoft = 0;
  /** Units that would have to leave (double-booked teacher, students or room). */
  readonly evConflicts: Int32Array;
  evConflictCount = 0;
  /** Members that need a room and would get none (never placed that way). */
  evRoomMissing = 0;
  /** Room chosen for each member of the moved units, in unit order (u1's members, then u2's). */
  readonly evRooms: Int32Array;

  // ---- scratch
  protected stamp = 1;
  protected readonly resMark: Int32Array;
  protected readonly resPos: Int32Array;
  protected readonly groupMark: Int32Array;
  protected readonly applyResources: Int32Array;
  protected readonly applyGroups: Int32Array;
  protected readonly unitMark: Int32Array;
  protected readonly touched: Int32Array;
  protected readonly scratchMask: Uint32Array;
  protected readonly scratchHours: Int32Array;
  protected readonly scratchActs: Int32Array;
  protected readonly claimRoom: Int32Array;
  protected readonly claimStart: Int32Array;
  protected readonly claimEnd: Int32Array;
  protected claimCount = 0;
  protected outHard = 0;
  protected outSoft = 0;
  protected readonly dayHours: Int32Array;
  protected readonly dayGaps: Int32Array;
  protected readonly dayFirst: Int32Array;
  protected readonly rollbackRooms: Int32Array;

  constructor(problem: Problem) {
    const p = problem;
    this.p = p;
    this.start = new Int32Array(p.nUnits).fill(-1);
    this.room = new Int32Array(p.nActs).fill(-1);
    this.mask = new Uint32Array(p.nRes * p.nDays);
    this.occ = new Int32Array(p.nClashRes * p.nSlots).fill(-1);
    this.roomOcc = new Int32Array(p.nRooms * p.nSlots).fill(-1);
    this.uHours = Int32Array.from(p.resTotalHours);
    this.uActs = Int32Array.from(p.resTotalActs);
    this.resHard = new Float64Array(p.nRes);
    this.resSoft = new Float64Array(p.nRes);
    this.groupHard = new Float64Array(p.groupKind.length);
    this.groupSoft = new Float64Array(p.groupKind.length);
    this.actSoft = new Float64Array(p.nActs);
    this.actRoomSoft = new Float64Array(p.nActs);
    let maxUnitActs = 1;
    let maxTouched = 1;
    for (let u = 0; u < p.nUnits; u++) {
      const acts = p.unitActs[u];
      if (!acts) continue;
      maxUnitActs = Math.max(maxUnitActs, acts.length);
      let n = 0;
      for (const a of acts) n += p.actResources[a]?.length ?? 0;
      maxTouched = Math.max(maxTouched, n);
    }
    this.evConflicts = new Int32Array(p.nUnits);
    this.evRooms = new Int32Array(2 * maxUnitActs);
    this.resMark = new Int32Array(p.nRes);
    this.dayHours = new Int32Array(p.nDays);
    this.dayGaps = new Int32Array(p.nDays);
    this.dayFirst = new Int32Array(p.nDays);
    this.resPos = new Int32Array(p.nRes);
    this.rollbackRooms = new Int32Array(maxUnitActs);
    this.groupMark = new Int32Array(p.groupKind.length);
    this.applyResources = new Int32Array(p.nRes);
    this.applyGroups = new Int32Array(Math.max(1, p.groupKind.length));
    this.unitMark = new Int32Array(p.nUnits);
    this.touched = new Int32Array(2 * maxTouched);
    this.scratchMask = new Uint32Array(2 * maxTouched * p.nDays);
    this.scratchHours = new Int32Array(2 * maxTouched);
    this.scratchActs = new Int32Array(2 * maxTouched);
    this.claimRoom = new Int32Array(2 * maxUnitActs);
    this.claimStart = new Int32Array(2 * maxUnitActs);
    this.claimEnd = new Int32Array(2 * maxUnitActs);
    for (let r = 0; r < p.nRes; r++) this.refreshResource(r);
    for (let g = 0; g < p.groupKind.length; g++) this.refreshGroup(g);
  }

  /** Start slot of an activity, counting the move being priced. */
  startOf(a: number): number {
    const u = this.p.actUnit[a] ?? 0;
    if (u === this.vU1) return this.vS1;
    if (u === this.vU2) return this.vS2;
    return this.start[u] ?? -1;
  }

  protected nextStamp(): number {
    this.stamp += 1;
    if (this.stamp > 2_000_000_000) {
      this.stamp = 1;
      this.resMark.fill(0);
      this.unitMark.fill(0);
      this.groupMark.fill(0);
    }
    return this.stamp;
  }

  // ---------------------------------------------------------------- rule costs

  /** Prices resource r's rules for the day masks at `masks[offset..]`; result in outHard / outSoft. */
  protected resourceCost(r: number, masks: Uint32Array, offset: number, uHours: number, uActs: number): void {
    const p = this.p;
    const rules = p.resRules[r];
    this.outHard = 0;
    this.outSoft = 0;
    if (!rules || rules.length === 0) return;
    if (rules.length === 1) {
      const rule = rules[0] ?? 0;
      const v = this.ruleViolation(rule, r, masks, offset, uHours, uActs);
      if (v > 0) {
        const w = p.ruleWeight[rule] ?? 100;
        if (w >= 100) this.outHard += v;
        else this.outSoft += (w / 100) * v;
      }
      return;
    }
    // Several rules: each day's figures once, then every rule from them.
    const nDays = p.nDays;
    const availBase = r * nDays;
    const hoursOf = this.dayHours;
    const gapsOf = this.dayGaps;
    const firstOf = this.dayFirst;
    let days = 0;
    let gapsWeek = 0;
    let firstWeek = 0;
    for (let d = 0; d < nDays; d++) {
      const m = masks[offset + d] ?? 0;
      if (m === 0) {
        hoursOf[d] = 0;
        gapsOf[d] = 0;
        firstOf[d] = 0;
        continue;
      }
      days++;
      const av = p.resAvail[availBase + d] ?? 0;
      hoursOf[d] = popcount(m);
      const low = 31 - Math.clz32(m & -m);
      const high = 31 - Math.clz32(m);
      const span = (((1 << (high + 1)) - 1) & ~((1 << low) - 1)) >>> 0;
      const g = popcount(span & av & ~m);
      const f = popcount(av & ((1 << low) - 1));
      gapsOf[d] = g;
      firstOf[d] = f;
      gapsWeek += g;
      firstWeek += f;
    }
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] ?? 0;
      const a = p.ruleA[rule] ?? 0;
      let v = 0;
      switch (p.ruleKind[rule]) {
        case RULE_MAX_HOURS_DAILY:
          for (let d = 0; d < nDays; d++) {
            const h = hoursOf[d] ?? 0;
            if (h > a) v += h - a;
          }
          break;
        case RULE_MIN_HOURS_DAILY: {
          const allowEmpty = p.ruleB[rule] === 1;
          let deficit = 0;
          for (let d = 0; d < nDays; d++) {
            const h = hoursOf[d] ?? 0;
            if (h === 0) {
              if (!allowEmpty) deficit += a;
            } else if (h < a) deficit += a - h;
          }
          v = deficit > uHours ? deficit - uHours : 0;
          break;
        }
        case RULE_MAX_GAPS_PER_DAY: {
          let excess = 0;
          for (let d = 0; d < nDays; d++) {
            const g = gapsOf[d] ?? 0;
            if (g > a) excess += g - a;
          }
          v = excess > uHours ? excess - uHours : 0;
          break;
        }
        case RULE_MAX_GAPS_PER_WEEK:
          v = gapsWeek - a - uHours;
          if (v < 0) v = 0;
          break;
        case RULE_MAX_DAYS_PER_WEEK:
          if (days > a) v = days - a;
          break;
        case RULE_MIN_DAYS_PER_WEEK:
          v = a - days - uActs;
          if (v < 0) v = 0;
          break;
        case RULE_EARLY:
          if (uHours > 0) {
            const allowance = p.ruleGapsAllowance[rule] ?? -1;
            if (allowance >= 0) {
              v = gapsWeek + firstWeek - uHours - allowance - a;
              if (v < 0) v = 0;
            }
          } else {
            let late = 0;
            for (let d = 0; d < nDays; d++) {
              const f = firstOf[d] ?? 0;
              if (f >= 1) {
                late++;
                v += f - 1;
              }
            }
            if (late > a) v += late - a;
          }
          break;
        default:
          v = this.ruleViolation(rule, r, masks, offset, uHours, uActs);
      }
      if (v > 0) {
        const w = p.ruleWeight[rule] ?? 100;
        if (w >= 100) this.outHard += v;
        else this.outSoft += (w / 100) * v;
      }
    }
  }

  /** How far one rule of resource r is broken for the given day masks (0 when kept). */
  ruleViolation(rule: number, r: number, masks: Uint32Array, offset: number, uHours: number, uActs: number): number {
    const p = this.p;
    const nDays = p.nDays;
    const availBase = r * nDays;
    const a = p.ruleA[rule] ?? 0;
    let v = 0;
    switch (p.ruleKind[rule]) {
      case RULE_MAX_HOURS_DAILY:
        for (let d = 0; d < nDays; d++) {
          const h = popcount(masks[offset + d] ?? 0);
          if (h > a) v += h - a;
        }
        break;
      case RULE_MIN_HOURS_DAILY: {
        const allowEmpty = p.ruleB[rule] === 1;
        let deficit = 0;
        for (let d = 0; d < nDays; d++) {
          const h = popcount(masks[offset + d] ?? 0);
          if (h === 0) {
            if (!allowEmpty) deficit += a;
          } else if (h < a) deficit += a - h;
        }
        v = deficit > uHours ? deficit - uHours : 0;
        break;
      }
      case RULE_MAX_HOURS_CONTINUOUSLY:
        for (let d = 0; d < nDays; d++) v += runExcess(masks[offset + d] ?? 0, a);
        break;
      case RULE_MAX_GAPS_PER_DAY: {
        let excess = 0;
        for (let d = 0; d < nDays; d++) {
          const g = gapsOfDay(masks[offset + d] ?? 0, p.resAvail[availBase + d] ?? 0);
          if (g > a) excess += g - a;
        }
        v = excess > uHours ? excess - uHours : 0;
        break;
      }
      case RULE_MAX_GAPS_PER_WEEK: {
        let gaps = 0;
        for (let d = 0; d < nDays; d++) gaps += gapsOfDay(masks[offset + d] ?? 0, p.resAvail[availBase + d] ?? 0);
        v = gaps - a - uHours;
        if (v < 0) v = 0;
        break;
      }
      case RULE_MAX_DAYS_PER_WEEK: {
        let days = 0;
        for (let d = 0; d < nDays; d++) if ((masks[offset + d] ?? 0) !== 0) days++;
        if (days > a) v = days - a;
        break;
      }
      case RULE_MIN_DAYS_PER_WEEK: {
        let days = 0;
        for (let d = 0; d < nDays; d++) if ((masks[offset + d] ?? 0) !== 0) days++;
        v = a - days - uActs;
        if (v < 0) v = 0;
        break;
      }
      case RULE_EARLY: {
        if (uHours > 0) {
          // Incomplete: the empty usable periods from each day's start to its last lesson, less what the
          // lessons still to place could fill, may not exceed the gaps and late beginnings allowed.
          const allowance = p.ruleGapsAllowance[rule] ?? -1;
          if (allowance >= 0) {
            let empty = 0;
            for (let d = 0; d < nDays; d++) {
              const m = masks[offset + d] ?? 0;
              const av = p.resAvail[availBase + d] ?? 0;
              empty += gapsOfDay(m, av) + firstGapsOfDay(m, av);
            }
            v = empty - uHours - allowance - a;
            if (v < 0) v = 0;
          }
        } else {
          let late = 0;
          for (let d = 0; d < nDays; d++) {
            const fg = firstGapsOfDay(masks[offset + d] ?? 0, p.resAvail[availBase + d] ?? 0);
            if (fg >= 1) {
              late++;
              v += fg - 1;
            }
          }
          if (late > a) v += late - a;
        }
        break;
      }
      case RULE_ENDS_DAY: {
        const s = this.startOf(a);
        if (s >= 0) {
          const d = (s / p.nHours) | 0;
          const end = (s % p.nHours) + (p.actDuration[a] ?? 1);
          if (end < 32 && (masks[offset + d] ?? 0) >>> end !== 0) v = 1;
        }
        break;
      }
    }
    return v;
  }

  /** The cost of a pair of activities in a group, with starts sa and sb (both placed). */
  protected pairCost(g: number, a: number, sa: number, b: number, sb: number): number {
    const p = this.p;
    const nHours = p.nHours;
    switch (p.groupKind[g]) {
      case GROUP_MIN_DAYS: {
        const da = (sa / nHours) | 0;
        const db = (sb / nHours) | 0;
        const dist = da > db ? da - db : db - da;
        const min = p.groupParam[g] ?? 0;
        let v = dist < min ? min - dist : 0;
        if (dist === 0 && p.groupConsecutive[g] === 1) {
          const ea = sa + (p.actDuration[a] ?? 1);
          const eb = sb + (p.actDuration[b] ?? 1);
          if (ea !== sb && eb !== sa) v += 1;
        }
        return v;
      }
      case GROUP_SAME_TIME:
        return sa === sb ? 0 : 1;
      case GROUP_SAME_DAY:
        return ((sa / nHours) | 0) === ((sb / nHours) | 0) ? 0 : 1;
      case GROUP_NOT_OVERLAPPING: {
        const ea = sa + (p.actDuration[a] ?? 1);
        const eb = sb + (p.actDuration[b] ?? 1);
        return sa < eb && sb < ea ? 1 : 0;
      }
    }
    return 0;
  }

  /** Full cost of group g under the current (virtual) starts. */
  protected groupCost(g: number): number {
    const acts = this.p.groupActs[g];
    if (!acts) return 0;
    let v = 0;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const sa = this.startOf(a);
      if (sa < 0) continue;
      for (let j = i + 1; j < acts.length; j++) {
        const b = acts[j] ?? 0;
        const sb = this.startOf(b);
        if (sb >= 0) v += this.pairCost(g, a, sa, b, sb);
      }
    }
    return v;
  }

  protected refreshResource(r: number): void {
    const nDays = this.p.nDays;
    this.resourceCost(r, this.mask, r * nDays, this.uHours[r] ?? 0, this.uActs[r] ?? 0);
    this.hard += this.outHard - (this.resHard[r] ?? 0);
    this.soft += this.outSoft - (this.resSoft[r] ?? 0);
    this.resHard[r] = this.outHard;
    this.resSoft[r] = this.outSoft;
  }

  protected refreshGroup(g: number): void {
    const v = this.groupCost(g);
    const w = this.p.groupWeight[g] ?? 100;
    const hard = isHardWeight(w) ? v : 0;
    const soft = isHardWeight(w) ? 0 : (w / 100) * v;
    this.hard += hard - (this.groupHard[g] ?? 0);
    this.soft += soft - (this.groupSoft[g] ?? 0);
    this.groupHard[g] = hard;
    this.groupSoft[g] = soft;
  }

  /** Soft cost of activity a in room `room` (-1: none) from start s. */
  roomCost(a: number, room: number, s: number): number {
    const p = this.p;
    const candidates = p.actRoomCandidates[a];
    if (!candidates || candidates.length === 0) return 0;
    let cost = 0;
    const soft = p.actRoomSoft[a];
    if (soft) for (const rule of soft) if (room < 0 || !rule.rooms.has(room)) cost += rule.weight;
    if (room >= 0) {
      const duration = p.actDuration[a] ?? 1;
      for (let k = 0; k < duration; k++) cost += p.roomPenalty[room * p.nSlots + s + k] ?? 0;
    }
    return cost;
  }
}
