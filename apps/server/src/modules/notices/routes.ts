import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  idsBodySchema,
  noticeCreateSchema,
  noticeQuerySchema,
  noticeSchema,
  okSchema,
  pageSchema,
  type Notice,
  Perm,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { messages, notices } from '../../db/schema/messages.js';
import { campuses, users } from '../../db/schema/system.js';
import { notFound } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { getPrincipal, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { announceUnreadChange } from '../../lib/unread-events.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** messageType of notice rows in the message box (the spec's mock shows 0, 1, 3; 1 = published). */
const NOTICE_MESSAGE_TYPE = 1;

/** One query for a page of notices or one notice: campus and publisher names, recipient count. */
function selectNotices(db: Executor) {
  return db
    .select({
      id: notices.id,
      camId: notices.camId,
      camName: campuses.name,
      title: notices.title,
      content: notices.content,
      publisherId: notices.publisherId,
      publisherName: sql<string>`coalesce(${users.nickname}, '')`,
      recipients: sql<number>`(select count(*)::int from ${messages} where ${messages.noticeId} = ${notices.id})`,
      createdAt: notices.createdAt,
    })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.publisherId))
    .leftJoin(campuses, eq(campuses.id, notices.camId));
}

type NoticeRow = Awaited<ReturnType<ReturnType<typeof selectNotices>['execute']>>[number];

function toNotice(row: NoticeRow): Notice {
  return { ...row, camName: row.camName ?? null, recipients: Number(row.recipients), createdAt: row.createdAt.toISOString() };
}

async function loadNotice(db: Executor, id: number): Promise<Notice | null> {
  const [row] = await selectNotices(db).where(eq(notices.id, id));
  return row ? toNotice(row) : null;
}

/** The list's filters: part of the title, and one audience (everyone, or exactly one campus). */
function buildNoticeConditions(query: { keyword?: string; target?: 'everyone' | number }): SQL | undefined {
  const conds: SQL[] = [];
  if (query.keyword) conds.push(ilike(notices.title, `%${escapeLike(query.keyword)}%`));
  if (query.target === 'everyone') conds.push(isNull(notices.camId));
  else if (query.target !== undefined) conds.push(eq(notices.camId, query.target));
  return conds.length ? and(...conds) : undefined;
}

const SORT_COLUMNS = { createdAt: notices.createdAt, title: notices.title } as const;

/**
 * Publishes a notice and puts one message per recipient in the same
 * transaction: the active users of the campus, or every active user.
 */
async function publishNotice(
  tx: Executor,
  publisher: { userId: number; nickname: string },
  input: { title: string; content: string; camId: number | null },
): Promise<{ id: number; userIds: number[] }> {
  const [notice] = await tx
    .insert(notices)
    .values({ title: input.title, content: input.content, camId: input.camId, publisherId: publisher.userId })
    .returning({ id: notices.id });
  if (!notice) throw new Error('notice insert returned nothing');
  const audience =
    input.camId === null
      ? sql`select u.id from users u where u.status = 'active'`
      : sql`select u.id from users u join user_campuses uc on uc.user_id = u.id and uc.cam_id = ${input.camId} where u.status = 'active'`;
  const rows = await queryRows<{ userId: number }>(
    tx,
    sql`insert into messages (user_id, cam_id, type, title, sub_title, content, message_type, notice_id)
        select a.id, ${input.camId}, 'notice', ${input.title}, ${publisher.nickname}, ${input.content}, ${NOTICE_MESSAGE_TYPE}, ${notice.id}
        from (${audience}) a
        returning user_id as "userId"`,
  );
  return { id: notice.id, userIds: rows.map((r) => r.userId) };
}

/**
 * Deletes notices and their messages in the caller's transaction; any id that
 * is not there is a 404 and rolls the whole lot back. Answers whose boxes changed.
 */
async function withdrawNotices(tx: Executor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const recipients = await tx.delete(messages).where(inArray(messages.noticeId, unique)).returning({ userId: messages.userId });
  const gone = await tx.delete(notices).where(inArray(notices.id, unique)).returning({ id: notices.id });
  if (gone.length !== unique.length) throw notFound('notice');
  return [...new Set(recipients.map((r) => r.userId))];
}

export const noticeRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/system/notices',
    {
      config: { access: requirePerm(Perm.noticeList, 'global') },
      schema: {
        tags,
        summary:
          'Published notices (newest first unless sorted; keyword: part of the title; target: everyone or a campus id), with how many users received each',
        querystring: noticeQuerySchema,
        response: { 200: envelopeSchema(pageSchema(noticeSchema)), ...errors },
      },
    },
    async (request) => {
      const { page, pageSize, sort } = request.query;
      const where = buildNoticeConditions(request.query);
      const [field = 'createdAt', direction = 'desc'] = (sort ?? 'createdAt:desc').split(':') as [keyof typeof SORT_COLUMNS, string];
      const order = direction === 'asc' ? asc : desc;
      // The id breaks ties so that paging never repeats or skips a row.
      const rows = await selectNotices(app.db)
        .where(where)
        .orderBy(order(SORT_COLUMNS[field]), order(notices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await app.db.select({ n: count() }).from(notices).where(where);
      return { code: 0, msg: 'ok', data: { list: rows.map(toNotice), total: total?.n ?? 0, page, pageSize } };
    },
  );

  app.post(
    '/system/notices',
    {
      config: { access: requirePerm(Perm.noticePublish, 'global') },
      schema: {
        tags,
        summary: "Publishes a notice to one campus (camId) or to everyone (camId null or omitted): one message in each recipient's box",
        body: noticeCreateSchema,
        response: { 201: envelopeSchema(noticeSchema), ...errors },
      },
    },
    async (request, reply) => {
      const principal = getPrincipal(request);
      const camId = request.body.camId ?? null;
      if (camId !== null) {
        const [campus] = await app.db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, camId));
        if (!campus) throw notFound('campus');
      }
      const published = await runLoggedTransaction(
        request,
        async (tx) => {
          const [me] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, principal.userId));
          return publishNotice(
            tx,
            { userId: principal.userId, nickname: me?.nickname ?? principal.username },
            {
              title: request.body.title,
              content: request.body.content,
              camId,
            },
          );
        },
        201,
      );
      announceUnreadChange(camId === null ? 'all' : published.userIds);
      const data = await loadNotice(app.db, published.id);
      if (!data) throw notFound('notice');
      return reply.code(201).send({ code: 0, msg: 'ok', data });
    },
  );

  app.delete(
    '/system/notices/:id',
    {
      config: { access: requirePerm(Perm.noticeDelete, 'global') },
      schema: {
        tags,
        summary: "Withdraws a notice: it leaves every recipient's message box",
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await runLoggedTransaction(request, (tx) => withdrawNotices(tx, [request.params.id]));
      announceUnreadChange(removed);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.delete(
    '/system/notices',
    {
      config: { access: requirePerm(Perm.noticeDelete, 'global') },
      schema: {
        tags,
        summary: "Withdraws several notices, all or none: they leave every recipient's message box",
        body: idsBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const removed = await runLoggedTransaction(request, (tx) => withdrawNotices(tx, request.body.ids));
      announceUnreadChange(removed);
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
