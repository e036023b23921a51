import { errorSchema } from '@campus/contract';
import { badRequest } from '../../lib/app-error.js';
import { toLibraryPlan, type StoredPlan } from './plan-store.js';

export const tags = ['educate'];
export const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
export const BASE = '/educate/timetable-plans';

/**
 * The timetabling library (generator, FET reader and writer) is loaded by the
 * first timetable call, not at start: a server that never plans a term does
 * not hold it in memory (issue 22, decision 024).
 */
export const loadTimetabling = () => import('@campus/timetabling');

/** A 400 listing what the generator's own check finds wrong with the plan (a reference, a range). */
export async function assertPlanHolds(plan: StoredPlan) {
  const { checkPlan } = await loadTimetabling();
  const issues = checkPlan(toLibraryPlan(plan));
  if (!issues.length) return;
  const summary = issues
    .slice(0, 3)
    .map((i) => `${i.path}: ${i.message}`)
    .join('; ');
  throw badRequest('timetable.planInvalid', { count: issues.length, summary }, { issues });
}
