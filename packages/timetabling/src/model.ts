/**
 * The timetable plan: what a school wants timetabled, as plain JSON-safe data (ids are strings the caller
 * chooses, so a plan can be stored as rows or as one document and read back unchanged).
 *
 * Days and periods are numbered from 1 wherever a time appears (constraint slots, placements), the way
 * people and the HTTP API count them.
 */

export interface Plan {
  name: string;
  days: Day[];
  periods: Period[];
  subjects: Subject[];
  activityTags: ActivityTag[];
  teachers: Teacher[];
  /** Years / groups / subgroups (FET); grades / classes / teaching groups (a Chinese school). */
  studentSets: StudentSet[];
  buildings: Building[];
  rooms: Room[];
  activities: Activity[];
  constraints: Constraint[];
}

export interface Day {
  name: string;
}

export interface Period {
  name: string;
  /** "08:00"; optional, FET has only names. */
  startTime?: string;
  endTime?: string;
}

export interface Subject {
  id: string;
  name: string;
}

export interface ActivityTag {
  id: string;
  name: string;
}

export interface Teacher {
  id: string;
  name: string;
}

export type StudentSetKind = 'year' | 'group' | 'subgroup';

export interface StudentSet {
  id: string;
  name: string;
  kind: StudentSetKind;
  /**
   * The sets this one is part of: a group's year(s), a subgroup's group(s). FET lets one subgroup belong to
   * several groups (a year divided two ways), so this is a list.
   */
  parentIds: string[];
  /** Number of students, for room capacity; 0 or absent when unknown. */
  size?: number;
}

export interface Building {
  id: string;
  name: string;
}

export interface Room {
  id: string;
  name: string;
  /** Seats; absent means unlimited. */
  capacity?: number;
  buildingId?: string;
}

export interface Activity {
  id: string;
  /** FET's activity Id for imported plans. */
  externalId?: number;
  /** Lessons split from one weekly activity share a group id (FET's Activity_Group_Id). */
  groupId?: string;
  subjectId?: string;
  teacherIds: string[];
  studentSetIds: string[];
  tagIds: string[];
  /** Length in periods. */
  duration: number;
  /** Students attending, for room capacity; when absent, the sum of the student sets' sizes. */
  size?: number;
}

export interface TimeSlot {
  /** 1-based. */
  day: number;
  /** 1-based. */
  period: number;
}

/** 100 = hard (must hold); below 100 = soft, each violation costs weight / 100 in the score. */
export type Weight = number;

/**
 * Whom a per-person rule is about: one teacher / student set, or all of them when the id is absent. A rule on a
 * student set binds each subgroup (atomic set) under it on its own, as FET counts: a year's max gaps is each of
 * its subgroups' max gaps, its not-available times every subgroup's.
 */
export type Target = { kind: 'teacher'; teacherId?: string } | { kind: 'studentSet'; studentSetId?: string };

/**
 * Which activities a rule is about. Every present field must match (FET's filters): activityIds lists them
 * outright; teacherId / subjectId / tagId match activities that have that teacher / that subject / that tag;
 * studentSetId those whose students share a subgroup with that set (FET: a rule on a year covers its classes'
 * and groups' lessons, one on a class the year-wide lessons its students attend); duration their length.
 * onlyTeacher / onlyStudentSet narrow to activities whose whole list is exactly that one teacher / set (FET's
 * home rooms). componentNumber (1-based)
 * keeps only the n-th lesson of each split group (FET's subactivities constraints).
 */
export interface ActivitySelector {
  activityIds?: string[];
  teacherId?: string;
  studentSetId?: string;
  subjectId?: string;
  tagId?: string;
  duration?: number;
  onlyTeacher?: boolean;
  onlyStudentSet?: boolean;
  componentNumber?: number;
}

interface ConstraintBase {
  weight: Weight;
  /** Free text kept with the constraint (FET's Comments). */
  comment?: string;
}

/** Nobody can have lessons at these times (FET's break); they do not count as gaps. */
export interface BreakTimes extends ConstraintBase {
  type: 'breakTimes';
  slots: TimeSlot[];
}

/** A teacher or student set is not available; these slots do not count as gaps either. */
export interface NotAvailable extends ConstraintBase {
  type: 'notAvailable';
  target: Target;
  slots: TimeSlot[];
}

export interface RoomNotAvailable extends ConstraintBase {
  type: 'roomNotAvailable';
  roomId: string;
  slots: TimeSlot[];
}

export interface MaxHoursDaily extends ConstraintBase {
  type: 'maxHoursDaily';
  target: Target;
  maxHours: number;
}

export interface MinHoursDaily extends ConstraintBase {
  type: 'minHoursDaily';
  target: Target;
  minHours: number;
  /** A day without lessons is fine (otherwise every day needs minHours). */
  allowEmptyDays: boolean;
}

export interface MaxHoursContinuously extends ConstraintBase {
  type: 'maxHoursContinuously';
  target: Target;
  maxHours: number;
}

/** A gap: a free period between two lessons of the same day (not-available and break periods excepted). */
export interface MaxGapsPerDay extends ConstraintBase {
  type: 'maxGapsPerDay';
  target: Target;
  maxGaps: number;
}

export interface MaxGapsPerWeek extends ConstraintBase {
  type: 'maxGapsPerWeek';
  target: Target;
  maxGaps: number;
}

export interface MaxDaysPerWeek extends ConstraintBase {
  type: 'maxDaysPerWeek';
  target: Target;
  maxDays: number;
}

export interface MinDaysPerWeek extends ConstraintBase {
  type: 'minDaysPerWeek';
  target: Target;
  minDays: number;
}

/**
 * Students begin each day at its first available period, except on at most maxBeginnings days a week when they
 * may begin one period later (FET's "early max beginnings at second hour").
 */
export interface EarlyMaxBeginningsAtSecondPeriod extends ConstraintBase {
  type: 'earlyMaxBeginningsAtSecondPeriod';
  target: Extract<Target, { kind: 'studentSet' }>;
  maxBeginnings: number;
}

/** At most maxHours periods a day of the target's activities with this subject ("max lessons of a subject per day"). */
export interface SubjectMaxHoursDaily extends ConstraintBase {
  type: 'subjectMaxHoursDaily';
  target: Target;
  subjectId: string;
  maxHours: number;
}

/** At most maxHours periods a day of the target's activities with this tag. */
export interface TagMaxHoursDaily extends ConstraintBase {
  type: 'tagMaxHoursDaily';
  target: Target;
  tagId: string;
  maxHours: number;
}

/**
 * The selected activities start at one of these times. One activity and one slot at weight 100 is a fixed
 * time; `locked` marks it as placed by hand (FET's Permanently_Locked), kept by "regenerate around locks".
 */
export interface PreferredStartingTimes extends ConstraintBase {
  type: 'preferredStartingTimes';
  activities: ActivitySelector;
  slots: TimeSlot[];
  locked?: boolean;
}

/** Every period the selected activities occupy lies in these slots. */
export interface PreferredTimeSlots extends ConstraintBase {
  type: 'preferredTimeSlots';
  activities: ActivitySelector;
  slots: TimeSlot[];
}

/** The selected activities take place in one of these rooms; `locked` as for starting times. */
export interface PreferredRooms extends ConstraintBase {
  type: 'preferredRooms';
  activities: ActivitySelector;
  roomIds: string[];
  locked?: boolean;
  /**
   * A home room (FET's students set / teacher home room): it only applies to activities that have no other
   * room preference.
   */
  home?: boolean;
}

/**
 * Any two of these activities are at least minDays days apart; when two share a day anyway (a soft rule
 * broken) and consecutiveIfSameDay is set, they must be back to back.
 */
export interface MinDaysBetweenActivities extends ConstraintBase {
  type: 'minDaysBetweenActivities';
  activityIds: string[];
  minDays: number;
  consecutiveIfSameDay: boolean;
}

/** These activities start at the same day and period (parallel blocks, e.g. electives). */
export interface SameStartingTime extends ConstraintBase {
  type: 'sameStartingTime';
  activityIds: string[];
}

export interface SameStartingDay extends ConstraintBase {
  type: 'sameStartingDay';
  activityIds: string[];
}

export interface NotOverlapping extends ConstraintBase {
  type: 'notOverlapping';
  activityIds: string[];
}

/** Each selected activity is the last of the day for all of its students. */
export interface EndsStudentsDay extends ConstraintBase {
  type: 'endsStudentsDay';
  activities: ActivitySelector;
}

export type Constraint =
  | BreakTimes
  | NotAvailable
  | RoomNotAvailable
  | MaxHoursDaily
  | MinHoursDaily
  | MaxHoursContinuously
  | MaxGapsPerDay
  | MaxGapsPerWeek
  | MaxDaysPerWeek
  | MinDaysPerWeek
  | EarlyMaxBeginningsAtSecondPeriod
  | SubjectMaxHoursDaily
  | TagMaxHoursDaily
  | PreferredStartingTimes
  | PreferredTimeSlots
  | PreferredRooms
  | MinDaysBetweenActivities
  | SameStartingTime
  | SameStartingDay
  | NotOverlapping
  | EndsStudentsDay;

export type ConstraintType = Constraint['type'];

export const constraintTypes: readonly ConstraintType[] = [
  'breakTimes',
  'notAvailable',
  'roomNotAvailable',
  'maxHoursDaily',
  'minHoursDaily',
  'maxHoursContinuously',
  'maxGapsPerDay',
  'maxGapsPerWeek',
  'maxDaysPerWeek',
  'minDaysPerWeek',
  'earlyMaxBeginningsAtSecondPeriod',
  'subjectMaxHoursDaily',
  'tagMaxHoursDaily',
  'preferredStartingTimes',
  'preferredTimeSlots',
  'preferredRooms',
  'minDaysBetweenActivities',
  'sameStartingTime',
  'sameStartingDay',
  'notOverlapping',
  'endsStudentsDay',
];

/** Where one activity was put. roomId is absent for activities that need no room. */
export interface Placement {
  activityId: string;
  day: number;
  period: number;
  roomId?: string;
}

export function isHard(constraint: { weight: Weight }): boolean {
  return constraint.weight >= 100;
}
