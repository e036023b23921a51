import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
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
  noticeAudiencesSchema,
  noticeUpdateSchema,
  okSchema,
  pageSchema,
  type Notice,
  Perm,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { messages, notices } from '../../db/schema/messages.js';
import { campuses, users } from '../../db/schema/system.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { holdsAll } from '../../lib/grants.js';
import { deliverNotice } from '../../lib/notice-delivery.js';
import type { Principal } from '../../plugins/auth.js';
import { getPrincipal, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { announceUnreadChange } from '../../lib/unread-events.js';

const tags = ['system'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** One query for a page of notices or one notice: campus and publisher names, recipient count. */
function selectNotices(db: Executor) {
  return db
    .select({
      id: notices.id,
      camId: notices.camId,
      camName: campuses.name,
      title: notices.title,
      content: notices.content,
      type: notices.type,
      status: notices.status,
      pinned: notices.pinned,
      publisherId: notices.publisherId,
      publisherName: sql<string>`coalesce(${users.nickname}, '')`,
      recipients: sql<number>`(select count(*)::int from ${messages} where ${messages.noticeId} = ${notices.id})`,
      publishedAt: notices.publishedAt,
      createdAt: notices.createdAt,
      updatedAt: notices.updatedAt,
    })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.publisherId))
    .leftJoin(campuses, eq(campuses.id, notices.camId));
}

type NoticeRow = Awaited<ReturnType<ReturnType<typeof selectNotices>['execute']>>[number];

function toNotice(row: NoticeRow): Notice {
  return {
    ...row,
    camName: row.camName ?? null,
    type: row.type as Notice['type'],
    status: row.status as Notice['status'],
    recipients: Number(row.recipients),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadNotice(db: Executor, id: number): Promise<Notice | null> {
  const [row] = await selectNotices(db).where(eq(notices.id, id));
  return row ? toNotice(row) : null;
}

/**
 * Who may address a notice where (issue 24): publishing is a campus-scoped
 * write, so a campus must be one of the caller's, and everyone only for a
 * caller who reaches every campus.
 */
async function assertMayAddress(db: Executor, principal: Principal, camId: number | null): Promise<void> {
  if (camId !== null) {
    if (!holdsAll(principal) && !principal.camIds.includes(camId)) throw forbidden('access.campusForbidden');
    return;
  }
  if (!(await reachesEveryCampus(db, principal))) throw forbidden('notice.everyoneForbidden');
}

async function reachesEveryCampus(db: Executor, principal: Principal): Promise<boolean> {
  if (holdsAll(principal)) return true;
  const [row] = await queryRows<{ missing: number }>(
    db,
    sql`select count(*)::int as missing from campuses where not (id = any(${`{${principal.camIds.join(',')}}`}::int[]))`,
  );
  return (row?.missing ?? 0) === 0;
}

/** The notices a caller may see and manage: their campuses', and everyone's. */
function visibleTo(principal: Principal): SQL | undefined {
  if (holdsAll(principal)) return undefined;
  return or(isNull(notices.camId), inArray(notices.camId, principal.camIds.length ? [...principal.camIds] : [0]));
}

/** The list's filters: part of the title, one audience (everyone, or exactly one campus), type and status. */
function buildNoticeConditions(
  principal: Principal,
  query: { keyword?: string; target?: 'everyone' | number; type?: string; status?: string },
): SQL | undefined {
  const conds: (SQL | undefined)[] = [visibleTo(principal)];
  if (query.keyword) conds.push(ilike(notices.title, `%${escapeLike(query.keyword)}%`));
  if (query.target === 'everyone') conds.push(isNull(notices.camId));
  else if (query.target !== undefined) conds.push(eq(notices.camId, query.target));
  if (query.type) conds.push(eq(notices.type, query.type));
  if (query.status) conds.push(eq(notices.status, query.status));
  return and(...conds);
}

const SORT_COLUMNS = { createdAt: notices.createdAt, publishedAt: notices.publishedAt, title: notices.title } as const;

/** A notice the caller may manage, locked for the write; else 404 (the same answer as for none). */
async function findManagedNotice(tx: Executor, principal: Principal, id: number) {
  const [row] = await tx
    .select({ id: notices.id, camId: notices.camId, status: notices.status })
    .from(notices)
    .where(and(eq(notices.id, id), visibleTo(principal)))
    .for('update');
  if (!row) throw notFound('notice');
  await assertMayAddress(tx, principal, row.camId);
  return row;
}

/**
 * Deletes notices and their messages in the caller's transaction; any id that
 * is not there (or not the caller's to manage) is a 404 and rolls the whole lot
 * back. Answers whose boxes changed.
 */
async function withdrawNotices(tx: Executor, principal: Principal, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  for (const id of unique) await findManagedNotice(tx, principal, id);
  const recipients = await tx.delete(messages).where(inArray(messages.noticeId, unique)).returning({ userId: messages.userId });
  await tx.delete(notices).where(inArray(notices.id, unique));
  return [...new Set(recipients.map((r) => r.userId))];
}

async function loadVisibleNotice(db: Executor, id: number): Promise<Notice> {
  const data = await loadNotice(db, id);
  if (!data) throw notFound('notice');
  return data;
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
      const where = buildNoticeConditions(getPrincipal(request), request.query);
      const [field = 'createdAt', direction = 'desc'] = (sort ?? 'createdAt:desc').split(':') as [keyof typeof SORT_COLUMNS, string];
      const order = direction === 'asc' ? asc : desc;
      // The id breaks ties so that paging never repeats or skips a row.
      const rows = await selectNotices(app.db)
        .where(where)
        // Drafts first (they wait for work), then pinned ones; within those the chosen order.
        .orderBy(sql`${notices.status} = 'draft' desc`, desc(notices.pinned), order(SORT_COLUMNS[field]), order(notices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await app.db.select({ n: count() }).from(notices).where(where);
      return { code: 0, msg: 'ok', data: { list: rows.map(toNotice), total: total?.n ?? 0, page, pageSize } };
    },
  );

  app.get(
    '/system/notices/audiences',
    {
      config: { access: requirePerm([Perm.noticePublish, Perm.noticeEdit], 'global') },
      schema: {
        tags,
        summary: 'Whom the caller may address a notice to: their campuses, and everyone only when they reach every campus',
        response: { 200: envelopeSchema(noticeAudiencesSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const all = await app.db.select({ cam_id: campuses.id, name: campuses.name }).from(campuses).orderBy(campuses.id);
      return {
        code: 0,
        msg: 'ok',
        data: {
          campuses: holdsAll(principal) ? all : all.filter((c) => principal.camIds.includes(c.cam_id)),
          everyone: await reachesEveryCampus(app.db, principal),
        },
      };
    },
  );

  app.post(
    '/system/notices',
    {
      config: { access: requirePerm(Perm.noticePublish, 'global') },
      schema: {
        tags,
        summary:
          "Writes a notice to one of the caller's campuses (camId) or to everyone (camId null or omitted; only for a caller who reaches every campus). Published (the default): one message in each reader's box now, and in the box of readers who join later; draft: kept for later",
        body: noticeCreateSchema,
        response: { 201: envelopeSchema(noticeSchema), ...errors },
      },
    },
    async (request, reply) => {
      const principal = getPrincipal(request);
      const { title, content, type, pinned, status } = request.body;
      const camId = request.body.camId ?? null;
      if (camId !== null) {
        const [campus] = await app.db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, camId));
        if (!campus) throw notFound('campus');
      }
      await assertMayAddress(app.db, principal, camId);
      const written = await runLoggedTransaction(
        request,
        async (tx) => {
          const [notice] = await tx
            .insert(notices)
            .values({
              title,
              content,
              type,
              pinned,
              status,
              camId,
              publisherId: principal.userId,
              publishedAt: status === 'published' ? new Date() : null,
            })
            .returning({ id: notices.id });
          if (!notice) throw new Error('notice insert returned nothing');
          return { id: notice.id, userIds: status === 'published' ? await deliverNotice(tx, notice.id) : [] };
        },
        201,
      );
      if (written.userIds.length) announceUnreadChange(camId === null ? 'all' : written.userIds);
      return reply.code(201).send({ code: 0, msg: 'ok', data: await loadVisibleNotice(app.db, written.id) });
    },
  );

  app.put(
    '/system/notices/:id',
    {
      config: { access: requirePerm(Perm.noticeEdit, 'global') },
      schema: {
        tags,
        summary:
          "Edits a notice; a published one changes in every reader's box too (read ones stay read). The audience (camId) changes only while it is a draft",
        params: idParamsSchema,
        body: noticeUpdateSchema,
        response: { 200: envelopeSchema(noticeSchema), ...errors },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const { camId, ...rest } = request.body;
      const changed = await runLoggedTransaction(request, async (tx) => {
        const notice = await findManagedNotice(tx, principal, request.params.id);
        if (camId !== undefined && camId !== notice.camId) {
          if (notice.status !== 'draft') throw badRequest('notice.audienceFixed', { field: 'camId' });
          if (camId !== null) {
            const [campus] = await tx.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, camId));
            if (!campus) throw notFound('campus');
          }
          await assertMayAddress(tx, principal, camId);
        }
        await tx
          .update(notices)
          .set({ ...rest, ...(camId === undefined ? {} : { camId }), updatedAt: new Date() })
          .where(eq(notices.id, notice.id));
        if (notice.status !== 'published' || (rest.title === undefined && rest.content === undefined)) return [];
        const updated = await tx
          .update(messages)
          .set({
            ...(rest.title === undefined ? {} : { title: rest.title }),
            ...(rest.content === undefined ? {} : { content: rest.content }),
          })
          .where(eq(messages.noticeId, notice.id))
          .returning({ userId: messages.userId });
        return updated.map((m) => m.userId);
      });
      if (changed.length) announceUnreadChange(changed);
      return { code: 0, msg: 'ok', data: await loadVisibleNotice(app.db, request.params.id) };
    },
  );

  app.post(
    '/system/notices/:id/publish',
    {
      config: { access: requirePerm(Perm.noticePublish, 'global') },
      schema: {
        tags,
        summary:
          "Publishes a draft: one message in each reader's box now, and later readers receive it when they next look; 409 if already published",
        params: idParamsSchema,
        response: { 200: envelopeSchema(noticeSchema), ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const published = await runLoggedTransaction(request, async (tx) => {
        const notice = await findManagedNotice(tx, principal, request.params.id);
        if (notice.status === 'published') throw conflict('notice.alreadyPublished');
        await tx
          .update(notices)
          .set({ status: 'published', publishedAt: new Date(), updatedAt: new Date() })
          .where(eq(notices.id, notice.id));
        return { camId: notice.camId, userIds: await deliverNotice(tx, notice.id) };
      });
      announceUnreadChange(published.camId === null ? 'all' : published.userIds);
      return { code: 0, msg: 'ok', data: await loadVisibleNotice(app.db, request.params.id) };
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
      const removed = await runLoggedTransaction(request, (tx) => withdrawNotices(tx, getPrincipal(request), [request.params.id]));
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
      const removed = await runLoggedTransaction(request, (tx) => withdrawNotices(tx, getPrincipal(request), request.body.ids));
      announceUnreadChange(removed);
      return { code: 0, msg: 'ok', data: null };
    },
  );
};
