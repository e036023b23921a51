import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatMessage, type OperlogChange } from '@campus/contract';
import { classes, grades, students } from '../../db/schema/campus.js';
import { AppError, conflict } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { assertClassTakes, classLabel, findClassByNames, loadClassInfo, missingClass, type ClassInfo } from '../../lib/class-intake.js';
import type { ImportRowError } from '../../lib/import-rows.js';
import { isClassReached, loadStudentReach, type StudentReach } from '../../plugins/data-scope.js';
import type { Values } from '../../resources/campus-resource.js';
import { diffValues } from '../../resources/log-changes.js';
import { scopeOf } from '../../resources/route-parts.js';

type Row = typeof students.$inferSelect;

const needClass = (field: string) => new AppError(400, 400, 'dataScope.needClass', { field }, { field });

/**
 * The class a write puts the student in: classId when given (null: none), else
 * the class of the grade and class names (null when the campus has none yet:
 * the database makes it), else the student's own. `field` names the one to blame.
 */
async function findTargetClass(
  scope: CampusScope,
  values: Values,
  existing: Row | null,
): Promise<{ info: ClassInfo | null; field: string; isNew: boolean; isChange: boolean }> {
  if (values.classId !== undefined) {
    const id = values.classId as number | null;
    if (id === null) return { info: null, field: 'classId', isNew: false, isChange: existing?.classId !== null };
    const info = await loadClassInfo(scope, id);
    if (!info) throw missingClass('classId', id);
    return { info, field: 'classId', isNew: false, isChange: existing?.classId !== id };
  }
  if (values.grade !== undefined || values.className !== undefined) {
    const grade = (values.grade as string | undefined) ?? existing?.grade ?? '';
    const name = (values.className as string | undefined) ?? existing?.className ?? '';
    if (!grade || !name) return { info: null, field: 'className', isNew: false, isChange: existing?.classId !== null };
    const info = await findClassByNames(scope, grade, name);
    return { info, field: 'className', isNew: info === null, isChange: info?.id !== existing?.classId };
  }
  if (!existing?.classId) return { info: null, field: 'classId', isNew: false, isChange: false };
  return { info: await loadClassInfo(scope, existing.classId), field: 'classId', isNew: false, isChange: false };
}

/**
 * A student write: graduates are read-only; the class must be one the caller
 * reaches (a scoped caller cannot leave a student without a class, nor make a
 * class by naming it); a class changed into must be active with a free seat.
 */
export async function guardStudentWrite(request: FastifyRequest, values: Values, existing: Row | null): Promise<void> {
  if (existing?.status === 'graduated') throw conflict('class.graduatedReadOnly', { names: existing.name });
  const scope = scopeOf(request);
  const reach = await loadStudentReach(request);
  const target = await findTargetClass(scope, values, existing);
  if (!reach.isAll) {
    // A scoped caller keeps every student in a class they reach, and makes no class by naming it.
    if (target.info === null) throw needClass(target.field);
    if (!isClassReached(reach, target.info.id)) throw missingClass(target.field, target.info.id);
  }
  if (target.info && target.isChange) await assertClassTakes(scope, target.info, existing ? [existing.id] : [], target.field);
}

/** An update's changes in words: a move reads as the class before and after, not as ids. */
export async function describeStudentChanges(scope: CampusScope, existing: Row, values: Values): Promise<OperlogChange[]> {
  const changes = diffValues(existing as unknown as Values, values).filter((c) => c.field !== 'classId');
  const moved = values.classId !== undefined && values.classId !== existing.classId;
  if (moved) {
    const after = typeof values.classId === 'number' ? await loadClassInfo(scope, values.classId) : null;
    const rest = changes.filter((c) => c.field !== 'grade' && c.field !== 'className');
    const before = existing.classId === null ? '' : classLabel({ gradeName: existing.grade, name: existing.className });
    return [{ field: 'classId', before, after: after ? classLabel(after) : '' }, ...rest];
  }
  return changes;
}

/**
 * The import rows a caller may not write: graduates (read-only), students
 * outside their data scope, and classes outside it (or not yet made, for a
 * scoped caller).
 */
export async function checkStudentRows(
  request: FastifyRequest,
  rows: { row: number; values: Values }[],
  columnOf: (field: string) => string,
): Promise<ImportRowError[]> {
  const scope = scopeOf(request);
  const reach = await loadStudentReach(request);
  const keys = rows.map((r) => String(r.values.studentNo));
  const found = new Map<string, { status: string; classId: number | null; name: string }>();
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = await scope.select(
      students,
      { studentNo: students.studentNo, status: students.status, classId: students.classId, name: students.name },
      inArray(students.studentNo, keys.slice(i, i + 1000)),
    );
    for (const s of chunk) found.set(s.studentNo, s);
  }
  const errors: ImportRowError[] = [];
  const classCache = new Map<string, ClassInfo | null>();
  for (const { row, values } of rows) {
    const existing = found.get(String(values.studentNo));
    const say = (key: string, msg: Parameters<typeof formatMessage>[1], params: Record<string, string> = {}) =>
      errors.push({ row, field: columnOf(key), key, msg: formatMessage(request.locale, msg, { field: columnOf(key), ...params }) });
    if (existing?.status === 'graduated') {
      say('studentNo', 'class.graduatedReadOnly', { names: existing.name });
      continue;
    }
    if (reach.isAll) continue;
    if (existing && !isClassReached(reach, existing.classId)) {
      say('studentNo', 'dataScope.outside');
      continue;
    }
    const grade = (values.grade as string | undefined) ?? '';
    const name = (values.className as string | undefined) ?? '';
    const key = `${grade}\u0000${name}`;
    if (!classCache.has(key)) classCache.set(key, grade && name ? await findClassByNames(scope, grade, name) : null);
    const info = classCache.get(key) ?? null;
    if (!isReachedClass(reach, info)) say('className', 'dataScope.needClass');
  }
  return errors;
}

const isReachedClass = (reach: StudentReach, info: ClassInfo | null) => info !== null && isClassReached(reach, info.id);

/**
 * The grades and classes an import will make because its rows name them for the first time. A typo ("高4" for "高三")
 * made a grade without a word, and the year-end promotion then moved the real 高三 into it instead of graduating it.
 */
export async function describeNewClasses(request: FastifyRequest, rows: { row: number; values: Values }[]): Promise<string[]> {
  const named = new Map<string, { grade: string; name: string; rows: number[] }>();
  for (const { row, values } of rows) {
    if (values.classId !== undefined) continue;
    const grade = typeof values.grade === 'string' ? values.grade : '';
    const name = typeof values.className === 'string' ? values.className : '';
    if (!grade || !name) continue;
    const key = `${grade}\u0000${name}`;
    const entry = named.get(key) ?? { grade, name, rows: [] };
    entry.rows.push(row);
    named.set(key, entry);
  }
  if (!named.size) return [];
  const scope = scopeOf(request);
  const [gradeRows, classRows] = await Promise.all([
    scope.select(grades, { name: grades.name }),
    scope
      .select(classes, { name: classes.name, gradeName: grades.name }, eq(classes.status, 'active'))
      .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades)),
  ]);
  const knownGrades = new Set(gradeRows.map((g) => g.name));
  const knownClasses = new Set(classRows.map((c) => `${c.gradeName}\u0000${c.name}`));
  const listRows = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.slice(0, 5).join(', ') + (sorted.length > 5 ? ', …' : '');
  };
  const newGrades = new Map<string, number[]>();
  const notes: string[] = [];
  for (const c of named.values()) {
    if (!knownGrades.has(c.grade)) newGrades.set(c.grade, [...(newGrades.get(c.grade) ?? []), ...c.rows]);
    else if (!knownClasses.has(`${c.grade}\u0000${c.name}`))
      notes.push(formatMessage(request.locale, 'import.newClass', { grade: c.grade, name: c.name, rows: listRows(c.rows) }));
  }
  const gradeNotes = [...newGrades].map(([grade, list]) =>
    formatMessage(request.locale, 'import.newGrade', { grade, rows: listRows(list) }),
  );
  return [...gradeNotes, ...notes];
}
