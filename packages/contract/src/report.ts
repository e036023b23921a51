import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { sortField } from './educate.js';
import { boolField, idField, listField, text } from './fields.js';

// Reports, the Workplace dashboard and the message box (issue 7).

// ---- summary report ---------------------------------------------------------

export const reportSummaryQuerySchema = z.strictObject({
  /** Omitted: the campus's current term (else its latest). */
  termId: idField().optional(),
});

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export const reportExportQuerySchema = z.strictObject({
  termId: idField().optional(),
  format: z.enum(REPORT_FORMATS).default('xlsx'),
});

const statusCount = z.object({ status: z.string(), count: z.number().int() });

export const reportSummarySchema = z.object({
  term: z
    .object({
      id: z.number().int(),
      name: z.string(),
      academicYear: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      weeks: z.number().int(),
    })
    .nullable(),
  students: z.object({
    total: z.number().int(),
    byStatus: z.array(statusCount),
    byGrade: z.array(z.object({ grade: z.string(), count: z.number().int() })),
    byClass: z.array(z.object({ grade: z.string(), className: z.string(), count: z.number().int() })),
    /** By native province (regionCode's province; null: not given), most first. */
    byProvince: z.array(z.object({ regionCode: z.string().nullable(), name: z.string(), count: z.number().int() })),
  }),
  teachers: z.object({ total: z.number().int(), byStatus: z.array(statusCount) }),
  managers: z.object({ total: z.number().int(), byStatus: z.array(statusCount) }),
  /** Courses of the term and their enrolments. */
  courses: z.object({ total: z.number().int(), byStatus: z.array(statusCount), enrolments: z.number().int(), capacity: z.number().int() }),
  /** rate = enrolled / capacity, 0..1 rounded to 4 places. */
  fillRates: z.array(
    z.object({
      courseId: z.number().int(),
      code: z.string(),
      name: z.string(),
      enrolled: z.number().int(),
      capacity: z.number().int(),
      rate: z.number(),
    }),
  ),
  /**
   * Scheduled hours per week of each teacher in the term, from their schedule
   * entries: an every-week entry counts its full length, an odd- or even-week
   * entry half of it (it meets every other week), so the figure is the weekly
   * average while the entries run. Teachers without entries in the term show 0.
   */
  teacherHours: z.array(
    z.object({ teacherId: z.number().int(), staffNo: z.string(), name: z.string(), entries: z.number().int(), weeklyHours: z.number() }),
  ),
  /**
   * Booked hours per week of each room (averaged as for teacherHours) against
   * the hours available in a 5-day week of the campus day (day_end - day_start);
   * rate = booked / available, rounded to 4 places.
   */
  roomUse: z.array(
    z.object({
      roomId: z.number().int(),
      code: z.string(),
      name: z.string(),
      capacity: z.number().int(),
      bookedHours: z.number(),
      availableHours: z.number(),
      rate: z.number(),
    }),
  ),
  /**
   * Students who joined the campus per month over the last 12 months
   * (the current one included), counted by the record's enrolDate, falling back
   * to the day the record was created when enrolDate is empty.
   */
  newStudentsByMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});

export type ReportSummary = z.infer<typeof reportSummarySchema>;

// ---- Workplace --------------------------------------------------------------

export const contentDataPointSchema = z.object({ x: z.string(), y: z.number().int() });

export const POPULAR_TYPES = ['course', 'teacher'] as const;
export const popularQuerySchema = z.strictObject({ type: z.enum(POPULAR_TYPES).default('course') });
export const popularItemSchema = z.object({
  /** Rank, 1..5. */
  key: z.number().int(),
  title: z.string(),
  /** Enrolments in the current term as text: "1.2w+" from 10 000, else the number. */
  clickNumber: z.string(),
  /** % change of new enrolments in the last 7 days against the 7 before; 0 without a base. */
  increases: z.number(),
});
export type PopularItem = z.infer<typeof popularItemSchema>;

/** Each count is null when the caller may not see that kind of record (issue 24: the Workplace follows the perms). */
export const dashboardOverviewSchema = z.object({
  students: z.number().int().nullable(),
  teachers: z.number().int().nullable(),
  courses: z.number().int().nullable(),
  todayLessons: z.number().int().nullable(),
  /** The current term's week today falls in; null without a current term or outside it. */
  week: z.number().int().nullable(),
  date: z.string(),
});

export const todayLessonSchema = z.object({
  entryId: z.number().int(),
  courseId: z.number().int(),
  courseName: z.string(),
  teacherId: z.number().int(),
  teacherName: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export const todayTimetableSchema = z.object({
  date: z.string(),
  week: z.number().int().nullable(),
  /**
   * teacher: the caller's own lessons (they are a teacher of this campus); campus: every lesson of the campus
   * (needs the schedule list perm); none: neither, the list is empty.
   */
  scope: z.enum(['teacher', 'campus', 'none']),
  list: z.array(todayLessonSchema),
});

// ---- message box ------------------------------------------------------------

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const messageItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  /** Relative day in the reader's language: 今天 / 昨天 / 3天前, Today / Yesterday / 3 days ago. */
  time: z.string(),
  createdAt: z.string(),
  messageType: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]),
  /** A pinned notice: listed before the others. */
  pinned: z.boolean(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

export const messageListQuerySchema = z.strictObject({
  type: z.enum(MESSAGE_TYPES).optional(),
  /** 0 unread only, 1 read only. */
  status: z.enum(['0', '1']).optional(),
  limit: z.preprocess((v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v), z.number().int().min(1).max(500)).default(200),
});

export const messageReadBodySchema = z.strictObject({
  ids: listField(z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number().int().min(1))).pipe(
    z.array(z.number()).min(1).max(1000),
  ),
});

export const unreadCountSchema = z.object({
  total: z.number().int(),
  message: z.number().int(),
  notice: z.number().int(),
  todo: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ---- notices ----------------------------------------------------------------

/** A form's select sends '' for "no campus" (everyone). */
const blankToNull = (v: unknown) => (v === '' ? null : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const NOTICE_SORTS = ['createdAt', 'publishedAt', 'title'] as const;
/** notice 通知, announcement 公告. */
export const NOTICE_TYPES = ['notice', 'announcement'] as const;
/** draft: kept, reaches nobody yet; published: in its readers' message boxes. */
export const NOTICE_STATUSES = ['draft', 'published'] as const;

const noticeFields = {
  title: text().trim().min(1).max(200),
  content: text().max(5000),
  type: z.enum(NOTICE_TYPES),
  pinned: boolField(),
};

export const noticeCreateSchema = z.strictObject({
  ...noticeFields,
  content: noticeFields.content.default(''),
  type: noticeFields.type.default('notice'),
  pinned: noticeFields.pinned.default(false),
  /** A campus id, or null / '' / omitted for everyone. */
  camId: z.preprocess(blankToNull, idField().nullable()).optional(),
  /** draft keeps it for later; published (the default) sends it at once. */
  status: z.enum(NOTICE_STATUSES).default('published'),
});
/** Any field; the audience (camId) only while the notice is a draft. */
export const noticeUpdateSchema = z.strictObject({
  title: noticeFields.title.optional(),
  content: noticeFields.content.optional(),
  type: noticeFields.type.optional(),
  pinned: noticeFields.pinned.optional(),
  camId: z.preprocess(blankToNull, idField().nullable()).optional(),
});
export const noticeQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** Part of the title. */
  keyword: text().trim().max(64).optional(),
  /** `everyone`, or a campus id: the notices sent to exactly that audience. */
  target: z.preprocess(blankToUndefined, z.union([z.literal('everyone'), idField()]).optional()),
  type: z.preprocess(blankToUndefined, z.enum(NOTICE_TYPES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(NOTICE_STATUSES).optional()),
  sort: sortField(NOTICE_SORTS),
});
export const noticeSchema = z.object({
  id: z.number().int(),
  camId: z.number().int().nullable(),
  /** The campus's name; null for everyone. */
  camName: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  type: z.enum(NOTICE_TYPES),
  status: z.enum(NOTICE_STATUSES),
  pinned: z.boolean(),
  publisherId: z.number().int().nullable(),
  publisherName: z.string(),
  /** Message boxes it is in so far (readers who join later receive it when they next look). */
  recipients: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** Whom the caller may address: their campuses, and everyone only when they reach every campus. */
export const noticeAudiencesSchema = z.object({
  campuses: z.array(z.object({ cam_id: z.number().int(), name: z.string() })),
  everyone: z.boolean(),
});
export type NoticeAudiences = z.infer<typeof noticeAudiencesSchema>;

export { REPORT_MESSAGES, type ReportMessageKey } from './messages-report.js';
