import type { Plan } from '../model.js';

/** Kinds of rules on a time resource (a teacher, an atomic student set, or a counter of some of their activities). */
export const RULE_MAX_HOURS_DAILY = 0;
export const RULE_MIN_HOURS_DAILY = 1;
export const RULE_MAX_HOURS_CONTINUOUSLY = 2;
export const RULE_MAX_GAPS_PER_DAY = 3;
export const RULE_MAX_GAPS_PER_WEEK = 4;
export const RULE_MAX_DAYS_PER_WEEK = 5;
export const RULE_MIN_DAYS_PER_WEEK = 6;
export const RULE_EARLY = 7;
export const RULE_ENDS_DAY = 8;

/** Kinds of rules on a set of activities. */
export const GROUP_MIN_DAYS = 0;
export const GROUP_SAME_TIME = 1;
export const GROUP_SAME_DAY = 2;
export const GROUP_NOT_OVERLAPPING = 3;

export const RES_TEACHER = 0;
export const RES_SUBGROUP = 1;
/** Counts some of a teacher's or subgroup's activities (a subject or tag per day): rules only, never clashes. */
export const RES_COUNTER = 2;

/** Why an activity can never be placed, found before any search. */
export interface ImpossibleReason {
  activity: number;
  /** Index into plan.constraints, or -1 for the core rules. */
  constraintIndex: number;
  reason: string;
}

/**
 * A plan compiled for the search: everything indexed by small integers in flat typed arrays. Slots are
 * day * nHours + hour, both 0-based.
 */
export interface Problem {
  plan: Plan;
  nDays: number;
  nHours: number;
  nSlots: number;

  nActs: number;
  actDuration: Int32Array;
  /** Time resources of each activity (teachers, subgroups, counters), deduplicated. */
  actResources: Int32Array[];
  /** The subset of actResources that must never be double-booked (teachers and subgroups). */
  actClashResources: Int32Array[];
  actUnit: Int32Array;
  /** 1 where the activity may start (hard rules applied). nActs * nSlots. */
  actAllowed: Uint8Array;
  /** Soft cost of starting there (preferred times broken, soft not-available...). nActs * nSlots. */
  actStartPenalty: Float64Array;
  /** Rooms the activity may use; empty when it needs no room. */
  actRoomCandidates: Int32Array[];
  /** True when the activity must have a room from its candidates (a hard room rule). */
  actRoomHard: Uint8Array;
  /** Soft room rules of each activity: the rooms they want and the weight of missing them. */
  actRoomSoft: { rooms: Set<number>; weight: number; source: number }[][];
  /** Hard room rules that applied to each activity (for reports). */
  actRoomSources: number[][];
  actGroups: Int32Array[];

  nUnits: number;
  unitActs: Int32Array[];
  /** Allowed starts of each unit (all members allowed there). */
  unitDomain: Int32Array[];
  unitClashResources: Int32Array[];

  nRooms: number;
  /** 1 where a room is not available (hard). nRooms * nSlots. */
  roomBlocked: Uint8Array;
  roomPenalty: Float64Array;

  nRes: number;
  /** Number of resources that take part in clash detection (teachers then subgroups come first). */
  nClashRes: number;
  resKind: Uint8Array;
  /** Index of the teacher / subgroup the resource is (or counts for). */
  resOwner: Int32Array;
  /** Bits of the hours that count for gaps and early beginnings (not break, not not-available). nRes * nDays. */
  resAvail: Uint32Array;
  resTotalHours: Int32Array;
  resTotalActs: Int32Array;
  resActs: Int32Array[];
  /** Rule indexes of each resource. */
  resRules: Int32Array[];
  /** 1: the resource may have no gaps (hard); 2: and must start its days early (hard); 0: otherwise. */
  resCompact: Uint8Array;

  ruleKind: Int32Array;
  ruleRes: Int32Array;
  ruleA: Int32Array;
  ruleB: Int32Array;
  ruleWeight: Float64Array;
  ruleSource: Int32Array;
  /** For an early rule: the resource's hard max gaps per week (or -1); used for the lower bound while incomplete. */
  ruleGapsAllowance: Int32Array;

  groupKind: Int32Array;
  groupActs: Int32Array[];
  groupParam: Int32Array;
  groupConsecutive: Uint8Array;
  groupWeight: Float64Array;
  groupSource: Int32Array;

  nTeachers: number;
  teacherIds: string[];
  subgroupIds: string[];
  /** For each plan constraint with an activity selector: the activities it selects (for reports). */
  selected: Map<number, Int32Array>;
  /** Atomic student set indexes of each student set id. */
  atomsOf: Map<string, number[]>;
  roomIds: string[];
  activityIds: string[];

  impossible: ImpossibleReason[];
}

export function isHardWeight(weight: number): boolean {
  return weight >= 100;
}
