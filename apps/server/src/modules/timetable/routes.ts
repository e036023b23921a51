import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, errorSchema, Perm, timetableIcsQuerySchema, timetableQuerySchema, timetableSchema } from '@campus/contract';
import { courses, scheduleEntries } from '../../db/schema/campus.js';
import { campuses } from '../../db/schema/system.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { fileAnswer } from '../../plugins/openapi-document.js';
import { loadEntries, toEntryDto } from '../../lib/scheduling/schedule-service.js';
import { findTermWeek, listOccurrences } from '../../lib/scheduling/term-weeks.js';
import { loadCampusClock } from '../../lib/campus-clock.js';
import { registerFeedRoutes } from './feed-routes.js';
import { buildTimetableIcs } from './ics.js';
import { loadStudentReach } from '../../plugins/data-scope.js';
import { calendarName, loadClassAttendance, loadTargetEntries, resolveTarget, resolveTerm } from './targets.js';
import { computeWeeklyLoad } from './load.js';

const tags = ['educate'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const PERM = Perm.scheduleList;

export const timetableRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => createCampusScope(app.db, getCampusId(request));
  registerFeedRoutes(app);

  app.get(
    '/educate/timetable.ics',
    {
      config: { access: requirePerm(PERM, 'campus') },
      schema: {
        tags,
        summary: 'The timetable as an RFC 5545 calendar: one weekly recurring event per entry, in the campus time zone',
        querystring: timetableIcsQuerySchema,
        response: { 200: fileAnswer(['text/calendar'], 'The timetable as an iCalendar file'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const target = await resolveTarget(scope, request.query, await loadStudentReach(request));
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
        locale: request.locale,
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
        summary: "A teacher's, room's, student's, course's or class's timetable for a term (or one week), with weekly teaching loads",
        querystring: timetableQuerySchema,
        response: { 200: envelopeSchema(timetableSchema), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      const target = await resolveTarget(scope, q, await loadStudentReach(request));
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
            todayWeek: null,
            entries: [],
            load: empty,
            teacherLoads: [],
            classAttendance: target.kind === 'class' ? { students: 0, courses: [] } : null,
          },
        };
      }
      const all = await loadTargetEntries(scope, target, term);
      const classAttendance = target.kind === 'class' ? await loadClassAttendance(scope, target.id, term.id) : null;
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
          todayWeek: findTermWeek(term, (await loadCampusClock(scope.db, scope.camId)).today),
          entries: shown.map(toEntryDto),
          load: computeWeeklyLoad(all, term, term.weeks),
          teacherLoads,
          classAttendance,
        },
      };
    },
  );
};
