import { isHardWeight } from './problem.js';
import { StateMoves } from './state-moves.js';

export { firstGapsOfDay, gapsOfDay, popcount, runExcess } from './state-bits.js';

/**
 * The assignment being searched and everything derived from it, kept up to date move by move: which activity
 * holds each teacher / subgroup / room at each slot, each resource's day masks, and the hard and soft cost of
 * every rule. `evaluate` prices a move (one or two units to new starts, or out) without making it.
 *
 * While a resource still has unplaced lessons, rules that more lessons could satisfy (min hours, gaps, early
 * beginnings, min days) are priced by a lower bound (what no completion can avoid), so the placed part is
 * always free of hard violations that cannot be repaired by placing the rest.
 */
export class State extends StateMoves {
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

  /** Makes the timetable exactly the given one: each unit's start (-1 out) and each activity's room. */
  assignAll(start: Int32Array, room: Int32Array): void {
    for (let u = 0; u < this.p.nUnits; u++) if ((this.start[u] ?? -1) >= 0) this.remove(u);
    for (let u = 0; u < this.p.nUnits; u++) {
      const s = start[u] ?? -1;
      if (s >= 0)
        this.assign(
          u,
          s,
          Int32Array.from(this.p.unitActs[u] ?? [], (a) => room[a] ?? -1),
        );
    }
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
