import type { ActivitySelector, Constraint, Plan, Target, TimeSlot } from './model.js';

/** Limits of the engine: a day's periods are bits of a 32-bit word. */
export const maxPeriodsPerDay = 31;
export const maxDaysPerWeek = 31;

export interface PlanIssue {
  /** Where, as a path into the plan: "activities[3].teacherIds[0]". */
  path: string;
  message: string;
}

export class PlanError extends Error {
  readonly issues: PlanIssue[];
  constructor(issues: PlanIssue[]) {
    super(
      `The plan is not valid: ${issues
        .slice(0, 5)
        .map((i) => `${i.path}: ${i.message}`)
        .join('; ')}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}`,
    );
    this.name = 'PlanError';
    this.issues = issues;
  }
}

/** Every reference resolves and every number is in range; the list of what does not (empty when valid). */
export function checkPlan(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const add = (path: string, message: string): void => {
    if (issues.length < 500) issues.push({ path, message });
  };
  const nDays = plan.days.length;
  const nPeriods = plan.periods.length;
  if (nDays < 1 || nDays > maxDaysPerWeek) add('days', `needs 1 to ${maxDaysPerWeek} days, has ${nDays}`);
  if (nPeriods < 1 || nPeriods > maxPeriodsPerDay) add('periods', `needs 1 to ${maxPeriodsPerDay} periods a day, has ${nPeriods}`);

  const ids = (list: { id: string }[], path: string): Set<string> => {
    const set = new Set<string>();
    list.forEach((item, i) => {
      if (set.has(item.id)) add(`${path}[${i}].id`, `duplicate id "${item.id}"`);
      set.add(item.id);
    });
    return set;
  };
  const subjects = ids(plan.subjects, 'subjects');
  const tags = ids(plan.activityTags, 'activityTags');
  const teachers = ids(plan.teachers, 'teachers');
  const sets = ids(plan.studentSets, 'studentSets');
  const buildings = ids(plan.buildings, 'buildings');
  const rooms = ids(plan.rooms, 'rooms');
  const activities = ids(plan.activities, 'activities');

  plan.studentSets.forEach((set, i) => {
    set.parentIds.forEach((parent, j) => {
      if (!sets.has(parent)) add(`studentSets[${i}].parentIds[${j}]`, `unknown student set "${parent}"`);
      if (parent === set.id) add(`studentSets[${i}].parentIds[${j}]`, 'a set cannot be its own parent');
    });
  });
  plan.rooms.forEach((room, i) => {
    if (room.buildingId !== undefined && !buildings.has(room.buildingId))
      add(`rooms[${i}].buildingId`, `unknown building "${room.buildingId}"`);
    if (room.capacity !== undefined && !(room.capacity >= 0)) add(`rooms[${i}].capacity`, 'must be 0 or more');
  });
  plan.activities.forEach((a, i) => {
    const path = `activities[${i}]`;
    if (!Number.isInteger(a.duration) || a.duration < 1 || a.duration > nPeriods)
      add(`${path}.duration`, `must be a whole number from 1 to ${nPeriods}`);
    if (a.subjectId !== undefined && !subjects.has(a.subjectId)) add(`${path}.subjectId`, `unknown subject "${a.subjectId}"`);
    a.teacherIds.forEach((id, j) => {
      if (!teachers.has(id)) add(`${path}.teacherIds[${j}]`, `unknown teacher "${id}"`);
    });
    a.studentSetIds.forEach((id, j) => {
      if (!sets.has(id)) add(`${path}.studentSetIds[${j}]`, `unknown student set "${id}"`);
    });
    a.tagIds.forEach((id, j) => {
      if (!tags.has(id)) add(`${path}.tagIds[${j}]`, `unknown activity tag "${id}"`);
    });
  });

  const checkSlots = (slots: TimeSlot[], path: string): void => {
    slots.forEach((slot, j) => {
      if (!Number.isInteger(slot.day) || slot.day < 1 || slot.day > nDays) add(`${path}[${j}].day`, `must be from 1 to ${nDays}`);
      if (!Number.isInteger(slot.period) || slot.period < 1 || slot.period > nPeriods)
        add(`${path}[${j}].period`, `must be from 1 to ${nPeriods}`);
    });
  };
  const checkTarget = (target: Target, path: string): void => {
    if (target.kind === 'teacher' && target.teacherId !== undefined && !teachers.has(target.teacherId)) {
      add(`${path}.teacherId`, `unknown teacher "${target.teacherId}"`);
    }
    if (target.kind === 'studentSet' && target.studentSetId !== undefined && !sets.has(target.studentSetId)) {
      add(`${path}.studentSetId`, `unknown student set "${target.studentSetId}"`);
    }
  };
  const checkSelector = (s: ActivitySelector, path: string): void => {
    s.activityIds?.forEach((id, j) => {
      if (!activities.has(id)) add(`${path}.activityIds[${j}]`, `unknown activity "${id}"`);
    });
    if (s.teacherId !== undefined && !teachers.has(s.teacherId)) add(`${path}.teacherId`, `unknown teacher "${s.teacherId}"`);
    if (s.studentSetId !== undefined && !sets.has(s.studentSetId)) add(`${path}.studentSetId`, `unknown student set "${s.studentSetId}"`);
    if (s.subjectId !== undefined && !subjects.has(s.subjectId)) add(`${path}.subjectId`, `unknown subject "${s.subjectId}"`);
    if (s.tagId !== undefined && !tags.has(s.tagId)) add(`${path}.tagId`, `unknown activity tag "${s.tagId}"`);
  };
  const checkCount = (value: number, path: string): void => {
    if (!Number.isInteger(value) || value < 0) add(path, 'must be a whole number, 0 or more');
  };

  plan.constraints.forEach((c: Constraint, i) => {
    const path = `constraints[${i}]`;
    if (!(c.weight >= 0 && c.weight <= 100)) add(`${path}.weight`, 'must be from 0 to 100');
    switch (c.type) {
      case 'breakTimes':
        checkSlots(c.slots, `${path}.slots`);
        break;
      case 'notAvailable':
        checkTarget(c.target, `${path}.target`);
        checkSlots(c.slots, `${path}.slots`);
        break;
      case 'roomNotAvailable':
        if (!rooms.has(c.roomId)) add(`${path}.roomId`, `unknown room "${c.roomId}"`);
        checkSlots(c.slots, `${path}.slots`);
        break;
      case 'maxHoursDaily':
      case 'maxHoursContinuously':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.maxHours, `${path}.maxHours`);
        break;
      case 'minHoursDaily':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.minHours, `${path}.minHours`);
        break;
      case 'maxGapsPerDay':
      case 'maxGapsPerWeek':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.maxGaps, `${path}.maxGaps`);
        break;
      case 'maxDaysPerWeek':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.maxDays, `${path}.maxDays`);
        break;
      case 'minDaysPerWeek':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.minDays, `${path}.minDays`);
        break;
      case 'earlyMaxBeginningsAtSecondPeriod':
        checkTarget(c.target, `${path}.target`);
        checkCount(c.maxBeginnings, `${path}.maxBeginnings`);
        break;
      case 'subjectMaxHoursDaily':
        checkTarget(c.target, `${path}.target`);
        if (!subjects.has(c.subjectId)) add(`${path}.subjectId`, `unknown subject "${c.subjectId}"`);
        checkCount(c.maxHours, `${path}.maxHours`);
        break;
      case 'tagMaxHoursDaily':
        checkTarget(c.target, `${path}.target`);
        if (!tags.has(c.tagId)) add(`${path}.tagId`, `unknown activity tag "${c.tagId}"`);
        checkCount(c.maxHours, `${path}.maxHours`);
        break;
      case 'preferredStartingTimes':
      case 'preferredTimeSlots':
        checkSelector(c.activities, `${path}.activities`);
        checkSlots(c.slots, `${path}.slots`);
        break;
      case 'preferredRooms':
        checkSelector(c.activities, `${path}.activities`);
        c.roomIds.forEach((id, j) => {
          if (!rooms.has(id)) add(`${path}.roomIds[${j}]`, `unknown room "${id}"`);
        });
        break;
      case 'minDaysBetweenActivities':
      case 'sameStartingTime':
      case 'sameStartingDay':
      case 'notOverlapping':
        c.activityIds.forEach((id, j) => {
          if (!activities.has(id)) add(`${path}.activityIds[${j}]`, `unknown activity "${id}"`);
        });
        if (c.type === 'minDaysBetweenActivities') checkCount(c.minDays, `${path}.minDays`);
        break;
      case 'endsStudentsDay':
        checkSelector(c.activities, `${path}.activities`);
        break;
    }
  });
  return issues;
}
