import { asc, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courseEntryParamsSchema,
  courseScheduleSchema,
  envelopeSchema,
  errorSchema,
  formatHm,
  freeSlotQuerySchema,
  freeSlotsAnswerSchema,
  idParamsSchema,
  okSchema,
  parseHm,
  ResultCode,
  scheduleEntryCreateSchema,
  scheduleEntryUpdateSchema,
  scheduleWriteResultSchema,
  type WeekPattern,
  Perm,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { courses, rooms, scheduleEntries, teachers, terms } from '../../db/schema/campus.js';
import { campuses } from '../../db/schema/system.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { pickColumns } from '../../lib/columns.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { findFreeSlots } from './free-slots.js';
import {
  clashError,
  findCapacityWarnings,
  findWriteClashes,
  loadEntries,
  loadEnrolledIds,
  loadTermEngineEntries,
  namedStatement,
  lockCampusSchedules,
  toEntryDto,
  type EntryRow,
  type ProposedEntry,
} from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';

const tags = ['educate'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const PERMS = {
  list: Perm.scheduleList,
  add: Perm.scheduleAdd,
  edit: Perm.scheduleEdit,
  delete: Perm.scheduleDelete,
} as const;

const missingRef = (field: string, id: unknown) => new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: String(id) });

interface CourseWithTerm {
  id: number;
  code: string;
  name: string;
  termId: number;
  teacherId: number;
  capacity: number;
  enrolled: number;
  term: { id: number; name: string; academicYear: string; startDate: string; endDate: string; weeks: number };
}

async function loadCourse(scope: CampusScope, id: number): Promise<CourseWithTerm> {
  const [row] = await scope
    .select(
      courses,
      {
        ...pickColumns(courses, ['id', 'code', 'name', 'termId', 'teacherId', 'capacity']),
        enrolled: courses.enrolledCount,
        termName: terms.name,
        ...pickColumns(terms, ['academicYear', 'startDate', 'endDate']),
      },
      eq(courses.id, id),
    )
    .innerJoin(terms, scope.on(terms.id, courses.termId, terms))
    .prepare(namedStatement('course'))
    .execute();
  if (!row) throw notFound('course');
  const { termName, academicYear, startDate, endDate, ...course } = row;
  const weeks = countTermWeeks({ startDate, endDate });
  return { ...course, term: { id: row.termId, name: termName, academicYear, startDate, endDate, weeks } };
}

async function assertExists(scope: CampusScope, field: 'roomId' | 'teacherId', id: number) {
  const found =
    field === 'roomId'
      ? await scope.select(rooms, { id: rooms.id }, eq(rooms.id, id)).prepare(namedStatement('room_exists')).execute()
      : await scope.select(teachers, { id: teachers.id }, eq(teachers.id, id)).prepare(namedStatement('teacher_exists')).execute();
  if (!found.length) throw missingRef(field, id);
}

interface EntryInput {
  weekday: number;
  startMin: number;
  endMin: number;
  roomId: number;
  teacherId: number;
  weekStart: number;
  weekEnd: number;
  weekPattern: WeekPattern;
}

/** Rules the body alone cannot check: the term's week count, and the merged values of a partial update. */
function assertWithinTerm(input: EntryInput, weeks: number) {
  if (input.endMin <= input.startMin) throw badRequest('schedule.endAfterStart', { field: 'endTime' });
  if (input.weekStart > weeks) throw badRequest('schedule.weekBeyondTerm', { field: 'weekStart', weeks });
  if (input.weekEnd > weeks) throw badRequest('schedule.weekBeyondTerm', { field: 'weekEnd', weeks });
  if (input.weekStart > input.weekEnd) throw badRequest('schedule.weekOrder', { field: 'weekEnd' });
}

/** Checks, clash-checks and writes one entry under the campus schedule lock; nothing is written on a clash. */
async function writeEntry(
  request: FastifyRequest,
  courseId: number,
  build: (course: CourseWithTerm, existing: EntryRow | null) => EntryInput,
  entryId: number | null,
  status: number,
) {
  const camId = getCampusId(request);
  return runLoggedTransaction(
    request,
    async (tx: Executor) => {
      await lockCampusSchedules(tx, camId);
      const scope = createCampusScope(tx, camId);
      const course = await loadCourse(scope, courseId);
      let existing: EntryRow | null = null;
      if (entryId !== null) {
        [existing = null] = await loadEntries(scope, eq(scheduleEntries.id, entryId), eq(scheduleEntries.courseId, course.id));
        if (!existing) throw notFound('schedule');
      }
      const input = build(course, existing);
      assertWithinTerm(input, course.term.weeks);
      if (!existing || existing.roomId !== input.roomId) await assertExists(scope, 'roomId', input.roomId);
      if (!existing || existing.teacherId !== input.teacherId) await assertExists(scope, 'teacherId', input.teacherId);
      const proposed: ProposedEntry = { ...input, id: entryId ?? 0, courseId: course.id, termId: course.termId };
      const conflicts = await findWriteClashes(scope, proposed, request.locale);
      if (conflicts.length) throw clashError(conflicts, request.locale);
      let id: number;
      if (entryId === null) {
        const [created] = await scope.insert(scheduleEntries, [{ ...input, courseId: course.id }]).returning({ id: scheduleEntries.id });
        if (!created) throw new Error('schedule insert returned nothing');
        id = created.id;
      } else {
        await scope.update(scheduleEntries, { ...input, updatedAt: new Date() }, eq(scheduleEntries.id, entryId));
        id = entryId;
      }
      const [row] = await loadEntries(scope, eq(scheduleEntries.id, id));
      if (!row) throw new Error('schedule entry vanished inside its transaction');
      return { entry: toEntryDto(row), warnings: findCapacityWarnings([row], course, request.locale) };
    },
    status,
  );
}

export const scheduleRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => createCampusScope(app.db, getCampusId(request));

  app.get(
    '/educate/courses/:id/free-slots',
    {
      config: { access: requirePerm(PERMS.list, 'campus') },
      schema: {
        tags,
        summary: 'Slots of the campus day where the teacher, a big-enough room and every enrolled student are free',
        params: idParamsSchema,
        querystring: freeSlotQuerySchema,
        response: { 200: envelopeSchema(freeSlotsAnswerSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const scope = scopeOf(request);
      const q = request.query;
      const course = await loadCourse(scope, request.params.id);
      const teacherId = q.teacherId ?? course.teacherId;
      if (q.teacherId !== undefined) await assertExists(scope, 'teacherId', q.teacherId);
      const weekStart = q.weekStart ?? 1;
      const weekEnd = q.weekEnd ?? course.term.weeks;
      assertWithinTerm(
        { weekday: 1, startMin: 0, endMin: 1, roomId: 0, teacherId, weekStart, weekEnd, weekPattern: q.weekPattern },
        course.term.weeks,
      );
      const [campus] = await app.db
        .select({ dayStartMin: campuses.dayStartMin, dayEndMin: campuses.dayEndMin, slotStepMin: campuses.slotStepMin })
        .from(campuses)
        .where(eq(campuses.id, camId));
      if (!campus) throw notFound('campus');
      const studentIds = await loadEnrolledIds(scope, course.id);
      const seatsNeeded = course.enrolled;
      const roomRows = await scope
        .select(rooms, { id: rooms.id, code: rooms.code, name: rooms.name, capacity: rooms.capacity }, gte(rooms.capacity, seatsNeeded))
        .orderBy(asc(rooms.capacity), asc(rooms.code));
      const entries = await loadTermEngineEntries(scope, course.termId, studentIds, q.excludeEntryId);
      const slots = findFreeSlots({
        // Campuses configure no teaching weekend; Saturday and Sunday are offered only when asked for.
        weekdays: q.weekdays ?? [1, 2, 3, 4, 5],
        dayStartMin: campus.dayStartMin,
        dayEndMin: campus.dayEndMin,
        stepMin: campus.slotStepMin,
        duration: q.duration,
        weekStart,
        weekEnd,
        weekPattern: q.weekPattern,
        courseId: course.id,
        teacherId,
        studentIds,
        rooms: roomRows,
        entries,
      });
      return {
        code: 0,
        msg: 'ok',
        data: {
          teacherId,
          weekStart,
          weekEnd,
          weekPattern: q.weekPattern,
          duration: q.duration,
          dayStart: formatHm(campus.dayStartMin),
          dayEnd: formatHm(campus.dayEndMin),
          slotStep: campus.slotStepMin,
          seatsNeeded,
          slots: slots.map((s) => ({ weekday: s.weekday, startTime: formatHm(s.startMin), endTime: formatHm(s.endMin), rooms: s.rooms })),
        },
      };
    },
  );

  app.get(
    '/educate/courses/:id/schedule',
    {
      config: { access: requirePerm(PERMS.list, 'campus') },
      schema: {
        tags,
        summary: "A course's schedule entries, with room-capacity warnings",
        params: idParamsSchema,
        response: { 200: envelopeSchema(courseScheduleSchema), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const course = await loadCourse(scope, request.params.id);
      const rows = await loadEntries(scope, eq(scheduleEntries.courseId, course.id));
      const { term, ...rest } = course;
      return {
        code: 0,
        msg: 'ok',
        data: {
          course: {
            id: rest.id,
            code: rest.code,
            name: rest.name,
            teacherId: rest.teacherId,
            capacity: rest.capacity,
            enrolled: rest.enrolled,
          },
          term,
          entries: rows.map(toEntryDto),
          warnings: findCapacityWarnings(rows, course, request.locale),
        },
      };
    },
  );

  app.post(
    '/educate/courses/:id/schedule',
    {
      config: { access: requirePerm(PERMS.add, 'campus') },
      schema: {
        tags,
        summary: 'Add a schedule entry: 409 with every clash and nothing written, or 201 with room-capacity warnings',
        params: idParamsSchema,
        body: scheduleEntryCreateSchema,
        response: { 201: envelopeSchema(scheduleWriteResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const data = await writeEntry(
        request,
        request.params.id,
        (course) => ({
          weekday: b.weekday,
          startMin: parseHm(b.startTime),
          endMin: parseHm(b.endTime),
          roomId: b.roomId,
          teacherId: b.teacherId ?? course.teacherId,
          weekStart: b.weekStart ?? 1,
          weekEnd: b.weekEnd ?? course.term.weeks,
          weekPattern: b.weekPattern,
        }),
        null,
        201,
      );
      reply.code(201);
      return { code: 0, msg: 'ok', data };
    },
  );

  app.put(
    '/educate/courses/:id/schedule/:entryId',
    {
      config: { access: requirePerm(PERMS.edit, 'campus') },
      schema: {
        tags,
        summary: 'Change or move a schedule entry (same clash rules as adding)',
        params: courseEntryParamsSchema,
        body: scheduleEntryUpdateSchema,
        response: { 200: envelopeSchema(scheduleWriteResultSchema), ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const data = await writeEntry(
        request,
        request.params.id,
        (_course, existing) => {
          if (!existing) throw new Error('an update without its entry');
          return {
            weekday: b.weekday ?? existing.weekday,
            startMin: b.startTime === undefined ? existing.startMin : parseHm(b.startTime),
            endMin: b.endTime === undefined ? existing.endMin : parseHm(b.endTime),
            roomId: b.roomId ?? existing.roomId,
            teacherId: b.teacherId ?? existing.teacherId,
            weekStart: b.weekStart ?? existing.weekStart,
            weekEnd: b.weekEnd ?? existing.weekEnd,
            weekPattern: b.weekPattern ?? existing.weekPattern,
          };
        },
        request.params.entryId,
        200,
      );
      return { code: 0, msg: 'ok', data };
    },
  );

  app.delete(
    '/educate/courses/:id/schedule/:entryId',
    {
      config: { access: requirePerm(PERMS.delete, 'campus') },
      schema: { tags, summary: 'Delete a schedule entry', params: courseEntryParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const camId = getCampusId(request);
      await runLoggedTransaction(request, async (tx) => {
        const deleted = await createCampusScope(tx, camId)
          .delete(scheduleEntries, eq(scheduleEntries.id, request.params.entryId), eq(scheduleEntries.courseId, request.params.id))
          .returning({ id: scheduleEntries.id });
        if (!deleted.length) throw notFound('schedule');
      });
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
