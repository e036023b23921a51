import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  ResultCode,
  THING_LABELS,
  timetableIcsQuerySchema,
  timetableQuerySchema,
  timetableSchema,
  type Locale,
} from '@campus/contract';
import { campuses, courses, enrolments, rooms, scheduleEntries, students, teachers, terms } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { loadEntries, toEntryDto, type EntryRow } from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks, listOccurrences } from '../../lib/scheduling/term-weeks.js';
import { buildTimetableIcs } from './ics.js';
import { computeWeeklyLoad } from './load.js';

const tags = ['educate'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const PERM = 'educate:schedule:list';

type TargetKind = 'teacher' | 'room' | 'student' | 'course';

interface TargetQuery {
  teacherId?: number | undefined;
  roomId?: number | undefined;
  studentId?: number | undefined;
  courseId?: number | undefined;
  termId?: number | undefined;
}

interface Target {
  kind: TargetKind;
  id: number;
  name: string;
  /** A course's timetable is always its own term's. */
  termId: number | null;
}

interface TermInfo {
  id: number;
  name: string;
  academicYear: string;
  startDate: string;
  endDate: string;
  weeks: number;
}

const missingRef = (field: string, id: unknown) => new AppError(404, ResultCode.notFound, 'data.missingRefs', { field, ids: String(id) });

async function resolveTarget(scope: CampusScope, q: TargetQuery): Promise<Target> {
  if (q.teacherId !== undefined) {
    const [t] = await scope.select(teachers, { name: teachers.name }, eq(teachers.id, q.teacherId));
    if (!t) throw missingRef('teacherId', q.teacherId);
    return { kind: 'teacher', id: q.teacherId, name: t.name, termId: null };
  }
  if (q.roomId !== undefined) {
    const [r] = await scope.select(rooms, { code: rooms.code, name: rooms.name }, eq(rooms.id, q.roomId));
    if (!r) throw missingRef('roomId', q.roomId);
    return { kind: 'room', id: q.roomId, name: `${r.code} ${r.name}`, termId: null };
  }
  if (q.studentId !== undefined) {
    const [s] = await scope.select(students, { name: students.name }, eq(students.id, q.studentId));
    if (!s) throw missingRef('studentId', q.studentId);
    return { kind: 'student', id: q.studentId, name: s.name, termId: null };
  }
  const courseId = q.courseId ?? 0;
  const [c] = await scope.select(courses, { name: courses.name, termId: courses.termId }, eq(courses.id, courseId));
  if (!c) throw missingRef('courseId', courseId);
  return { kind: 'course', id: courseId, name: c.name, termId: c.termId };
}

/** The asked-for term, else the course's, else the current one, else the latest; null when the campus has none. */
async function resolveTerm(scope: CampusScope, target: Target, termId: number | undefined): Promise<TermInfo | null> {
  const fields = { id: terms.id, name: terms.name, academicYear: terms.academicYear, startDate: terms.startDate, endDate: terms.endDate };
  const wanted = target.termId ?? termId;
  let row: Omit<TermInfo, 'weeks'> | undefined;
  if (wanted !== undefined) {
    [row] = await scope.select(terms, fields, eq(terms.id, wanted));
    if (!row) throw missingRef('termId', wanted);
  } else {
    [row] = await scope.select(terms, fields).orderBy(desc(terms.isCurrent), desc(terms.startDate)).limit(1);
  }
  return row ? { ...row, weeks: countTermWeeks(row) } : null;
}

async function loadTargetEntries(scope: CampusScope, target: Target, term: TermInfo): Promise<EntryRow[]> {
  const inTerm = eq(courses.termId, term.id);
  let cond: SQL;
  if (target.kind === 'teacher') cond = eq(scheduleEntries.teacherId, target.id);
  else if (target.kind === 'room') cond = eq(scheduleEntries.roomId, target.id);
  else if (target.kind === 'course') cond = eq(scheduleEntries.courseId, target.id);
  else {
    const mine = await scope.select(enrolments, { courseId: enrolments.courseId }, eq(enrolments.studentId, target.id));
    if (!mine.length) return [];
    cond = inArray(
      scheduleEntries.courseId,
      mine.map((m) => m.courseId),
    );
  }
  return loadEntries(scope, cond, inTerm);
}

function calendarName(target: Target, term: TermInfo | null, locale: Locale): string {
  const thing = THING_LABELS[target.kind][locale];
  const title = locale === 'zh-CN' ? '课表' : 'Timetable';
  return [title, `${thing} ${target.name}`, term?.name].filter(Boolean).join(' · ');
}

export const timetableRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => createCampusScope(app.db, getCampusId(request));

  app.get(
    '/educate/timetable.ics',
    {
      config: { access: requirePerm(PERM, 'campus') },
      schema: {
        tags,
        summary: 'The timetable as an RFC 5545 calendar: one weekly recurring event per entry, in the campus time zone',
        querystring: timetableIcsQuerySchema,
        response: { 200: z.unknown().describe('text/calendar'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const target = await resolveTarget(scope, request.query);
      const term = await resolveTerm(scope, target, request.query.termId);
      const rows = term ? await loadTargetEntries(scope, target, term) : [];
      const [campus] = await app.db
        .select({ timezone: campuses.timezone, code: campuses.code })
        .from(campuses)
        .where(eq(campuses.id, getCampusId(request)));
      const body = buildTimetableIcs({
        name: calendarName(target, term, request.locale),
        timezone: campus?.timezone ?? 'UTC',
        term: term ?? { startDate: '1970-01-01', endDate: '1970-01-01' },
        entries: rows,
        uidDomain: 'campus-console',
      });
      const file = `timetable-${target.kind}-${target.id}.ics`;
      return reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  );

  app.get(
    '/educate/timetable',
    {
      config: { access: requirePerm(PERM, 'campus') },
      schema: {
        tags,
        summary: "A teacher's, room's, student's or course's timetable for a term (or one week), with weekly teaching loads",
        querystring: timetableQuerySchema,
        response: { 200: envelopeSchema(timetableSchema), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      const target = await resolveTarget(scope, q);
      const term = await resolveTerm(scope, target, q.termId);
      const empty = computeWeeklyLoad([], { startDate: '1970-01-01', endDate: '1970-01-01' }, 0);
      if (!term) {
        return {
          code: 0,
          msg: 'ok',
          data: {
            target: { kind: target.kind, id: target.id, name: target.name },
            term: null,
            week: q.week ?? null,
            entries: [],
            load: empty,
            teacherLoads: [],
          },
        };
      }
      const all = await loadTargetEntries(scope, target, term);
      const week = q.week;
      const shown = week === undefined ? all : all.filter((e) => listOccurrences(e, term).some((o) => o.week === week));
      const teacherIds = [...new Set(shown.map((e) => e.teacherId))];
      const theirs = teacherIds.length
        ? await loadEntries(scope, inArray(scheduleEntries.teacherId, teacherIds), eq(courses.termId, term.id))
        : [];
      const teacherLoads = teacherIds.map((teacherId) => {
        const mine = theirs.filter((e) => e.teacherId === teacherId);
        return { teacherId, teacherName: mine[0]?.teacherName ?? '', ...computeWeeklyLoad(mine, term, term.weeks) };
      });
      return {
        code: 0,
        msg: 'ok',
        data: {
          target: { kind: target.kind, id: target.id, name: target.name },
          term,
          week: week ?? null,
          entries: shown.map(toEntryDto),
          load: computeWeeklyLoad(all, term, term.weeks),
          teacherLoads,
        },
      };
    },
  );
};
