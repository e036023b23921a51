import {
  GROUP_MIN_DAYS,
  GROUP_NOT_OVERLAPPING,
  isHardWeight,
  RES_COUNTER,
  RULE_EARLY,
  RULE_MAX_DAYS_PER_WEEK,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_GAPS_PER_WEEK,
  RULE_MAX_HOURS_DAILY,
  type Problem,
} from './problem.js';

/** The MIP of one round of the exact repair (`exact-repair.ts`, decision 017), as CPLEX LP text. */
export interface RepairModel {
  lp: string;
  /** Column i is unit vars[i].unit starting at vars[i].start. */
  vars: { unit: number; start: number }[];
}

/** The one room an activity must have, or -1 (no room, or a choice left to `assignRooms`). */
export function onlyRoom(p: Problem, a: number): number {
  const candidates = p.actRoomCandidates[a];
  return p.actRoomHard[a] && candidates?.length === 1 ? (candidates[0] ?? -1) : -1;
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
    for (const a of p.resActs[r] ?? []) if ((start[p.actUnit[a] ?? 0] ?? -1) >= 0) placedNow += p.actDuration[a] ?? 1;
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

  // The columns of a group's freed lessons, and the count of its fixed ones, whose start passes the test.
  const startsWhere = (acts: Int32Array, test: (start: number, a: number) => boolean): { list: number[]; fixed: number } => {
    const list: number[] = [];
    let fixed = 0;
    for (const a of acts) {
      const u = p.actUnit[a] ?? 0;
      if (free.has(u)) {
        for (const v of unitVars.get(u) ?? []) if (test(vars[v]?.start ?? 0, a)) list.push(v);
      } else if ((start[u] ?? -1) >= 0 && test(start[u] ?? 0, a)) fixed++;
    }
    return { list, fixed };
  };
  for (let g = 0; g < p.groupKind.length; g++) {
    if (!isHardWeight(p.groupWeight[g] ?? 0)) continue;
    const acts = p.groupActs[g] ?? new Int32Array(0);
    if (!acts.some((a) => free.has(p.actUnit[a] ?? -1))) continue;
    const kind = p.groupKind[g];
    if (kind === GROUP_MIN_DAYS) {
      // Lessons at least m days apart: at most one in any m consecutive days.
      const m = p.groupParam[g] ?? 1;
      for (let d0 = 0; d0 + m <= p.nDays; d0++) {
        const { list, fixed } = startsWhere(acts, (t) => {
          const day = Math.floor(t / nHours);
          return day >= d0 && day < d0 + m;
        });
        if (list.length > 0) rows.push(`${sum(list)} <= ${1 - fixed}`);
      }
    } else if (kind === GROUP_NOT_OVERLAPPING) {
      for (let s = 0; s < nSlots; s++) {
        const { list, fixed } = startsWhere(acts, (t, a) => t <= s && s < t + (p.actDuration[a] ?? 1));
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
