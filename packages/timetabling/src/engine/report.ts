import type { ConstraintType, Placement } from '../model.js';
import {
  isHardWeight,
  RES_COUNTER,
  RULE_EARLY,
  RULE_MAX_GAPS_PER_DAY,
  RULE_MAX_HOURS_CONTINUOUSLY,
  RULE_MAX_HOURS_DAILY,
  RULE_MIN_HOURS_DAILY,
  type Problem,
} from './problem.js';
import { firstGapsOfDay, gapsOfDay, popcount, runExcess, State } from './state.js';

/** One broken rule. */
export interface Violation {
  /** Index into the plan's constraints; -1 for the core rules (double booking, a required room missing). */
  constraintIndex: number;
  type: ConstraintType | 'teacherClash' | 'studentSetClash' | 'roomClash' | 'roomMissing';
  hard: boolean;
  weight: number;
  /** How far it is broken: hours over, gaps over, days too close, slots in a not-available time... */
  amount: number;
  /** weight / 100 × amount (for a soft rule, its share of the soft score). */
  cost: number;
  teacherId?: string;
  studentSetId?: string;
  roomId?: string;
  activityIds?: string[];
  /** 1-based days concerned, for per-day rules. */
  days?: number[];
  message: string;
}

export interface SolutionReport {
  hardViolations: Violation[];
  softViolations: Violation[];
  /** Sum of the soft violations' costs (lower is better). */
  softScore: number;
}

/** Loads starts and rooms into a fresh state (activities placed where the arrays say). */
export function loadState(p: Problem, start: Int32Array, room: Int32Array): State {
  const state = new State(p);
  state.assignAll(start, room);
  return state;
}

function resourceIdentity(p: Problem, r: number): { teacherId?: string; studentSetId?: string; label: string } {
  const owner = p.resKind[r] === RES_COUNTER ? (p.resOwner[r] ?? 0) : r;
  if (owner < p.nTeachers) {
    const teacherId = p.teacherIds[owner] ?? '';
    const name = p.plan.teachers[owner]?.name ?? teacherId;
    return { teacherId, label: `teacher ${name}` };
  }
  const studentSetId = p.subgroupIds[owner - p.nTeachers] ?? '';
  const name = p.plan.studentSets.find((s) => s.id === studentSetId)?.name ?? studentSetId;
  return { studentSetId, label: `students ${name}` };
}

const ruleWords: Record<string, string> = {
  maxHoursDaily: 'more periods in a day than allowed',
  minHoursDaily: 'fewer periods in a day than required',
  maxHoursContinuously: 'more periods in a row than allowed',
  maxGapsPerDay: 'more gaps in a day than allowed',
  maxGapsPerWeek: 'more gaps in the week than allowed',
  maxDaysPerWeek: 'more working days than allowed',
  minDaysPerWeek: 'fewer working days than required',
  earlyMaxBeginningsAtSecondPeriod: 'days beginning late',
  subjectMaxHoursDaily: 'more periods of the subject in a day than allowed',
  tagMaxHoursDaily: 'more periods of the tag in a day than allowed',
  endsStudentsDay: 'a lesson after the one that must end the day',
  minDaysBetweenActivities: 'lessons too close together',
  sameStartingTime: 'lessons that should start together do not',
  sameStartingDay: 'lessons that should be on one day are not',
  notOverlapping: 'lessons that must not overlap do',
  preferredStartingTimes: 'a lesson outside its preferred starting times',
  preferredTimeSlots: 'a lesson outside its preferred time slots',
  preferredRooms: 'a lesson outside its preferred rooms',
  notAvailable: 'a lesson in a not-available time',
  breakTimes: 'a lesson in a break',
  roomNotAvailable: 'a lesson in a room when it is not available',
};

/** Lists every broken rule of a complete or partial timetable (units placed where `start` says). */
export function reportSolution(p: Problem, start: Int32Array, room: Int32Array): SolutionReport {
  const state = loadState(p, start, room);
  const hardViolations: Violation[] = [];
  const softViolations: Violation[] = [];
  const constraints = p.plan.constraints;
  const add = (v: Omit<Violation, 'hard' | 'cost' | 'message'> & { message?: string }): void => {
    const hard = isHardWeight(v.weight);
    const type = v.type;
    const violation: Violation = {
      ...v,
      hard,
      cost: hard ? v.amount : (v.weight / 100) * v.amount,
      message: v.message ?? ruleWords[type] ?? type,
    };
    (hard ? hardViolations : softViolations).push(violation);
  };
  const activityIdsOf = (acts: Iterable<number>): string[] => [...acts].map((a) => p.activityIds[a] ?? '');

  // Rules on teachers, subgroups and counters.
  const nDays = p.nDays;
  for (let r = 0; r < p.nRes; r++) {
    for (const rule of p.resRules[r] ?? []) {
      // Priced as if what is placed were everything: a partial timetable shows what its gaps etc. would be.
      const amount = state.ruleViolation(rule, r, state.mask, r * nDays, 0, 0);
      if (amount <= 0) continue;
      const source = p.ruleSource[rule] ?? -1;
      const constraint = constraints[source];
      const who = resourceIdentity(p, r);
      const days: number[] = [];
      const kind = p.ruleKind[rule];
      const limit = p.ruleA[rule] ?? 0;
      for (let d = 0; d < nDays; d++) {
        const m = state.mask[r * nDays + d] ?? 0;
        const av = p.resAvail[r * nDays + d] ?? 0;
        const hours = popcount(m);
        const broken =
          (kind === RULE_MAX_HOURS_DAILY && hours > limit) ||
          (kind === RULE_MIN_HOURS_DAILY && hours > 0 && hours < limit) ||
          (kind === RULE_MAX_HOURS_CONTINUOUSLY && runExcess(m, limit) > 0) ||
          (kind === RULE_MAX_GAPS_PER_DAY && gapsOfDay(m, av) > limit) ||
          (kind === RULE_EARLY && firstGapsOfDay(m, av) > 0);
        if (broken) days.push(d + 1);
      }
      const type = constraint?.type ?? 'maxHoursDaily';
      add({
        constraintIndex: source,
        type,
        weight: constraint?.weight ?? 100,
        amount,
        ...(who.teacherId !== undefined ? { teacherId: who.teacherId } : {}),
        ...(who.studentSetId !== undefined ? { studentSetId: who.studentSetId } : {}),
        ...(days.length > 0 ? { days } : {}),
        message: `${who.label}: ${ruleWords[type] ?? type}`,
      });
    }
  }

  // Rules on groups of activities.
  for (let g = 0; g < p.groupKind.length; g++) {
    const amount = state.groupViolation(g);
    if (amount <= 0) continue;
    const source = p.groupSource[g] ?? -1;
    const constraint = constraints[source];
    add({
      constraintIndex: source,
      type: constraint?.type ?? 'minDaysBetweenActivities',
      weight: p.groupWeight[g] ?? 100,
      amount,
      activityIds: activityIdsOf(p.groupActs[g] ?? []),
    });
  }

  // Each placed activity's own rules: starting times, time slots, not-available times, breaks, rooms.
  const nSlots = p.nSlots;
  const nHours = p.nHours;
  const covered = (a: number, s: number, slots: Set<number>): number => {
    let n = 0;
    for (let k = 0; k < (p.actDuration[a] ?? 1); k++) if (slots.has(s + k)) n++;
    return n;
  };
  constraints.forEach((c, source) => {
    if (c.type === 'preferredStartingTimes' || c.type === 'preferredTimeSlots') {
      const slots = new Set(c.slots.map((t) => (t.day - 1) * nHours + (t.period - 1)));
      for (const a of p.selected.get(source) ?? []) {
        const s = state.startOf(a);
        if (s < 0) continue;
        const ok = c.type === 'preferredStartingTimes' ? slots.has(s) : covered(a, s, slots) === (p.actDuration[a] ?? 1);
        if (!ok) add({ constraintIndex: source, type: c.type, weight: c.weight, amount: 1, activityIds: activityIdsOf([a]) });
      }
    } else if (c.type === 'notAvailable' || c.type === 'breakTimes') {
      const slots = new Set(c.slots.map((t) => (t.day - 1) * nHours + (t.period - 1)));
      const resources = new Set<number>();
      if (c.type === 'notAvailable') {
        if (c.target.kind === 'teacher') {
          if (c.target.teacherId === undefined) for (let t = 0; t < p.nTeachers; t++) resources.add(t);
          else resources.add(p.teacherIds.indexOf(c.target.teacherId));
        } else if (c.target.studentSetId === undefined) {
          for (let g = 0; g < p.subgroupIds.length; g++) resources.add(p.nTeachers + g);
        } else for (const g of p.atomsOf.get(c.target.studentSetId) ?? []) resources.add(p.nTeachers + g);
      }
      for (let a = 0; a < p.nActs; a++) {
        const s = state.startOf(a);
        if (s < 0) continue;
        let people = 1;
        if (c.type === 'notAvailable') {
          people = 0;
          for (const r of p.actClashResources[a] ?? []) if (resources.has(r)) people++;
          if (people === 0) continue;
        }
        const amount = covered(a, s, slots) * people;
        if (amount === 0) continue;
        const target = c.type === 'notAvailable' ? c.target : undefined;
        add({
          constraintIndex: source,
          type: c.type,
          weight: c.weight,
          amount,
          activityIds: activityIdsOf([a]),
          ...(target?.kind === 'teacher' && target.teacherId !== undefined ? { teacherId: target.teacherId } : {}),
          ...(target?.kind === 'studentSet' && target.studentSetId !== undefined ? { studentSetId: target.studentSetId } : {}),
        });
      }
    } else if (c.type === 'roomNotAvailable') {
      const slots = new Set(c.slots.map((t) => (t.day - 1) * nHours + (t.period - 1)));
      const roomIndex = p.roomIds.indexOf(c.roomId);
      for (let a = 0; a < p.nActs; a++) {
        const s = state.startOf(a);
        if (s < 0 || state.room[a] !== roomIndex) continue;
        const amount = covered(a, s, slots);
        if (amount > 0)
          add({ constraintIndex: source, type: c.type, weight: c.weight, amount, roomId: c.roomId, activityIds: activityIdsOf([a]) });
      }
    }
  });
  for (let a = 0; a < p.nActs; a++) {
    const s = state.startOf(a);
    if (s < 0) continue;
    const room = state.room[a] ?? -1;
    const candidates = p.actRoomCandidates[a];
    if (p.actRoomHard[a] === 1 && (room < 0 || !candidates?.includes(room))) {
      add({
        constraintIndex: p.actRoomSources[a]?.[0] ?? -1,
        type: room < 0 ? 'roomMissing' : 'preferredRooms',
        weight: 100,
        amount: 1,
        activityIds: activityIdsOf([a]),
        message: room < 0 ? 'a lesson without the room it requires' : 'a lesson outside its required rooms',
      });
    }
    for (const rule of p.actRoomSoft[a] ?? []) {
      if (room >= 0 && rule.rooms.has(room)) continue;
      add({
        constraintIndex: rule.source,
        type: 'preferredRooms',
        weight: rule.weight * 100,
        amount: 1,
        activityIds: activityIdsOf([a]),
        ...(room >= 0 ? { roomId: p.roomIds[room] ?? '' } : {}),
      });
    }
  }

  // Double bookings (a search never leaves any; a hand-made timetable may).
  const seen = new Map<number, number[]>();
  for (let a = 0; a < p.nActs; a++) {
    const s = state.startOf(a);
    if (s < 0) continue;
    const duration = p.actDuration[a] ?? 1;
    for (const r of p.actClashResources[a] ?? []) {
      for (let k = 0; k < duration; k++) {
        const key = r * nSlots + s + k;
        const list = seen.get(key);
        if (list) list.push(a);
        else seen.set(key, [a]);
      }
    }
    const room = state.room[a] ?? -1;
    if (room >= 0) {
      for (let k = 0; k < duration; k++) {
        const key = (p.nClashRes + room) * nSlots + s + k;
        const list = seen.get(key);
        if (list) list.push(a);
        else seen.set(key, [a]);
      }
    }
  }
  for (const [key, acts] of seen) {
    if (acts.length < 2) continue;
    const r = Math.floor(key / nSlots);
    const slot = key % nSlots;
    const day = Math.floor(slot / nHours) + 1;
    if (r >= p.nClashRes) {
      const roomId = p.roomIds[r - p.nClashRes] ?? '';
      add({
        constraintIndex: -1,
        type: 'roomClash',
        weight: 100,
        amount: acts.length - 1,
        roomId,
        activityIds: activityIdsOf(acts),
        days: [day],
        message: `room ${roomId} double-booked`,
      });
    } else {
      const who = resourceIdentity(p, r);
      add({
        constraintIndex: -1,
        type: who.teacherId !== undefined ? 'teacherClash' : 'studentSetClash',
        weight: 100,
        amount: acts.length - 1,
        ...(who.teacherId !== undefined ? { teacherId: who.teacherId } : {}),
        ...(who.studentSetId !== undefined ? { studentSetId: who.studentSetId } : {}),
        activityIds: activityIdsOf(acts),
        days: [day],
        message: `${who.label} double-booked`,
      });
    }
  }

  let softScore = 0;
  for (const v of softViolations) softScore += v.cost;
  return { hardViolations, softViolations, softScore };
}

/** Placements (1-based days and periods) from unit starts and rooms. */
export function placementsOf(p: Problem, start: Int32Array, room: Int32Array): Placement[] {
  const placements: Placement[] = [];
  for (let a = 0; a < p.nActs; a++) {
    const s = start[p.actUnit[a] ?? 0] ?? -1;
    if (s < 0) continue;
    const placement: Placement = { activityId: p.activityIds[a] ?? '', day: Math.floor(s / p.nHours) + 1, period: (s % p.nHours) + 1 };
    const r = room[a] ?? -1;
    if (r >= 0) placement.roomId = p.roomIds[r] ?? '';
    placements.push(placement);
  }
  return placements;
}
