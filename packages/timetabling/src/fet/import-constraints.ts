import type { Activity, ActivitySelector, Constraint, StudentSet, Target, TimeSlot } from '../model.js';
import { children, text, texts, type XmlElement } from './safe-xml.js';

export function parseNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value.trim().toLowerCase() === 'true';
}

export interface ReadContext {
  dayIndex: Map<string, number>;
  hourIndex: Map<string, number>;
  nDays: number;
  nHours: number;
  teacherByName: Map<string, string>;
  setByName: Map<string, StudentSet>;
  subjectByName: Map<string, string>;
  tagByName: Map<string, string>;
  roomByName: Map<string, string>;
  activityByFetId: Map<number, Activity>;
  warn: (message: string) => void;
}

export type Read = Constraint[] | 'ignored';

/** Reads one FET constraint element; [] when it is understood but says nothing here (e.g. about no activity). */
export function readConstraint(type: string, e: XmlElement, c: ReadContext): Read {
  const weight = Math.min(100, Math.max(0, parseNumber(text(e, 'Weight_Percentage'), 100)));
  const teacherTarget = (field: string): Target | undefined => {
    const name = text(e, field);
    const teacherId = name ? c.teacherByName.get(name) : undefined;
    if (!teacherId) {
      c.warn(`${type}: unknown teacher "${name ?? ''}"; left out`);
      return undefined;
    }
    return { kind: 'teacher', teacherId };
  };
  const setTarget = (field: string): Target | undefined => {
    const name = text(e, field);
    const set = name ? c.setByName.get(name) : undefined;
    if (!set) {
      c.warn(`${type}: unknown students set "${name ?? ''}"; left out`);
      return undefined;
    }
    return { kind: 'studentSet', studentSetId: set.id };
  };
  const allTeachers: Target = { kind: 'teacher' };
  const allStudents: Target = { kind: 'studentSet' };
  const num = (field: string): number => parseNumber(text(e, field), 0);
  const one = (target: Target | undefined, make: (target: Target) => Constraint): Constraint[] => (target ? [make(target)] : []);
  const activityIds = (): string[] => {
    const ids: string[] = [];
    for (const idText of texts(e, 'Activity_Id')) {
      const activity = c.activityByFetId.get(parseNumber(idText, Number.NaN));
      if (activity && !ids.includes(activity.id)) ids.push(activity.id);
    }
    return ids;
  };
  const slotsOf = (itemName: string, dayField: string, hourField: string): TimeSlot[] => {
    const slots: TimeSlot[] = [];
    for (const item of children(e, itemName)) pushSlots(slots, text(item, dayField), text(item, hourField), c, type);
    return slots;
  };
  const selector = (): ActivitySelector | undefined => readSelector(e, c, type);
  const roomIds = (): string[] => {
    const ids: string[] = [];
    for (const name of [...texts(e, 'Room'), ...texts(e, 'Preferred_Room')]) {
      const id = c.roomByName.get(name);
      if (id === undefined) c.warn(`${type}: unknown room "${name}"`);
      else if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  };
  const rooms = (activities: ActivitySelector | undefined, extra: { locked?: boolean; home?: boolean } = {}): Constraint[] => {
    const ids = roomIds();
    if (!activities || ids.length === 0) return [];
    return [{ type: 'preferredRooms', weight, activities, roomIds: ids, ...extra }];
  };
  const byName = (map: Map<string, string>, field: string, what: string): string | undefined => {
    const name = text(e, field);
    const id = name ? map.get(name) : undefined;
    if (!id) c.warn(`${type}: unknown ${what} "${name ?? ''}"; left out`);
    return id;
  };

  switch (type) {
    case 'ConstraintBasicCompulsoryTime':
    case 'ConstraintBasicCompulsorySpace':
      return [];
    case 'ConstraintBreakTimes':
      return [{ type: 'breakTimes', weight, slots: slotsOf('Break_Time', 'Day', 'Hour') }];
    case 'ConstraintTeacherNotAvailableTimes':
      return one(teacherTarget('Teacher'), (target) => ({
        type: 'notAvailable',
        weight,
        target,
        slots: slotsOf('Not_Available_Time', 'Day', 'Hour'),
      }));
    case 'ConstraintStudentsSetNotAvailableTimes':
      return one(setTarget('Students'), (target) => ({
        type: 'notAvailable',
        weight,
        target,
        slots: slotsOf('Not_Available_Time', 'Day', 'Hour'),
      }));
    case 'ConstraintRoomNotAvailableTimes': {
      const roomId = byName(c.roomByName, 'Room', 'room');
      return roomId ? [{ type: 'roomNotAvailable', weight, roomId, slots: slotsOf('Not_Available_Time', 'Day', 'Hour') }] : [];
    }
    case 'ConstraintTeacherMaxHoursDaily':
      return one(teacherTarget('Teacher_Name'), (target) => ({
        type: 'maxHoursDaily',
        weight,
        target,
        maxHours: num('Maximum_Hours_Daily'),
      }));
    case 'ConstraintTeachersMaxHoursDaily':
      return [{ type: 'maxHoursDaily', weight, target: allTeachers, maxHours: num('Maximum_Hours_Daily') }];
    case 'ConstraintStudentsSetMaxHoursDaily':
      return one(setTarget('Students'), (target) => ({ type: 'maxHoursDaily', weight, target, maxHours: num('Maximum_Hours_Daily') }));
    case 'ConstraintStudentsMaxHoursDaily':
      return [{ type: 'maxHoursDaily', weight, target: allStudents, maxHours: num('Maximum_Hours_Daily') }];
    case 'ConstraintTeacherMinHoursDaily':
    case 'ConstraintTeachersMinHoursDaily':
    case 'ConstraintStudentsSetMinHoursDaily':
    case 'ConstraintStudentsMinHoursDaily': {
      const target =
        type === 'ConstraintTeacherMinHoursDaily'
          ? teacherTarget('Teacher_Name')
          : type === 'ConstraintTeachersMinHoursDaily'
            ? allTeachers
            : type === 'ConstraintStudentsSetMinHoursDaily'
              ? setTarget('Students')
              : allStudents;
      // FET: students' constraint without the field (old files) means empty days are not allowed; teachers' allows them.
      const allowEmptyDays = parseBoolean(text(e, 'Allow_Empty_Days'), type.startsWith('ConstraintTeacher'));
      return one(target, (t) => ({ type: 'minHoursDaily', weight, target: t, minHours: num('Minimum_Hours_Daily'), allowEmptyDays }));
    }
    case 'ConstraintTeacherMaxHoursContinuously':
      return one(teacherTarget('Teacher_Name'), (target) => ({
        type: 'maxHoursContinuously',
        weight,
        target,
        maxHours: num('Maximum_Hours_Continuously'),
      }));
    case 'ConstraintTeachersMaxHoursContinuously':
      return [{ type: 'maxHoursContinuously', weight, target: allTeachers, maxHours: num('Maximum_Hours_Continuously') }];
    case 'ConstraintStudentsSetMaxHoursContinuously':
      return one(setTarget('Students'), (target) => ({
        type: 'maxHoursContinuously',
        weight,
        target,
        maxHours: num('Maximum_Hours_Continuously'),
      }));
    case 'ConstraintStudentsMaxHoursContinuously':
      return [{ type: 'maxHoursContinuously', weight, target: allStudents, maxHours: num('Maximum_Hours_Continuously') }];
    case 'ConstraintTeacherMaxGapsPerWeek':
      return one(teacherTarget('Teacher_Name'), (target) => ({ type: 'maxGapsPerWeek', weight, target, maxGaps: num('Max_Gaps') }));
    case 'ConstraintTeachersMaxGapsPerWeek':
      return [{ type: 'maxGapsPerWeek', weight, target: allTeachers, maxGaps: num('Max_Gaps') }];
    case 'ConstraintTeacherMaxGapsPerDay':
      return one(teacherTarget('Teacher_Name'), (target) => ({ type: 'maxGapsPerDay', weight, target, maxGaps: num('Max_Gaps') }));
    case 'ConstraintTeachersMaxGapsPerDay':
      return [{ type: 'maxGapsPerDay', weight, target: allTeachers, maxGaps: num('Max_Gaps') }];
    case 'ConstraintStudentsSetMaxGapsPerWeek':
      return one(setTarget('Students'), (target) => ({ type: 'maxGapsPerWeek', weight, target, maxGaps: num('Max_Gaps') }));
    case 'ConstraintStudentsMaxGapsPerWeek':
      return [{ type: 'maxGapsPerWeek', weight, target: allStudents, maxGaps: num('Max_Gaps') }];
    case 'ConstraintStudentsSetMaxGapsPerDay':
      return one(setTarget('Students'), (target) => ({ type: 'maxGapsPerDay', weight, target, maxGaps: num('Max_Gaps') }));
    case 'ConstraintStudentsMaxGapsPerDay':
      return [{ type: 'maxGapsPerDay', weight, target: allStudents, maxGaps: num('Max_Gaps') }];
    case 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour':
      return [
        {
          type: 'earlyMaxBeginningsAtSecondPeriod',
          weight,
          target: { kind: 'studentSet' },
          maxBeginnings: num('Max_Beginnings_At_Second_Hour'),
        },
      ];
    case 'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour': {
      const target = setTarget('Students');
      return target && target.kind === 'studentSet'
        ? [{ type: 'earlyMaxBeginningsAtSecondPeriod', weight, target, maxBeginnings: num('Max_Beginnings_At_Second_Hour') }]
        : [];
    }
    case 'ConstraintTeacherMaxDaysPerWeek':
      return one(teacherTarget('Teacher_Name'), (target) => ({
        type: 'maxDaysPerWeek',
        weight,
        target,
        maxDays: num('Max_Days_Per_Week'),
      }));
    case 'ConstraintTeachersMaxDaysPerWeek':
      return [{ type: 'maxDaysPerWeek', weight, target: allTeachers, maxDays: num('Max_Days_Per_Week') }];
    case 'ConstraintStudentsSetMaxDaysPerWeek':
      return one(setTarget('Students'), (target) => ({ type: 'maxDaysPerWeek', weight, target, maxDays: num('Max_Days_Per_Week') }));
    case 'ConstraintStudentsMaxDaysPerWeek':
      return [{ type: 'maxDaysPerWeek', weight, target: allStudents, maxDays: num('Max_Days_Per_Week') }];
    case 'ConstraintTeacherMinDaysPerWeek':
      return one(teacherTarget('Teacher_Name'), (target) => ({
        type: 'minDaysPerWeek',
        weight,
        target,
        minDays: num('Minimum_Days_Per_Week'),
      }));
    case 'ConstraintTeachersMinDaysPerWeek':
      return [{ type: 'minDaysPerWeek', weight, target: allTeachers, minDays: num('Minimum_Days_Per_Week') }];
    case 'ConstraintTeacherActivityTagMaxHoursDaily':
    case 'ConstraintTeachersActivityTagMaxHoursDaily':
    case 'ConstraintStudentsSetActivityTagMaxHoursDaily':
    case 'ConstraintStudentsActivityTagMaxHoursDaily': {
      const tagName = text(e, 'Activity_Tag_Name') ?? text(e, 'Activity_Tag');
      const tagId = tagName ? c.tagByName.get(tagName) : undefined;
      if (!tagId) {
        c.warn(`${type}: unknown activity tag "${tagName ?? ''}"; left out`);
        return [];
      }
      const target =
        type === 'ConstraintTeacherActivityTagMaxHoursDaily'
          ? teacherTarget('Teacher_Name')
          : type === 'ConstraintTeachersActivityTagMaxHoursDaily'
            ? allTeachers
            : type === 'ConstraintStudentsSetActivityTagMaxHoursDaily'
              ? setTarget('Students')
              : allStudents;
      return one(target, (t) => ({ type: 'tagMaxHoursDaily', weight, target: t, tagId, maxHours: num('Maximum_Hours_Daily') }));
    }
    case 'ConstraintMinDaysBetweenActivities': {
      const ids = activityIds();
      if (ids.length < 2) return [];
      return [
        {
          type: 'minDaysBetweenActivities',
          weight,
          activityIds: ids,
          minDays: num('MinDays'),
          consecutiveIfSameDay: parseBoolean(text(e, 'Consecutive_If_Same_Day'), false),
        },
      ];
    }
    case 'ConstraintActivityPreferredStartingTime': {
      const ids = activityIds();
      if (ids.length === 0) return [];
      const slots: TimeSlot[] = [];
      pushSlots(slots, text(e, 'Preferred_Day'), text(e, 'Preferred_Hour'), c, type);
      const locked = parseBoolean(text(e, 'Permanently_Locked'), false);
      return [{ type: 'preferredStartingTimes', weight, activities: { activityIds: ids }, slots, ...(locked ? { locked } : {}) }];
    }
    case 'ConstraintActivityPreferredStartingTimes': {
      const ids = activityIds();
      if (ids.length === 0) return [];
      const slots = slotsOf('Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
      return [{ type: 'preferredStartingTimes', weight, activities: { activityIds: ids }, slots }];
    }
    case 'ConstraintActivitiesPreferredStartingTimes':
    case 'ConstraintSubactivitiesPreferredStartingTimes': {
      const activities = selector();
      if (!activities) return [];
      const slots = slotsOf('Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
      return [{ type: 'preferredStartingTimes', weight, activities, slots }];
    }
    case 'ConstraintActivityPreferredTimeSlots': {
      const ids = activityIds();
      if (ids.length === 0) return [];
      return [
        {
          type: 'preferredTimeSlots',
          weight,
          activities: { activityIds: ids },
          slots: slotsOf('Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour'),
        },
      ];
    }
    case 'ConstraintActivitiesPreferredTimeSlots':
    case 'ConstraintSubactivitiesPreferredTimeSlots': {
      const activities = selector();
      if (!activities) return [];
      return [{ type: 'preferredTimeSlots', weight, activities, slots: slotsOf('Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour') }];
    }
    case 'ConstraintActivitiesSameStartingTime':
    case 'ConstraintActivitiesSameStartingDay':
    case 'ConstraintActivitiesNotOverlapping': {
      const ids = activityIds();
      if (ids.length < 2) return [];
      const modelType =
        type === 'ConstraintActivitiesSameStartingTime'
          ? 'sameStartingTime'
          : type === 'ConstraintActivitiesSameStartingDay'
            ? 'sameStartingDay'
            : 'notOverlapping';
      return [{ type: modelType, weight, activityIds: ids }];
    }
    case 'ConstraintActivityEndsStudentsDay': {
      const ids = activityIds();
      return ids.length === 0 ? [] : [{ type: 'endsStudentsDay', weight, activities: { activityIds: ids } }];
    }
    case 'ConstraintActivitiesEndStudentsDay': {
      const activities = selector();
      return activities ? [{ type: 'endsStudentsDay', weight, activities }] : [];
    }
    case 'ConstraintActivityPreferredRoom': {
      const ids = activityIds();
      const locked = parseBoolean(text(e, 'Permanently_Locked'), false);
      return rooms(ids.length ? { activityIds: ids } : undefined, locked ? { locked } : {});
    }
    case 'ConstraintActivityPreferredRooms': {
      const ids = activityIds();
      return rooms(ids.length ? { activityIds: ids } : undefined);
    }
    case 'ConstraintSubjectPreferredRoom':
    case 'ConstraintSubjectPreferredRooms': {
      const subjectId = byName(c.subjectByName, 'Subject', 'subject');
      return rooms(subjectId ? { subjectId } : undefined);
    }
    case 'ConstraintSubjectActivityTagPreferredRoom':
    case 'ConstraintSubjectActivityTagPreferredRooms': {
      const subjectId = byName(c.subjectByName, 'Subject', 'subject');
      const tagId = byName(c.tagByName, 'Activity_Tag', 'activity tag');
      return rooms(subjectId && tagId ? { subjectId, tagId } : undefined);
    }
    case 'ConstraintActivityTagPreferredRoom':
    case 'ConstraintActivityTagPreferredRooms': {
      const tagId = byName(c.tagByName, 'Activity_Tag', 'activity tag');
      return rooms(tagId ? { tagId } : undefined);
    }
    case 'ConstraintStudentsSetHomeRoom':
    case 'ConstraintStudentsSetHomeRooms': {
      const name = text(e, 'Students');
      const set = name ? c.setByName.get(name) : undefined;
      if (!set) c.warn(`${type}: unknown students set "${name ?? ''}"; left out`);
      return rooms(set ? { studentSetId: set.id, onlyStudentSet: true } : undefined, { home: true });
    }
    case 'ConstraintTeacherHomeRoom':
    case 'ConstraintTeacherHomeRooms': {
      const teacherId = byName(c.teacherByName, 'Teacher', 'teacher');
      return rooms(teacherId ? { teacherId, onlyTeacher: true } : undefined, { home: true });
    }
    default:
      return 'ignored';
  }
}

/** FET's filters: teacher, students, subject, activity tag, duration, and for subactivities the component number. */
function readSelector(e: XmlElement, c: ReadContext, type: string): ActivitySelector | undefined {
  const selector: ActivitySelector = {};
  const teacher = text(e, 'Teacher_Name');
  if (teacher) {
    const id = c.teacherByName.get(teacher);
    if (!id) return unknownFilter(c, type, 'teacher', teacher);
    selector.teacherId = id;
  }
  const students = text(e, 'Students_Name');
  if (students) {
    const set = c.setByName.get(students);
    if (!set) return unknownFilter(c, type, 'students set', students);
    selector.studentSetId = set.id;
  }
  const subject = text(e, 'Subject_Name');
  if (subject) {
    const id = c.subjectByName.get(subject);
    if (!id) return unknownFilter(c, type, 'subject', subject);
    selector.subjectId = id;
  }
  const tag = text(e, 'Activity_Tag_Name');
  if (tag) {
    const id = c.tagByName.get(tag);
    if (!id) return unknownFilter(c, type, 'activity tag', tag);
    selector.tagId = id;
  }
  const duration = text(e, 'Duration');
  if (duration) selector.duration = parseNumber(duration, 0);
  const component = text(e, 'Component_Number');
  if (component) selector.componentNumber = parseNumber(component, 1);
  return selector;
}

function unknownFilter(c: ReadContext, type: string, what: string, name: string): undefined {
  c.warn(`${type}: unknown ${what} "${name}"; left out`);
  return undefined;
}

/** A FET time: a day and an hour by name; an empty day or hour means every day / every hour (old FET files). */
function pushSlots(slots: TimeSlot[], day: string | undefined, hour: string | undefined, c: ReadContext, type: string): void {
  const days = day ? [c.dayIndex.get(day)] : Array.from({ length: c.nDays }, (_, i) => i);
  const hours = hour ? [c.hourIndex.get(hour)] : Array.from({ length: c.nHours }, (_, i) => i);
  for (const d of days) {
    for (const h of hours) {
      if (d === undefined || h === undefined) {
        c.warn(`${type}: unknown day or hour "${day ?? ''}" / "${hour ?? ''}"; that time left out`);
        continue;
      }
      if (!slots.some((s) => s.day === d + 1 && s.period === h + 1)) slots.push({ day: d + 1, period: h + 1 });
    }
  }
}
