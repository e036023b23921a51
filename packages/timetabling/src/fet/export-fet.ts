import type { Activity, Placement, Plan, StudentSet } from '../model.js';
import { writeConstraint } from './export-constraints.js';
import { createFetWriter, escapeXml } from './export-writer.js';
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
  const wr = createFetWriter(plan, fetIds, subjectTags, skip);
  const { time, space, block } = wr;

  block(time, 'ConstraintBasicCompulsoryTime', 100, []);
  block(space, 'ConstraintBasicCompulsorySpace', 100, []);
  for (const c of plan.constraints) {
    if (onlyHardInFet.has(c.type) && c.weight < 100) {
      skip(`${c.type} (soft)`);
      continue;
    }
    writeConstraint(wr, c);
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
