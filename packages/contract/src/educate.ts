import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { dateField, idField, intField, listField, numberField, text } from './fields.js';
import { phoneNumberField } from './phone.js';
import {
  COURSE_SORTS,
  COURSE_STATUSES,
  GENDERS,
  MANAGER_SORTS,
  ROOM_SORTS,
  STAFF_STATUSES,
  STUDENT_SORTS,
  STUDENT_STATUSES,
  TEACHER_SORTS,
  TERM_SORTS,
} from './educate-values.js';

// Fields, rules and list queries of the campus-scoped resources (docs/api-conventions.md).
// Create schemas are strict: an unknown field (cam_id, id, ...) is a 400.

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Forms send '' for "no value". */
const emptyToNull = (v: unknown) => (v === '' ? null : v);

const codeField = () =>
  text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
const nameField = (max = 64) => text().trim().min(1).max(max);
const optText = (max: number) => text().trim().max(max).optional();
const phoneField = phoneNumberField;
const emailField = () => z.union([z.literal(''), z.email().max(128)]).optional();
const optDate = () => z.preprocess(emptyToNull, dateField().nullable()).optional();
const pastDate = () =>
  z
    .preprocess(
      emptyToNull,
      dateField()
        .refine((d) => d <= todayIso(), { message: 'rule.dateNotFuture' })
        .nullable(),
    )
    .optional();
const optId = () => z.preprocess(emptyToNull, idField().nullable()).optional();
/** A six-digit region code (native place); whether it is a known region is the server's check. */
const regionField = () =>
  z
    .preprocess(
      emptyToNull,
      text()
        .trim()
        .regex(/^\d{6}$/)
        .nullable(),
    )
    .optional();
const regionFilter = () =>
  text()
    .trim()
    .regex(/^\d{6}$/)
    .optional();

/** `sort=field:asc|desc` from an allow-list; anything else is a 400 listing the allowed values. */
export function sortField<const F extends string>(fields: readonly F[]) {
  const values = fields.flatMap((f) => [`${f}:asc`, `${f}:desc`] as const);
  return z.enum(values as [`${F}:asc` | `${F}:desc`, ...(`${F}:asc` | `${F}:desc`)[]]).optional();
}

const keyword = () => text().trim().max(64).optional();
const listText = (max: number) => text().trim().max(max).optional();

const stamps = { id: z.number().int(), createdAt: z.string(), updatedAt: z.string() };

// ---- students ----------------------------------------------------------------

const studentFields = {
  studentNo: codeField(),
  name: nameField(),
  gender: z.enum(GENDERS),
  birthDate: pastDate(),
  /** The class (行政班) the student belongs to; grade and className follow it. */
  classId: optId(),
  /** Without classId: the class of this grade and name, made when the campus has none yet. */
  grade: optText(32),
  className: optText(32),
  phone: phoneField(),
  email: emailField(),
  guardianName: optText(64),
  guardianPhone: phoneField(),
  guardianRelation: optText(32),
  status: z.enum(STUDENT_STATUSES),
  enrolDate: optDate(),
  remark: optText(500),
  regionCode: regionField(),
  address: optText(200),
};
/** Enrolled before they were born (2010 and 2020) was taken; an update checks it when it sends both dates, as forms do. */
const checkStudentDates = (v: { birthDate?: string | null; enrolDate?: string | null }, ctx: z.RefinementCtx) => {
  if (v.birthDate && v.enrolDate && v.enrolDate < v.birthDate)
    ctx.addIssue({ code: 'custom', path: ['enrolDate'], message: 'rule.enrolBeforeBirth' });
};
export const studentCreateSchema = z.strictObject(studentFields).superRefine(checkStudentDates);
export const studentUpdateSchema = z.strictObject(studentFields).partial().superRefine(checkStudentDates);
export const studentQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(STUDENT_SORTS),
  keyword: keyword(),
  status: z.enum(STUDENT_STATUSES).optional(),
  gender: z.enum(GENDERS).optional(),
  grade: listText(32),
  className: listText(32),
  /** Native place in this region or under it (a province matches its cities and counties). */
  regionCode: regionFilter(),
  classId: idField().optional(),
});
export const studentSchema = z.object({
  ...stamps,
  studentNo: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  birthDate: z.string().nullable(),
  classId: z.number().int().nullable(),
  grade: z.string(),
  className: z.string(),
  phone: z.string(),
  email: z.string(),
  guardianName: z.string(),
  guardianPhone: z.string(),
  guardianRelation: z.string(),
  status: z.enum(STUDENT_STATUSES),
  enrolDate: z.string().nullable(),
  remark: z.string(),
  regionCode: z.string().nullable(),
  address: z.string(),
});
export type Student = z.infer<typeof studentSchema>;
export type StudentCreate = z.infer<typeof studentCreateSchema>;
export type StudentQuery = z.infer<typeof studentQuerySchema>;

// ---- teachers ----------------------------------------------------------------

const teacherFields = {
  staffNo: codeField(),
  name: nameField(),
  gender: z.enum(GENDERS),
  phone: phoneField(),
  email: emailField(),
  subject: optText(64),
  title: optText(64),
  status: z.enum(STAFF_STATUSES),
  hireDate: pastDate(),
  userId: optId(),
  regionCode: regionField(),
  address: optText(200),
};
export const teacherCreateSchema = z.strictObject(teacherFields);
export const teacherUpdateSchema = z.strictObject(teacherFields).partial();
export const teacherQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(TEACHER_SORTS),
  keyword: keyword(),
  status: z.enum(STAFF_STATUSES).optional(),
  gender: z.enum(GENDERS).optional(),
  subject: listText(64),
  regionCode: regionFilter(),
});
export const teacherSchema = z.object({
  ...stamps,
  staffNo: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  title: z.string(),
  status: z.enum(STAFF_STATUSES),
  hireDate: z.string().nullable(),
  userId: z.number().int().nullable(),
  regionCode: z.string().nullable(),
  address: z.string(),
});
export type Teacher = z.infer<typeof teacherSchema>;

// ---- managers ----------------------------------------------------------------

const managerFields = {
  staffNo: codeField(),
  name: nameField(),
  gender: z.enum(GENDERS),
  phone: phoneField(),
  email: emailField(),
  position: optText(64),
  deptId: optId(),
  status: z.enum(STAFF_STATUSES),
  userId: optId(),
};
export const managerCreateSchema = z.strictObject(managerFields);
export const managerUpdateSchema = z.strictObject(managerFields).partial();
export const managerQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(MANAGER_SORTS),
  keyword: keyword(),
  status: z.enum(STAFF_STATUSES).optional(),
  deptId: idField().optional(),
});
export const managerSchema = z.object({
  ...stamps,
  staffNo: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  email: z.string(),
  position: z.string(),
  deptId: z.number().int().nullable(),
  status: z.enum(STAFF_STATUSES),
  userId: z.number().int().nullable(),
});
export type Manager = z.infer<typeof managerSchema>;

// ---- rooms -------------------------------------------------------------------

const roomFields = {
  code: codeField(),
  name: nameField(),
  capacity: intField().pipe(z.number().min(1).max(10_000)),
};
export const roomCreateSchema = z.strictObject(roomFields);
export const roomUpdateSchema = z.strictObject(roomFields).partial();
export const roomQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(ROOM_SORTS),
  keyword: keyword(),
  minCapacity: intField().pipe(z.number().min(0)).optional(),
});
export const roomSchema = z.object({ ...stamps, code: z.string(), name: z.string(), capacity: z.number().int() });
export type Room = z.infer<typeof roomSchema>;

// ---- terms -------------------------------------------------------------------

const termFields = {
  name: nameField(),
  academicYear: text()
    .trim()
    .regex(/^\d{4}-\d{4}$/),
  startDate: dateField(),
  endDate: dateField(),
  current: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).optional(),
};
const termDatesInOrder = (t: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !t.startDate || !t.endDate || t.startDate <= t.endDate;
export const termCreateSchema = z.strictObject(termFields).refine(termDatesInOrder, { message: 'rule.termDates', path: ['endDate'] });
export const termUpdateSchema = z
  .strictObject(termFields)
  .partial()
  .refine(termDatesInOrder, { message: 'rule.termDates', path: ['endDate'] });
export const termQuerySchema = z.strictObject({ ...pageQueryShape, sort: sortField(TERM_SORTS), keyword: keyword() });
export const termSchema = z.object({
  ...stamps,
  name: z.string(),
  academicYear: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  current: z.boolean(),
});
export type Term = z.infer<typeof termSchema>;

// ---- courses -----------------------------------------------------------------

const courseFields = {
  code: codeField(),
  name: nameField(100),
  termId: idField(),
  teacherId: idField(),
  capacity: intField().pipe(z.number().min(1).max(10_000)),
  credits: numberField().pipe(z.number().min(0).max(99)).optional(),
  hours: intField().pipe(z.number().min(0).max(10_000)).optional(),
  description: optText(2000),
  status: z.enum(COURSE_STATUSES).optional(),
};
export const courseCreateSchema = z.strictObject(courseFields);
export const courseUpdateSchema = z.strictObject(courseFields).partial();
export const courseQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(COURSE_SORTS),
  keyword: keyword(),
  termId: idField().optional(),
  teacherId: idField().optional(),
  /** The courses a student is enrolled in. */
  studentId: idField().optional(),
  status: z.enum(COURSE_STATUSES).optional(),
});
export const courseSchema = z.object({
  ...stamps,
  code: z.string(),
  name: z.string(),
  termId: z.number().int(),
  teacherId: z.number().int(),
  capacity: z.number().int(),
  enrolled: z.number().int(),
  credits: z.number(),
  hours: z.number().int(),
  description: z.string(),
  status: z.enum(COURSE_STATUSES),
});
export type Course = z.infer<typeof courseSchema>;

export const enrolmentQuerySchema = z.strictObject({ ...pageQueryShape, keyword: keyword() });
export const enrolledStudentSchema = studentSchema.extend({ enrolledAt: z.string() });

export const studentIdsBodySchema = z.strictObject({
  studentIds: listField(idField()).pipe(z.array(z.number()).min(1).max(500)),
});
