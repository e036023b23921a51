import { and, count, eq, inArray } from 'drizzle-orm';
import { ResultCode } from '@campus/contract';
import { classes, grades, students } from '../db/schema/campus.js';
import { AppError, conflict } from './app-error.js';
import type { CampusScope } from './campus-scope.js';

export interface ClassInfo {
  id: number;
  name: string;
  gradeName: string;
  capacity: number | null;
  status: string;
}

/** "高一 1班": how people name a class. */
export const classLabel = (c: { gradeName: string; name: string }) => `${c.gradeName} ${c.name}`.trim();

export const missingClass = (field: string, id: unknown) =>
  new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: String(id) });

/** The class `id` of the campus with its grade's name; null when there is none. */
export async function loadClassInfo(scope: CampusScope, id: number): Promise<ClassInfo | null> {
  const [row] = await scope
    .select(
      classes,
      { id: classes.id, name: classes.name, gradeName: grades.name, capacity: classes.capacity, status: classes.status },
      eq(classes.id, id),
    )
    .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades));
  return row ?? null;
}

/** The class of a grade and class name, when the campus has it (active). */
export async function findClassByNames(scope: CampusScope, gradeName: string, className: string): Promise<ClassInfo | null> {
  const [row] = await scope
    .select(
      classes,
      { id: classes.id, name: classes.name, gradeName: grades.name, capacity: classes.capacity, status: classes.status },
      eq(classes.name, className),
      eq(classes.status, 'active'),
      eq(grades.name, gradeName),
    )
    .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades));
  return row ?? null;
}

/**
 * A class can take these students: it is active, and its capacity (if any)
 * holds them beside the students it has (those already in it count once).
 */
export async function assertClassTakes(scope: CampusScope, info: ClassInfo, studentIds: readonly number[], field: string): Promise<void> {
  if (info.status !== 'active') throw conflict('class.graduated', { field, name: classLabel(info) });
  if (info.capacity === null) return;
  const [row] = await scope.select(students, { n: count() }, eq(students.classId, info.id));
  const has = row?.n ?? 0;
  const already = studentIds.length
    ? await scope.count(students, and(eq(students.classId, info.id), inArray(students.id, [...studentIds])))
    : 0;
  const adding = Math.max(studentIds.length, 1) - already;
  if (has + adding > info.capacity) {
    throw conflict('class.full', { field, name: classLabel(info), capacity: info.capacity, count: has, adding });
  }
}

/** Graduates among these students refuse any change: their records are read-only. */
export async function assertNoGraduates(scope: CampusScope, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const found = await scope
    .select(students, { name: students.name }, inArray(students.id, [...ids]), eq(students.status, 'graduated'))
    .orderBy(students.id)
    .limit(4);
  if (found.length) {
    const names = found.slice(0, 3).map((s) => s.name);
    throw conflict('class.graduatedReadOnly', { names: names.join(', ') + (found.length > 3 ? ', …' : '') });
  }
}
