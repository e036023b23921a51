import { z } from 'zod';
import { idField } from './fields.js';

// Personal calendar feed URLs: a calendar app fetches the timetable with no
// header, so the URL carries a random secret (never the session token).

export const FEED_TARGET_KINDS = ['teacher', 'room', 'course', 'student', 'class'] as const;
export const FEED_KINDS = ['own', ...FEED_TARGET_KINDS] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const calendarFeedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  /** The campus of a teacher/room/course/student/class feed; null for the own timetable (every campus). */
  camId: z.number().int().nullable(),
  targetId: z.number().int().nullable(),
  /** What the feed shows, in words (a teacher's name, a room's code and name). */
  targetName: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  rotatedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed just made or rotated: its URL is shown this once (only a hash of the secret is kept). */
export const issuedCalendarFeedSchema = z.object({
  feed: calendarFeedSchema,
  /** https:// (or http://) URL to paste into a calendar app. */
  url: z.string(),
  /** The same as webcal://, which opens the system calendar's subscribe dialog. */
  webcalUrl: z.string(),
});
export type IssuedCalendarFeed = z.infer<typeof issuedCalendarFeedSchema>;

export const timetableFeedBodySchema = z.strictObject({
  kind: z.enum(FEED_TARGET_KINDS),
  targetId: idField(),
});
export type TimetableFeedBody = z.infer<typeof timetableFeedBodySchema>;
