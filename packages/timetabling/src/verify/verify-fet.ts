/**
 * An independent check of a timetable against a .fet file's hard rules. It shares no code with the importer
 * or the generator: its own reading of the XML, its own student hierarchy, its own plain loops over a
 * day × hour grid (slow and obvious on purpose), so a mistake in the generator's incremental bookkeeping or in
 * the importer's reading cannot hide itself.
 */
import { XMLParser } from 'fast-xml-parser';

/** One lesson of the timetable: FET activity Id, day and hour by index (0-based) or by name, room by name. */
export interface VerifyPlacement {
  id: number;
  day: number | string;
  hour: number | string;
  room?: string;
}

export interface VerifyViolation {
  /** FET constraint element (or "ConstraintBasicCompulsoryTime" for a double booking, "Unplaced" for a missing lesson). */
  constraint: string;
  message: string;
  activityIds: number[];
}

export interface VerifyReport {
  violations: VerifyViolation[];
  /** Hard constraint types checked, with how many of each the file has. */
  checked: { type: string; count: number }[];
  /** Hard constraint types this verifier does not know: not checked. */
  notChecked: { type: string; count: number }[];
  activities: number;
  placed: number;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  trimValues: true,
  isArray: () => true,
  tagValueProcessor: (_name, value) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&#x([0-9a-fA-F]+);/g, (_m, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
      .replace(/&amp;/g, '&'),
});

function list(node: unknown, name: string): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? (v as Node) : {})) : [];
}

function strings(node: unknown, name: string): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : '')) : [];
}

function str(node: unknown, name: string): string {
  return strings(node, name)[0] ?? '';
}

function num(node: unknown, name: string): number {
  return Number(str(node, name));
}

interface Lesson {
  id: number;
  teachers: number[];
  subgroups: number[];
  studentNames: string[];
  teacherNames: string[];
  subject: string;
  tags: string[];
  duration: number;
  groupId: number;
  day: number;
  hour: number;
  room: string;
}

/** Reads the solution FET writes (`<name>_activities.xml`) as placements. */
export function readFetActivitiesXml(xml: string): VerifyPlacement[] {
  const doc = parser.parse(xml.replace(/^\uFEFF/, '')) as Node;
  const root = list(doc, 'Activities_Timetable')[0] ?? {};
  return list(root, 'Activity').map((a) => {
    const placement: VerifyPlacement = { id: num(a, 'Id'), day: str(a, 'Day'), hour: str(a, 'Hour') };
    const room = str(a, 'Room');
    if (room) placement.room = room;
    return placement;
  });
}

export function verifyFetTimetable(fetXml: string, placements: VerifyPlacement[]): VerifyReport {
  const doc = parser.parse(fetXml.replace(/^\uFEFF/, '')) as Node;
  const fet = list(doc, 'fet')[0] ?? {};
  const days = list(list(fet, 'Days_List')[0], 'Day').map((d) => str(d, 'Name'));
  const hours = list(list(fet, 'Hours_List')[0], 'Hour').map((h) => str(h, 'Name'));
  const D = days.length;
  const H = hours.length;
  const teacherNames = list(list(fet, 'Teachers_List')[0], 'Teacher').map((t) => str(t, 'Name'));
  const teacherIndex = new Map(teacherNames.map((n, i) => [n, i]));

  // Students: a name stands for the subgroups under it (a set with nothing under it is its own subgroup).
  const under = new Map<string, Set<string>>();
  const note = (name: string, leaf: string): void => {
    const set = under.get(name) ?? new Set<string>();
    set.add(leaf);
    under.set(name, set);
  };
  const leaves: string[] = [];
  for (const year of list(list(fet, 'Students_List')[0], 'Year')) {
    const yearName = str(year, 'Name');
    const groups = list(year, 'Group');
    if (groups.length === 0) {
      note(yearName, yearName);
      leaves.push(yearName);
    }
    for (const group of groups) {
      const groupName = str(group, 'Name');
      const subgroups = list(group, 'Subgroup');
      if (subgroups.length === 0) {
        note(yearName, groupName);
        note(groupName, groupName);
        leaves.push(groupName);
      }
      for (const sub of subgroups) {
        const subName = str(sub, 'Name');
        note(yearName, subName);
        note(groupName, subName);
        note(subName, subName);
        leaves.push(subName);
      }
    }
  }
  // A name listed as a leaf somewhere but with sets under it elsewhere is not a leaf.
  const leafNames = [...new Set(leaves)].filter((n) => (under.get(n)?.size ?? 0) === 1 && under.get(n)?.has(n));
  const leafIndex = new Map(leafNames.map((n, i) => [n, i]));
  const subgroupsOf = (name: string): number[] =>
    [...(under.get(name) ?? [])].map((n) => leafIndex.get(n)).filter((i): i is number => i !== undefined);

  const dayOf = (v: number | string): number => (typeof v === 'number' ? v : days.indexOf(v));
  const hourOf = (v: number | string): number => (typeof v === 'number' ? v : hours.indexOf(v));
  const placedById = new Map(placements.map((p) => [p.id, p]));

  const lessons: Lesson[] = [];
  for (const a of list(list(fet, 'Activities_List')[0], 'Activity')) {
    if (str(a, 'Active') === 'false') continue;
    const id = num(a, 'Id');
    const placed = placedById.get(id);
    const studentNames = strings(a, 'Students');
    lessons.push({
      id,
      teachers: strings(a, 'Teacher').map((n) => teacherIndex.get(n) ?? -1),
      teacherNames: strings(a, 'Teacher'),
      subgroups: [...new Set(studentNames.flatMap(subgroupsOf))],
      studentNames,
      subject: str(a, 'Subject'),
      tags: strings(a, 'Activity_Tag'),
      duration: Number(str(a, 'Duration') || '1'),
      groupId: Number(str(a, 'Activity_Group_Id') || '0'),
      day: placed ? dayOf(placed.day) : -1,
      hour: placed ? hourOf(placed.hour) : -1,
      room: placed?.room ?? '',
    });
  }
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const violations: VerifyViolation[] = [];
  const fail = (constraint: string, message: string, ids: number[]): void => {
    violations.push({ constraint, message, activityIds: ids });
  };
  const placedLessons = lessons.filter((l) => l.day >= 0 && l.hour >= 0);
  for (const l of lessons) if (l.day < 0 || l.hour < 0) fail('Unplaced', `activity ${l.id} is not placed`, [l.id]);
  for (const l of placedLessons)
    if (l.hour + l.duration > H || l.day >= D) fail('ConstraintBasicCompulsoryTime', `activity ${l.id} runs past the day`, [l.id]);

  // Grids: who is busy when, by which lessons.
  const teacherGrid = new Map<string, number[]>();
  const subgroupGrid = new Map<string, number[]>();
  const roomGrid = new Map<string, number[]>();
  const mark = (grid: Map<string, number[]>, key: string, id: number): void => {
    const ids = grid.get(key);
    if (ids) ids.push(id);
    else grid.set(key, [id]);
  };
  for (const l of placedLessons) {
    for (let k = 0; k < l.duration; k++) {
      const h = l.hour + k;
      for (const t of l.teachers) mark(teacherGrid, `${t}/${l.day}/${h}`, l.id);
      for (const g of l.subgroups) mark(subgroupGrid, `${g}/${l.day}/${h}`, l.id);
      if (l.room) mark(roomGrid, `${l.room}/${l.day}/${h}`, l.id);
    }
  }
  for (const [key, ids] of teacherGrid)
    if (ids.length > 1) fail('ConstraintBasicCompulsoryTime', `teacher ${teacherNames[Number(key.split('/')[0])]} double-booked`, ids);
  for (const [key, ids] of subgroupGrid)
    if (ids.length > 1) fail('ConstraintBasicCompulsoryTime', `students ${leafNames[Number(key.split('/')[0])]} double-booked`, ids);
  for (const [key, ids] of roomGrid)
    if (ids.length > 1) fail('ConstraintBasicCompulsorySpace', `room ${key.split('/')[0]} double-booked`, ids);

  const busyTeacher = (t: number, d: number, h: number): boolean => teacherGrid.has(`${t}/${d}/${h}`);
  const busySubgroup = (g: number, d: number, h: number): boolean => subgroupGrid.has(`${g}/${d}/${h}`);

  // Times nobody / a teacher / a subgroup may have lessons (used for gaps and early beginnings too).
  const breakSlot = new Set<string>();
  const teacherOff = new Set<string>();
  const subgroupOff = new Set<string>();
  const constraintsOf = (listName: string): [string, Node][] => {
    const out: [string, Node][] = [];
    const node = list(fet, listName)[0] ?? {};
    for (const [type, items] of Object.entries(node)) {
      if (!Array.isArray(items)) continue;
      for (const item of items) if (typeof item === 'object' && item !== null) out.push([type, item as Node]);
    }
    return out;
  };
  const all = [...constraintsOf('Time_Constraints_List'), ...constraintsOf('Space_Constraints_List')].filter(
    ([, c]) => str(c, 'Active') !== 'false' && Number(str(c, 'Weight_Percentage') || '100') >= 100,
  );
  const slotList = (c: Node, item: string, dayField: string, hourField: string): [number, number][] =>
    list(c, item).map((s) => [days.indexOf(str(s, dayField)), hours.indexOf(str(s, hourField))]);
  for (const [type, c] of all) {
    if (type === 'ConstraintBreakTimes') for (const [d, h] of slotList(c, 'Break_Time', 'Day', 'Hour')) breakSlot.add(`${d}/${h}`);
    if (type === 'ConstraintTeacherNotAvailableTimes') {
      const t = teacherIndex.get(str(c, 'Teacher'));
      for (const [d, h] of slotList(c, 'Not_Available_Time', 'Day', 'Hour')) teacherOff.add(`${t}/${d}/${h}`);
    }
    if (type === 'ConstraintStudentsSetNotAvailableTimes') {
      for (const g of subgroupsOf(str(c, 'Students')))
        for (const [d, h] of slotList(c, 'Not_Available_Time', 'Day', 'Hour')) subgroupOff.add(`${g}/${d}/${h}`);
    }
  }
  const usableTeacher = (t: number, d: number, h: number): boolean => !breakSlot.has(`${d}/${h}`) && !teacherOff.has(`${t}/${d}/${h}`);
  const usableSubgroup = (g: number, d: number, h: number): boolean => !breakSlot.has(`${d}/${h}`) && !subgroupOff.has(`${g}/${d}/${h}`);

  /** A day's busy hours of a person: hours list, gaps (usable free hours between lessons), free usable hours before the first. */
  const dayProfile = (
    busy: (h: number) => boolean,
    usable: (h: number) => boolean,
  ): { hours: number; gaps: number; before: number; longestRun: number } => {
    let first = -1;
    let last = -1;
    let count = 0;
    let run = 0;
    let longestRun = 0;
    for (let h = 0; h < H; h++) {
      if (busy(h)) {
        if (first < 0) first = h;
        last = h;
        count++;
        run++;
        longestRun = Math.max(longestRun, run);
      } else run = 0;
    }
    if (first < 0) return { hours: 0, gaps: 0, before: 0, longestRun: 0 };
    let gaps = 0;
    for (let h = first; h <= last; h++) if (!busy(h) && usable(h)) gaps++;
    let before = 0;
    for (let h = 0; h < first; h++) if (usable(h)) before++;
    return { hours: count, gaps, before, longestRun };
  };
  const teachersFor = (c: Node): number[] => {
    const name = str(c, 'Teacher_Name') || str(c, 'Teacher');
    return name ? [teacherIndex.get(name) ?? -1] : teacherNames.map((_, i) => i);
  };
  const subgroupsFor = (c: Node): number[] => {
    const name = str(c, 'Students');
    return name ? subgroupsOf(name) : leafNames.map((_, i) => i);
  };
  const profilesOf = (kind: 'teacher' | 'subgroup', who: number, only?: (l: Lesson) => boolean) => {
    const out = [];
    for (let d = 0; d < D; d++) {
      const busy = only
        ? (h: number): boolean =>
            placedLessons.some(
              (l) =>
                only(l) &&
                l.day === d &&
                h >= l.hour &&
                h < l.hour + l.duration &&
                (kind === 'teacher' ? l.teachers.includes(who) : l.subgroups.includes(who)),
            )
        : kind === 'teacher'
          ? (h: number): boolean => busyTeacher(who, d, h)
          : (h: number): boolean => busySubgroup(who, d, h);
      const usable =
        kind === 'teacher' ? (h: number): boolean => usableTeacher(who, d, h) : (h: number): boolean => usableSubgroup(who, d, h);
      out.push(dayProfile(busy, usable));
    }
    return out;
  };
  const nameOf = (kind: 'teacher' | 'subgroup', who: number): string =>
    kind === 'teacher' ? `teacher ${teacherNames[who]}` : `students ${leafNames[who]}`;
  const lessonsOf = (kind: 'teacher' | 'subgroup', who: number): number[] =>
    placedLessons.filter((l) => (kind === 'teacher' ? l.teachers.includes(who) : l.subgroups.includes(who))).map((l) => l.id);

  // Activity filters as FET writes them.
  const matches = (c: Node, l: Lesson): boolean => {
    const teacher = str(c, 'Teacher_Name');
    const students = str(c, 'Students_Name');
    const subject = str(c, 'Subject_Name');
    const tag = str(c, 'Activity_Tag_Name');
    const duration = str(c, 'Duration');
    if (teacher && !l.teacherNames.includes(teacher)) return false;
    if (students && !l.studentNames.includes(students)) return false;
    if (subject && l.subject !== subject) return false;
    if (tag && !l.tags.includes(tag)) return false;
    if (duration && Number(duration) !== l.duration) return false;
    return true;
  };
  const componentOf = (l: Lesson): number => {
    if (l.groupId === 0) return 1;
    const ids = lessons
      .filter((m) => m.groupId === l.groupId)
      .map((m) => m.id)
      .sort((a, b) => a - b);
    return ids.indexOf(l.id) + 1;
  };
  const idsOf = (c: Node): Lesson[] =>
    strings(c, 'Activity_Id')
      .map((s) => byId.get(Number(s)))
      .filter((l): l is Lesson => l !== undefined);
  const placedOnly = (ls: Lesson[]): Lesson[] => ls.filter((l) => l.day >= 0 && l.hour >= 0);

  const known = new Map<string, number>();
  const unknown = new Map<string, number>();
  // Rooms: FET's home rooms only count for lessons without other room rules.
  const roomRules = new Map<number, { home: boolean; rooms: Set<string>; type: string }[]>();
  const addRoomRule = (ls: Lesson[], rooms: string[], home: boolean, type: string): void => {
    for (const l of ls) {
      const rules = roomRules.get(l.id) ?? [];
      rules.push({ home, rooms: new Set(rooms), type });
      roomRules.set(l.id, rules);
    }
  };
  const roomsOf = (c: Node): string[] => [...strings(c, 'Room'), ...strings(c, 'Preferred_Room')];

  for (const [type, c] of all) {
    let understood = true;
    switch (type) {
      case 'ConstraintBasicCompulsoryTime':
      case 'ConstraintBasicCompulsorySpace':
        break;
      case 'ConstraintBreakTimes':
      case 'ConstraintTeacherNotAvailableTimes':
      case 'ConstraintStudentsSetNotAvailableTimes':
      case 'ConstraintRoomNotAvailableTimes': {
        for (const l of placedLessons) {
          for (let k = 0; k < l.duration; k++) {
            const h = l.hour + k;
            const slot = slotList(c, type === 'ConstraintBreakTimes' ? 'Break_Time' : 'Not_Available_Time', 'Day', 'Hour').some(
              ([d, hh]) => d === l.day && hh === h,
            );
            if (!slot) continue;
            const hit =
              type === 'ConstraintBreakTimes' ||
              (type === 'ConstraintTeacherNotAvailableTimes' && l.teacherNames.includes(str(c, 'Teacher'))) ||
              (type === 'ConstraintStudentsSetNotAvailableTimes' && subgroupsOf(str(c, 'Students')).some((g) => l.subgroups.includes(g))) ||
              (type === 'ConstraintRoomNotAvailableTimes' && l.room === str(c, 'Room'));
            if (hit) fail(type, `activity ${l.id} at a time it cannot be then`, [l.id]);
          }
        }
        break;
      }
      case 'ConstraintActivityPreferredStartingTime': {
        const day = str(c, 'Preferred_Day');
        const hour = str(c, 'Preferred_Hour');
        for (const l of placedOnly(idsOf(c))) {
          if ((day && days.indexOf(day) !== l.day) || (hour && hours.indexOf(hour) !== l.hour))
            fail(type, `activity ${l.id} not at its fixed time`, [l.id]);
        }
        break;
      }
      case 'ConstraintActivityPreferredStartingTimes':
      case 'ConstraintActivitiesPreferredStartingTimes':
      case 'ConstraintSubactivitiesPreferredStartingTimes': {
        const allowed = slotList(c, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour');
        const component = type === 'ConstraintSubactivitiesPreferredStartingTimes' ? num(c, 'Component_Number') : 0;
        const ls =
          type === 'ConstraintActivityPreferredStartingTimes'
            ? idsOf(c)
            : lessons.filter((l) => matches(c, l) && (component === 0 || componentOf(l) === component));
        for (const l of placedOnly(ls))
          if (!allowed.some(([d, h]) => d === l.day && h === l.hour))
            fail(type, `activity ${l.id} starts outside its allowed times`, [l.id]);
        break;
      }
      case 'ConstraintActivityPreferredTimeSlots':
      case 'ConstraintActivitiesPreferredTimeSlots':
      case 'ConstraintSubactivitiesPreferredTimeSlots': {
        const allowed = slotList(c, 'Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour');
        const component = type === 'ConstraintSubactivitiesPreferredTimeSlots' ? num(c, 'Component_Number') : 0;
        const ls =
          type === 'ConstraintActivityPreferredTimeSlots'
            ? idsOf(c)
            : lessons.filter((l) => matches(c, l) && (component === 0 || componentOf(l) === component));
        for (const l of placedOnly(ls)) {
          for (let k = 0; k < l.duration; k++) {
            if (!allowed.some(([d, h]) => d === l.day && h === l.hour + k)) {
              fail(type, `activity ${l.id} occupies a time outside its allowed slots`, [l.id]);
              break;
            }
          }
        }
        break;
      }
      case 'ConstraintMinDaysBetweenActivities': {
        const ls = placedOnly(idsOf(c));
        const min = num(c, 'MinDays');
        for (let i = 0; i < ls.length; i++) {
          for (let j = i + 1; j < ls.length; j++) {
            const a = ls[i];
            const b = ls[j];
            if (a && b && Math.abs(a.day - b.day) < min)
              fail(type, `activities ${a.id} and ${b.id} are ${Math.abs(a.day - b.day)} day(s) apart`, [a.id, b.id]);
          }
        }
        break;
      }
      case 'ConstraintActivitiesSameStartingTime':
      case 'ConstraintActivitiesSameStartingDay':
      case 'ConstraintActivitiesNotOverlapping': {
        const ls = placedOnly(idsOf(c));
        for (let i = 0; i < ls.length; i++) {
          for (let j = i + 1; j < ls.length; j++) {
            const a = ls[i];
            const b = ls[j];
            if (!a || !b) continue;
            const broken =
              type === 'ConstraintActivitiesSameStartingTime'
                ? a.day !== b.day || a.hour !== b.hour
                : type === 'ConstraintActivitiesSameStartingDay'
                  ? a.day !== b.day
                  : a.day === b.day && a.hour < b.hour + b.duration && b.hour < a.hour + a.duration;
            if (broken) fail(type, `activities ${a.id} and ${b.id}`, [a.id, b.id]);
          }
        }
        break;
      }
      case 'ConstraintActivityEndsStudentsDay':
      case 'ConstraintActivitiesEndStudentsDay': {
        const ls = type === 'ConstraintActivityEndsStudentsDay' ? idsOf(c) : lessons.filter((l) => matches(c, l));
        for (const l of placedOnly(ls)) {
          for (const g of l.subgroups) {
            for (let h = l.hour + l.duration; h < H; h++)
              if (busySubgroup(g, l.day, h)) fail(type, `activity ${l.id} is not the last of the day for ${leafNames[g]}`, [l.id]);
          }
        }
        break;
      }
      case 'ConstraintTeacherMaxHoursDaily':
      case 'ConstraintTeachersMaxHoursDaily':
      case 'ConstraintStudentsSetMaxHoursDaily':
      case 'ConstraintStudentsMaxHoursDaily':
      case 'ConstraintTeacherMinHoursDaily':
      case 'ConstraintTeachersMinHoursDaily':
      case 'ConstraintStudentsSetMinHoursDaily':
      case 'ConstraintStudentsMinHoursDaily':
      case 'ConstraintTeacherMaxHoursContinuously':
      case 'ConstraintTeachersMaxHoursContinuously':
      case 'ConstraintStudentsSetMaxHoursContinuously':
      case 'ConstraintStudentsMaxHoursContinuously':
      case 'ConstraintTeacherMaxGapsPerDay':
      case 'ConstraintTeachersMaxGapsPerDay':
      case 'ConstraintStudentsSetMaxGapsPerDay':
      case 'ConstraintStudentsMaxGapsPerDay':
      case 'ConstraintTeacherMaxGapsPerWeek':
      case 'ConstraintTeachersMaxGapsPerWeek':
      case 'ConstraintStudentsSetMaxGapsPerWeek':
      case 'ConstraintStudentsMaxGapsPerWeek':
      case 'ConstraintTeacherMaxDaysPerWeek':
      case 'ConstraintTeachersMaxDaysPerWeek':
      case 'ConstraintStudentsSetMaxDaysPerWeek':
      case 'ConstraintStudentsMaxDaysPerWeek':
      case 'ConstraintTeacherMinDaysPerWeek':
      case 'ConstraintTeachersMinDaysPerWeek':
      case 'ConstraintStudentsEarlyMaxBeginningsAtSecondHour':
      case 'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour':
      case 'ConstraintTeacherActivityTagMaxHoursDaily':
      case 'ConstraintTeachersActivityTagMaxHoursDaily':
      case 'ConstraintStudentsSetActivityTagMaxHoursDaily':
      case 'ConstraintStudentsActivityTagMaxHoursDaily': {
        const kind = type.startsWith('ConstraintTeacher') ? 'teacher' : 'subgroup';
        const whos = kind === 'teacher' ? teachersFor(c) : subgroupsFor(c);
        const tag = str(c, 'Activity_Tag_Name') || str(c, 'Activity_Tag');
        const only = type.includes('ActivityTag') ? (l: Lesson): boolean => l.tags.includes(tag) : undefined;
        for (const who of whos) {
          if (who < 0) continue;
          const profile = profilesOf(kind, who, only);
          const limit = (field: string): number => num(c, field);
          let broken = '';
          if (type.endsWith('MaxHoursDaily')) {
            const max = limit('Maximum_Hours_Daily');
            if (profile.some((p) => p.hours > max)) broken = `more than ${max} hours in a day`;
          } else if (type.endsWith('MinHoursDaily')) {
            const min = limit('Minimum_Hours_Daily');
            const allowEmpty = str(c, 'Allow_Empty_Days') === '' ? kind === 'teacher' : str(c, 'Allow_Empty_Days') === 'true';
            if (profile.some((p) => (p.hours > 0 && p.hours < min) || (p.hours === 0 && !allowEmpty)))
              broken = `fewer than ${min} hours in a day`;
          } else if (type.endsWith('MaxHoursContinuously')) {
            const max = limit('Maximum_Hours_Continuously');
            if (profile.some((p) => p.longestRun > max)) broken = `more than ${max} hours in a row`;
          } else if (type.endsWith('MaxGapsPerDay')) {
            const max = limit('Max_Gaps');
            if (profile.some((p) => p.gaps > max)) broken = `more than ${max} gaps in a day`;
          } else if (type.endsWith('MaxGapsPerWeek')) {
            const max = limit('Max_Gaps');
            const gaps = profile.reduce((s, p) => s + p.gaps, 0);
            if (gaps > max) broken = `${gaps} gaps in the week, more than ${max}`;
          } else if (type.endsWith('MaxDaysPerWeek')) {
            const max = limit('Max_Days_Per_Week');
            const n = profile.filter((p) => p.hours > 0).length;
            if (n > max) broken = `${n} days, more than ${max}`;
          } else if (type.endsWith('MinDaysPerWeek')) {
            const min = limit('Minimum_Days_Per_Week');
            const n = profile.filter((p) => p.hours > 0).length;
            if (n < min) broken = `${n} days, fewer than ${min}`;
          } else if (type.endsWith('EarlyMaxBeginningsAtSecondHour')) {
            const max = limit('Max_Beginnings_At_Second_Hour');
            const late = profile.filter((p) => p.hours > 0 && p.before >= 1).length;
            if (profile.some((p) => p.hours > 0 && p.before > 1)) broken = 'a day beginning later than the second hour';
            else if (late > max) broken = `${late} days beginning at the second hour, more than ${max}`;
          }
          if (broken) fail(type, `${nameOf(kind, who)}: ${broken}`, lessonsOf(kind, who));
        }
        break;
      }
      case 'ConstraintActivityPreferredRoom':
      case 'ConstraintActivityPreferredRooms':
        addRoomRule(idsOf(c), roomsOf(c), false, type);
        break;
      case 'ConstraintSubjectPreferredRoom':
      case 'ConstraintSubjectPreferredRooms':
        addRoomRule(
          lessons.filter((l) => l.subject === str(c, 'Subject')),
          roomsOf(c),
          false,
          type,
        );
        break;
      case 'ConstraintSubjectActivityTagPreferredRoom':
      case 'ConstraintSubjectActivityTagPreferredRooms':
        addRoomRule(
          lessons.filter((l) => l.subject === str(c, 'Subject') && l.tags.includes(str(c, 'Activity_Tag'))),
          roomsOf(c),
          false,
          type,
        );
        break;
      case 'ConstraintActivityTagPreferredRoom':
      case 'ConstraintActivityTagPreferredRooms':
        addRoomRule(
          lessons.filter((l) => l.tags.includes(str(c, 'Activity_Tag'))),
          roomsOf(c),
          false,
          type,
        );
        break;
      case 'ConstraintStudentsSetHomeRoom':
      case 'ConstraintStudentsSetHomeRooms':
        addRoomRule(
          lessons.filter((l) => l.studentNames.length === 1 && l.studentNames[0] === str(c, 'Students')),
          roomsOf(c),
          true,
          type,
        );
        break;
      case 'ConstraintTeacherHomeRoom':
      case 'ConstraintTeacherHomeRooms':
        addRoomRule(
          lessons.filter((l) => l.teacherNames.length === 1 && l.teacherNames[0] === str(c, 'Teacher')),
          roomsOf(c),
          true,
          type,
        );
        break;
      default:
        understood = false;
    }
    const tally = understood ? known : unknown;
    tally.set(type, (tally.get(type) ?? 0) + 1);
  }
  for (const l of placedLessons) {
    const rules = roomRules.get(l.id);
    if (!rules) continue;
    const applying = rules.some((r) => !r.home) ? rules.filter((r) => !r.home) : rules;
    for (const rule of applying) {
      if (!rule.rooms.has(l.room)) fail(rule.type, `activity ${l.id} is in room "${l.room}", not one of its rooms`, [l.id]);
    }
  }
  const counts = (m: Map<string, number>): { type: string; count: number }[] =>
    [...m].map(([type, count]) => ({ type, count })).sort((a, b) => a.type.localeCompare(b.type));
  return { violations, checked: counts(known), notChecked: counts(unknown), activities: lessons.length, placed: placedLessons.length };
}
