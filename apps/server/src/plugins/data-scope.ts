import type { FastifyRequest } from 'fastify';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error.js';
import { ResultCode } from '@campus/contract';
import { findReachedClassIds } from '../lib/data-scope.js';
import { getCampusId, getPrincipal } from './access.js';

/** The students a request may read and write in its campus: all, or those of these classes. */
export type StudentReach = { isAll: true } | { isAll: false; classIds: readonly number[] };

const ALL: StudentReach = Object.freeze({ isAll: true });

// One lookup per request, however many places ask.
const reached = new WeakMap<FastifyRequest, Promise<StudentReach>>();

/** The caller's reach in the request's campus (X-Access-Camid): their roles' data scopes, resolved to classes. */
export function loadStudentReach(request: FastifyRequest): Promise<StudentReach> {
  let found = reached.get(request);
  if (!found) {
    const principal = getPrincipal(request);
    const reach = principal.reach;
    found = reach
      ? findReachedClassIds(request.server.db, getCampusId(request), principal.userId, reach).then((classIds) => ({
          isAll: false as const,
          classIds,
        }))
      : Promise.resolve(ALL);
    reached.set(request, found);
  }
  return found;
}

/** `column in (reached classes)`, or nothing for a campus-wide caller; `column` holds a class id. */
export function inReach(reach: StudentReach, column: PgColumn): SQL | undefined {
  if (reach.isAll) return undefined;
  if (reach.classIds.length === 0) return sql`false`;
  return inArray(column, [...reach.classIds]);
}

/** Whether a class id (null: no class) is one the caller reaches. */
export function isClassReached(reach: StudentReach, classId: number | null | undefined): boolean {
  return reach.isAll || (classId !== null && classId !== undefined && reach.classIds.includes(classId));
}

/** 403 unless the caller's data scope is the whole campus: work on every class at once (promotion, grades). */
export async function assertCampusWide(request: FastifyRequest): Promise<void> {
  if (!(await loadStudentReach(request)).isAll) throw new AppError(403, ResultCode.forbidden, 'dataScope.campusOnly');
}

/**
 * The same reach as raw SQL on a `students` row (alias `s` or none): for the
 * report's and dashboard's hand-written statements. `true` for a campus-wide caller.
 */
export function studentReachSql(reach: StudentReach, column = 'class_id'): SQL {
  if (reach.isAll) return sql`true`;
  return sql`${sql.raw(column)} = any(${`{${reach.classIds.join(',')}}`}::int[])`;
}
