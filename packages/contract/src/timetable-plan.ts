import { z } from 'zod';
import { boolField, idField, intField, text, timeField } from './fields.js';
import { WEEK_PATTERNS } from './schedule.js';
import { timetableConstraintRowSchema, timetableSlotSchema } from './timetable-constraints.js';

// Timetable plans of a campus and term, their bell schedule, activities, generator runs and solutions
// (docs/api-conventions.md, "Timetable plans"). Days and periods are numbered from 1.

export const MAX_PLAN_DAYS = 7;
export const MAX_PLAN_PERIODS = 16;
export const TIMETABLE_RUN_STATUSES = ['running', 'solved', 'failed', 'cancelled'] as const;
export type TimetableRunStatus = (typeof TIMETABLE_RUN_STATUSES)[number];
export const STUDENT_SET_KINDS = ['year', 'group', 'subgroup'] as const;

const name = () => text().trim().min(1).max(64);

/** A teaching day: its name and the weekday (1 Monday … 7 Sunday) it falls on. */
export const bellDaySchema = z.strictObject({ name: name(), weekday: intField().pipe(z.number().min(1).max(7)) });
export const bellPeriodSchema = z.strictObject({ name: name(), startTime: timeField(), endTime: timeField() });

const periodsInOrder = (periods: { startTime: string; endTime: string }[]) =>
  periods.every((p, i) => p.startTime < p.endTime && (i === 0 || (periods[i - 1]?.endTime ?? '') <= p.startTime));
const weekdaysDistinct = (days: { weekday: number }[]) => new Set(days.map((d) => d.weekday)).size === days.length;

/** A bell schedule: the teaching days and the periods of each day, with their times. */
export const bellScheduleSchema = z.strictObject({
  days: z.array(bellDaySchema).min(1).max(MAX_PLAN_DAYS).refine(weekdaysDistinct, { message: 'rule.timetableWeekdaysDistinct' }),
  periods: z.array(bellPeriodSchema).min(1).max(MAX_PLAN_PERIODS).refine(periodsInOrder, { message: 'rule.timetablePeriodsInOrder' }),
});
export type BellSchedule = z.infer<typeof bellScheduleSchema>;

export const planDaySchema = bellDaySchema.extend({ index: z.number().int() });
export const planPeriodSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const studentSetSchema = z.strictObject({
  id: text().trim().min(1).max(40),
  name: name(),
  kind: z.enum(STUDENT_SET_KINDS),
  parentIds: z.array(text().min(1).max(40)).max(20),
  size: intField().pipe(z.number().min(0).max(100_000)).optional(),
});
export type StudentSetInput = z.infer<typeof studentSetSchema>;

export const timetablePlanCreateSchema = z.strictObject({
  name: name(),
  termId: idField(),
  /** Omitted: the campus's default bell schedule. */
  bellSchedule: bellScheduleSchema.optional(),
  /** Start the student sets from the campus's students: grades as years, classes as groups. */
  studentSetsFromClasses: boolField().optional(),
});

export const timetablePlanUpdateSchema = z.strictObject({
  name: name().optional(),
  bellSchedule: bellScheduleSchema.optional(),
});

export const studentSetsBodySchema = z.strictObject({ studentSets: z.array(studentSetSchema).max(2000) });

const ids = (max: number) => z.array(idField()).max(max);
const setIds = () => z.array(text().min(1).max(40)).max(50);

/** A weekly activity: one row per lesson of the week (split), sharing a group when more than one. */
export const timetableActivityCreateSchema = z.strictObject({
  subjectName: text().trim().max(64).default(''),
  teacherIds: ids(8).default([]),
  studentSetIds: setIds().default([]),
  /** The lengths of its lessons in the week, in periods: [2, 1, 1] is three lessons, four periods. */
  durations: z.array(z.number().int().min(1).max(MAX_PLAN_PERIODS)).min(1).max(14),
  /** For split activities: the fewest days between its lessons (soft at 95 %). 0 leaves it free. */
  minDaysBetween: z.number().int().min(0).max(6).default(1),
  /** Rooms it may use (hard); empty: any room, chosen when the plan is applied. */
  roomIds: ids(200).default([]),
  /** Students attending (for room capacity); omitted: the sets' sizes. */
  size: z.number().int().min(0).max(100_000).optional(),
  /** The course its lessons become when the plan is applied; omitted: one is made. */
  courseId: idField().optional(),
  /** The weeks its lessons meet once applied: every week, odd or even weeks (the generator keeps the slot every week). */
  weekPattern: z.enum(WEEK_PATTERNS).default('all'),
});

export const timetableActivityUpdateSchema = z.strictObject({
  subjectName: text().trim().max(64).optional(),
  teacherIds: ids(8).optional(),
  studentSetIds: setIds().optional(),
  duration: z.number().int().min(1).max(MAX_PLAN_PERIODS).optional(),
  roomIds: ids(200).optional(),
  size: z.number().int().min(0).max(100_000).nullable().optional(),
  courseId: idField().nullable().optional(),
  weekPattern: z.enum(WEEK_PATTERNS).optional(),
});

/** Lock a lesson where it is (or where the user dragged it): a fixed start and room kept by regenerating. */
export const timetableLockSchema = z.strictObject({
  day: z.number().int().min(1).max(31),
  period: z.number().int().min(1).max(31),
  roomId: idField().nullable().optional(),
});

export const timetableActivitySchema = z.object({
  id: z.number().int(),
  externalId: z.number().int().nullable(),
  groupId: z.string().nullable(),
  subjectId: z.string().nullable(),
  subjectName: z.string(),
  teacherIds: z.array(z.number().int()),
  studentSetIds: z.array(z.string()),
  studentSets: z.array(z.string()),
  tagIds: z.array(z.string()),
  durationPeriods: z.number().int(),
  size: z.number().int().nullable(),
  roomIds: z.array(z.number().int()),
  courseId: z.number().int().nullable(),
  weekPattern: z.enum(WEEK_PATTERNS),
  locked: timetableSlotSchema.extend({ roomId: z.number().int().nullable() }).nullable(),
});
export type TimetableActivity = z.infer<typeof timetableActivitySchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const timetableRunSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(TIMETABLE_RUN_STATUSES),
  placed: z.number().int(),
  bestPlaced: z.number().int(),
  total: z.number().int(),
  elapsedMs: z.number().int(),
  hardViolations: z.number().int(),
  softScore: z.number(),
  seed: z.number().int(),
  timeLimitS: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TimetableRunSummary = z.infer<typeof timetableRunSummarySchema>;

export const timetablePlanItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  activityCount: z.number().int(),
  constraintCount: z.number().int(),
  appliedAt: z.string().nullable(),
  updatedAt: z.string(),
  latestRun: timetableRunSummarySchema.nullable(),
});
export type TimetablePlanItem = z.infer<typeof timetablePlanItemSchema>;

export const timetablePlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  days: z.array(planDaySchema),
  periods: z.array(planPeriodSchema),
  subjects: z.array(named),
  activityTags: z.array(named),
  studentSets: z.array(studentSetSchema),
  teachers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string(), capacity: z.number().int() })),
  activities: z.array(timetableActivitySchema),
  constraints: z.array(timetableConstraintRowSchema),
  appliedAt: z.string().nullable(),
  updatedAt: z.string(),
  latestRun: timetableRunSummarySchema.nullable(),
});
export type TimetablePlan = z.infer<typeof timetablePlanSchema>;

export const timetablePlanListQuerySchema = z.strictObject({ termId: idField().optional() });

export const timetableImportQuerySchema = z.strictObject({ termId: idField(), name: text().trim().max(64).optional() });

const typeCount = z.object({ type: z.string(), count: z.number().int() });
export const timetableImportResultSchema = z.object({
  planId: z.number().int(),
  days: z.number().int(),
  periods: z.number().int(),
  teachers: z.number().int(),
  teachersCreated: z.number().int(),
  rooms: z.number().int(),
  roomsCreated: z.number().int(),
  studentSets: z.number().int(),
  activities: z.number().int(),
  constraints: z.object({ imported: z.array(typeCount), ignored: z.array(typeCount) }),
  warnings: z.array(z.string()),
});
export type TimetableImportResult = z.infer<typeof timetableImportResultSchema>;

export const timetableGenerateSchema = z.strictObject({
  timeLimitS: intField().pipe(z.number().min(1).max(600)).default(60),
  seed: intField().pipe(z.number().min(0).max(2_147_483_647)).optional(),
});

export const timetablePlanRunParamsSchema = z.strictObject({ id: idField(), runId: idField() });
export const timetablePlanActivityParamsSchema = z.strictObject({ id: idField(), activityId: idField() });
export const timetablePlanConstraintParamsSchema = z.strictObject({ id: idField(), constraintId: idField() });

export const timetablePlacementSchema = z.object({
  activityId: z.number().int(),
  externalId: z.number().int().nullable(),
  day: z.number().int(),
  period: z.number().int(),
  roomId: z.number().int().nullable(),
});
export type TimetablePlacement = z.infer<typeof timetablePlacementSchema>;

/** A broken rule: its constraint (null for the core rules: a double booking, a missing room), who, how far. */
export const timetableViolationSchema = z.object({
  constraintId: z.number().int().nullable(),
  type: z.string(),
  hard: z.boolean(),
  weight: z.number(),
  amount: z.number(),
  cost: z.number(),
  teacherId: z.number().int().nullable(),
  studentSetId: z.string().nullable(),
  roomId: z.number().int().nullable(),
  activityIds: z.array(z.number().int()),
  days: z.array(z.number().int()),
  message: z.string(),
});
export type TimetableViolation = z.infer<typeof timetableViolationSchema>;

export const timetableUnplacedSchema = z.object({
  activityId: z.number().int(),
  reasons: z.array(
    z.object({
      kind: z.string(),
      type: z.string(),
      constraintId: z.number().int().nullable(),
      teacherId: z.number().int().nullable(),
      studentSetId: z.string().nullable(),
      roomId: z.number().int().nullable(),
      activityIds: z.array(z.number().int()),
      slots: z.number().int(),
    }),
  ),
});

export const timetableRunSchema = timetableRunSummarySchema.extend({
  unplaced: z.array(timetableUnplacedSchema),
  softViolations: z.array(timetableViolationSchema),
  error: z.string().nullable(),
});
export type TimetableRun = z.infer<typeof timetableRunSchema>;

export const timetableSolutionSchema = z.object({
  runId: z.number().int(),
  placements: z.array(timetablePlacementSchema),
  softScore: z.number(),
  hardViolations: z.array(timetableViolationSchema),
  softViolations: z.array(timetableViolationSchema),
  edited: z.boolean(),
});
export type TimetableSolution = z.infer<typeof timetableSolutionSchema>;

/** Move one lesson of the latest solution by hand; the answer is the solution re-checked. */
export const timetableMoveSchema = z.strictObject({
  day: z.number().int().min(1).max(31),
  period: z.number().int().min(1).max(31),
  roomId: idField().nullable().optional(),
});

export const timetableApplyResultSchema = z.object({
  entries: z.number().int(),
  removed: z.number().int(),
  coursesCreated: z.number().int(),
  enrolled: z.number().int(),
});

export const timetableExportQuerySchema = z.strictObject({ withSolution: boolField().optional() });

/** The bell schedule a new plan starts from when none is given: Monday to Friday, eight 45-minute periods. */
export const DEFAULT_BELL_SCHEDULE: BellSchedule = {
  days: [1, 2, 3, 4, 5].map((weekday) => ({ name: ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'][weekday] ?? '', weekday })),
  periods: ['08:00', '08:55', '09:50', '10:45', '13:30', '14:25', '15:20', '16:15'].map((start, i) => {
    const [h = 0, m = 0] = start.split(':').map(Number);
    const end = h * 60 + m + 45;
    return {
      name: String(i + 1),
      startTime: start,
      endTime: `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
    };
  }),
};
