import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courseCreateSchema,
  courseQuerySchema,
  courseSchema,
  courseUpdateSchema,
  enrolledStudentSchema,
  enrolmentQuerySchema,
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  pageSchema,
  ResultCode,
  studentIdsBodySchema,
  formatHm,
  WEEKDAY_LABELS,
  type Course,
  type Locale,
  type ScheduleConflict,
  Perm,
} from '@campus/contract';
import { courses, enrolments, scheduleEntries, students, teachers, terms } from '../../db/schema/campus.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { type CampusCrudSpec, type Reference, type Values } from '../../resources/campus-resource.js';
import { keywordCondition } from '../../resources/keyword-sql.js';
import { createRoute, deleteManyRoute, deleteRoute, updateRoute } from '../../resources/write-routes.js';
import { getRoute, listRoute } from '../../resources/read-routes.js';
import { inReach, loadStudentReach } from '../../plugins/data-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import {
  assertNoEnrolmentClash,
  clashError,
  findWriteClashes,
  loadEntries,
  lockCampusSchedules,
  type EntryRow,
} from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';
import { courseExportRoute } from './export.js';

type Row = typeof courses.$inferSelect;

// Spelled out: a spread in a literal this wide is many times slower in V8, and a list page maps hundreds.
const toCourse = (r: Row): Course => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  code: r.code,
  name: r.name,
  termId: r.termId,
  teacherId: r.teacherId,
  capacity: r.capacity,
  enrolled: r.enrolledCount,
  credits: Number(r.credits),
  hours: r.hours,
  description: r.description,
  status: r.status as Course['status'],
});

const missingRef = (field: string, id: unknown) => new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: String(id) });

async function assertInCampus(scope: CampusScope, values: Values) {
  if (values.termId !== undefined) {
    const [t] = await scope.select(terms, { id: terms.id }, eq(terms.id, values.termId as number));
    if (!t) throw missingRef('termId', values.termId);
  }
  if (values.teacherId !== undefined) {
    const [t] = await scope.select(teachers, { id: teachers.id }, eq(teachers.id, values.teacherId as number));
    if (!t) throw missingRef('teacherId', values.teacherId);
  }
}

/**
 * A course's entries follow it: a new term must hold their weeks, and the
 * entries taught by the course's teacher move to its new teacher. Both are
 * re-checked by the clash engine under the schedule lock; a refusal writes
 * nothing (the caller's transaction rolls back).
 */
async function moveEntriesWithCourse(scope: CampusScope, values: Values, existing: Row, locale: Locale) {
  const newTeacher = values.teacherId as number | undefined;
  const newTerm = values.termId as number | undefined;
  const isTeacherChange = newTeacher !== undefined && newTeacher !== existing.teacherId;
  const isTermChange = newTerm !== undefined && newTerm !== existing.termId;
  if (!isTeacherChange && !isTermChange) return;
  await lockCampusSchedules(scope.db, scope.camId);
  const entries = await loadEntries(scope, eq(scheduleEntries.courseId, existing.id));
  if (!entries.length) return;
  const termId = newTerm ?? existing.termId;
  if (isTermChange) {
    const [term] = await scope.select(terms, { startDate: terms.startDate, endDate: terms.endDate }, eq(terms.id, termId));
    if (!term) throw missingRef('termId', termId);
    const weeks = countTermWeeks(term);
    const beyond = entries.filter((e) => e.weekEnd > weeks);
    if (beyond.length) {
      throw conflict(
        'schedule.entriesBeyondTerm',
        { field: 'termId', count: beyond.length, weeks, entries: describeEntries(beyond, locale) },
        { entryIds: beyond.map((e) => e.id) },
      );
    }
  }
  const conflicts: ScheduleConflict[] = [];
  for (const e of entries) {
    const teacherId = isTeacherChange && e.teacherId === existing.teacherId ? newTeacher : e.teacherId;
    const proposed = { ...e, teacherId, termId };
    const found = await findWriteClashes(scope, proposed, locale);
    conflicts.push(...found.map((c) => ({ ...c, withEntryId: e.id })));
  }
  if (conflicts.length) throw clashError(conflicts, locale);
  if (isTeacherChange) {
    await scope.update(
      scheduleEntries,
      { teacherId: newTeacher, updatedAt: new Date() },
      eq(scheduleEntries.courseId, existing.id),
      eq(scheduleEntries.teacherId, existing.teacherId),
    );
  }
}

/** "Algebra Mon 08:00-09:40 [1-20]": enough for staff to find the entry. */
function describeEntries(entries: readonly EntryRow[], locale: Locale): string {
  const shown = entries
    .slice(0, 3)
    .map(
      (e) =>
        `${e.courseName} ${WEEKDAY_LABELS[e.weekday]?.[locale] ?? e.weekday} ${formatHm(e.startMin)}-${formatHm(e.endMin)} [${e.weekStart}-${e.weekEnd}]`,
    );
  return shown.join(', ') + (entries.length > shown.length ? ', …' : '');
}

export const courseSpec: CampusCrudSpec<typeof courses> = {
  thing: 'course',
  table: courses,
  perms: { list: Perm.courseList, add: Perm.courseAdd, edit: Perm.courseEdit, delete: Perm.courseDelete },
  schemas: { create: courseCreateSchema, update: courseUpdateSchema, query: courseQuerySchema, item: courseSchema },
  sortColumns: {
    code: courses.code,
    name: courses.name,
    capacity: courses.capacity,
    enrolled: courses.enrolledCount,
    status: courses.status,
    createdAt: courses.createdAt,
  },
  defaultOrder: { column: courses.createdAt, direction: 'desc' },
  keywordColumns: [courses.code, courses.name],
  filters: (q: Values) => [
    q.termId ? eq(courses.termId, q.termId as number) : undefined,
    q.teacherId ? eq(courses.teacherId, q.teacherId as number) : undefined,
    q.status ? eq(courses.status, q.status as string) : undefined,
    // A semi-join on the enrolment's key (cam_id, course_id, student_id); the
    // campus comes from the list's own cam_id condition.
    q.studentId
      ? sql`exists (select 1 from ${enrolments} where ${enrolments.camId} = ${courses.camId} and ${enrolments.courseId} = ${courses.id} and ${enrolments.studentId} = ${q.studentId as number})`
      : undefined,
  ],
  uniques: [],
  toValues: (body) => ({ ...body }),
  toItem: toCourse,
  describeRow: (r) => ({ name: r.name, code: r.code }),
  async check(scope, values, existing) {
    await assertInCampus(scope, values);
    const termId = (values.termId as number | undefined) ?? existing?.termId;
    const code = (values.code as string | undefined) ?? existing?.code;
    const [dup] = await scope
      .select(
        courses,
        { id: courses.id },
        eq(courses.termId, termId ?? 0),
        eq(courses.code, code ?? ''),
        existing ? sql`${courses.id} <> ${existing.id}` : undefined,
      )
      .limit(1);
    if (dup) throw conflict('data.duplicate', { field: 'code', value: code ?? '' }, { field: 'code' });
    if (existing && typeof values.capacity === 'number' && values.capacity < existing.enrolledCount) {
      throw conflict('data.capacityBelowEnrolled', { enrolled: existing.enrolledCount });
    }
  },
  async beforeWrite(scope, values, existing, locale) {
    if (existing) await moveEntriesWithCourse(scope, values, existing, locale);
  },
  async findReferences(scope, ids) {
    const refs: Reference[] = [];
    const [e] = (await scope
      .select(
        enrolments,
        { n: count(), examples: sql<string[]>`(array_agg(${students.name} order by ${students.id}))[1:3]` },
        inArray(enrolments.courseId, ids),
      )
      .innerJoin(students, scope.on(students.id, enrolments.studentId, students))) as unknown as { n: number; examples: string[] }[];
    if (e?.n) refs.push({ thing: 'student', count: e.n, examples: e.examples });
    const n = await scope.count(scheduleEntries, inArray(scheduleEntries.courseId, ids));
    if (n) refs.push({ thing: 'schedule', count: n, examples: [] });
    return refs;
  },
};

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const courseRoutes: FastifyPluginAsync = async (parent) => {
  const url = '/educate/courses';
  parent.route(courseExportRoute(url, courseSpec));
  parent.route(listRoute(url, courseSpec));
  parent.route(getRoute(url, courseSpec));
  parent.route(createRoute(url, courseSpec));
  parent.route(updateRoute(url, courseSpec));
  parent.route(deleteRoute(url, courseSpec));
  parent.route(deleteManyRoute(url, courseSpec));
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/educate/courses/:id/students',
    {
      config: { access: requirePerm(Perm.courseList, 'campus') },
      schema: {
        tags: ['educate'],
        summary: "A course's enrolled students",
        params: idParamsSchema,
        querystring: enrolmentQuerySchema,
        response: { 200: envelopeSchema(pageSchema(enrolledStudentSchema)), ...errors },
      },
    },
    async (request) => {
      const scope = createCampusScope(app.db, getCampusId(request));
      const [course] = await scope.select(courses, { id: courses.id }, eq(courses.id, request.params.id));
      if (!course) throw notFound('course');
      const { page, pageSize, keyword } = request.query;
      const conds = [
        eq(enrolments.courseId, course.id),
        // A scoped caller sees the enrolled students of their classes only.
        inReach(await loadStudentReach(request), students.classId),
        keywordCondition(
          { keywordColumns: [students.studentNo, students.name, students.phone], keywordGrams: students.searchGrams },
          keyword,
        ),
      ];
      const [rows, [total]] = (await Promise.all([
        scope
          .select(enrolments, { ...getTableColumns(students), enrolledAt: enrolments.createdAt }, ...conds)
          .innerJoin(students, scope.on(students.id, enrolments.studentId, students))
          .orderBy(students.studentNo)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        scope.select(enrolments, { n: count() }, ...conds).innerJoin(students, scope.on(students.id, enrolments.studentId, students)),
      ])) as unknown as [(typeof students.$inferSelect & { enrolledAt: Date })[], { n: number }[]];
      const list = rows.map(({ enrolledAt, ...s }) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
        enrolledAt: enrolledAt.toISOString(),
      }));
      return { code: 0, msg: 'ok', data: { list, total: total?.n ?? 0, page, pageSize } };
    },
  );

  app.post(
    '/educate/courses/:id/students',
    {
      config: { access: requirePerm(Perm.courseEnrol, 'campus'), operlog: { module: 'educate:course', action: 'enrol' } },
      schema: {
        tags: ['educate'],
        summary: 'Enrol students: capacity, duplicates and timetable clashes (409 data.conflicts) checked in one transaction',
        params: idParamsSchema,
        body: studentIdsBodySchema,
        response: { 200: envelopeSchema(z.object({ enrolled: z.number().int(), capacity: z.number().int() })), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const ids = [...new Set(request.body.studentIds)];
      const reach = inReach(await loadStudentReach(request), students.classId);
      const result = await runLoggedTransaction(request, async (tx) => {
        // Taken first, before the course row lock, in the order schedule writes take them (no deadlock).
        await lockCampusSchedules(tx, camId);
        const scope = createCampusScope(tx, camId);
        // The row lock serialises enrolments into one course: no two can both see a free seat.
        const [course] = await scope
          .select(
            courses,
            { id: courses.id, capacity: courses.capacity, enrolled: courses.enrolledCount },
            eq(courses.id, request.params.id),
          )
          .for('update');
        if (!course) throw notFound('course');
        // A student outside the caller's data scope is as missing as one that never was.
        const found = await scope.select(students, { id: students.id }, inArray(students.id, ids), reach);
        if (found.length !== ids.length) {
          const have = new Set(found.map((s) => s.id));
          throw missingRef('studentIds', ids.filter((i) => !have.has(i)).join(', '));
        }
        const already = (await scope
          .select(enrolments, { name: students.name }, eq(enrolments.courseId, course.id), inArray(enrolments.studentId, ids))
          .innerJoin(students, scope.on(students.id, enrolments.studentId, students))) as unknown as { name: string }[];
        if (already.length) throw conflict('data.alreadyEnrolled', { names: already.map((a) => a.name).join(', ') });
        if (course.enrolled + ids.length > course.capacity) {
          throw conflict('data.capacityFull', { capacity: course.capacity, enrolled: course.enrolled, adding: ids.length });
        }
        await assertNoEnrolmentClash(scope, course.id, ids, request.locale);
        await scope.insert(
          enrolments,
          ids.map((studentId) => ({ courseId: course.id, studentId })),
        );
        await scope.update(courses, { enrolledCount: course.enrolled + ids.length, updatedAt: new Date() }, eq(courses.id, course.id));
        return { enrolled: course.enrolled + ids.length, capacity: course.capacity };
      });
      return { code: 0, msg: 'ok', data: result };
    },
  );

  app.delete(
    '/educate/courses/:id/students',
    {
      config: { access: requirePerm(Perm.courseEnrol, 'campus'), operlog: { module: 'educate:course', action: 'drop' } },
      schema: {
        tags: ['educate'],
        summary: 'Drop students from a course',
        params: idParamsSchema,
        body: studentIdsBodySchema,
        response: { 200: envelopeSchema(z.object({ enrolled: z.number().int(), capacity: z.number().int() })), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const reach = await loadStudentReach(request);
      // A scoped caller drops the students of their classes only; the others are left as they are.
      const ids = reach.isAll
        ? request.body.studentIds
        : (
            await createCampusScope(app.db, camId).select(
              students,
              { id: students.id },
              inArray(students.id, request.body.studentIds),
              inReach(reach, students.classId),
            )
          ).map((s) => s.id);
      const result = await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        const [course] = await scope
          .select(courses, { id: courses.id, capacity: courses.capacity }, eq(courses.id, request.params.id))
          .for('update');
        if (!course) throw notFound('course');
        const dropped = ids.length
          ? await scope
              .delete(enrolments, and(eq(enrolments.courseId, course.id), inArray(enrolments.studentId, ids)))
              .returning({ id: enrolments.id })
          : [];
        const remaining = await scope.count(enrolments, eq(enrolments.courseId, course.id));
        await scope.update(courses, { enrolledCount: remaining, updatedAt: new Date() }, eq(courses.id, course.id));
        if (dropped.length === 0) throw notFound('enrolment');
        return { enrolled: remaining, capacity: course.capacity };
      });
      return { code: 0, msg: 'ok', data: result };
    },
  );
};
