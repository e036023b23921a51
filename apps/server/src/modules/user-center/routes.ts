import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  avatarParamsSchema,
  avatarResultSchema,
  CAMPUS_HEADER,
  currentUserSchema,
  envelopeSchema,
  errorSchema,
  formatMessage,
  idParamsSchema,
  loginHistoryItemSchema,
  loginHistoryQuerySchema,
  okSchema,
  ownSessionSchema,
  pageSchema,
  profileUpdateSchema,
  ResultCode,
  sessionsEndedSchema,
  type LoginHistoryItem,
  type OwnSession,
} from '@campus/contract';
import { userAvatars } from '../../db/schema/account.js';
import { loginLogs, users } from '../../db/schema/system.js';
import { queryRows } from '../../db/query.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { isAvatarLinkValid } from '../../lib/avatar-links.js';
import { AVATAR_MAX_SIDE, redrawAvatar } from '../../lib/avatar-image.js';
import { getCurrentUser } from '../../lib/current-user.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { getPrincipal, ownAccount, parseCampusHeader, publicRoute } from '../../plugins/access.js';
import { revokeSession, revokeUserSessions } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';

const tags = ['user center'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema };
const MIB = 1024 * 1024;

interface SessionRow {
  id: number;
  created_at: Date;
  last_seen_at: Date;
  ip: string;
  user_agent: string;
  auth_method: string;
}

/**
 * The user center: the signed-in user's profile and avatar, their sessions
 * ("this device" among them) and their sign-in history. Open to every
 * signed-in user, also one who must first enrol a second factor.
 */
export const userCenterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/profile',
    {
      config: { access: ownAccount(), operlog: { module: 'user:profile', action: 'edit' } },
      schema: {
        tags,
        summary: "Edit one's own profile (all fields optional); answers the new current user",
        body: profileUpdateSchema,
        response: { 200: envelopeSchema(currentUserSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const body = request.body;
      if (body.phone) {
        const [taken] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phone, body.phone), ne(users.id, principal.userId)))
          .limit(1);
        if (taken) throw conflict('data.duplicate', { field: 'phone', value: body.phone }, { field: 'phone' });
      }
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (body.nickname !== undefined) set.nickname = body.nickname;
      if (body.phone !== undefined) set.phone = body.phone;
      if (body.email !== undefined) set.email = body.email;
      // Job and organization are free text: code and name are the same words.
      if (body.job !== undefined) Object.assign(set, { job: body.job, jobName: body.job });
      if (body.organization !== undefined) Object.assign(set, { organization: body.organization, organizationName: body.organization });
      // A text until regions exist; then the code, and the name looked up from it.
      if (body.location !== undefined) Object.assign(set, { location: body.location, locationName: body.location });
      if (body.introduction !== undefined) set.introduction = body.introduction;
      if (body.personalWebsite !== undefined) set.personalWebsite = body.personalWebsite;
      await runLoggedTransaction(request, (tx) => tx.update(users).set(set).where(eq(users.id, principal.userId)));
      const user = await getCurrentUser(app.db, principal, parseCampusHeader(request.headers[CAMPUS_HEADER]));
      return { code: 0, msg: formatMessage(request.locale, 'account.profileSaved'), data: user };
    },
  );

  app.post(
    '/user/avatar',
    {
      config: { access: ownAccount(), operlog: { module: 'user:profile', action: 'avatar' } },
      schema: {
        tags,
        summary:
          'Upload an avatar (multipart field "file": PNG, JPEG or WebP, at most 2 MiB and 8000 px a side); the server redraws it as a 256 px WebP without metadata and answers its signed link',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(avatarResultSchema), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      if (!request.isMultipart()) throw badRequest('account.avatarMissing');
      let data: Buffer;
      try {
        const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
        if (!part) throw badRequest('account.avatarMissing');
        data = await part.toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, ResultCode.tooLarge, 'account.avatarTooLarge', { limit: `${AVATAR_MAX_BYTES / MIB} MiB` });
        }
        // A body cut off or with the wrong boundary: the parser's own error, not ours to answer with a 500.
        request.log.info({ err }, 'unreadable avatar upload');
        throw badRequest('account.uploadBroken');
      }
      if (data.length === 0) throw badRequest('account.avatarMissing');
      const drawn = await redrawAvatar(data);
      if ('problem' in drawn) {
        if (drawn.problem === 'notImage') throw badRequest('account.avatarNotImage');
        if (drawn.problem === 'unreadable') throw badRequest('account.avatarUnreadable');
        throw badRequest('account.avatarTooManyPixels', { width: drawn.width, height: drawn.height, max: AVATAR_MAX_SIDE });
      }
      await runLoggedTransaction(request, async (tx) => {
        await tx
          .insert(userAvatars)
          .values({ userId, image: drawn.image, contentType: drawn.contentType, version: drawn.version })
          .onConflictDoUpdate({
            target: userAvatars.userId,
            set: { image: drawn.image, contentType: drawn.contentType, version: drawn.version, updatedAt: new Date() },
          });
        // The uploaded one replaces any address stored before.
        await tx.update(users).set({ headimgurl: '', updatedAt: new Date() }).where(eq(users.id, userId));
      });
      const user = await getCurrentUser(app.db, getPrincipal(request), null);
      return { code: 0, msg: formatMessage(request.locale, 'account.avatarSaved'), data: { headimgurl: user.headimgurl } };
    },
  );

  app.get(
    '/user/avatar/:userId/:version/:exp/:sig',
    {
      // An <img> sends no bearer header: the signed, expiring link is the proof (lib/avatar-links.ts).
      config: { access: publicRoute() },
      schema: {
        tags,
        summary: 'An uploaded avatar, through the signed, expiring link the current user and lists carry',
        params: avatarParamsSchema,
        produces: ['image/webp'],
        response: { 200: z.any(), 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId, version, exp, sig } = request.params;
      if (!(await isAvatarLinkValid(app.db, { userId, version, exp, sig }))) {
        throw new AppError(403, ResultCode.forbidden, 'account.avatarLinkExpired');
      }
      const [row] = await app.db
        .select({ image: userAvatars.image, contentType: userAvatars.contentType })
        .from(userAvatars)
        .where(and(eq(userAvatars.userId, userId), eq(userAvatars.version, version)));
      if (!row) throw notFound('user');
      const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('content-disposition', 'inline')
        .send(row.image);
    },
  );

  app.get(
    '/user/sessions',
    {
      config: { access: ownAccount() },
      schema: {
        tags,
        summary: "The caller's live sessions, this one marked current, with device and browser read from the user agent",
        response: { 200: envelopeSchema(z.array(ownSessionSchema)), ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = getPrincipal(request);
      await app.sessionActivity.flush();
      const rows = await queryRows<SessionRow>(
        app.db,
        sql`select id, created_at, last_seen_at, ip, user_agent, auth_method from sessions
            where user_id = ${userId} and revoked_at is null and expires_at > now()
            order by (id = ${sessionId}) desc, last_seen_at desc, id desc`,
      );
      const list: OwnSession[] = rows.map((r) => ({
        id: Number(r.id),
        current: Number(r.id) === sessionId,
        createdAt: new Date(r.created_at).toISOString(),
        lastSeenAt: new Date(r.last_seen_at).toISOString(),
        ip: r.ip,
        userAgent: r.user_agent,
        authMethod: r.auth_method,
        ...describeUserAgent(r.user_agent),
      }));
      return { code: 0, msg: 'ok', data: list };
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { access: ownAccount(), operlog: { module: 'user:session', action: 'end' } },
      schema: {
        tags,
        summary: "Sign out one of the caller's sessions (its next request answers 401 / 50012)",
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const id = request.params.id;
      await runLoggedTransaction(request, async (tx) => {
        // Another user's session answers like one that does not exist.
        const [own] = await queryRows<{ id: number }>(tx, sql`select id from sessions where id = ${id} and user_id = ${userId}`);
        if (!own || !(await revokeSession(tx, id, 'ended_by_user'))) throw notFound('session');
      });
      return { code: 0, msg: formatMessage(request.locale, 'account.sessionEnded'), data: null };
    },
  );

  app.delete(
    '/user/sessions',
    {
      config: { access: ownAccount(), operlog: { module: 'user:session', action: 'endOthers' } },
      schema: {
        tags,
        summary: "Sign out every session of the caller's but this one",
        response: { 200: envelopeSchema(sessionsEndedSchema), ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = getPrincipal(request);
      const sessionsEnded = await runLoggedTransaction(request, (tx) => revokeUserSessions(tx, userId, 'ended_by_user', sessionId));
      return {
        code: 0,
        msg: formatMessage(request.locale, 'account.otherSessionsEnded', { count: sessionsEnded }),
        data: { sessionsEnded },
      };
    },
  );

  app.get(
    '/user/login-history',
    {
      config: { access: ownAccount() },
      schema: {
        tags,
        summary: "The caller's own sign-in attempts, newest first: successes and failures with their reason",
        querystring: loginHistoryQuerySchema,
        response: { 200: envelopeSchema(pageSchema(loginHistoryItemSchema)), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const { page, pageSize } = request.query;
      const where = eq(loginLogs.userId, userId);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(loginLogs)
          .where(where)
          .orderBy(desc(loginLogs.createdAt), desc(loginLogs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(loginLogs)
          .where(where),
      ]);
      const list: LoginHistoryItem[] = rows.map((r) => ({
        id: r.id,
        time: r.createdAt.toISOString(),
        ip: r.ip,
        userAgent: r.userAgent,
        success: r.success,
        reason: r.reason,
        ...describeUserAgent(r.userAgent),
      }));
      return { code: 0, msg: 'ok', data: { list, total: total?.n ?? 0, page, pageSize } };
    },
  );
};
