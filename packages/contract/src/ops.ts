import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { studentSchema, teacherSchema } from './educate.js';
import { REGION_CODE_PATTERN, REGION_PATHS_MAX } from './constants.js';
import { boolField, commaListField, text } from './fields.js';

// Operations (issue 19): the server monitor, scheduled jobs and regions.

// ---- monitor ------------------------------------------------------------------

export const requestFiguresSchema = z.object({
  /** Requests per minute over the window (15 minutes, or the uptime when shorter). */
  perMin: z.number(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  errors5xx: z.number().int(),
  total: z.number().int(),
});

/** One point of the live charts: a 10-second slot. */
export const monitorPointSchema = z.object({
  t: z.string(),
  requests: z.number().int(),
  errors5xx: z.number().int(),
  p95Ms: z.number(),
  cpuPercent: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  eventLoopLagMs: z.number(),
});

export const instanceFiguresSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
  uptimeS: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  cpuPercent: z.number(),
  eventLoopLagMs: z.number(),
  requests: requestFiguresSchema,
  /** This answer came from that instance. */
  isSelf: z.boolean(),
});
export type InstanceFigures = z.infer<typeof instanceFiguresSchema>;

export const monitorServerSchema = z.object({
  instance: z.string(),
  host: z.string(),
  startedAt: z.string(),
  uptimeS: z.number(),
  version: z.string(),
  node: z.string(),
  pid: z.number().int(),
  platform: z.string(),
  cpus: z.number().int(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  heapTotalBytes: z.number(),
  cpuPercent: z.number(),
  eventLoopLagMs: z.number(),
  db: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number(),
    poolTotal: z.number().int(),
    poolIdle: z.number().int(),
    poolWaiting: z.number().int(),
    /** Round trip of `select 1`. */
    pingMs: z.number(),
    /** PostgreSQL only: the oldest statement running now on this database (another session's), else null. */
    longestQuery: z.object({ durationMs: z.number(), query: z.string(), state: z.string() }).nullable(),
  }),
  requests: requestFiguresSchema,
  /** The last 15 minutes of this instance, oldest first. */
  series: z.array(monitorPointSchema),
  /** Every instance that published its figures in the last 30 seconds (this one included). */
  instances: z.array(instanceFiguresSchema),
});
export type MonitorServer = z.infer<typeof monitorServerSchema>;
export type MonitorPoint = z.infer<typeof monitorPointSchema>;

// ---- scheduled jobs -----------------------------------------------------------

export const JOB_RUN_STATUSES = ['running', 'ok', 'failed'] as const;
export const JOB_TRIGGERS = ['schedule', 'manual'] as const;

export const jobItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  cron: z.string(),
  /** The cron in words, in the caller's language. */
  cronText: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.enum(['ok', 'failed']).nullable(),
  lastDurationMs: z.number().int().nullable(),
  nextRunAt: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

const cronField = () => text().trim().min(1).max(100);

export const jobUpdateSchema = z
  .strictObject({ cron: cronField().optional(), enabled: boolField().optional() })
  .refine((b) => b.cron !== undefined || b.enabled !== undefined, { message: 'rule.required', path: ['cron'] });
export type JobUpdate = z.infer<typeof jobUpdateSchema>;

export const cronPreviewQuerySchema = z.strictObject({ cron: cronField(), timezone: text().trim().max(64).optional() });
export const cronPreviewSchema = z.object({ cron: z.string(), description: z.string(), timezone: z.string(), next: z.array(z.string()) });
export type CronPreview = z.infer<typeof cronPreviewSchema>;

export const jobRunSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  trigger: z.enum(JOB_TRIGGERS),
  dueAt: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  status: z.enum(JOB_RUN_STATUSES),
  instance: z.string(),
  /** Who pressed "run now". */
  username: z.string().nullable(),
  message: z.string(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobRunQuerySchema = z.strictObject({ ...pageQueryShape, status: z.enum(JOB_RUN_STATUSES).optional() });
export const jobRunStartedSchema = z.object({ runId: z.number().int() });

// ---- regions ------------------------------------------------------------------

export const regionSchema = z.object({
  id: z.string(),
  /** The parent's code; null for a province. */
  pid: z.string().nullable(),
  name: z.string(),
  hasChildren: z.boolean(),
});
export type Region = z.infer<typeof regionSchema>;

export const regionDetailSchema = z.object({
  id: z.string(),
  pid: z.string().nullable(),
  name: z.string(),
  /** From the province down to this region. */
  path: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RegionDetail = z.infer<typeof regionDetailSchema>;

export const regionListQuerySchema = z.strictObject({ parent: text().trim().regex(REGION_CODE_PATTERN).optional() });
/** Search by name at every level; the matches come with their paths. */
export const regionSearchQuerySchema = z.strictObject({ keyword: text().trim().min(1).max(32) });
export const regionParamsSchema = z.strictObject({ id: text().trim().regex(REGION_CODE_PATTERN) });
export const regionSearchHitSchema = regionDetailSchema;
/** Several regions at once (`codes=110105,330106`), for the names in a list page: one request, not one a row. */
export const regionPathsQuerySchema = z.strictObject({
  codes: commaListField(text().regex(REGION_CODE_PATTERN)).pipe(z.array(z.string()).min(1).max(REGION_PATHS_MAX)),
});

// ---- profile pages (students, teachers) ----------------------------------------

export const studentEnrolmentSchema = z.object({
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  courseStatus: z.string(),
  credits: z.number(),
  termId: z.number().int(),
  termName: z.string(),
  academicYear: z.string(),
  isCurrentTerm: z.boolean(),
  teacherId: z.number().int(),
  teacherName: z.string(),
  enrolledAt: z.string(),
});
export type StudentEnrolment = z.infer<typeof studentEnrolmentSchema>;

export const teacherCourseSchema = z.object({
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  courseStatus: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  academicYear: z.string(),
  isCurrentTerm: z.boolean(),
  enrolled: z.number().int(),
  capacity: z.number().int(),
  /** Scheduled minutes in an average week of the term. */
  weeklyMinutes: z.number(),
});
export type TeacherCourse = z.infer<typeof teacherCourseSchema>;

/** regionName: the native place spelled out ("浙江省 杭州市 西湖区"), '' when not given. */
export const studentProfileSchema = z.object({
  student: studentSchema,
  regionName: z.string(),
  enrolments: z.array(studentEnrolmentSchema),
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;
export const teacherProfileSchema = z.object({
  teacher: teacherSchema,
  regionName: z.string(),
  courses: z.array(teacherCourseSchema),
});
export type TeacherProfile = z.infer<typeof teacherProfileSchema>;

/** One operation-log entry about a record (its profile's history). */
export const recordHistoryItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  module: z.string(),
  action: z.string(),
  method: z.string(),
  status: z.number().int(),
  code: z.number().int(),
  msg: z.string(),
  createdAt: z.string(),
});
export type RecordHistoryItem = z.infer<typeof recordHistoryItemSchema>;
