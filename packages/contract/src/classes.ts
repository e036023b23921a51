import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { boolField, idField, intField, listField, text } from './fields.js';
import { sortField, studentQuerySchema } from './educate.js';
import { STUDENT_STATUSES } from './educate-values.js';

// Grades, classes (行政班), the school year and bulk changes of students
// (docs/api-conventions.md, "Grades, classes and the school year").

export const CLASS_STATUSES = ['active', 'graduated'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

const stamps = { id: z.number().int(), createdAt: z.string(), updatedAt: z.string() };
const emptyToNull = (v: unknown) => (v === '' ? null : v);
const optId = () => z.preprocess(emptyToNull, idField().nullable()).optional();
const keyword = () => text().trim().max(64).optional();
/** "2025-2026": the school year a class is in, or empty when unknown. */
export const SCHOOL_YEAR_PATTERN = /^\d{4}-\d{4}$/;
const schoolYearField = () => z.union([z.literal(''), text().trim().regex(SCHOOL_YEAR_PATTERN)]);

// ---- grades ------------------------------------------------------------------

const gradeFields = {
  name: text().trim().min(1).max(32),
  /** The school's order: 高一 before 高二 before 高三, whatever the names sort as. */
  order: intField().pipe(z.number().min(0).max(1000)),
};
export const gradeCreateSchema = z.strictObject(gradeFields);
export const gradeUpdateSchema = z.strictObject(gradeFields).partial();
export const GRADE_SORTS = ['order', 'name', 'createdAt'] as const;
export const gradeQuerySchema = z.strictObject({ ...pageQueryShape, sort: sortField(GRADE_SORTS), keyword: keyword() });
export const gradeSchema = z.object({ ...stamps, name: z.string(), order: z.number().int() });
export type Grade = z.infer<typeof gradeSchema>;

// ---- classes -----------------------------------------------------------------

const classFields = {
  name: text().trim().min(1).max(32),
  gradeId: idField(),
  headTeacherId: optId(),
  roomId: optId(),
  capacity: z.preprocess(emptyToNull, intField().pipe(z.number().min(1).max(1000)).nullable()).optional(),
  schoolYear: schoolYearField().optional(),
};
export const classCreateSchema = z.strictObject(classFields);
export const classUpdateSchema = z.strictObject(classFields).partial();
export const CLASS_SORTS = ['name', 'grade', 'studentCount', 'schoolYear', 'createdAt'] as const;
export const classQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(CLASS_SORTS),
  keyword: keyword(),
  gradeId: idField().optional(),
  headTeacherId: idField().optional(),
  status: z.enum(CLASS_STATUSES).optional(),
  schoolYear: text().trim().max(32).optional(),
});
export const classSchema = z.object({
  ...stamps,
  name: z.string(),
  gradeId: z.number().int(),
  headTeacherId: z.number().int().nullable(),
  roomId: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  schoolYear: z.string(),
  status: z.enum(CLASS_STATUSES),
});
export type SchoolClass = z.infer<typeof classSchema>;
/**
 * The class pickers' choices (the student form and list, the timetable): the active classes the caller reaches with
 * their grades in the school's order. Open to whoever works on students, not only to class managers.
 */
export const classChoicesSchema = z.object({
  grades: z.array(z.object({ id: z.number().int(), name: z.string() })),
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), gradeId: z.number().int() })),
});
export type ClassChoices = z.infer<typeof classChoicesSchema>;
/** A class as lists and its page show it: with its grade, head teacher, room and head count. */
export const classDetailSchema = classSchema.extend({
  gradeName: z.string(),
  gradeOrder: z.number().int(),
  headTeacherName: z.string().nullable(),
  roomName: z.string().nullable(),
  studentCount: z.number().int(),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

/** A class page's figures: students by status and gender, courses its students take. */
export const classOverviewSchema = z.object({
  class: classDetailSchema,
  byStatus: z.array(z.object({ status: z.enum(STUDENT_STATUSES), count: z.number().int() })),
  byGender: z.array(z.object({ gender: z.string(), count: z.number().int() })),
  courses: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      teacherName: z.string(),
      termName: z.string(),
      /** Students of this class enrolled in it. */
      enrolled: z.number().int(),
    }),
  ),
});
export type ClassOverview = z.infer<typeof classOverviewSchema>;

/** Moves students into a class (or out of every class with null); all or none. */
export const classMoveBodySchema = z.strictObject({
  studentIds: listField(idField()).pipe(z.array(z.number()).min(1).max(1000)),
});

// ---- the school year ---------------------------------------------------------

export const HEAD_TEACHER_CHOICES = ['keep', 'clear'] as const;
export const promoteQuerySchema = z.strictObject({ dryRun: boolField().default(true) });
export const promoteBodySchema = z.strictObject({
  /** Head teachers stay with their class as it moves up, or the classes start the year without one. */
  headTeachers: z.enum(HEAD_TEACHER_CHOICES).default('keep'),
  /** The school year the classes move into; default: each class's next one. */
  schoolYear: schoolYearField().optional(),
});
export const promotionClassSchema = z.object({
  id: z.number().int(),
  /** "高一 1班" before and after. */
  from: z.string(),
  to: z.string(),
  graduates: z.boolean(),
  students: z.number().int(),
});
export const promotionResultSchema = z.object({
  classes: z.array(promotionClassSchema),
  /** Students who graduate (the last grade's, enrolled or suspended). */
  graduated: z.number().int(),
  /** The run to undo (a real run only). */
  promotionId: z.number().int().nullable(),
});
export type PromotionResult = z.infer<typeof promotionResultSchema>;
export const promotionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  username: z.string(),
  classes: z.number().int(),
  graduated: z.number().int(),
  headTeachers: z.enum(HEAD_TEACHER_CHOICES),
  undoneAt: z.string().nullable(),
  /** Until when it may be undone; null once undone or overtaken by a later run. */
  undoUntil: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotionSchema>;

// ---- bulk changes of students ------------------------------------------------

/** The student list's filters, as the list query takes them (no paging): "all rows of the current filter". */
export const studentFilterSchema = studentQuerySchema.pick({
  keyword: true,
  status: true,
  gender: true,
  grade: true,
  className: true,
  classId: true,
  regionCode: true,
});
export type StudentFilter = z.infer<typeof studentFilterSchema>;
/** What a bulk change sets: a status, a class, or one plain field. */
export const studentBulkSetSchema = z
  .strictObject({
    status: z.enum(STUDENT_STATUSES).optional(),
    classId: z.preprocess(emptyToNull, idField().nullable()).optional(),
    enrolDate: z.union([z.literal(''), z.iso.date()]).optional(),
    guardianRelation: text().trim().max(32).optional(),
    remark: text().trim().max(500).optional(),
  })
  .refine((s) => Object.keys(s).length > 0, { message: 'rule.required', path: ['set'] });
export const BULK_MAX = 5000;
export const studentBulkBodySchema = z
  .strictObject({
    ids: listField(idField()).pipe(z.array(z.number()).min(1).max(BULK_MAX)).optional(),
    filter: studentFilterSchema.optional(),
    set: studentBulkSetSchema,
  })
  .refine((b) => (b.ids === undefined) !== (b.filter === undefined), { message: 'rule.idsOrFilter', path: ['ids'] });
export const bulkQuerySchema = z.strictObject({ dryRun: boolField().default(false) });
export const studentBulkResultSchema = z.object({
  /** Rows the change applies to (dry run) or changed (real run). */
  updated: z.number().int(),
  /** A few of them, for the preview. */
  sample: z.array(z.object({ id: z.number().int(), studentNo: z.string(), name: z.string() })),
});
export type StudentBulkResult = z.infer<typeof studentBulkResultSchema>;
