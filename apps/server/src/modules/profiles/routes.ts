import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  Perm,
  recordHistoryItemSchema,
  studentProfileSchema,
  studentSchema,
  teacherProfileSchema,
  teacherSchema,
  type RecordHistoryItem,
  type Student,
  type StudentEnrolment,
  type Teacher,
  type TeacherCourse,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { students, teachers } from '../../db/schema/campus.js';
import { notFound } from '../../lib/app-error.js';
import { buildItemJson } from '../../resources/item-json.js';
import { regionFullName } from '../../lib/regions.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { isClassReached, loadStudentReach } from '../../plugins/data-scope.js';

const tags = ['educate'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const HISTORY_LIMIT = 100;

// The items as their list routes answer them, written by the database from the contract's schemas.
const studentItem = buildItemJson(students, studentSchema);
const teacherItem = buildItemJson(teachers, teacherSchema);

async function readItem<T>(db: Executor, item: SQL | null, table: 'students' | 'teachers', camId: number, id: number): Promise<T> {
  if (!item) throw new Error(`${table}: the item is not plain columns`);
  const from = table === 'students' ? sql`students` : sql`teachers`;
  const [row] = await queryRows<{ item: string }>(db, sql`select ${item} as item from ${from} where cam_id = ${camId} and id = ${id}`);
  if (!row) throw notFound(table === 'students' ? 'student' : 'teacher');
  return JSON.parse(row.item) as T;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** A number or its text, as a JSON array element: ids arrive both ways (JSON bodies and forms). */
const idArrays = (id: number) => [JSON.stringify([id]), JSON.stringify([String(id)])] as const;

/** Log rows about one record of a module: by its id in the path, in a bulk body's ids, or created under its number. */
function ownRowsOf(module: string, id: number, noField: string, no: string): SQL {
  const [num, str] = idArrays(id);
  return sql`(module = ${module} and (params->'params'->>'id' = ${String(id)}
               or params->'body'->'ids' @> ${num}::jsonb or params->'body'->'ids' @> ${str}::jsonb
               or (action = 'add' and params->'body'->>${noField} = ${no})))`;
}

async function readHistory(db: Executor, camId: number, about: SQL): Promise<RecordHistoryItem[]> {
  const rows = await queryRows<{
    id: number | string;
    username: string;
    module: string;
    action: string;
    method: string;
    status: number;
    code: number;
    msg: string;
    created_at: Date | string;
  }>(
    db,
    sql`select id, username, module, action, method, status, code, msg, created_at from oper_logs
        where cam_id = ${camId} and code = 0 and (${about})
        order by created_at desc, id desc limit ${HISTORY_LIMIT}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: iso(r.created_at) }));
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/educate/students/:id/profile',
    {
      config: { access: requirePerm(Perm.studentList, 'campus') },
      schema: {
        tags,
        summary: 'A student with the native place spelled out and every enrolment (all terms, current first)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(studentProfileSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      const student = await readItem<Student>(app.db, studentItem, 'students', camId, id);
      // A role's data scope (decision 022): a student outside it does not exist for the caller.
      if (!isClassReached(await loadStudentReach(request), student.classId)) throw notFound('student');
      const rows = await queryRows<{
        course_id: number;
        course_code: string;
        course_name: string;
        course_status: string;
        credits: string | number;
        term_id: number;
        term_name: string;
        academic_year: string;
        is_current: boolean;
        teacher_id: number;
        teacher_name: string;
        enrolled_at: Date | string;
      }>(
        app.db,
        sql`select c.id as course_id, c.code as course_code, c.name as course_name, c.status as course_status, c.credits,
                   t.id as term_id, t.name as term_name, t.academic_year, t.is_current,
                   th.id as teacher_id, th.name as teacher_name, e.created_at as enrolled_at
            from enrolments e
            join courses c on c.cam_id = e.cam_id and c.id = e.course_id
            join terms t on t.cam_id = c.cam_id and t.id = c.term_id
            join teachers th on th.cam_id = c.cam_id and th.id = c.teacher_id
            where e.cam_id = ${camId} and e.student_id = ${id}
            order by t.is_current desc, t.start_date desc, c.code`,
      );
      const enrolments: StudentEnrolment[] = rows.map((r) => ({
        courseId: r.course_id,
        courseCode: r.course_code,
        courseName: r.course_name,
        courseStatus: r.course_status,
        credits: Number(r.credits),
        termId: r.term_id,
        termName: r.term_name,
        academicYear: r.academic_year,
        isCurrentTerm: r.is_current,
        teacherId: r.teacher_id,
        teacherName: r.teacher_name,
        enrolledAt: iso(r.enrolled_at),
      }));
      return { code: 0, msg: 'ok', data: { student, regionName: regionFullName(student.regionCode), enrolments } };
    },
  );

  app.get(
    '/educate/teachers/:id/profile',
    {
      config: { access: requirePerm(Perm.teacherList, 'campus') },
      schema: {
        tags,
        summary: 'A teacher with the native place spelled out and the courses they teach (all terms, current first)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(teacherProfileSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      const teacher = await readItem<Teacher>(app.db, teacherItem, 'teachers', camId, id);
      const rows = await queryRows<{
        course_id: number;
        course_code: string;
        course_name: string;
        course_status: string;
        term_id: number;
        term_name: string;
        academic_year: string;
        is_current: boolean;
        enrolled: number;
        capacity: number;
        weekly_minutes: string | number | null;
      }>(
        app.db,
        sql`select c.id as course_id, c.code as course_code, c.name as course_name, c.status as course_status,
                   t.id as term_id, t.name as term_name, t.academic_year, t.is_current, c.enrolled_count as enrolled, c.capacity,
                   (select sum((se.end_min - se.start_min) * case when se.week_pattern = 'all' then 1.0 else 0.5 end)
                      from schedule_entries se where se.cam_id = c.cam_id and se.course_id = c.id) as weekly_minutes
            from courses c
            join terms t on t.cam_id = c.cam_id and t.id = c.term_id
            where c.cam_id = ${camId} and c.teacher_id = ${id}
            order by t.is_current desc, t.start_date desc, c.code`,
      );
      const courses: TeacherCourse[] = rows.map((r) => ({
        courseId: r.course_id,
        courseCode: r.course_code,
        courseName: r.course_name,
        courseStatus: r.course_status,
        termId: r.term_id,
        termName: r.term_name,
        academicYear: r.academic_year,
        isCurrentTerm: r.is_current,
        enrolled: r.enrolled,
        capacity: r.capacity,
        weeklyMinutes: Number(r.weekly_minutes ?? 0),
      }));
      return { code: 0, msg: 'ok', data: { teacher, regionName: regionFullName(teacher.regionCode), courses } };
    },
  );

  app.get(
    '/educate/students/:id/history',
    {
      config: { access: requirePerm(Perm.operlogList, 'campus') },
      schema: {
        tags,
        summary: 'What was done to a student (operation log, newest first, at most 100): created, edited, enrolled, dropped, deleted',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.array(recordHistoryItemSchema)), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      const [num, str] = idArrays(id);
      const [row] = await queryRows<{ no: string; class_id: number | null }>(
        app.db,
        sql`select student_no as no, class_id from students where cam_id = ${camId} and id = ${id}`,
      );
      if (!row || !isClassReached(await loadStudentReach(request), row.class_id)) throw notFound('student');
      const data = await readHistory(
        app.db,
        camId,
        sql`${ownRowsOf('educate:student', id, 'studentNo', row.no)}
            or (module = 'educate:course' and action = 'enrol'
               and (params->'body'->'studentIds' @> ${num}::jsonb or params->'body'->'studentIds' @> ${str}::jsonb))`,
      );
      return { code: 0, msg: 'ok', data };
    },
  );

  app.get(
    '/educate/teachers/:id/history',
    {
      config: { access: requirePerm(Perm.operlogList, 'campus') },
      schema: {
        tags,
        summary: 'What was done to a teacher (operation log, newest first, at most 100): created, edited, given courses, deleted',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.array(recordHistoryItemSchema)), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      const [row] = await queryRows<{ no: string }>(
        app.db,
        sql`select staff_no as no from teachers where cam_id = ${camId} and id = ${id}`,
      );
      if (!row) throw notFound('teacher');
      const data = await readHistory(
        app.db,
        camId,
        sql`${ownRowsOf('educate:teacher', id, 'staffNo', row.no)}
            or (module = 'educate:course' and action in ('add', 'edit') and params->'body'->>'teacherId' = ${String(id)})`,
      );
      return { code: 0, msg: 'ok', data };
    },
  );
};
