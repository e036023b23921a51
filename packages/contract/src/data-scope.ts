import { z } from 'zod';
import { idField, listField } from './fields.js';

/**
 * A role's reach inside a campus: the whole campus, chosen grades, chosen
 * classes, or "own" — the classes the user heads or teaches (a course of theirs
 * has a student of the class). Applied by the server to every read and write of
 * students and what shows them (enrolments, timetables, reports, exports, the
 * dashboard). A user with several roles reaches the union of them.
 */
export const DATA_SCOPE_KINDS = ['campus', 'grades', 'classes', 'own'] as const;
export type DataScopeKind = (typeof DATA_SCOPE_KINDS)[number];

const ids = () => listField(idField()).pipe(z.array(z.number()).max(500));

export const dataScopeSchema = z
  .strictObject({
    kind: z.enum(DATA_SCOPE_KINDS),
    gradeIds: ids().optional(),
    classIds: ids().optional(),
  })
  .refine((s) => s.kind !== 'grades' || (s.gradeIds?.length ?? 0) > 0, { message: 'rule.required', path: ['gradeIds'] })
  .refine((s) => s.kind !== 'classes' || (s.classIds?.length ?? 0) > 0, { message: 'rule.required', path: ['classIds'] });
export type DataScope = z.infer<typeof dataScopeSchema>;

/** What a role answers: the ids only for the kinds that use them. */
export const dataScopeAnswerSchema = z.object({
  kind: z.enum(DATA_SCOPE_KINDS),
  gradeIds: z.array(z.number().int()).optional(),
  classIds: z.array(z.number().int()).optional(),
});

export const CAMPUS_WIDE: DataScope = { kind: 'campus' };

/** The stored scope without the ids its kind does not use. */
export function normaliseDataScope(scope: DataScope): DataScope {
  if (scope.kind === 'grades') return { kind: 'grades', gradeIds: [...new Set(scope.gradeIds ?? [])].sort((a, b) => a - b) };
  if (scope.kind === 'classes') return { kind: 'classes', classIds: [...new Set(scope.classIds ?? [])].sort((a, b) => a - b) };
  return { kind: scope.kind };
}
