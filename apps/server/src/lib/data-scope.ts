import { sql } from 'drizzle-orm';
import { DATA_SCOPE_KINDS, type DataScope } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';

/**
 * How far a user's acting roles reach inside a campus, as the union of their
 * data scopes (contract data-scope.ts): chosen grades, chosen classes, and
 * "own" — the classes they head or teach. null reaches every student.
 */
export interface RoleReach {
  gradeIds: readonly number[];
  classIds: readonly number[];
  isOwn: boolean;
}

/** The union of the acting roles' scopes; one campus-wide role (or none at all) reaches everything. */
export function combineDataScopes(scopes: readonly unknown[]): RoleReach | null {
  if (scopes.length === 0) return null;
  const gradeIds = new Set<number>();
  const classIds = new Set<number>();
  let isOwn = false;
  for (const raw of scopes) {
    const scope = raw as Partial<DataScope> | null;
    const kind = scope?.kind;
    // An unreadable scope reaches nothing rather than everything.
    if (!kind || !(DATA_SCOPE_KINDS as readonly string[]).includes(kind)) continue;
    if (kind === 'campus') return null;
    if (kind === 'own') isOwn = true;
    for (const id of (kind === 'grades' ? scope.gradeIds : kind === 'classes' ? scope.classIds : []) ?? []) {
      if (Number.isInteger(id)) (kind === 'grades' ? gradeIds : classIds).add(id);
    }
  }
  return Object.freeze({ gradeIds: [...gradeIds], classIds: [...classIds], isOwn });
}

/**
 * The classes of one campus a reach covers. "own": classes headed by a teacher
 * record linked to the user, and classes with a student enrolled in a course of
 * the current term that such a teacher teaches.
 */
export async function findReachedClassIds(db: Executor, camId: number, userId: number, reach: RoleReach): Promise<number[]> {
  const gradeIds = `{${reach.gradeIds.join(',')}}`;
  const classIds = `{${reach.classIds.join(',')}}`;
  const own = reach.isOwn
    ? sql`or c.head_teacher_id in (select t.id from teachers t where t.cam_id = ${camId} and t.user_id = ${userId})
          or c.id in (select s.class_id from enrolments e
                        join students s on s.cam_id = e.cam_id and s.id = e.student_id
                        join courses co on co.cam_id = e.cam_id and co.id = e.course_id
                        join terms tm on tm.cam_id = co.cam_id and tm.id = co.term_id and tm.is_current
                        join teachers t on t.cam_id = co.cam_id and t.id = co.teacher_id and t.user_id = ${userId}
                       where e.cam_id = ${camId} and s.class_id is not null)`
    : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select c.id from classes c
        where c.cam_id = ${camId}
          and (c.grade_id = any(${gradeIds}::int[]) or c.id = any(${classIds}::int[]) ${own})
        order by c.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** The grade or class ids of a scope that name no grade or class (of any campus: a role is not a campus's). */
export async function findUnknownScopeIds(db: Executor, scope: DataScope): Promise<{ field: string; ids: number[] } | null> {
  const field = scope.kind === 'grades' ? 'gradeIds' : scope.kind === 'classes' ? 'classIds' : null;
  const ids = (scope.kind === 'grades' ? scope.gradeIds : scope.classIds) ?? [];
  if (!field || ids.length === 0) return null;
  const table = sql.raw(field === 'gradeIds' ? 'grades' : 'classes');
  const rows = await queryRows<{ id: number }>(db, sql`select id from ${table} where id = any(${`{${ids.join(',')}}`}::int[])`);
  const found = new Set(rows.map((r) => Number(r.id)));
  const unknown = ids.filter((id) => !found.has(id));
  return unknown.length ? { field: `dataScope.${field}`, ids: unknown } : null;
}
