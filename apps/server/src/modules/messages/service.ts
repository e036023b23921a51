import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatStoredText, type Locale, type MessageItem, type MessageParams, type MessageType, type UnreadCount } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { messages, notices } from '../../db/schema/messages.js';
import { campuses } from '../../db/schema/system.js';
import { notFound } from '../../lib/app-error.js';
import { deliverMissedNotices } from '../../lib/notice-delivery.js';
import type { StoredTexts, LocalText } from '../../lib/todos.js';

const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/** Params that read differently per language: weekday numbers and clash kinds. */
function localiseParams(locale: Locale, params: MessageParams = {}): MessageParams {
  const out: MessageParams = { ...params };
  if (typeof params.weekday === 'number') {
    const day = formatStoredText(locale, `weekday.${params.weekday}`);
    out.when = [day, params.start && params.end ? `${params.start}-${params.end}` : ''].filter(Boolean).join(' ');
  }
  if (params.kind === 'teacher' || params.kind === 'room') out.what = formatStoredText(locale, `clash.${params.kind}`);
  return out;
}

function renderText(locale: Locale, stored: LocalText | undefined, fallback: string): string {
  return stored ? formatStoredText(locale, stored.key, localiseParams(locale, stored.params)) : fallback;
}

export function formatRelativeDay(locale: Locale, days: number): string {
  if (days <= 0) return formatStoredText(locale, 'time.today');
  if (days === 1) return formatStoredText(locale, 'time.yesterday');
  return formatStoredText(locale, 'time.daysAgo', { days });
}

/** The reader's calendar: the time zone of their first campus (days are counted there). */
async function findUserTimezone(db: Executor, camIds: readonly number[]): Promise<string> {
  if (!camIds.length) return DEFAULT_TIMEZONE;
  const [row] = await db
    .select({ timezone: campuses.timezone })
    .from(campuses)
    .where(inArray(campuses.id, [...camIds]))
    .orderBy(campuses.id)
    .limit(1);
  return row?.timezone ?? DEFAULT_TIMEZONE;
}

export interface ListOptions {
  type?: MessageType | undefined;
  status?: 0 | 1 | undefined;
  limit: number;
}

/** The caller's messages, newest first; nobody else's are ever selected. */
export async function listMessages(
  db: Executor,
  user: { userId: number; camIds: readonly number[] },
  locale: Locale,
  opts: ListOptions,
): Promise<MessageItem[]> {
  await deliverMissedNotices(db, user);
  const tz = await findUserTimezone(db, user.camIds);
  const rows = await db
    .select({
      id: messages.id,
      type: messages.type,
      title: messages.title,
      subTitle: messages.subTitle,
      avatar: messages.avatar,
      content: messages.content,
      messageType: messages.messageType,
      status: messages.status,
      params: messages.params,
      createdAt: messages.createdAt,
      days: sql<number>`((now() at time zone ${tz})::date - (${messages.createdAt} at time zone ${tz})::date)::int`,
      pinned: sql<boolean>`coalesce(${notices.pinned}, false)`,
    })
    .from(messages)
    .leftJoin(notices, eq(notices.id, messages.noticeId))
    .where(
      and(
        eq(messages.userId, user.userId),
        opts.type ? eq(messages.type, opts.type) : undefined,
        opts.status === undefined ? undefined : eq(messages.status, opts.status),
      ),
    )
    // Pinned notices first, then newest first.
    .orderBy(sql`coalesce(${notices.pinned}, false) desc, ${messages.createdAt} desc, ${messages.id} desc`)
    .limit(opts.limit);
  return rows.map((r) => {
    const texts = (r.params ?? {}) as StoredTexts;
    return {
      id: r.id,
      type: r.type as MessageType,
      title: renderText(locale, texts.title, r.title),
      subTitle: r.subTitle,
      avatar: r.avatar,
      content: renderText(locale, texts.content, r.content),
      time: formatRelativeDay(locale, Number(r.days)),
      createdAt: r.createdAt.toISOString(),
      messageType: r.messageType,
      status: r.status === 1 ? 1 : 0,
      pinned: r.pinned,
    };
  });
}

export async function countUnread(db: Executor, user: { userId: number; camIds: readonly number[] }): Promise<UnreadCount> {
  const { userId } = user;
  await deliverMissedNotices(db, user);
  const rows = await db
    .select({ type: messages.type, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.status, 0)))
    .groupBy(messages.type);
  const by = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)])) as Partial<Record<MessageType, number>>;
  const message = by.message ?? 0;
  const notice = by.notice ?? 0;
  const todo = by.todo ?? 0;
  return { total: message + notice + todo, message, notice, todo };
}

/**
 * Marks the caller's messages read. Any id that is not theirs (or does not
 * exist) refuses the whole call with 404 and changes nothing: the answer is the
 * same for another user's message and for none, so ids reveal nothing.
 */
export async function markRead(tx: Executor, userId: number, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const mine = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.id, wanted)))
    .for('update');
  if (mine.length !== wanted.length) throw notFound('message');
  await tx
    .update(messages)
    .set({ status: 1, readAt: new Date() })
    .where(and(eq(messages.userId, userId), inArray(messages.id, wanted), eq(messages.status, 0)));
}

export async function markAllRead(tx: Executor, userId: number, type?: MessageType): Promise<number> {
  const done = await tx
    .update(messages)
    .set({ status: 1, readAt: new Date() })
    .where(and(eq(messages.userId, userId), eq(messages.status, 0), type ? eq(messages.type, type) : undefined))
    .returning({ id: messages.id });
  return done.length;
}
