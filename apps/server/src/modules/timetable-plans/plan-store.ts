import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  ResultCode,
  type StudentSetInput,
  type TimetableActivity,
  type TimetableConstraint,
  type TimetablePlan,
  type TimetableRunSummary,
  type WeekPattern,
} from '@campus/contract';
import type { Activity, Constraint, Plan } from '@campus/timetabling';
import type { RunResult } from './run-result.js';
import {
  rooms,
  teachers,
  terms,
  timetableActivities,
  timetableConstraints,
  timetablePlans,
  timetableRuns,
} from '../../db/schema/campus.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { pickColumns } from '../../lib/columns.js';

/** The plan row's JSON lists, as stored. */
export interface StoredDay {
  name: string;
  weekday: number;
}
export interface StoredPeriod {
  name: string;
  startTime: string | null;
  endTime: string | null;
}
export interface Named {
  id: string;
  name: string;
}
export interface Locked {
  day: number;
  period: number;
  roomId: number | null;
}

export interface ActivityRow {
  id: number;
  externalId: number | null;
  groupId: string | null;
  subjectId: string | null;
  teacherIds: number[];
  studentSetIds: string[];
  tagIds: string[];
  duration: number;
  size: number | null;
  roomIds: number[];
  courseId: number | null;
  weekPattern: WeekPattern;
  locked: Locked | null;
}

export interface StoredPlan {
  id: number;
  name: string;
  termId: number;
  termName: string;
  days: StoredDay[];
  periods: StoredPeriod[];
  subjects: Named[];
  activityTags: Named[];
  studentSets: StudentSetInput[];
  appliedAt: Date | null;
  updatedAt: Date;
  activities: ActivityRow[];
  constraints: { id: number; body: TimetableConstraint }[];
  teachers: { id: number; name: string }[];
  rooms: { id: number; name: string; code: string; capacity: number }[];
}

const activityFields = {
  id: timetableActivities.id,
  externalId: timetableActivities.externalId,
  groupId: timetableActivities.groupId,
  subjectId: timetableActivities.subjectId,
  teacherIds: timetableActivities.teacherIds,
  studentSetIds: timetableActivities.studentSetIds,
  tagIds: timetableActivities.tagIds,
  duration: timetableActivities.duration,
  size: timetableActivities.size,
  roomIds: timetableActivities.roomIds,
  courseId: timetableActivities.courseId,
  weekPattern: timetableActivities.weekPattern,
  locked: timetableActivities.locked,
};

/** The plan row alone (404 when it is not this campus's). */
export async function loadPlanRow(scope: CampusScope, id: number) {
  const [row] = await scope
    .select(
      timetablePlans,
      {
        ...pickColumns(timetablePlans, ['id', 'name', 'termId']),
        termName: terms.name,
        ...pickColumns(timetablePlans, ['days', 'periods', 'subjects', 'activityTags', 'studentSets', 'appliedAt', 'updatedAt']),
      },
      eq(timetablePlans.id, id),
    )
    .innerJoin(terms, scope.on(terms.id, timetablePlans.termId, terms));
  if (!row) throw notFound('timetablePlan');
  return {
    ...row,
    days: row.days as StoredDay[],
    periods: row.periods as StoredPeriod[],
    subjects: row.subjects as Named[],
    activityTags: row.activityTags as Named[],
    studentSets: row.studentSets as StudentSetInput[],
  };
}

/** Teacher and room ids a constraint names (its other ids are the plan's own). */
export function constraintRefs(c: TimetableConstraint): { teacherIds: string[]; roomIds: string[]; activityIds: string[] } {
  const teacherIds: string[] = [];
  const roomIds: string[] = [];
  const activityIds: string[] = [];
  if ('target' in c && c.target.kind === 'teacher' && c.target.teacherId) teacherIds.push(c.target.teacherId);
  if ('roomId' in c) roomIds.push(c.roomId);
  if ('roomIds' in c) roomIds.push(...c.roomIds);
  if ('activityIds' in c) activityIds.push(...c.activityIds);
  if ('activities' in c) {
    if (c.activities.teacherId) teacherIds.push(c.activities.teacherId);
    activityIds.push(...(c.activities.activityIds ?? []));
  }
  return { teacherIds, roomIds, activityIds };
}

const asIds = (values: string[]) => [...new Set(values.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31))];

/** The whole plan: row, activities, constraints, and the campus teachers and rooms it names. */
export async function loadPlan(scope: CampusScope, id: number): Promise<StoredPlan> {
  const row = await loadPlanRow(scope, id);
  const acts = await scope
    .select(timetableActivities, activityFields, eq(timetableActivities.planId, id))
    .orderBy(asc(timetableActivities.id));
  const activities = acts.map((a) => ({
    ...a,
    teacherIds: a.teacherIds as number[],
    studentSetIds: a.studentSetIds as string[],
    tagIds: a.tagIds as string[],
    roomIds: a.roomIds as number[],
    weekPattern: a.weekPattern as WeekPattern,
    locked: a.locked as Locked | null,
  }));
  const cons = await scope
    .select(timetableConstraints, { id: timetableConstraints.id, body: timetableConstraints.body }, eq(timetableConstraints.planId, id))
    .orderBy(asc(timetableConstraints.id));
  const constraints = cons.map((c) => ({ id: c.id, body: c.body as TimetableConstraint }));
  const teacherIds = new Set(activities.flatMap((a) => a.teacherIds));
  const roomIds = new Set(activities.flatMap((a) => [...a.roomIds, ...(a.locked?.roomId ? [a.locked.roomId] : [])]));
  for (const c of constraints) {
    const refs = constraintRefs(c.body);
    asIds(refs.teacherIds).forEach((t) => teacherIds.add(t));
    asIds(refs.roomIds).forEach((r) => roomIds.add(r));
  }
  const teacherRows = teacherIds.size
    ? await scope
        .select(teachers, { id: teachers.id, name: teachers.name }, inArray(teachers.id, [...teacherIds]))
        .orderBy(asc(teachers.id))
    : [];
  const roomRows = roomIds.size
    ? await scope
        .select(rooms, { id: rooms.id, name: rooms.name, code: rooms.code, capacity: rooms.capacity }, inArray(rooms.id, [...roomIds]))
        .orderBy(asc(rooms.id))
    : [];
  return { ...row, activities, constraints, teachers: teacherRows, rooms: roomRows };
}

/** Every campus id among `ids` that is not a record of `table` in this campus: a 404 naming the field. */
export async function assertCampusRefs(scope: CampusScope, kind: 'teacher' | 'room', field: string, ids: readonly number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const table = kind === 'teacher' ? teachers : rooms;
  const found = await scope.select(table, { id: table.id }, inArray(table.id, wanted));
  const have = new Set(found.map((r) => r.id));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length) throw missingRefs(field, missing);
}

/** A campus record that is not there (or another campus's): 404, as every route answers for a missing reference. */
export const missingRefs = (field: string, ids: readonly (number | string)[]) =>
  new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: ids.join(', ') });

export function assertStudentSets(plan: { studentSets: StudentSetInput[] }, field: string, ids: readonly string[]) {
  const have = new Set(plan.studentSets.map((s) => s.id));
  const missing = ids.filter((id) => !have.has(id));
  if (missing.length) throw badRequest('timetable.unknownRefs', { field, ids: missing.join(', ') });
}

/**
 * The plan as the generator reads it. Ids are the records' ids as text. Room requirements and locks of
 * activities become constraints after the stored ones, so a violation's constraint index below the stored
 * count is a stored constraint's.
 */
export function toLibraryPlan(p: StoredPlan): Plan {
  const derived: Constraint[] = [];
  const activities: Activity[] = p.activities.map((a) => {
    const id = String(a.id);
    if (a.roomIds.length)
      derived.push({ type: 'preferredRooms', weight: 100, activities: { activityIds: [id] }, roomIds: a.roomIds.map(String) });
    if (a.locked) {
      derived.push({
        type: 'preferredStartingTimes',
        weight: 100,
        activities: { activityIds: [id] },
        slots: [{ day: a.locked.day, period: a.locked.period }],
        locked: true,
      });
      if (a.locked.roomId)
        derived.push({
          type: 'preferredRooms',
          weight: 100,
          activities: { activityIds: [id] },
          roomIds: [String(a.locked.roomId)],
          locked: true,
        });
    }
    return {
      id,
      ...(a.externalId === null ? {} : { externalId: a.externalId }),
      ...(a.groupId === null ? {} : { groupId: a.groupId }),
      ...(a.subjectId === null ? {} : { subjectId: a.subjectId }),
      teacherIds: a.teacherIds.map(String),
      studentSetIds: a.studentSetIds,
      tagIds: a.tagIds,
      duration: a.duration,
      ...(a.size === null ? {} : { size: a.size }),
    };
  });
  return {
    name: p.name,
    days: p.days.map((d) => ({ name: d.name })),
    periods: p.periods.map((x) => ({
      name: x.name,
      ...(x.startTime ? { startTime: x.startTime } : {}),
      ...(x.endTime ? { endTime: x.endTime } : {}),
    })),
    subjects: p.subjects,
    activityTags: p.activityTags,
    teachers: p.teachers.map((t) => ({ id: String(t.id), name: t.name })),
    studentSets: p.studentSets.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      parentIds: s.parentIds,
      ...(s.size === undefined ? {} : { size: s.size }),
    })),
    buildings: [],
    rooms: p.rooms.map((r) => ({ id: String(r.id), name: r.name, capacity: r.capacity })),
    activities,
    constraints: [...p.constraints.map((c): Constraint => c.body), ...derived],
  };
}

export function toActivityDto(a: ActivityRow, plan: Pick<StoredPlan, 'subjects' | 'studentSets'>): TimetableActivity {
  const setNames = new Map(plan.studentSets.map((s) => [s.id, s.name]));
  return {
    id: a.id,
    externalId: a.externalId,
    groupId: a.groupId,
    subjectId: a.subjectId,
    subjectName: plan.subjects.find((s) => s.id === a.subjectId)?.name ?? '',
    teacherIds: a.teacherIds,
    studentSetIds: a.studentSetIds,
    studentSets: a.studentSetIds.map((id) => setNames.get(id) ?? id),
    tagIds: a.tagIds,
    durationPeriods: a.duration,
    size: a.size,
    roomIds: a.roomIds,
    courseId: a.courseId,
    weekPattern: a.weekPattern,
    locked: a.locked,
  };
}

type RunRow = typeof timetableRuns.$inferSelect;

export function toRunSummary(r: RunRow): TimetableRunSummary {
  return {
    id: r.id,
    status: r.status as TimetableRunSummary['status'],
    placed: r.placed,
    bestPlaced: r.bestPlaced,
    total: r.total,
    elapsedMs: r.elapsedMs,
    hardViolations: r.hardViolations,
    softScore: Number(r.softScore),
    seed: r.seed,
    timeLimitS: r.timeLimitS,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export async function loadLatestRun(scope: CampusScope, planId: number): Promise<RunRow | null> {
  const [row] = await scope.select(timetableRuns, runFields, eq(timetableRuns.planId, planId)).orderBy(desc(timetableRuns.id)).limit(1);
  return row ?? null;
}

export const runFields = {
  id: timetableRuns.id,
  camId: timetableRuns.camId,
  planId: timetableRuns.planId,
  status: timetableRuns.status,
  seed: timetableRuns.seed,
  timeLimitS: timetableRuns.timeLimitS,
  placed: timetableRuns.placed,
  bestPlaced: timetableRuns.bestPlaced,
  total: timetableRuns.total,
  elapsedMs: timetableRuns.elapsedMs,
  hardViolations: timetableRuns.hardViolations,
  softScore: timetableRuns.softScore,
  cancelRequested: timetableRuns.cancelRequested,
  result: timetableRuns.result,
  edited: timetableRuns.edited,
  error: timetableRuns.error,
  createdAt: timetableRuns.createdAt,
  updatedAt: timetableRuns.updatedAt,
  finishedAt: timetableRuns.finishedAt,
};

export function toPlanDto(p: StoredPlan, latestRun: RunRow | null): TimetablePlan {
  return {
    id: p.id,
    name: p.name,
    termId: p.termId,
    termName: p.termName,
    days: p.days.map((d, i) => ({ ...d, index: i + 1 })),
    periods: p.periods.map((x, i) => ({ ...x, index: i + 1 })),
    subjects: p.subjects,
    activityTags: p.activityTags,
    studentSets: p.studentSets,
    teachers: p.teachers,
    rooms: p.rooms,
    activities: p.activities.map((a) => toActivityDto(a, p)),
    constraints: p.constraints.map((c) => ({ id: c.id, ...c.body })),
    appliedAt: p.appliedAt ? p.appliedAt.toISOString() : null,
    updatedAt: p.updatedAt.toISOString(),
    latestRun: latestRun ? toRunSummary(latestRun) : null,
  };
}

/** The latest solved run with its result, or the 404 saying to generate first. */
export async function loadSolvedRun(scope: CampusScope, planId: number) {
  const [row] = await scope
    .select(timetableRuns, runFields, eq(timetableRuns.planId, planId), eq(timetableRuns.status, 'solved'))
    .orderBy(desc(timetableRuns.id))
    .limit(1);
  if (!row?.result) throw new AppError(404, ResultCode.notFound, 'timetable.noSolution');
  return { ...row, result: row.result as RunResult };
}
