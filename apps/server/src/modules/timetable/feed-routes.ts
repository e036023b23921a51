import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  envelopeSchema,
  errorSchema,
  formatMessage,
  idParamsSchema,
  issuedCalendarFeedSchema,
  ResultCode,
  timetableFeedBodySchema,
} from '@campus/contract';
import { calendarFeeds } from '../../db/schema/system.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { hashToken, isWellFormedToken } from '../../lib/tokens.js';
import { getCampusId, getPrincipal, publicRoute, requirePerm, signedIn } from '../../plugins/access.js';
import { fileAnswer } from '../../plugins/openapi-document.js';
import {
  buildFeedIcs,
  describeFeedTarget,
  FEED_PERM,
  findOwnTeachers,
  issueFeed,
  mayRead,
  readFeedOwner,
  rotateFeed,
  toFeedDto,
} from './feeds.js';
import { resolveTarget } from './targets.js';
import { loadStudentReach } from '../../plugins/data-scope.js';

const tags = ['calendar'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const ownFeedBodySchema = z.strictObject({ kind: z.literal('own') });

/**
 * Calendar feed URLs. Made from the timetable pages (a teacher/room/course/
 * student of the current campus) or for the user's own timetable; listed,
 * rotated and revoked under /api/user/calendar-feeds (the user's own things,
 * for any page to reuse); fetched by calendar apps at /api/calendar/<secret>.ics.
 */
export function registerFeedRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const findMine = async (userId: number, id: number) => {
    const [feed] = await app.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.id, id), eq(calendarFeeds.userId, userId)));
    if (!feed) throw notFound('calendarFeed');
    return feed;
  };

  app.get(
    '/user/calendar-feeds',
    {
      config: { access: signedIn('global') },
      schema: {
        tags,
        summary: "The caller's calendar feeds (their URLs are shown only when made or rotated)",
        response: { 200: envelopeSchema(z.array(calendarFeedSchema)), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const rows = await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).orderBy(calendarFeeds.id);
      const list = [];
      for (const row of rows) list.push(toFeedDto(row, await describeFeedTarget(app.db, row, request.locale)));
      return { code: 0, msg: 'ok', data: list };
    },
  );

  app.post(
    '/user/calendar-feeds',
    {
      config: { access: signedIn('global'), operlog: { module: 'calendar', action: 'feedCreate' } },
      schema: {
        tags,
        summary:
          "A feed URL of the caller's own timetable (the teacher records linked to them, every campus); made again, it gets a new secret",
        body: ownFeedBodySchema,
        response: { 201: envelopeSchema(issuedCalendarFeedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const principal = getPrincipal(request);
      const mine = await findOwnTeachers(app.db, principal.userId, principal.camIds);
      if (!mine.length) throw badRequest('feed.noTeacher');
      const issued = await issueFeed(
        app.db,
        request,
        principal.userId,
        { kind: 'own', camId: null, targetId: null },
        formatMessage(request.locale, 'feed.myTimetable'),
      );
      return reply.code(201).send({ code: 0, msg: 'ok', data: issued });
    },
  );

  app.post(
    '/educate/timetable/feeds',
    {
      config: { access: requirePerm(FEED_PERM, 'campus'), operlog: { module: 'calendar', action: 'feedCreate' } },
      schema: {
        tags,
        summary:
          "A feed URL of a teacher's, room's, course's, student's or class's timetable in this campus; made again, it gets a new secret",
        body: timetableFeedBodySchema,
        response: { 201: envelopeSchema(issuedCalendarFeedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const camId = getCampusId(request);
      const { kind, targetId } = request.body;
      const target = await resolveTarget(createCampusScope(app.db, camId), { [`${kind}Id`]: targetId }, await loadStudentReach(request));
      const issued = await issueFeed(app.db, request, getPrincipal(request).userId, { kind, camId, targetId }, target.name);
      return reply.code(201).send({ code: 0, msg: 'ok', data: issued });
    },
  );

  app.post(
    '/user/calendar-feeds/:id/rotate',
    {
      config: { access: signedIn('global'), operlog: { module: 'calendar', action: 'feedRotate' } },
      schema: {
        tags,
        summary: 'A new secret for one of the caller’s feeds: the old URL stops answering at once',
        params: idParamsSchema,
        response: { 200: envelopeSchema(issuedCalendarFeedSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const feed = await findMine(principal.userId, request.params.id);
      // A feed the caller may no longer read is not renewed.
      if (!mayRead({ status: 'active', perms: principal.perms, camIds: principal.camIds }, feed)) throw forbidden();
      const issued = await rotateFeed(app.db, request, feed, await describeFeedTarget(app.db, feed, request.locale));
      return { code: 0, msg: 'ok', data: issued };
    },
  );

  app.delete(
    '/user/calendar-feeds/:id',
    {
      config: { access: signedIn('global'), operlog: { module: 'calendar', action: 'feedRevoke' } },
      schema: {
        tags,
        summary: 'Revokes one of the caller’s feeds: its URL stops answering',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.boolean()), ...errors },
      },
    },
    async (request) => {
      const feed = await findMine(getPrincipal(request).userId, request.params.id);
      await app.db.delete(calendarFeeds).where(eq(calendarFeeds.id, feed.id));
      return { code: 0, msg: 'ok', data: true };
    },
  );

  app.get(
    '/calendar/:file',
    {
      config: { access: publicRoute() },
      schema: {
        tags,
        summary:
          'The feed for calendar apps (no header needed: the secret in the URL is the credential); 404 once rotated or revoked, 403 once the owner may no longer read it',
        params: z.strictObject({ file: z.string().max(64).describe('<secret>.ics') }),
        response: { 200: fileAnswer(['text/calendar'], 'The timetable as an iCalendar feed'), ...errors },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      if (!isWellFormedToken(token)) throw new AppError(404, ResultCode.notFound, 'feed.notFound');
      const [feed] = await app.db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.secretHash, hashToken(token)));
      if (!feed) throw new AppError(404, ResultCode.notFound, 'feed.notFound');
      const owner = await readFeedOwner(app.db, feed.userId);
      if (!owner || !mayRead(owner, feed)) throw new AppError(403, ResultCode.forbidden, 'feed.refused');
      let body: string;
      try {
        body = await buildFeedIcs(app.db, feed, owner);
      } catch (err) {
        // The target was deleted since: the feed has nothing to show.
        if (err instanceof AppError && err.status === 404) throw new AppError(404, ResultCode.notFound, 'feed.notFound');
        throw err;
      }
      await app.db.update(calendarFeeds).set({ lastUsedAt: new Date() }).where(eq(calendarFeeds.id, feed.id));
      return reply.header('content-disposition', 'inline; filename="timetable.ics"').type('text/calendar; charset=utf-8').send(body);
    },
  );
}
