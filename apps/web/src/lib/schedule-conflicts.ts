import type { ScheduleConflict } from '@campus/contract';
import { ApiError } from './request';

/** A clash 409's listed clashes and how many there are in all (a plan's apply lists the first 50). */
export function readClashAnswer(error: unknown): { conflicts: ScheduleConflict[]; total: number } | null {
  const conflicts = readConflicts(error);
  if (!conflicts) return null;
  const total = ((error as ApiError).data as { total?: unknown }).total;
  return { conflicts, total: typeof total === 'number' ? total : conflicts.length };
}

/** The clashes of a 409 clash answer (a lesson saved, a plan applied), or null for any other failure. */
export function readConflicts(error: unknown): ScheduleConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = (error.data as { conflicts?: unknown } | null | undefined)?.conflicts;
  return Array.isArray(conflicts) ? (conflicts as ScheduleConflict[]) : null;
}
