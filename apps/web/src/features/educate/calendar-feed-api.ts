import type { CalendarFeed, FeedKind, IssuedCalendarFeed } from '@campus/contract';
import { request } from '../../lib/request';

// Calendar feed URLs (server: modules/timetable/feed-routes.ts). The list and
// rotate/revoke routes live under /user/ so a user-center page can reuse them.

export type FeedTargetKind = Exclude<FeedKind, 'own'>;

export async function listCalendarFeeds(): Promise<CalendarFeed[]> {
  return (await request.get<CalendarFeed[]>('/user/calendar-feeds', undefined, { errorHandling: 'local' })).data;
}

/** A feed of a teacher's, room's, course's or student's timetable in the current campus (again: a new secret). */
export async function issueTimetableFeed(kind: FeedTargetKind, targetId: number): Promise<IssuedCalendarFeed> {
  return (await request.post<IssuedCalendarFeed>('/educate/timetable/feeds', { kind, targetId }, { errorHandling: 'local' })).data;
}

/** A feed of the caller's own timetable (the teacher records linked to them). */
export async function issueOwnFeed(): Promise<IssuedCalendarFeed> {
  return (await request.post<IssuedCalendarFeed>('/user/calendar-feeds', { kind: 'own' }, { errorHandling: 'local' })).data;
}

export async function rotateCalendarFeed(id: number): Promise<IssuedCalendarFeed> {
  return (await request.post<IssuedCalendarFeed>(`/user/calendar-feeds/${id}/rotate`, undefined, { errorHandling: 'local' })).data;
}

export async function revokeCalendarFeed(id: number): Promise<void> {
  await request.delete<boolean>(`/user/calendar-feeds/${id}`, undefined, { errorHandling: 'local' });
}
