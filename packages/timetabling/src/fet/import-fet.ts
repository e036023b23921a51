import type { Activity, Building, Constraint, Plan, Room, StudentSet, Subject, Teacher } from '../model.js';
import { parseBoolean, parseNumber, readConstraint, type ReadContext } from './import-constraints.js';
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
