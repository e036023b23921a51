import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  FEED_TARGET_KINDS,
  formatMessage,
  hasAnyPerm,
  Perm,
  type CalendarFeed,
  type FeedKind,
  type IssuedCalendarFeed,
  type Locale,
} from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { teachers } from '../../db/schema/campus.js';
import { calendarFeeds, campuses } from '../../db/schema/system.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { createToken } from '../../lib/tokens.js';
import { buildCalendarIcs, type IcsPart } from './ics.js';
import { calendarName, loadTargetEntries, resolveTarget, resolveTerm, type TargetKind } from './targets.js';

// Calendar feeds: a personal URL per timetable, its secret stored as sha256.
// Every fetch re-checks the owner: active, still holding the timetable perm
// and the campus (or, for their own timetable, still linked to a teacher).

export type FeedRow = typeof calendarFeeds.$inferSelect;

export const FEED_PERM = Perm.scheduleList;
export const FEED_PATH = '/api/calendar';

export interface FeedOwner {
  status: string;
  perms: readonly string[];
  camIds: readonly number[];
}

/** The owner as the feed sees them now: status, perms of active roles, campuses. */
export async function readFeedOwner(db: Executor, userId: number): Promise<FeedOwner | null> {
  const [row] = await queryRows<{ status: string; perms: string[] | null; cam_ids: number[] | null }>(
    db,
    sql`select u.status,
          (select array_agg(distinct p.code) from user_roles ur
             join roles r on r.id = ur.role_id and r.status = 'active'
             join role_perms rp on rp.role_id = r.id
             join perms p on p.id = rp.perm_id
           where ur.user_id = u.id) as perms,
          (select array_agg(uc.cam_id) from user_campuses uc where uc.user_id = u.id) as cam_ids
        from users u where u.id = ${userId}`,
  );
  return row ? { status: row.status, perms: row.perms ?? [], camIds: (row.cam_ids ?? []).map(Number) } : null;
}

/** Whether the owner may still read what the feed shows. */
export function mayRead(owner: FeedOwner | null, feed: Pick<FeedRow, 'kind' | 'camId'>): boolean {
  if (!owner || owner.status !== 'active') return false;
  if (feed.kind === 'own') return true;
  return feed.camId !== null && owner.camIds.includes(feed.camId) && hasAnyPerm(owner.perms, [FEED_PERM]);
}

/** The teacher records linked to a user, campus by campus (only campuses the user holds). */
export async function findOwnTeachers(db: Executor, userId: number, camIds: readonly number[]) {
  const found: { camId: number; teacherId: number; name: string }[] = [];
  for (const camId of camIds) {
    const scope = createCampusScope(db, camId);
    const rows = await scope.select(teachers, { id: teachers.id, name: teachers.name }, eq(teachers.userId, userId));
    for (const r of rows) found.push({ camId, teacherId: r.id, name: r.name });
  }
  return found;
}

/** What a feed shows, in words; '' when its target is gone. */
export async function describeFeedTarget(db: Executor, feed: FeedRow, locale: Locale): Promise<string> {
  if (feed.kind === 'own' || feed.camId === null || feed.targetId === null) return formatMessage(locale, 'feed.myTimetable');
  try {
    const target = await resolveTarget(createCampusScope(db, feed.camId), { [`${feed.kind}Id`]: feed.targetId });
    return target.name;
  } catch {
    return '';
  }
}

export function toFeedDto(feed: FeedRow, targetName: string): CalendarFeed {
  return {
    id: feed.id,
    kind: feed.kind as FeedKind,
    camId: feed.camId,
    targetId: feed.targetId,
    targetName,
    locale: feed.locale,
    createdAt: feed.createdAt.toISOString(),
    rotatedAt: feed.rotatedAt.toISOString(),
    lastUsedAt: feed.lastUsedAt ? feed.lastUsedAt.toISOString() : null,
  };
}

/** The feed's URL on the host the user reached (behind a trusted proxy: the proxy's scheme and host). */
export function feedUrls(request: FastifyRequest, token: string): { url: string; webcalUrl: string } {
  const url = `${request.protocol}://${request.host}${FEED_PATH}/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/**
 * Makes the user's feed of this timetable, or gives the existing one a new
 * secret (the old URL stops at once). The URL is answered this once.
 */
export async function issueFeed(
  db: Executor,
  request: FastifyRequest,
  userId: number,
  target: { kind: FeedKind; camId: number | null; targetId: number | null },
  targetName: string,
): Promise<IssuedCalendarFeed> {
  const { token, tokenHash } = createToken();
  const same = and(
    eq(calendarFeeds.userId, userId),
    eq(calendarFeeds.kind, target.kind),
    target.camId === null ? sql`${calendarFeeds.camId} is null` : eq(calendarFeeds.camId, target.camId),
    target.targetId === null ? sql`${calendarFeeds.targetId} is null` : eq(calendarFeeds.targetId, target.targetId),
  );
  const [existing] = await db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(same);
  const [row] = existing
    ? await db
        .update(calendarFeeds)
        .set({ secretHash: tokenHash, locale: request.locale, rotatedAt: new Date() })
        .where(eq(calendarFeeds.id, existing.id))
        .returning()
    : await db
        .insert(calendarFeeds)
        .values({
          userId,
          kind: target.kind,
          camId: target.camId,
          targetId: target.targetId,
          secretHash: tokenHash,
          locale: request.locale,
        })
        .returning();
  if (!row) throw new Error('calendar feed write returned no row');
  return { feed: toFeedDto(row, targetName), ...feedUrls(request, token) };
}

/** A new secret for an existing feed. */
export async function rotateFeed(db: Executor, request: FastifyRequest, feed: FeedRow, targetName: string): Promise<IssuedCalendarFeed> {
  const { token, tokenHash } = createToken();
  const [row] = await db
    .update(calendarFeeds)
    .set({ secretHash: tokenHash, locale: request.locale, rotatedAt: new Date() })
    .where(eq(calendarFeeds.id, feed.id))
    .returning();
  if (!row) throw new Error('calendar feed rotate returned no row');
  return { feed: toFeedDto(row, targetName), ...feedUrls(request, token) };
}

async function campusZone(db: Executor, camId: number): Promise<string> {
  const [campus] = await db.select({ timezone: campuses.timezone }).from(campuses).where(eq(campuses.id, camId));
  return campus?.timezone ?? 'UTC';
}

/** The feed's calendar: a target's timetable in its campus, or every linked teacher record's for `own`. */
export async function buildFeedIcs(db: Executor, feed: FeedRow, owner: FeedOwner): Promise<string> {
  const locale: Locale = feed.locale === 'en-US' ? 'en-US' : 'zh-CN';
  const targets: { camId: number; query: Record<string, number> }[] =
    feed.kind === 'own'
      ? (await findOwnTeachers(db, feed.userId, owner.camIds)).map((t) => ({ camId: t.camId, query: { teacherId: t.teacherId } }))
      : feed.camId !== null && feed.targetId !== null
        ? [{ camId: feed.camId, query: { [`${feed.kind}Id`]: feed.targetId } }]
        : [];
  const parts: IcsPart[] = [];
  let name = formatMessage(locale, 'feed.myTimetable');
  for (const t of targets) {
    const scope = createCampusScope(db, t.camId);
    const target = await resolveTarget(scope, t.query);
    const term = await resolveTerm(scope, target, undefined);
    if (feed.kind !== 'own') name = calendarName(target, term, locale);
    if (!term) continue;
    parts.push({ timezone: await campusZone(db, t.camId), term, entries: await loadTargetEntries(scope, target, term) });
  }
  return buildCalendarIcs({ name, uidDomain: 'campus-console', parts, locale });
}

export const isTargetKind = (kind: string): kind is TargetKind => (FEED_TARGET_KINDS as readonly string[]).includes(kind);
