/**
 * An independent check of a timetable against a .fet file's hard rules. It shares no code with the importer
 * or the generator: its own reading of the XML, its own student hierarchy, its own plain loops over a
 * day × hour grid (slow and obvious on purpose), so a mistake in the generator's incremental bookkeeping or in
 * the importer's reading cannot hide itself.
 */
import { checkConstraint } from './verify-rules.js';
import { list, num, parser, str, strings, type Lesson, type Node } from './verify-xml.js';

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

  // Activity filters as FET reads them: a students filter takes every lesson sharing a subgroup with that set.
  const matches = (c: Node, l: Lesson): boolean => {
    const teacher = str(c, 'Teacher_Name');
    const students = str(c, 'Students_Name');
    const subject = str(c, 'Subject_Name');
    const tag = str(c, 'Activity_Tag_Name');
    const duration = str(c, 'Duration');
    if (teacher && !l.teacherNames.includes(teacher)) return false;
    if (students && !l.studentNames.includes(students) && !subgroupsOf(students).some((g) => l.subgroups.includes(g))) return false;
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
    const understood = checkConstraint(type, c, {
      days,
      hours,
      H,
      leafNames,
      subgroupsOf,
      lessons,
      fail,
      placedLessons,
      busySubgroup,
      slotList,
      teachersFor,
      subgroupsFor,
      profilesOf,
      nameOf,
      lessonsOf,
      matches,
      componentOf,
      idsOf,
      placedOnly,
      addRoomRule,
      roomsOf,
    });
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
