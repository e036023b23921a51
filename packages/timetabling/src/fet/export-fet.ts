import { componentNumbers, selectActivities } from '../engine/select.js';
import type { Activity, ActivitySelector, Constraint, Placement, Plan, StudentSet, Target, TimeSlot } from '../model.js';
import type { TypeCount } from './import-fet.js';

export interface ExportFetOptions {
  /** Written into the file as locked placements (FET's permanently locked starting times and rooms). */
  placements?: Placement[];
  /** The FET version the file says it is written for. */
  fetVersion?: string;
}

export interface FetExport {
  xml: string;
  /** The FET Id given to each activity (its externalId when it has a free one). */
  fetIds: Map<string, number>;
  /** Plan constraints FET cannot express, by type, left out of the file. */
  skipped: TypeCount[];
}

/** FET refuses these constraint types below 100 %. */
const onlyHardInFet = new Set([
  'breakTimes',
  'notAvailable',
  'maxGapsPerDay',
  'maxGapsPerWeek',
  'earlyMaxBeginningsAtSecondPeriod',
  'minHoursDaily',
  'maxDaysPerWeek',
  'minDaysPerWeek',
]);

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

function formatWeight(weight: number): string {
  return String(Math.round(Math.min(100, Math.max(0, weight)) * 1000) / 1000);
}

/** Writes a plan as a FET 6 `.fet` file (optionally with a timetable as locked placements). */
export function exportFet(plan: Plan, options: ExportFetOptions = {}): FetExport {
  const out: string[] = [];
  const line = (text: string): void => {
    out.push(text);
  };
  const el = (indent: string, name: string, value: string | number | boolean): void => {
    line(`${indent}<${name}>${escapeXml(String(value))}</${name}>`);
  };
  const skipped = new Map<string, number>();
  const skip = (type: string): void => {
    skipped.set(type, (skipped.get(type) ?? 0) + 1);
  };

  const teacherName = new Map(plan.teachers.map((t) => [t.id, t.name]));
  const setName = new Map(plan.studentSets.map((s) => [s.id, s.name]));
  const subjectName = new Map(plan.subjects.map((s) => [s.id, s.name]));
  const tagName = new Map(plan.activityTags.map((t) => [t.id, t.name]));
  const roomName = new Map(plan.rooms.map((r) => [r.id, r.name]));
  const dayName = (day: number): string => plan.days[day - 1]?.name ?? String(day);
  const hourName = (period: number): string => plan.periods[period - 1]?.name ?? String(period);

  // "Max lessons of a subject a day" is written as FET's activity tag rule, with a tag per such subject.
  const subjectTags = new Map<string, string>();
  const tagNames = new Set(plan.activityTags.map((t) => t.name));
  for (const c of plan.constraints) {
    if (c.type !== 'subjectMaxHoursDaily' || subjectTags.has(c.subjectId)) continue;
    let name = `subject ${subjectName.get(c.subjectId) ?? c.subjectId}`;
    while (tagNames.has(name)) name += '*';
    tagNames.add(name);
    subjectTags.set(c.subjectId, name);
  }

  // ---- activity ids: externalId when free, new ones after the largest otherwise
  const fetIds = new Map<string, number>();
  const used = new Set<number>();
  for (const a of plan.activities) {
    if (a.externalId !== undefined && Number.isInteger(a.externalId) && a.externalId > 0 && !used.has(a.externalId)) {
      fetIds.set(a.id, a.externalId);
      used.add(a.externalId);
    }
  }
  let nextId = Math.max(0, ...used) + 1;
  for (const a of plan.activities) {
    if (!fetIds.has(a.id)) {
      fetIds.set(a.id, nextId);
      used.add(nextId++);
    }
  }
  const groupMembers = new Map<string, Activity[]>();
  for (const a of plan.activities) {
    if (a.groupId === undefined) continue;
    const list = groupMembers.get(a.groupId);
    if (list) list.push(a);
    else groupMembers.set(a.groupId, [a]);
  }

  line('<?xml version="1.0" encoding="UTF-8"?>');
  line('');
  line(`<fet version="${escapeXml(options.fetVersion ?? '6.8.5')}">`);
  line('');
  el('', 'Mode', 'Official');
  el('', 'Institution_Name', plan.name);
  el('', 'Comments', 'Written by Campus Console');
  line('');
  line('<Days_List>');
  el('', 'Number_of_Days', plan.days.length);
  for (const d of plan.days) {
    line('<Day>');
    el('\t', 'Name', d.name);
    line('</Day>');
  }
  line('</Days_List>');
  line('');
  line('<Hours_List>');
  el('', 'Number_of_Hours', plan.periods.length);
  for (const p of plan.periods) {
    line('<Hour>');
    el('\t', 'Name', p.name);
    line('</Hour>');
  }
  line('</Hours_List>');
  line('');
  line('<Subjects_List>');
  for (const s of plan.subjects) {
    line('<Subject>');
    el('\t', 'Name', s.name);
    el('\t', 'Comments', '');
    line('</Subject>');
  }
  line('</Subjects_List>');
  line('');
  line('<Activity_Tags_List>');
  for (const name of [...plan.activityTags.map((t) => t.name), ...subjectTags.values()]) {
    line('<Activity_Tag>');
    el('\t', 'Name', name);
    el('\t', 'Printable', true);
    el('\t', 'Comments', '');
    line('</Activity_Tag>');
  }
  line('</Activity_Tags_List>');
  line('');
  line('<Teachers_List>');
  for (const t of plan.teachers) {
    line('<Teacher>');
    el('\t', 'Name', t.name);
    el('\t', 'Target_Number_of_Hours', 0);
    line('\t<Qualified_Subjects>');
    line('\t</Qualified_Subjects>');
    el('\t', 'Comments', '');
    line('</Teacher>');
  }
  line('</Teachers_List>');
  line('');

  // ---- students: a set's children nest under it (years > groups > subgroups)
  const childrenOf = new Map<string, StudentSet[]>();
  for (const set of plan.studentSets) {
    for (const parent of set.parentIds) {
      const list = childrenOf.get(parent);
      if (list) list.push(set);
      else childrenOf.set(parent, [set]);
    }
  }
  line('<Students_List>');
  for (const year of plan.studentSets.filter((s) => s.parentIds.length === 0)) {
    line('<Year>');
    el('\t', 'Name', year.name);
    el('\t', 'Number_of_Students', year.size ?? 0);
    el('\t', 'Comments', '');
    el('\t', 'Number_of_Categories', 0);
    el('\t', 'Separator', ' ');
    for (const group of childrenOf.get(year.id) ?? []) {
      line('\t<Group>');
      el('\t\t', 'Name', group.name);
      el('\t\t', 'Number_of_Students', group.size ?? 0);
      el('\t\t', 'Comments', '');
      for (const subgroup of childrenOf.get(group.id) ?? []) {
        line('\t\t<Subgroup>');
        el('\t\t\t', 'Name', subgroup.name);
        el('\t\t\t', 'Number_of_Students', subgroup.size ?? 0);
        el('\t\t\t', 'Comments', '');
        line('\t\t</Subgroup>');
      }
      line('\t</Group>');
    }
    line('</Year>');
  }
  line('</Students_List>');
  line('');

  // ---- activities
  const subjectTagOf = (a: Activity): string | undefined => (a.subjectId !== undefined ? subjectTags.get(a.subjectId) : undefined);
  line('<Activities_List>');
  for (const a of plan.activities) {
    line('<Activity>');
    for (const t of a.teacherIds) el('\t', 'Teacher', teacherName.get(t) ?? t);
    if (a.subjectId !== undefined) el('\t', 'Subject', subjectName.get(a.subjectId) ?? a.subjectId);
    for (const t of a.tagIds) el('\t', 'Activity_Tag', tagName.get(t) ?? t);
    const extraTag = subjectTagOf(a);
    if (extraTag !== undefined) el('\t', 'Activity_Tag', extraTag);
    for (const s of a.studentSetIds) el('\t', 'Students', setName.get(s) ?? s);
    const members = a.groupId !== undefined ? (groupMembers.get(a.groupId) ?? [a]) : [a];
    el('\t', 'Duration', a.duration);
    el(
      '\t',
      'Total_Duration',
      members.reduce((sum, m) => sum + m.duration, 0),
    );
    el('\t', 'Id', fetIds.get(a.id) ?? 0);
    el('\t', 'Activity_Group_Id', members.length > 1 ? Math.min(...members.map((m) => fetIds.get(m.id) ?? 0)) : 0);
    if (a.size !== undefined) el('\t', 'Number_Of_Students', a.size);
    el('\t', 'Active', true);
    el('\t', 'Comments', '');
    line('</Activity>');
  }
  line('</Activities_List>');
  line('');
  line('<Buildings_List>');
  for (const b of plan.buildings) {
    line('<Building>');
    el('\t', 'Name', b.name);
    el('\t', 'Comments', '');
    line('</Building>');
  }
  line('</Buildings_List>');
  line('');
  const buildingName = new Map(plan.buildings.map((b) => [b.id, b.name]));
  line('<Rooms_List>');
  for (const r of plan.rooms) {
    line('<Room>');
    el('\t', 'Name', r.name);
    el('\t', 'Building', r.buildingId !== undefined ? (buildingName.get(r.buildingId) ?? '') : '');
    el('\t', 'Capacity', r.capacity ?? 30000);
    el('\t', 'Virtual', false);
    el('\t', 'Comments', '');
    line('</Room>');
  }
  line('</Rooms_List>');
  line('');

  // ---- constraints
  const time: string[][] = [];
  const space: string[][] = [];
  const componentOf = componentNumbers(plan);
  const fetIdsOf = (selector: ActivitySelector): number[] =>
    selectActivities(plan, selector, componentOf).map((a) => fetIds.get(a.id) ?? 0);
  const block = (
    list: string[][],
    name: string,
    weight: number,
    body: [string, string | number | boolean][],
    raw: string[] = [],
    comment = '',
  ): void => {
    const lines = [`<${name}>`, `\t<Weight_Percentage>${formatWeight(weight)}</Weight_Percentage>`];
    for (const [field, value] of body) lines.push(`\t<${field}>${escapeXml(String(value))}</${field}>`);
    lines.push(...raw, '\t<Active>true</Active>', `\t<Comments>${escapeXml(comment)}</Comments>`, `</${name}>`);
    list.push(lines);
  };
  const times = (slots: TimeSlot[], item: string, dayField: string, hourField: string): string[] =>
    slots.flatMap((s) => [
      `\t<${item}>`,
      `\t\t<${dayField}>${escapeXml(dayName(s.day))}</${dayField}>`,
      `\t\t<${hourField}>${escapeXml(hourName(s.period))}</${hourField}>`,
      `\t</${item}>`,
    ]);
  const filterFields = (s: ActivitySelector): [string, string | number][] => [
    ['Teacher_Name', s.teacherId !== undefined ? (teacherName.get(s.teacherId) ?? '') : ''],
    ['Students_Name', s.studentSetId !== undefined ? (setName.get(s.studentSetId) ?? '') : ''],
    ['Subject_Name', s.subjectId !== undefined ? (subjectName.get(s.subjectId) ?? '') : ''],
    ['Activity_Tag_Name', s.tagId !== undefined ? (tagName.get(s.tagId) ?? '') : ''],
    ['Duration', s.duration ?? ''],
  ];
  /** A selector FET can say with its filters (no list of activities, no "only" narrowing). */
  const isFilter = (s: ActivitySelector): boolean => s.activityIds === undefined && !s.onlyTeacher && !s.onlyStudentSet;
  const target = (
    t: Target,
    teacherOne: string,
    teachersAll: string,
    setOne: string,
    setAll: string | undefined,
  ): { name: string; who: [string, string][] } | undefined => {
    if (t.kind === 'teacher') {
      return t.teacherId === undefined
        ? { name: teachersAll, who: [] }
        : { name: teacherOne, who: [['Teacher_Name', teacherName.get(t.teacherId) ?? '']] };
    }
    if (t.studentSetId === undefined) return setAll === undefined ? undefined : { name: setAll, who: [] };
    return { name: setOne, who: [['Students', setName.get(t.studentSetId) ?? '']] };
  };

  block(time, 'ConstraintBasicCompulsoryTime', 100, []);
  block(space, 'ConstraintBasicCompulsorySpace', 100, []);
  for (const c of plan.constraints) {
    if (onlyHardInFet.has(c.type) && c.weight < 100) {
      skip(`${c.type} (soft)`);
      continue;
    }
    writeConstraint(c);
  }
  for (const placement of options.placements ?? []) {
    const id = fetIds.get(placement.activityId);
    if (id === undefined) continue;
    block(time, 'ConstraintActivityPreferredStartingTime', 100, [
      ['Activity_Id', id],
      ['Preferred_Day', dayName(placement.day)],
      ['Preferred_Hour', hourName(placement.period)],
      ['Permanently_Locked', true],
    ]);
    if (placement.roomId !== undefined && roomName.has(placement.roomId)) {
      block(space, 'ConstraintActivityPreferredRoom', 100, [
        ['Activity_Id', id],
        ['Room', roomName.get(placement.roomId) ?? ''],
        ['Permanently_Locked', true],
      ]);
    }
  }

  function writeConstraint(c: Constraint): void {
    const w = c.weight;
    const comment = c.comment ?? '';
    switch (c.type) {
      case 'breakTimes':
        block(
          time,
          'ConstraintBreakTimes',
          w,
          [['Number_of_Break_Times', c.slots.length]],
          times(c.slots, 'Break_Time', 'Day', 'Hour'),
          comment,
        );
        return;
      case 'notAvailable': {
        const raw = times(c.slots, 'Not_Available_Time', 'Day', 'Hour');
        if (c.target.kind === 'teacher') {
          const ids = c.target.teacherId === undefined ? plan.teachers.map((t) => t.id) : [c.target.teacherId];
          for (const id of ids) {
            block(
              time,
              'ConstraintTeacherNotAvailableTimes',
              w,
              [
                ['Teacher', teacherName.get(id) ?? ''],
                ['Number_of_Not_Available_Times', c.slots.length],
              ],
              raw,
              comment,
            );
          }
        } else {
          const ids =
            c.target.studentSetId === undefined
              ? plan.studentSets.filter((s) => s.parentIds.length === 0).map((s) => s.id)
              : [c.target.studentSetId];
          for (const id of ids) {
            block(
              time,
              'ConstraintStudentsSetNotAvailableTimes',
              w,
              [
                ['Students', setName.get(id) ?? ''],
                ['Number_of_Not_Available_Times', c.slots.length],
              ],
              raw,
              comment,
            );
          }
        }
        return;
      }
      case 'roomNotAvailable':
        block(
          space,
          'ConstraintRoomNotAvailableTimes',
          w,
          [
            ['Room', roomName.get(c.roomId) ?? ''],
            ['Number_of_Not_Available_Times', c.slots.length],
          ],
          times(c.slots, 'Not_Available_Time', 'Day', 'Hour'),
          comment,
        );
        return;
      case 'maxHoursDaily': {
        const t = target(
          c.target,
          'ConstraintTeacherMaxHoursDaily',
          'ConstraintTeachersMaxHoursDaily',
          'ConstraintStudentsSetMaxHoursDaily',
          'ConstraintStudentsMaxHoursDaily',
        );
        if (t) block(time, t.name, w, [...t.who, ['Maximum_Hours_Daily', c.maxHours]], [], comment);
        return;
      }
      case 'minHoursDaily': {
        const t = target(
          c.target,
          'ConstraintTeacherMinHoursDaily',
          'ConstraintTeachersMinHoursDaily',
          'ConstraintStudentsSetMinHoursDaily',
          'ConstraintStudentsMinHoursDaily',
        );
        if (t) block(time, t.name, w, [...t.who, ['Minimum_Hours_Daily', c.minHours], ['Allow_Empty_Days', c.allowEmptyDays]], [], comment);
        return;
      }
      case 'maxHoursContinuously': {
        const t = target(
          c.target,
          'ConstraintTeacherMaxHoursContinuously',
          'ConstraintTeachersMaxHoursContinuously',
          'ConstraintStudentsSetMaxHoursContinuously',
          'ConstraintStudentsMaxHoursContinuously',
        );
        if (t) block(time, t.name, w, [...t.who, ['Maximum_Hours_Continuously', c.maxHours]], [], comment);
        return;
      }
      case 'maxGapsPerDay': {
        const t = target(
          c.target,
          'ConstraintTeacherMaxGapsPerDay',
          'ConstraintTeachersMaxGapsPerDay',
          'ConstraintStudentsSetMaxGapsPerDay',
          'ConstraintStudentsMaxGapsPerDay',
        );
        if (t) block(time, t.name, w, [...t.who, ['Max_Gaps', c.maxGaps]], [], comment);
        return;
      }
      case 'maxGapsPerWeek': {
        const t = target(
          c.target,
          'ConstraintTeacherMaxGapsPerWeek',
          'ConstraintTeachersMaxGapsPerWeek',
          'ConstraintStudentsSetMaxGapsPerWeek',
          'ConstraintStudentsMaxGapsPerWeek',
        );
        if (t) block(time, t.name, w, [...t.who, ['Max_Gaps', c.maxGaps]], [], comment);
        return;
      }
      case 'maxDaysPerWeek': {
        const t = target(
          c.target,
          'ConstraintTeacherMaxDaysPerWeek',
          'ConstraintTeachersMaxDaysPerWeek',
          'ConstraintStudentsSetMaxDaysPerWeek',
          'ConstraintStudentsMaxDaysPerWeek',
        );
        if (t) block(time, t.name, w, [...t.who, ['Max_Days_Per_Week', c.maxDays]], [], comment);
        return;
      }
      case 'minDaysPerWeek':
        if (c.target.kind !== 'teacher') {
          skip('minDaysPerWeek (students)');
          return;
        }
        if (c.target.teacherId === undefined)
          block(time, 'ConstraintTeachersMinDaysPerWeek', w, [['Minimum_Days_Per_Week', c.minDays]], [], comment);
        else {
          block(
            time,
            'ConstraintTeacherMinDaysPerWeek',
            w,
            [
              ['Teacher_Name', teacherName.get(c.target.teacherId) ?? ''],
              ['Minimum_Days_Per_Week', c.minDays],
            ],
            [],
            comment,
          );
        }
        return;
      case 'earlyMaxBeginningsAtSecondPeriod':
        if (c.target.studentSetId === undefined) {
          block(
            time,
            'ConstraintStudentsEarlyMaxBeginningsAtSecondHour',
            w,
            [['Max_Beginnings_At_Second_Hour', c.maxBeginnings]],
            [],
            comment,
          );
        } else {
          block(
            time,
            'ConstraintStudentsSetEarlyMaxBeginningsAtSecondHour',
            w,
            [
              ['Students', setName.get(c.target.studentSetId) ?? ''],
              ['Max_Beginnings_At_Second_Hour', c.maxBeginnings],
            ],
            [],
            comment,
          );
        }
        return;
      case 'subjectMaxHoursDaily':
      case 'tagMaxHoursDaily': {
        const tag = c.type === 'subjectMaxHoursDaily' ? subjectTags.get(c.subjectId) : tagName.get(c.tagId);
        if (tag === undefined) return;
        if (c.target.kind === 'teacher') {
          if (c.target.teacherId === undefined) {
            block(
              time,
              'ConstraintTeachersActivityTagMaxHoursDaily',
              w,
              [
                ['Activity_Tag_Name', tag],
                ['Maximum_Hours_Daily', c.maxHours],
              ],
              [],
              comment,
            );
          } else {
            block(
              time,
              'ConstraintTeacherActivityTagMaxHoursDaily',
              w,
              [
                ['Teacher_Name', teacherName.get(c.target.teacherId) ?? ''],
                ['Activity_Tag_Name', tag],
                ['Maximum_Hours_Daily', c.maxHours],
              ],
              [],
              comment,
            );
          }
        } else if (c.target.studentSetId === undefined) {
          block(
            time,
            'ConstraintStudentsActivityTagMaxHoursDaily',
            w,
            [
              ['Activity_Tag', tag],
              ['Maximum_Hours_Daily', c.maxHours],
            ],
            [],
            comment,
          );
        } else {
          block(
            time,
            'ConstraintStudentsSetActivityTagMaxHoursDaily',
            w,
            [
              ['Maximum_Hours_Daily', c.maxHours],
              ['Students', setName.get(c.target.studentSetId) ?? ''],
              ['Activity_Tag', tag],
            ],
            [],
            comment,
          );
        }
        return;
      }
      case 'preferredStartingTimes':
      case 'preferredTimeSlots': {
        const starting = c.type === 'preferredStartingTimes';
        const slotLines = starting
          ? times(c.slots, 'Preferred_Starting_Time', 'Preferred_Starting_Day', 'Preferred_Starting_Hour')
          : times(c.slots, 'Preferred_Time_Slot', 'Preferred_Day', 'Preferred_Hour');
        const countField: [string, number] = starting
          ? ['Number_of_Preferred_Starting_Times', c.slots.length]
          : ['Number_of_Preferred_Time_Slots', c.slots.length];
        if (isFilter(c.activities)) {
          const sub = c.activities.componentNumber !== undefined;
          const name = sub
            ? starting
              ? 'ConstraintSubactivitiesPreferredStartingTimes'
              : 'ConstraintSubactivitiesPreferredTimeSlots'
            : starting
              ? 'ConstraintActivitiesPreferredStartingTimes'
              : 'ConstraintActivitiesPreferredTimeSlots';
          const fields: [string, string | number | boolean][] = sub ? [['Component_Number', c.activities.componentNumber ?? 1]] : [];
          block(time, name, w, [...fields, ...filterFields(c.activities), countField], slotLines, comment);
          return;
        }
        for (const id of fetIdsOf(c.activities)) {
          const first = c.slots[0];
          if (starting && c.slots.length === 1 && first) {
            block(
              time,
              'ConstraintActivityPreferredStartingTime',
              w,
              [
                ['Activity_Id', id],
                ['Preferred_Day', dayName(first.day)],
                ['Preferred_Hour', hourName(first.period)],
                ['Permanently_Locked', c.locked === true],
              ],
              [],
              comment,
            );
          } else {
            block(
              time,
              starting ? 'ConstraintActivityPreferredStartingTimes' : 'ConstraintActivityPreferredTimeSlots',
              w,
              [['Activity_Id', id], countField],
              slotLines,
              comment,
            );
          }
        }
        return;
      }
      case 'preferredRooms': {
        const s = c.activities;
        const rooms = c.roomIds.map((id) => roomName.get(id) ?? '');
        const roomLines = rooms.map((name) => `\t<Preferred_Room>${escapeXml(name)}</Preferred_Room>`);
        const one = rooms.length === 1;
        const firstRoom = rooms[0] ?? '';
        const onlyKeys = (keys: string[]): boolean =>
          Object.entries(s).every(([key, value]) => value === undefined || keys.includes(key)) &&
          keys.every((k) => (s as Record<string, unknown>)[k] !== undefined);
        if (c.home === true && onlyKeys(['studentSetId', 'onlyStudentSet'])) {
          const who: [string, string] = ['Students', setName.get(s.studentSetId ?? '') ?? ''];
          if (one) block(space, 'ConstraintStudentsSetHomeRoom', w, [who, ['Room', firstRoom]], [], comment);
          else block(space, 'ConstraintStudentsSetHomeRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
          return;
        }
        if (c.home === true && onlyKeys(['teacherId', 'onlyTeacher'])) {
          const who: [string, string] = ['Teacher', teacherName.get(s.teacherId ?? '') ?? ''];
          if (one) block(space, 'ConstraintTeacherHomeRoom', w, [who, ['Room', firstRoom]], [], comment);
          else block(space, 'ConstraintTeacherHomeRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
          return;
        }
        if (c.home !== true && onlyKeys(['subjectId'])) {
          const who: [string, string] = ['Subject', subjectName.get(s.subjectId ?? '') ?? ''];
          if (one) block(space, 'ConstraintSubjectPreferredRoom', w, [who, ['Room', firstRoom]], [], comment);
          else block(space, 'ConstraintSubjectPreferredRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
          return;
        }
        if (c.home !== true && onlyKeys(['subjectId', 'tagId'])) {
          const who: [string, string][] = [
            ['Subject', subjectName.get(s.subjectId ?? '') ?? ''],
            ['Activity_Tag', tagName.get(s.tagId ?? '') ?? ''],
          ];
          if (one) block(space, 'ConstraintSubjectActivityTagPreferredRoom', w, [...who, ['Room', firstRoom]], [], comment);
          else
            block(
              space,
              'ConstraintSubjectActivityTagPreferredRooms',
              w,
              [...who, ['Number_of_Preferred_Rooms', rooms.length]],
              roomLines,
              comment,
            );
          return;
        }
        if (c.home !== true && onlyKeys(['tagId'])) {
          const who: [string, string] = ['Activity_Tag', tagName.get(s.tagId ?? '') ?? ''];
          if (one) block(space, 'ConstraintActivityTagPreferredRoom', w, [who, ['Room', firstRoom]], [], comment);
          else
            block(space, 'ConstraintActivityTagPreferredRooms', w, [who, ['Number_of_Preferred_Rooms', rooms.length]], roomLines, comment);
          return;
        }
        if (c.home === true) {
          skip('preferredRooms (home rooms of a custom selection)');
          return;
        }
        for (const id of fetIdsOf(s)) {
          if (one)
            block(
              space,
              'ConstraintActivityPreferredRoom',
              w,
              [
                ['Activity_Id', id],
                ['Room', firstRoom],
                ['Permanently_Locked', c.locked === true],
              ],
              [],
              comment,
            );
          else
            block(
              space,
              'ConstraintActivityPreferredRooms',
              w,
              [
                ['Activity_Id', id],
                ['Number_of_Preferred_Rooms', rooms.length],
              ],
              roomLines,
              comment,
            );
        }
        return;
      }
      case 'minDaysBetweenActivities': {
        const ids = c.activityIds.map((id) => fetIds.get(id)).filter((id): id is number => id !== undefined);
        block(
          time,
          'ConstraintMinDaysBetweenActivities',
          w,
          [
            ['Consecutive_If_Same_Day', c.consecutiveIfSameDay],
            ['Number_of_Activities', ids.length],
          ],
          [...ids.map((id) => `\t<Activity_Id>${id}</Activity_Id>`), `\t<MinDays>${c.minDays}</MinDays>`],
          comment,
        );
        return;
      }
      case 'sameStartingTime':
      case 'sameStartingDay':
      case 'notOverlapping': {
        const name =
          c.type === 'sameStartingTime'
            ? 'ConstraintActivitiesSameStartingTime'
            : c.type === 'sameStartingDay'
              ? 'ConstraintActivitiesSameStartingDay'
              : 'ConstraintActivitiesNotOverlapping';
        const ids = c.activityIds.map((id) => fetIds.get(id)).filter((id): id is number => id !== undefined);
        block(
          time,
          name,
          w,
          [['Number_of_Activities', ids.length]],
          ids.map((id) => `\t<Activity_Id>${id}</Activity_Id>`),
          comment,
        );
        return;
      }
      case 'endsStudentsDay':
        if (isFilter(c.activities) && c.activities.componentNumber === undefined && c.activities.duration === undefined) {
          block(time, 'ConstraintActivitiesEndStudentsDay', w, filterFields(c.activities).slice(0, 4), [], comment);
          return;
        }
        for (const id of fetIdsOf(c.activities)) block(time, 'ConstraintActivityEndsStudentsDay', w, [['Activity_Id', id]], [], comment);
        return;
    }
  }

  line('<Time_Constraints_List>');
  for (const lines of time) out.push(...lines);
  line('</Time_Constraints_List>');
  line('');
  line('<Space_Constraints_List>');
  for (const lines of space) out.push(...lines);
  line('</Space_Constraints_List>');
  line('');
  line('</fet>');
  return {
    xml: `${out.join('\n')}\n`,
    fetIds,
    skipped: [...skipped].map(([type, count]) => ({ type, count })),
  };
}
