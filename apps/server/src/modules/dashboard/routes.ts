import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentDataPointSchema,
  dashboardOverviewSchema,
  envelopeSchema,
  errorSchema,
  popularItemSchema,
  popularQuerySchema,
  hasAnyPerm,
  Perm,
  todayTimetableSchema,
} from '@campus/contract';
import { forbidden } from '../../lib/app-error.js';
import { getCampusId, getPrincipal, requirePerm, signedIn } from '../../plugins/access.js';
import { loadStudentReach, studentReachSql } from '../../plugins/data-scope.js';
import { loadContentData, loadOverview, loadPopular, loadTodayTimetable } from './service.js';

const tags = ['dashboard'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const dashboardRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/content-data',
    {
      config: { access: requirePerm(Perm.courseList, 'campus') },
      schema: {
        tags,
        summary: 'New enrolments per day in the campus: 8 consecutive days ending today (campus time zone), zero-filled',
        response: { 200: envelopeSchema(z.array(contentDataPointSchema)), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await loadContentData(app.db, getCampusId(request)) }),
  );

  app.get(
    '/popular/list',
    {
      config: { access: requirePerm([Perm.courseList, Perm.teacherList], 'campus') },
      schema: {
        tags,
        summary:
          'Top 5 courses (needs the course list perm) or teachers (the teacher list perm) by enrolments in the current term, with the % change of new enrolments on last week',
        querystring: popularQuerySchema,
        response: { 200: envelopeSchema(z.array(popularItemSchema)), ...errors },
      },
    },
    async (request) => {
      const { type } = request.query;
      if (!hasAnyPerm(getPrincipal(request).perms, [type === 'course' ? Perm.courseList : Perm.teacherList])) throw forbidden();
      return { code: 0, msg: 'ok', data: await loadPopular(app.db, getCampusId(request), type) };
    },
  );

  app.get(
    '/dashboard/overview',
    {
      config: { access: signedIn('campus') },
      schema: {
        tags,
        summary:
          "Workplace cards: enrolled students, active teachers, the current term's courses and today's lessons; each null unless the caller holds its list perm",
        response: { 200: envelopeSchema(dashboardOverviewSchema), ...errors },
      },
    },
    async (request) => {
      const may = (code: string) => hasAnyPerm(getPrincipal(request).perms, [code]);
      const visible = {
        students: may(Perm.studentList),
        teachers: may(Perm.teacherList),
        courses: may(Perm.courseList),
        todayLessons: may(Perm.scheduleList),
      };
      return {
        code: 0,
        msg: 'ok',
        data: await loadOverview(app.db, getCampusId(request), visible, studentReachSql(await loadStudentReach(request))),
      };
    },
  );

  app.get(
    '/dashboard/today',
    {
      config: { access: signedIn('campus') },
      schema: {
        tags,
        summary:
          "Today's timetable: the caller's lessons when they are a teacher of the campus, else the campus's (schedule list perm), else none; times HH:mm",
        response: { 200: envelopeSchema(todayTimetableSchema), ...errors },
      },
    },
    async (request) => ({
      code: 0,
      msg: 'ok',
      data: await loadTodayTimetable(
        app.db,
        getCampusId(request),
        getPrincipal(request).userId,
        hasAnyPerm(getPrincipal(request).perms, [Perm.scheduleList]),
      ),
    }),
  );
};
