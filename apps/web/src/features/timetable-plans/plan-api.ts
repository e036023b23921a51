import type {
  BellSchedule,
  Room,
  StudentSetInput,
  Teacher,
  TimetableConstraint,
  TimetableImportResult,
  TimetablePlan,
  TimetablePlanItem,
  TimetableRun,
  TimetableSolution,
  WeekPattern,
} from '@campus/contract';
import { downloadFile } from '../../lib/list-page/download';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

// Every call of the timetable-plan pages. Bodies travel as JSON: constraints nest objects and numbers that a
// form encoding would flatten to text.

/** TanStack Query keys of the feature, by campus. */
export const planKeys = {
  all: (camId: number) => ['timetable-plans', camId] as const,
  list: (camId: number) => [...planKeys.all(camId), 'list'] as const,
  detail: (camId: number, id: number) => [...planKeys.all(camId), 'plan', id] as const,
  run: (camId: number, id: number, runId: number) => [...planKeys.all(camId), 'run', id, runId] as const,
  solution: (camId: number, id: number) => [...planKeys.all(camId), 'solution', id] as const,
  options: (camId: number, kind: 'terms' | 'teachers' | 'rooms') => ['timetable-plan-options', camId, kind] as const,
};

const JSON_CONFIG = { headers: { 'Content-Type': 'application/json' }, errorHandling: 'local' as const };
const json = (body: unknown) => JSON.stringify(body);
const base = '/educate/timetable-plans';

export async function fetchPlans(): Promise<TimetablePlanItem[]> {
  return (await request.get<TimetablePlanItem[]>(base)).data;
}

export interface PlanCreateBody {
  name: string;
  termId: number;
  studentSetsFromClasses?: boolean;
}

export async function createPlan(body: PlanCreateBody): Promise<TimetablePlan> {
  return (await request.post<TimetablePlan>(base, json(body), JSON_CONFIG)).data;
}

export async function fetchPlan(id: number): Promise<TimetablePlan> {
  return (await request.get<TimetablePlan>(`${base}/${id}`)).data;
}

export async function deletePlan(id: number): Promise<void> {
  await request.delete<unknown>(`${base}/${id}`, undefined, { errorHandling: 'local' });
}

export interface ActivityBody {
  subjectName?: string;
  teacherIds: number[];
  studentSetIds: string[];
  durations: number[];
  minDaysBetween?: number;
  roomIds?: number[];
  weekPattern?: WeekPattern;
}

export async function addActivity(planId: number, body: ActivityBody): Promise<void> {
  await request.post<unknown>(`${base}/${planId}/activities`, json(body), JSON_CONFIG);
}

/** Changes one lesson (the contract's timetableActivityUpdateSchema body). */
export async function updateActivity(planId: number, activityId: number, body: Record<string, unknown>): Promise<void> {
  await request.put<unknown>(`${base}/${planId}/activities/${activityId}`, json(body), JSON_CONFIG);
}

export async function updateBellSchedule(planId: number, bellSchedule: BellSchedule): Promise<void> {
  await request.put<unknown>(`${base}/${planId}`, json({ bellSchedule }), JSON_CONFIG);
}

export async function saveStudentSets(planId: number, studentSets: StudentSetInput[]): Promise<void> {
  await request.put<unknown>(`${base}/${planId}/student-sets`, json({ studentSets }), JSON_CONFIG);
}

export async function deleteActivity(planId: number, activityId: number): Promise<void> {
  await request.delete<unknown>(`${base}/${planId}/activities/${activityId}`, undefined, { errorHandling: 'local' });
}

export async function addConstraint(planId: number, body: TimetableConstraint): Promise<void> {
  await request.post<unknown>(`${base}/${planId}/constraints`, json(body), JSON_CONFIG);
}

export async function updateConstraint(planId: number, constraintId: number, body: TimetableConstraint): Promise<void> {
  await request.put<unknown>(`${base}/${planId}/constraints/${constraintId}`, json(body), JSON_CONFIG);
}

export async function deleteConstraint(planId: number, constraintId: number): Promise<void> {
  await request.delete<unknown>(`${base}/${planId}/constraints/${constraintId}`, undefined, { errorHandling: 'local' });
}

export async function startGeneration(planId: number, timeLimitS: number): Promise<number> {
  return (await request.post<{ runId: number }>(`${base}/${planId}/generate`, json({ timeLimitS }), JSON_CONFIG)).data.runId;
}

export async function fetchRun(planId: number, runId: number): Promise<TimetableRun> {
  return (await request.get<TimetableRun>(`${base}/${planId}/runs/${runId}`)).data;
}

export async function cancelRun(planId: number, runId: number): Promise<void> {
  await request.delete<unknown>(`${base}/${planId}/runs/${runId}`, undefined, { errorHandling: 'local' });
}

/** The latest solved timetable, or null when there is none yet. */
export async function fetchSolution(planId: number): Promise<TimetableSolution | null> {
  try {
    return (await request.get<TimetableSolution>(`${base}/${planId}/solution`, undefined, { errorHandling: 'silent' })).data;
  } catch {
    return null;
  }
}

export async function moveLesson(planId: number, activityId: number, day: number, period: number): Promise<TimetableSolution> {
  return (await request.put<TimetableSolution>(`${base}/${planId}/solution/placements/${activityId}`, json({ day, period }), JSON_CONFIG))
    .data;
}

export async function lockLesson(planId: number, activityId: number, day: number, period: number): Promise<void> {
  await request.put<unknown>(`${base}/${planId}/activities/${activityId}/lock`, json({ day, period }), JSON_CONFIG);
}

export async function unlockLesson(planId: number, activityId: number): Promise<void> {
  await request.delete<unknown>(`${base}/${planId}/activities/${activityId}/lock`, undefined, { errorHandling: 'local' });
}

export interface ApplyResult {
  entries: number;
  removed: number;
  coursesCreated: number;
  enrolled: number;
}

export async function applyPlan(planId: number): Promise<ApplyResult> {
  return (await request.post<ApplyResult>(`${base}/${planId}/apply`, undefined, { errorHandling: 'local' })).data;
}

export async function importFetFile(file: File, termId: number): Promise<TimetableImportResult> {
  const body = new FormData();
  body.append('file', file);
  return (await request.post<TimetableImportResult>(`${base}/import-fet?termId=${termId}`, body, { errorHandling: 'local' })).data;
}

export function downloadFet(planId: number, withSolution: boolean): Promise<string> {
  return downloadFile(`${base}/${planId}/export-fet`, withSolution ? { withSolution: true } : {}, `plan-${planId}.fet`);
}

export interface Option {
  value: number;
  label: string;
}

async function firstPage<T>(url: string, sort: string): Promise<T[]> {
  return (await request.get<PageResult<T>>(url, { page: 1, pageSize: 100, sort })).data.list;
}

export async function fetchTermOptions(): Promise<(Option & { isCurrent: boolean })[]> {
  const terms = await firstPage<{ id: number; name: string; academicYear: string; current: boolean }>('/educate/terms', 'startDate:desc');
  return terms.map((x) => ({ value: x.id, label: `${x.academicYear} ${x.name}`, isCurrent: x.current }));
}

export async function fetchTeacherOptions(): Promise<Option[]> {
  return (await firstPage<Teacher>('/educate/teachers', 'name:asc')).map((x) => ({ value: x.id, label: `${x.name} (${x.staffNo})` }));
}

export async function fetchRoomOptions(): Promise<Option[]> {
  return (await firstPage<Room>('/educate/rooms', 'code:asc')).map((r) => ({ value: r.id, label: `${r.code} ${r.name} (${r.capacity})` }));
}
