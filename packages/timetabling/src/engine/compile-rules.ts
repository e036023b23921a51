import type { Plan, Target, TimeSlot } from '../model.js';
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
} from './problem.js';
import { selectActivities } from './select.js';

export interface RuleDraft {
  kind: number;
  res: number;
  a: number;
  b: number;
  weight: number;
  source: number;
}

export interface GroupDraft {
  kind: number;
  acts: number[];
  param: number;
  consecutive: boolean;
  weight: number;
  source: number;
}

export interface RoomRuleDraft {
  acts: number[];
  rooms: number[];
  weight: number;
  home: boolean;
  source: number;
}

/** What the constraint reader needs of the resources compiled before it. */
export interface RuleContext {
  plan: Plan;
  nSlots: number;
  nTeachers: number;
  nClashRes: number;
  slotOf: (t: TimeSlot) => number;
  targetResources: (target: Target) => number[];
  actClash: number[][];
  resActsList: number[][];
  componentOf: Map<string, number>;
  /** Atomic student set indexes of each student set id (what a set filter covers). */
  atomsOf: Map<string, number[]>;
  activityIndex: Map<string, number>;
  roomIndex: Map<string, number>;
}

export function addAt(array: Float64Array, index: number, value: number): void {
  array[index] = (array[index] ?? 0) + value;
}

/** Reads every constraint of the plan into slot tables and rule drafts (by kind), one pass. */
export function readConstraints(ctx: RuleContext) {
  const {
    plan,
    nSlots,
    nTeachers,
    nClashRes,
    slotOf,
    targetResources,
    actClash,
    resActsList,
    componentOf,
    atomsOf,
    activityIndex,
    roomIndex,
  } = ctx;
  const blockedSlot = new Uint8Array(nClashRes * nSlots); // hard: resource cannot be used then
  const breakSlot = new Uint8Array(nSlots);
  const softBusy = new Float64Array(nClashRes * nSlots); // soft not-available weight per slot
  const softBreak = new Float64Array(nSlots);
  const roomBlocked = new Uint8Array(plan.rooms.length * nSlots);
  const roomPenalty = new Float64Array(plan.rooms.length * nSlots);
  const rules: RuleDraft[] = [];
  const counters: { owner: number; acts: number[]; maxHours: number; weight: number; source: number }[] = [];
  const groupDrafts: GroupDraft[] = [];
  const sameTimeHard: number[][] = [];
  const roomRules: RoomRuleDraft[] = [];
  const startRules: { acts: number[]; slots: Uint8Array; weight: number; source: number; coverAll: boolean }[] = [];
  const selected = new Map<number, Int32Array>();

  plan.constraints.forEach((c, source) => {
    const hard = isHardWeight(c.weight);
    const w = c.weight / 100;
    switch (c.type) {
      case 'breakTimes':
        for (const s of c.slots) {
          if (hard) breakSlot[slotOf(s)] = 1;
          else addAt(softBreak, slotOf(s), w);
        }
        break;
      case 'notAvailable':
        for (const r of targetResources(c.target)) {
          for (const s of c.slots) {
            if (hard) blockedSlot[r * nSlots + slotOf(s)] = 1;
            else addAt(softBusy, r * nSlots + slotOf(s), w);
          }
        }
        break;
      case 'roomNotAvailable': {
        const room = roomIndex.get(c.roomId) ?? 0;
        for (const s of c.slots) {
          if (hard) roomBlocked[room * nSlots + slotOf(s)] = 1;
          else addAt(roomPenalty, room * nSlots + slotOf(s), w);
        }
        break;
      }
      case 'maxHoursDaily':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_HOURS_DAILY, res: r, a: c.maxHours, b: 0, weight: c.weight, source });
        break;
      case 'minHoursDaily':
        for (const r of targetResources(c.target)) {
          rules.push({ kind: RULE_MIN_HOURS_DAILY, res: r, a: c.minHours, b: c.allowEmptyDays ? 1 : 0, weight: c.weight, source });
        }
        break;
      case 'maxHoursContinuously':
        for (const r of targetResources(c.target)) {
          rules.push({ kind: RULE_MAX_HOURS_CONTINUOUSLY, res: r, a: c.maxHours, b: 0, weight: c.weight, source });
        }
        break;
      case 'maxGapsPerDay':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_GAPS_PER_DAY, res: r, a: c.maxGaps, b: 0, weight: c.weight, source });
        break;
      case 'maxGapsPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_GAPS_PER_WEEK, res: r, a: c.maxGaps, b: 0, weight: c.weight, source });
        break;
      case 'maxDaysPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MAX_DAYS_PER_WEEK, res: r, a: c.maxDays, b: 0, weight: c.weight, source });
        break;
      case 'minDaysPerWeek':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_MIN_DAYS_PER_WEEK, res: r, a: c.minDays, b: 0, weight: c.weight, source });
        break;
      case 'earlyMaxBeginningsAtSecondPeriod':
        for (const r of targetResources(c.target))
          rules.push({ kind: RULE_EARLY, res: r, a: c.maxBeginnings, b: 0, weight: c.weight, source });
        break;
      case 'subjectMaxHoursDaily':
      case 'tagMaxHoursDaily':
        for (const r of targetResources(c.target)) {
          const acts = (resActsList[r] ?? []).filter((a) => {
            const activity = plan.activities[a];
            if (!activity) return false;
            return c.type === 'subjectMaxHoursDaily' ? activity.subjectId === c.subjectId : activity.tagIds.includes(c.tagId);
          });
          if (acts.length > 0) counters.push({ owner: r, acts, maxHours: c.maxHours, weight: c.weight, source });
        }
        break;
      case 'preferredStartingTimes':
      case 'preferredTimeSlots': {
        const acts = selectActivities(plan, c.activities, componentOf, atomsOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        const slots = new Uint8Array(nSlots);
        for (const s of c.slots) slots[slotOf(s)] = 1;
        startRules.push({ acts, slots, weight: c.weight, source, coverAll: c.type === 'preferredTimeSlots' });
        break;
      }
      case 'preferredRooms': {
        const acts = selectActivities(plan, c.activities, componentOf, atomsOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        const rooms = c.roomIds.map((id) => roomIndex.get(id) ?? 0);
        roomRules.push({ acts, rooms, weight: c.weight, home: c.home === true, source });
        break;
      }
      case 'minDaysBetweenActivities':
      case 'sameStartingTime':
      case 'sameStartingDay':
      case 'notOverlapping': {
        const acts = [...new Set(c.activityIds.map((id) => activityIndex.get(id) ?? 0))];
        if (acts.length < 2) break;
        if (c.type === 'sameStartingTime' && hard) {
          sameTimeHard.push(acts);
          break;
        }
        const kind =
          c.type === 'minDaysBetweenActivities'
            ? GROUP_MIN_DAYS
            : c.type === 'sameStartingTime'
              ? GROUP_SAME_TIME
              : c.type === 'sameStartingDay'
                ? GROUP_SAME_DAY
                : GROUP_NOT_OVERLAPPING;
        if (kind === GROUP_MIN_DAYS && c.type === 'minDaysBetweenActivities' && c.minDays <= 0 && !c.consecutiveIfSameDay) break;
        groupDrafts.push({
          kind,
          acts,
          param: c.type === 'minDaysBetweenActivities' ? c.minDays : 0,
          consecutive: c.type === 'minDaysBetweenActivities' && c.consecutiveIfSameDay,
          weight: c.weight,
          source,
        });
        break;
      }
      case 'endsStudentsDay': {
        const acts = selectActivities(plan, c.activities, componentOf, atomsOf).map((a) => activityIndex.get(a.id) ?? 0);
        selected.set(source, Int32Array.from(acts));
        for (const a of acts) {
          for (const r of actClash[a] ?? []) {
            if (r >= nTeachers) rules.push({ kind: RULE_ENDS_DAY, res: r, a, b: 0, weight: c.weight, source });
          }
        }
        break;
      }
    }
  });

  return {
    blockedSlot,
    breakSlot,
    softBusy,
    softBreak,
    roomBlocked,
    roomPenalty,
    rules,
    counters,
    groupDrafts,
    sameTimeHard,
    roomRules,
    startRules,
    selected,
  };
}
