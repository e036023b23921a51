import type {
  Activity,
  ActivitySelector,
  Building,
  Constraint,
  Plan,
  Room,
  StudentSet,
  Subject,
  Target,
  Teacher,
  TimeSlot,
} from '../model.js';
import { attribute, children, FetFileError, readXml, text, texts, type XmlElement } from './safe-xml.js';

export interface TypeCount {
  type: string;
  count: number;
}

export interface FetImportReport {
  /** The FET version that wrote the file (the root's version attribute). */
  fetVersion: string;
  institution: string;
  counts: {
    days: number;
    periods: number;
    subjects: number;
    activityTags: number;
    teachers: number;
    years: number;
    groups: number;
    subgroups: number;
    studentSets: number;
    buildings: number;
    rooms: number;
    activities: number;
    /** Activities marked inactive in FET: left out, as FET leaves them out of generation. */
    inactiveActivities: number;
  };
  constraints: {
    /** FET constraints read into the plan (FET's two basic compulsory constraints included: they are the clash rules). */
    imported: number;
    importedByType: TypeCount[];
    /** FET constraint types this library does not model, with how many of each were left out. */
    ignored: TypeCount[];
    /** Constraints FET itself had switched off. */
    inactive: number;
  };
  /** Things read but not as written (an unknown day name, a constraint about no activity, ...). */
  warnings: string[];
}

export interface FetImport {
  plan: Plan;
  report: FetImportReport;
}

export interface ImportFetOptions {
  maxBytes?: number;
  /** The plan's name when the file has none. */
  name?: string;
}

const maxWarnings = 200;

/** The FET constraint types read into the plan. */
export const importedFetConstraintTypes: readonly string[] = [
  'ConstraintBasicCompulsoryTime',
  'ConstraintBasicCompulsorySpace',
  'ConstraintBreakTimes',
  'ConstraintTeacherNotAvailableTimes',
  'ConstraintStudentsSetNotAvailableTimes',
  'ConstraintRoomNotAvailableTimes',
  'ConstraintTeacherMaxHoursDaily',
  'ConstraintTeachersMaxHoursDaily',
  'ConstraintStudentsSetMaxHoursDaily',
  'ConstraintStudentsMaxHoursDaily',
  'ConstraintTeacherMinHoursDaily',
  'ConstraintTeachersMinHoursDaily',
  'ConstraintStudentsSetMinHoursDaily',
  'ConstraintStudentsMinHoursDaily',
  'ConstraintTeacherMaxHoursContinuously',
  'ConstraintTeachersMaxHoursContinuously',
  'ConstraintStudentsSetMaxHoursContinuously',
  'ConstraintStudentsMaxHoursContinuously',
  'ConstraintTeacherMaxGapsPerWeek',
  'ConstraintTeachersMaxGapsPerWeek',
  'ConstraintTeacherMaxGapsPerDay',
  'ConstraintTeachersMaxGapsPerDay',
  'ConstraintStudentsSetMaxGapsPerWeek',
  'ConstraintStudentsMaxGapsPerWeek',
  'ConstraintStudentsSetMaxGapsPerDay',
  'ConstraintStudentsMaxGapsPerDay',
  'ConstraintStudentsEarlyMaxBeginningsAtSecondHour',
  'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour',
  'ConstraintTeacherMaxDaysPerWeek',
  'ConstraintTeachersMaxDaysPerWeek',
  'ConstraintStudentsSetMaxDaysPerWeek',
  'ConstraintStudentsMaxDaysPerWeek',
  'ConstraintTeacherMinDaysPerWeek',
  'ConstraintTeachersMinDaysPerWeek',
  'ConstraintTeacherActivityTagMaxHoursDaily',
  'ConstraintTeachersActivityTagMaxHoursDaily',
  'ConstraintStudentsSetActivityTagMaxHoursDaily',
  'ConstraintStudentsActivityTagMaxHoursDaily',
  'ConstraintMinDaysBetweenActivities',
  'ConstraintActivityPreferredStartingTime',
  'ConstraintActivityPreferredStartingTimes',
  'ConstraintActivitiesPreferredStartingTimes',
  'ConstraintSubactivitiesPreferredStartingTimes',
  'ConstraintActivityPreferredTimeSlots',
  'ConstraintActivitiesPreferredTimeSlots',
  'ConstraintSubactivitiesPreferredTimeSlots',
  'ConstraintActivitiesSameStartingTime',
  'ConstraintActivitiesSameStartingDay',
  'ConstraintActivitiesNotOverlapping',
  'ConstraintActivityEndsStudentsDay',
  'ConstraintActivitiesEndStudentsDay',
  'ConstraintActivityPreferredRoom',
  'ConstraintActivityPreferredRooms',
  'ConstraintSubjectPreferredRoom',
  'ConstraintSubjectPreferredRooms',
  'ConstraintSubjectActivityTagPreferredRoom',
  'ConstraintSubjectActivityTagPreferredRooms',
  'ConstraintActivityTagPreferredRoom',
  'ConstraintActivityTagPreferredRooms',
  'ConstraintStudentsSetHomeRoom',
  'ConstraintStudentsSetHomeRooms',
  'ConstraintTeacherHomeRoom',
  'ConstraintTeacherHomeRooms',
];

function parseNumber(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value.trim().toLowerCase() === 'true';
}

/** Counts occurrences by key, kept in first-seen order. */
class Tally {
  private readonly counts = new Map<string, number>();
  add(key: string, n = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
  total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }
  list(): TypeCount[] {
    return [...this.counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  }
}

/**
 * Reads a FET 5 or 6 `.fet` file into a plan. Names become ids' targets (teachers, rooms, student sets are
 * referred to by name in FET); every FET constraint is either read into the plan or counted as ignored by type.
 */
export function importFet(input: string | Uint8Array, options: ImportFetOptions = {}): FetImport {
  const root = readXml(input, { root: 'fet', ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }) });
  const warnings: string[] = [];
  const warn = (message: string): void => {
    if (warnings.length < maxWarnings) warnings.push(message);
  };

  // ---- days and hours
  const dayNames = namesIn(root, 'Days_List', 'Day');
  const hourNames = namesIn(root, 'Hours_List', 'Hour');
  if (dayNames.length === 0) throw new FetFileError('invalid', 'The file has no days (<Days_List>)');
  if (hourNames.length === 0) throw new FetFileError('invalid', 'The file has no hours (<Hours_List>)');
  const dayIndex = indexByName(dayNames);
  const hourIndex = indexByName(hourNames);

  // ---- subjects, tags, teachers
  const subjects: Subject[] = [];
  const subjectByName = new Map<string, string>();
  for (const name of listNames(root, 'Subjects_List', 'Subject')) {
    if (subjectByName.has(name)) continue;
    const id = `sub${subjects.length + 1}`;
    subjects.push({ id, name });
    subjectByName.set(name, id);
  }
  const activityTags: { id: string; name: string }[] = [];
  const tagByName = new Map<string, string>();
  for (const name of listNames(root, 'Activity_Tags_List', 'Activity_Tag')) {
    if (tagByName.has(name)) continue;
    const id = `tag${activityTags.length + 1}`;
    activityTags.push({ id, name });
    tagByName.set(name, id);
  }
  const teachers: Teacher[] = [];
  const teacherByName = new Map<string, string>();
  for (const name of listNames(root, 'Teachers_List', 'Teacher')) {
    if (teacherByName.has(name)) continue;
    const id = `t${teachers.length + 1}`;
    teachers.push({ id, name });
    teacherByName.set(name, id);
  }

  // ---- students: years > groups > subgroups; one name is one set, wherever it appears
  const studentSets: StudentSet[] = [];
  const setByName = new Map<string, StudentSet>();
  const counts = { years: 0, groups: 0, subgroups: 0 };
  const addSet = (element: XmlElement, kind: StudentSet['kind'], parentId: string | undefined): StudentSet | undefined => {
    const name = text(element, 'Name');
    if (name === undefined || name === '') {
      warn(`A ${kind} without a name was left out`);
      return undefined;
    }
    const existing = setByName.get(name);
    if (existing) {
      if (parentId !== undefined && !existing.parentIds.includes(parentId)) existing.parentIds.push(parentId);
      return existing;
    }
    const size = parseNumber(text(element, 'Number_of_Students'), 0);
    const set: StudentSet = { id: `s${studentSets.length + 1}`, name, kind, parentIds: parentId === undefined ? [] : [parentId] };
    if (size > 0) set.size = size;
    studentSets.push(set);
    setByName.set(name, set);
    counts[kind === 'year' ? 'years' : kind === 'group' ? 'groups' : 'subgroups'] += 1;
    return set;
  };
  for (const list of children(root, 'Students_List')) {
    for (const year of children(list, 'Year')) {
      const yearSet = addSet(year, 'year', undefined);
      if (!yearSet) continue;
      for (const group of children(year, 'Group')) {
        const groupSet = addSet(group, 'group', yearSet.id);
        if (!groupSet) continue;
        for (const subgroup of children(group, 'Subgroup')) addSet(subgroup, 'subgroup', groupSet.id);
      }
    }
  }

  // ---- buildings and rooms
  const buildings: Building[] = [];
  const buildingByName = new Map<string, string>();
  for (const name of listNames(root, 'Buildings_List', 'Building')) {
    if (buildingByName.has(name)) continue;
    const id = `b${buildings.length + 1}`;
    buildings.push({ id, name });
    buildingByName.set(name, id);
  }
  const rooms: Room[] = [];
  const roomByName = new Map<string, string>();
  let virtualRooms = 0;
  for (const list of children(root, 'Rooms_List')) {
    for (const element of children(list, 'Room')) {
      const name = text(element, 'Name');
      if (name === undefined || name === '' || roomByName.has(name)) continue;
      if (parseBoolean(text(element, 'Virtual'), false)) virtualRooms += 1;
      const room: Room = { id: `r${rooms.length + 1}`, name };
      const capacity = parseNumber(text(element, 'Capacity'), Number.NaN);
      if (Number.isFinite(capacity) && capacity > 0) room.capacity = capacity;
      const building = text(element, 'Building');
      const buildingId = building ? buildingByName.get(building) : undefined;
      if (buildingId) room.buildingId = buildingId;
      rooms.push(room);
      roomByName.set(name, room.id);
    }
  }
  if (virtualRooms > 0) warn(`${virtualRooms} virtual room(s) read as ordinary rooms (their sets of real rooms are not modelled)`);

  // ---- activities
  const activities: Activity[] = [];
  const activityByFetId = new Map<number, Activity>();
  let inactiveActivities = 0;
  const setIdByName = new Map([...setByName].map(([name, set]) => [name, set.id]));
  for (const list of children(root, 'Activities_List')) {
    for (const element of children(list, 'Activity')) {
      const fetId = parseNumber(text(element, 'Id'), Number.NaN);
      if (!Number.isInteger(fetId)) {
        warn('An activity without a numeric Id was left out');
        continue;
      }
      if (!parseBoolean(text(element, 'Active'), true)) {
        inactiveActivities += 1;
        continue;
      }
      if (activityByFetId.has(fetId)) {
        warn(`Activity Id ${fetId} appears twice; the second was left out`);
        continue;
      }
      const duration = parseNumber(text(element, 'Duration'), 1);
      if (!Number.isInteger(duration) || duration < 1 || duration > hourNames.length) {
        warn(`Activity ${fetId} lasts ${duration} hours, which does not fit a day; left out`);
        continue;
      }
      const teacherIds = uniqueIds(texts(element, 'Teacher'), teacherByName, (name) =>
        warn(`Activity ${fetId}: unknown teacher "${name}"`),
      );
      const studentSetIds = uniqueIds(texts(element, 'Students'), setIdByName, (name) =>
        warn(`Activity ${fetId}: unknown students set "${name}"`),
      );
      const tagIds = uniqueIds(texts(element, 'Activity_Tag'), tagByName, (name) =>
        warn(`Activity ${fetId}: unknown activity tag "${name}"`),
      );
      const activity: Activity = { id: `a${fetId}`, externalId: fetId, teacherIds, studentSetIds, tagIds, duration };
      const subject = text(element, 'Subject');
      const subjectId = subject ? subjectByName.get(subject) : undefined;
      if (subjectId) activity.subjectId = subjectId;
      else if (subject) warn(`Activity ${fetId}: unknown subject "${subject}"`);
      const groupFetId = parseNumber(text(element, 'Activity_Group_Id'), 0);
      if (groupFetId > 0) activity.groupId = `g${groupFetId}`;
      const size = text(element, 'Number_Of_Students');
      if (size !== undefined && size !== '') activity.size = parseNumber(size, 0);
      activities.push(activity);
      activityByFetId.set(fetId, activity);
    }
  }
  // A split of one activity: drop group ids that hold a single activity (FET writes them for unsplit ones too).
  const groupSizes = new Map<string, number>();
  for (const a of activities) if (a.groupId) groupSizes.set(a.groupId, (groupSizes.get(a.groupId) ?? 0) + 1);
  for (const a of activities) if (a.groupId && groupSizes.get(a.groupId) === 1) delete a.groupId;

  // ---- constraints
  const imported = new Tally();
  const ignored = new Tally();
  let inactive = 0;
  const constraints: Constraint[] = [];
  const context: ReadContext = {
    dayIndex,
    hourIndex,
    nDays: dayNames.length,
    nHours: hourNames.length,
    teacherByName,
    setByName,
    subjectByName,
    tagByName,
    roomByName,
    activityByFetId,
    warn,
  };
  for (const listName of ['Time_Constraints_List', 'Space_Constraints_List']) {
    for (const list of children(root, listName)) {
      for (const [type, value] of Object.entries(list)) {
        if (!Array.isArray(value)) continue;
        for (const item of value) {
          const element = typeof item === 'string' ? {} : item;
          if (!parseBoolean(text(element, 'Active'), true)) {
            inactive += 1;
            continue;
          }
          const read = readConstraint(type, element, context);
          if (read === 'ignored') {
            ignored.add(type);
            continue;
          }
          imported.add(type);
          for (const constraint of read) {
            const comment = text(element, 'Comments');
            if (comment) constraint.comment = comment;
            constraints.push(constraint);
          }
        }
      }
    }
  }

  const institution = text(root, 'Institution_Name') ?? '';
  const plan: Plan = {
    name: options.name ?? (institution || 'FET import'),
    days: dayNames.map((name) => ({ name })),
    periods: hourNames.map((name) => ({ name })),
    subjects,
    activityTags,
    teachers,
    studentSets,
    buildings,
    rooms,
    activities,
    constraints,
  };
  return {
    plan,
    report: {
      fetVersion: attribute(root, 'version') ?? '',
      institution,
      counts: {
        days: dayNames.length,
        periods: hourNames.length,
        subjects: subjects.length,
        activityTags: activityTags.length,
        teachers: teachers.length,
        ...counts,
        studentSets: studentSets.length,
        buildings: buildings.length,
        rooms: rooms.length,
        activities: activities.length,
        inactiveActivities,
      },
      constraints: { imported: imported.total(), importedByType: imported.list(), ignored: ignored.list(), inactive },
      warnings,
    },
  };
}

function namesIn(root: XmlElement, listName: string, itemName: string): string[] {
  const names: string[] = [];
  for (const list of children(root, listName)) {
    for (const item of children(list, itemName)) names.push(text(item, 'Name') ?? '');
  }
  return names;
}

function listNames(root: XmlElement, listName: string, itemName: string): string[] {
  return namesIn(root, listName, itemName).filter((name) => name !== '');
}

function indexByName(names: string[]): Map<string, number> {
  const map = new Map<string, number>();
  names.forEach((name, i) => {
    if (!map.has(name)) map.set(name, i);
  });
  return map;
}

function uniqueIds(names: string[], byName: Map<string, string>, onUnknown: (name: string) => void): string[] {
  const ids: string[] = [];
  for (const name of names) {
    if (name === '') continue;
    const id = byName.get(name);
    if (id === undefined) onUnknown(name);
    else if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

interface ReadContext {
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

type Read = Constraint[] | 'ignored';

/** Reads one FET constraint element; [] when it is understood but says nothing here (e.g. about no activity). */
function readConstraint(type: string, e: XmlElement, c: ReadContext): Read {
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
