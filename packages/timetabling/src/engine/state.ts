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

export function popcount(x: number): number {
  let v = x >>> 0;
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Free usable periods between the first and the last lesson of a day. */
export function gapsOfDay(mask: number, avail: number): number {
  if (mask === 0) return 0;
  const low = 31 - Math.clz32(mask & -mask);
  const high = 31 - Math.clz32(mask);
  const span = (((1 << (high + 1)) - 1) & ~((1 << low) - 1)) >>> 0;
  return popcount(span & avail & ~mask);
}

/** Usable periods before the first lesson of a day (0 on a day without lessons). */
export function firstGapsOfDay(mask: number, avail: number): number {
  if (mask === 0) return 0;
  const low = 31 - Math.clz32(mask & -mask);
  return popcount(avail & ((1 << low) - 1));
}

/** Sum over runs of consecutive lessons of how far each run exceeds `max`. */
export function runExcess(mask: number, max: number): number {
  let excess = 0;
  let m = mask >>> 0;
  while (m !== 0) {
    const low = 31 - Math.clz32(m & -m);
    // Length of the run starting at `low`: count trailing ones of m >>> low.
    const shifted = m >>> low;
    const inverted = ~shifted;
    const length = inverted === 0 ? 32 : 31 - Math.clz32(inverted & -inverted);
    if (length > max) excess += length - max;
    m = low + length >= 32 ? 0 : (m & ~(((1 << (low + length)) - 1) >>> 0)) >>> 0;
  }
  return excess;
}

/**
 * The assignment being searched and everything derived from it, kept up to date move by move: which activity
 * holds each teacher / subgroup / room at each slot, each resource's day masks, and the hard and soft cost of
 * every rule. `evaluate` prices a move (one or two units to new starts, or out) without making it.
 *
 * While a resource still has unplaced lessons, rules that more lessons could satisfy (min hours, gaps, early
 * beginnings, min days) are priced by a lower bound (what no completion can avoid), so the placed part is
 * always free of hard violations that cannot be repaired by placing the rest.
 */
export class State {
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
  private readonly actRoomSoft: Float64Array;
  hard = 0;
  soft = 0;
  placedUnits = 0;
  /** Moves priced so far (full or cheap): the search's measure of work, the same on any machine. */
  work = 0;

  // ---- the move being priced (virtual starts)
  private vU1 = -1;
  private vS1 = -1;
  private vU2 = -1;
  private vS2 = -1;

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
  private stamp = 1;
  private readonly resMark: Int32Array;
  private readonly resPos: Int32Array;
  private readonly groupMark: Int32Array;
  private readonly applyResources: Int32Array;
  private readonly applyGroups: Int32Array;
  private readonly unitMark: Int32Array;
  private readonly touched: Int32Array;
  private readonly scratchMask: Uint32Array;
  private readonly scratchHours: Int32Array;
  private readonly scratchActs: Int32Array;
  private readonly claimRoom: Int32Array;
  private readonly claimStart: Int32Array;
  private readonly claimEnd: Int32Array;
  private claimCount = 0;
  private outHard = 0;
  private outSoft = 0;
  private readonly dayHours: Int32Array;
  private readonly dayGaps: Int32Array;
  private readonly dayFirst: Int32Array;

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

  private nextStamp(): number {
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
  private resourceCost(r: number, masks: Uint32Array, offset: number, uHours: number, uActs: number): void {
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
  private pairCost(g: number, a: number, sa: number, b: number, sb: number): number {
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
  private groupCost(g: number): number {
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

  private refreshResource(r: number): void {
    const nDays = this.p.nDays;
    this.resourceCost(r, this.mask, r * nDays, this.uHours[r] ?? 0, this.uActs[r] ?? 0);
    this.hard += this.outHard - (this.resHard[r] ?? 0);
    this.soft += this.outSoft - (this.resSoft[r] ?? 0);
    this.resHard[r] = this.outHard;
    this.resSoft[r] = this.outSoft;
  }

  private refreshGroup(g: number): void {
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
  private unitsOverlap(u1: number, s1: number, u2: number, s2: number): boolean {
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

  private addConflict(unit: number, stamp: number): void {
    if (this.unitMark[unit] === stamp) return;
    this.unitMark[unit] = stamp;
    this.evConflicts[this.evConflictCount++] = unit;
  }

  /** The room part of a placed activity's soft cost (its start part is priced separately). */
  private actSoftRoomPart(a: number): number {
    return this.actRoomSoft[a] ?? 0;
  }

  /**
   * Picks a room for activity a starting at s: the cheapest candidate that is free then (rooms held by the units
   * being moved count as free). When none is free and the room is required, the least-occupied candidate is
   * taken and its occupants become conflicts; an optional room may stay empty.
   */
  private chooseRoom(a: number, s: number, stamp: number): number {
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

  // ---------------------------------------------------------------- making moves

  /** Takes unit u out of the timetable. */
  remove(u: number): void {
    const s = this.start[u] ?? -1;
    if (s < 0) return;
    this.applyUnit(u, s, -1, null, 0);
  }

  /**
   * Puts unit u at s with the rooms from the last evaluate (roomsFrom: the offset of u's members in evRooms).
   * The caller has removed every conflicting unit first.
   */
  place(u: number, s: number, roomsFrom = 0): void {
    const old = this.start[u] ?? -1;
    this.applyUnit(u, old, s, this.evRooms, roomsFrom);
  }

  /** Moves two units at once (a swap), rooms from the last evaluate. */
  placePair(u1: number, s1: number, u2: number, s2: number): void {
    const n1 = this.p.unitActs[u1]?.length ?? 0;
    const rooms = Int32Array.from(this.evRooms);
    this.applyUnit(u1, this.start[u1] ?? -1, -1, null, 0);
    this.applyUnit(u2, this.start[u2] ?? -1, -1, null, 0);
    this.applyUnit(u1, -1, s1, rooms, 0);
    this.applyUnit(u2, -1, s2, rooms, n1);
  }

  // ---- undo log: every unit change while `logging`, so a tried chain of moves can be taken back
  private logging = false;
  private readonly logUnit: number[] = [];
  private readonly logFrom: number[] = [];
  /** Rooms the logged unit's members had, flat (logRoomAt[i] indexes it; -1: the unit was out). */
  private logRoomAt: number[] = [];
  private logRoomData = new Int32Array(1024);
  private logRoomLength = 0;
  private readonly rollbackRooms: Int32Array;

  isLogging(): boolean {
    return this.logging;
  }

  /** Starts recording changes; returns a mark to roll back to. */
  mark(): number {
    this.logging = true;
    return this.logUnit.length;
  }

  /** Undoes every change made since `mark`. */
  rollback(mark: number): void {
    const wasLogging = this.logging;
    this.logging = false;
    for (let i = this.logUnit.length - 1; i >= mark; i--) {
      const u = this.logUnit[i] ?? 0;
      const at = this.logRoomAt[i] ?? -1;
      let rooms: Int32Array | null = null;
      if (at >= 0) {
        const n = this.p.unitActs[u]?.length ?? 0;
        for (let k = 0; k < n; k++) this.rollbackRooms[k] = this.logRoomData[at + k] ?? -1;
        rooms = this.rollbackRooms;
        this.logRoomLength = at;
      }
      this.applyUnit(u, this.start[u] ?? -1, this.logFrom[i] ?? -1, rooms, 0);
    }
    this.logUnit.length = mark;
    this.logFrom.length = mark;
    this.logRoomAt.length = mark;
    this.logging = wasLogging;
  }

  /** Stops recording and forgets the log (the changes stay). */
  commit(): void {
    this.logging = false;
    this.logUnit.length = 0;
    this.logFrom.length = 0;
    this.logRoomAt.length = 0;
    this.logRoomLength = 0;
  }

  private applyUnit(u: number, from: number, to: number, rooms: Int32Array | null, roomsFrom: number): void {
    const p = this.p;
    const nDays = p.nDays;
    const nHours = p.nHours;
    const nSlots = p.nSlots;
    const acts = p.unitActs[u];
    if (!acts) return;
    if (this.logging) {
      this.logUnit.push(u);
      this.logFrom.push(from);
      if (from >= 0) {
        if (this.logRoomLength + acts.length > this.logRoomData.length) {
          const bigger = new Int32Array(this.logRoomData.length * 2 + acts.length);
          bigger.set(this.logRoomData);
          this.logRoomData = bigger;
        }
        this.logRoomAt.push(this.logRoomLength);
        for (let k = 0; k < acts.length; k++) this.logRoomData[this.logRoomLength++] = this.room[acts[k] ?? 0] ?? -1;
      } else this.logRoomAt.push(-1);
    }
    const stamp = this.nextStamp();
    const touchedResources = this.applyResources;
    const touchedGroups = this.applyGroups;
    let nResources = 0;
    let nGroups = 0;
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const duration = p.actDuration[a] ?? 1;
      const bits = ((1 << duration) - 1) >>> 0;
      const resources = p.actResources[a];
      if (!resources) continue;
      if (from >= 0) {
        const d = (from / nHours) | 0;
        const h = from % nHours;
        for (let j = 0; j < resources.length; j++) {
          const r = resources[j] ?? 0;
          this.mask[r * nDays + d] = ((this.mask[r * nDays + d] ?? 0) & ~(bits << h)) >>> 0;
          this.uHours[r] = (this.uHours[r] ?? 0) + duration;
          this.uActs[r] = (this.uActs[r] ?? 0) + 1;
          if (r < p.nClashRes) {
            const base = r * nSlots + from;
            for (let k = 0; k < duration; k++) if (this.occ[base + k] === a) this.occ[base + k] = -1;
          }
        }
        const room = this.room[a] ?? -1;
        if (room >= 0)
          for (let k = 0; k < duration; k++) if (this.roomOcc[room * nSlots + from + k] === a) this.roomOcc[room * nSlots + from + k] = -1;
        this.room[a] = -1;
      }
      if (to >= 0) {
        const d = (to / nHours) | 0;
        const h = to % nHours;
        for (let j = 0; j < resources.length; j++) {
          const r = resources[j] ?? 0;
          this.mask[r * nDays + d] = ((this.mask[r * nDays + d] ?? 0) | (bits << h)) >>> 0;
          this.uHours[r] = (this.uHours[r] ?? 0) - duration;
          this.uActs[r] = (this.uActs[r] ?? 0) - 1;
          if (r < p.nClashRes) {
            const base = r * nSlots + to;
            for (let k = 0; k < duration; k++) this.occ[base + k] = a;
          }
        }
        const room = rooms ? (rooms[roomsFrom + i] ?? -1) : -1;
        this.room[a] = room;
        if (room >= 0) for (let k = 0; k < duration; k++) this.roomOcc[room * nSlots + to + k] = a;
      }
      for (let j = 0; j < resources.length; j++) {
        const r = resources[j] ?? 0;
        if (this.resMark[r] !== stamp) {
          this.resMark[r] = stamp;
          touchedResources[nResources++] = r;
        }
      }
      const groups = p.actGroups[a];
      if (groups) {
        for (let j = 0; j < groups.length; j++) {
          const g = groups[j] ?? 0;
          if (this.groupMark[g] !== stamp) {
            this.groupMark[g] = stamp;
            touchedGroups[nGroups++] = g;
          }
        }
      }
    }
    this.start[u] = to;
    if (from < 0 && to >= 0) this.placedUnits++;
    if (from >= 0 && to < 0) this.placedUnits--;
    for (let i = 0; i < nResources; i++) this.refreshResource(touchedResources[i] ?? 0);
    for (let i = 0; i < nGroups; i++) this.refreshGroup(touchedGroups[i] ?? 0);
    for (let i = 0; i < acts.length; i++) {
      const a = acts[i] ?? 0;
      const roomPart = to >= 0 ? this.roomCost(a, this.room[a] ?? -1, to) : 0;
      const cost = to >= 0 ? (p.actStartPenalty[a * nSlots + to] ?? 0) + roomPart : 0;
      this.soft += cost - (this.actSoft[a] ?? 0);
      this.actSoft[a] = cost;
      this.actRoomSoft[a] = roomPart;
    }
  }

  /** Puts unit u at s with the given rooms (one per member, -1 none), for loading a saved timetable. */
  assign(u: number, s: number, rooms: Int32Array | null): void {
    this.applyUnit(u, this.start[u] ?? -1, s, rooms, 0);
  }

  /** How far group g is broken now (0 when kept). */
  groupViolation(g: number): number {
    return this.groupCost(g);
  }

  /** Recomputes every cost from scratch (for checks: must equal the running totals). */
  recomputeTotals(): { hard: number; soft: number } {
    let hard = 0;
    let soft = 0;
    const nDays = this.p.nDays;
    for (let r = 0; r < this.p.nRes; r++) {
      this.resourceCost(r, this.mask, r * nDays, this.uHours[r] ?? 0, this.uActs[r] ?? 0);
      hard += this.outHard;
      soft += this.outSoft;
    }
    for (let g = 0; g < this.p.groupKind.length; g++) {
      const v = this.groupCost(g);
      const w = this.p.groupWeight[g] ?? 100;
      if (isHardWeight(w)) hard += v;
      else soft += (w / 100) * v;
    }
    for (let u = 0; u < this.p.nUnits; u++) {
      const s = this.start[u] ?? -1;
      if (s < 0) continue;
      for (const a of this.p.unitActs[u] ?? [])
        soft += (this.p.actStartPenalty[a * this.p.nSlots + s] ?? 0) + this.roomCost(a, this.room[a] ?? -1, s);
    }
    return { hard, soft };
  }
}
