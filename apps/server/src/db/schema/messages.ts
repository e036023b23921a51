import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { campuses, users } from './system.js';

// The message box: notices and the messages each user reads (issue 7).

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    /** null: published to everyone. */
    camId: integer('cam_id').references(() => campuses.id),
    title: varchar('title', { length: 200 }).notNull(),
    content: varchar('content', { length: 5000 }).notNull().default(''),
    publisherId: integer('publisher_id').references(() => users.id, { onDelete: 'set null' }),
    /** notice (通知) | announcement (公告) */
    type: varchar('type', { length: 16 }).notNull().default('notice'),
    /** draft: kept for later, reaches nobody | published */
    status: varchar('status', { length: 16 }).notNull().default('published'),
    /** Shown above the others in message boxes and on the Workplace. */
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notices_time_idx').on(t.createdAt),
    index('notices_cam_time_idx').on(t.camId, t.createdAt),
    check('notices_type_ck', sql`${t.type} in ('notice', 'announcement')`),
    check('notices_status_ck', sql`${t.status} in ('draft', 'published')`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    camId: integer('cam_id').references(() => campuses.id),
    /** message | notice | todo */
    type: varchar('type', { length: 16 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    subTitle: varchar('sub_title', { length: 200 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    content: varchar('content', { length: 5000 }).notNull().default(''),
    messageType: smallint('message_type').notNull().default(0),
    /** 0 unread, 1 read. */
    status: smallint('status').notNull().default(0),
    /** System messages store a message key and params, rendered in the reader's language at list time. */
    textKey: varchar('text_key', { length: 64 }),
    params: jsonb('params').notNull().default({}),
    /** What a system todo is about (e.g. course:12:overCapacity): one open todo per user and subject. */
    subject: varchar('subject', { length: 128 }),
    noticeId: integer('notice_id').references(() => notices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_user_status_time_idx').on(t.userId, t.status, t.createdAt),
    // One copy of a notice per reader: late delivery (a user who joined after publishing) may race itself.
    uniqueIndex('messages_notice_user_uq')
      .on(t.noticeId, t.userId)
      .where(sql`${t.noticeId} is not null`),
    uniqueIndex('messages_open_todo_uq')
      .on(t.userId, t.subject)
      .where(sql`${t.status} = 0 and ${t.subject} is not null`),
    check('messages_type_ck', sql`${t.type} in ('message', 'notice', 'todo')`),
    check('messages_status_ck', sql`${t.status} in (0, 1)`),
  ],
);
