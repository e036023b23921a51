import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, searchGrams, updatedAt } from './columns.js';
import { campuses, depts, users } from './system.js';

// Campus-scoped tables: every one carries `cam_id` first in its keys so a
// distributed PostgreSQL can shard by campus. Keys lead with cam_id: primary keys are (cam_id, id) (ids stay global serials),
// unique indexes start with cam_id, and a reference to another campus table is
// (cam_id, x_id) → x (cam_id, id), so a row can only point into its own campus
// and the referencing index serves the foreign key's checks.
// campus-keys.test.ts reads this back from the catalog.

const camId = () =>
  integer('cam_id')
    .notNull()
    .references(() => campuses.id);

export const terms = pgTable(
  'terms',
  {
    id: serial('id').notNull(),
    camId: camId(),
    name: varchar('name', { length: 64 }).notNull(),
    academicYear: varchar('academic_year', { length: 16 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'terms_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('terms_cam_year_name_uq').on(t.camId, t.academicYear, t.name),
    uniqueIndex('terms_one_current_uq')
      .on(t.camId)
      .where(sql`${t.isCurrent}`),
    index('terms_cam_start_idx').on(t.camId, t.startDate),
    check('terms_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/** The grades of a campus in the school's order (高一, 高二, 高三 or 初一 …): `order`, not the names, sorts them. */
export const grades = pgTable(
  'grades',
  {
    id: serial('id').notNull(),
    camId: camId(),
    name: varchar('name', { length: 32 }).notNull(),
    order: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'grades_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('grades_cam_name_uq').on(t.camId, t.name),
    index('grades_cam_order_idx').on(t.camId, t.order),
  ],
);

/**
 * A class (行政班) of a grade: its students, head teacher and home room. A
 * graduated class keeps its students (read-only) and frees its name for the
 * class that moves up into its grade.
 */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').notNull(),
    camId: camId(),
    gradeId: integer('grade_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    headTeacherId: integer('head_teacher_id'),
    roomId: integer('room_id'),
    capacity: integer('capacity'),
    schoolYear: varchar('school_year', { length: 16 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'classes_pkey', columns: [t.camId, t.id] }),
    foreignKey({ name: 'classes_cam_grade_fk', columns: [t.camId, t.gradeId], foreignColumns: [grades.camId, grades.id] }),
    foreignKey({ name: 'classes_cam_head_fk', columns: [t.camId, t.headTeacherId], foreignColumns: [teachers.camId, teachers.id] }),
    foreignKey({ name: 'classes_cam_room_fk', columns: [t.camId, t.roomId], foreignColumns: [rooms.camId, rooms.id] }),
    // One active class of a name per grade; graduated ones keep theirs.
    uniqueIndex('classes_cam_grade_name_uq')
      .on(t.camId, t.gradeId, t.name)
      .where(sql`${t.status} = 'active'`),
    index('classes_cam_grade_idx').on(t.camId, t.gradeId),
    index('classes_cam_head_idx').on(t.camId, t.headTeacherId),
    index('classes_cam_room_idx').on(t.camId, t.roomId),
    check('classes_capacity_ck', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('classes_status_ck', sql`${t.status} in ('active', 'graduated')`),
  ],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').notNull(),
    camId: camId(),
    studentNo: varchar('student_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /**
     * The class (行政班). grade and class_name are its grade's and its own name,
     * kept by triggers (migration 0015): set class_id and they follow; set the
     * two names alone and the class of those names is found or made.
     */
    classId: integer('class_id'),
    grade: varchar('grade', { length: 32 }).notNull().default(''),
    className: varchar('class_name', { length: 32 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    guardianName: varchar('guardian_name', { length: 64 }).notNull().default(''),
    guardianPhone: varchar('guardian_phone', { length: 32 }).notNull().default(''),
    guardianRelation: varchar('guardian_relation', { length: 32 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull(),
    enrolDate: date('enrol_date', { mode: 'string' }),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    /** Native place: a six-digit code of lib/regions (null: not given). */
    regionCode: varchar('region_code', { length: 6 }),
    address: varchar('address', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What `keyword` searches, as 1- and 2-character grams, kept by the database (decision 018). */
    searchGrams: searchGrams(sql`cc_search_grams(student_no, name, phone)`),
  },
  (t) => [
    primaryKey({ name: 'students_pkey', columns: [t.camId, t.id] }),
    index('students_cam_region_idx').on(t.camId, t.regionCode),
    uniqueIndex('students_cam_no_uq').on(t.camId, t.studentNo),
    // Contains-search on number, name and phone: the keyword's grams find the candidates (decision 018).
    index('students_search_grams_idx').using('gin', t.searchGrams),
    index('students_cam_status_idx').on(t.camId, t.status),
    index('students_cam_grade_class_idx').on(t.camId, t.grade, t.className),
    // Also serves the class foreign key (cam_id, class_id).
    index('students_cam_class_idx').on(t.camId, t.classId),
    foreignKey({ name: 'students_cam_class_fk', columns: [t.camId, t.classId], foreignColumns: [classes.camId, classes.id] }),
    // The default order (newest first) with the keyword columns: a dense keyword's page is found by walking it.
    index('students_cam_created_cover_idx').on(t.camId, t.createdAt, t.id, t.studentNo, t.name, t.phone),
  ],
);

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').notNull(),
    camId: camId(),
    staffNo: varchar('staff_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    subject: varchar('subject', { length: 64 }).notNull().default(''),
    title: varchar('title', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull(),
    hireDate: date('hire_date', { mode: 'string' }),
    userId: integer('user_id').references(() => users.id),
    /** Native place: a six-digit code of lib/regions (null: not given). */
    regionCode: varchar('region_code', { length: 6 }),
    address: varchar('address', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What `keyword` searches (decision 018). */
    searchGrams: searchGrams(sql`cc_search_grams(staff_no, name, phone)`),
  },
  (t) => [
    primaryKey({ name: 'teachers_pkey', columns: [t.camId, t.id] }),
    index('teachers_cam_region_idx').on(t.camId, t.regionCode),
    uniqueIndex('teachers_cam_no_uq').on(t.camId, t.staffNo),
    index('teachers_search_grams_idx').using('gin', t.searchGrams),
    index('teachers_user_idx').on(t.userId),
  ],
);

export const managers = pgTable(
  'managers',
  {
    id: serial('id').notNull(),
    camId: camId(),
    staffNo: varchar('staff_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    email: varchar('email', { length: 128 }).notNull().default(''),
    position: varchar('position', { length: 64 }).notNull().default(''),
    deptId: integer('dept_id').references(() => depts.id),
    status: varchar('status', { length: 16 }).notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'managers_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('managers_cam_no_uq').on(t.camId, t.staffNo),
    // Deleting a user or a department checks its managers across campuses.
    index('managers_user_idx').on(t.userId),
    index('managers_dept_idx').on(t.deptId),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').notNull(),
    camId: camId(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'rooms_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('rooms_cam_code_uq').on(t.camId, t.code),
    check('rooms_capacity_ck', sql`${t.capacity} > 0`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').notNull(),
    camId: camId(),
    termId: integer('term_id').notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    teacherId: integer('teacher_id').notNull(),
    capacity: integer('capacity').notNull(),
    credits: numeric('credits', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    hours: integer('hours').notNull().default(0),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    /** Kept in step with enrolments inside the enrolling transaction; the row lock serialises enrolments. */
    enrolledCount: integer('enrolled_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'courses_pkey', columns: [t.camId, t.id] }),
    foreignKey({ name: 'courses_cam_term_fk', columns: [t.camId, t.termId], foreignColumns: [terms.camId, terms.id] }),
    foreignKey({ name: 'courses_cam_teacher_fk', columns: [t.camId, t.teacherId], foreignColumns: [teachers.camId, teachers.id] }),
    // Also serves the term foreign key (cam_id, term_id).
    uniqueIndex('courses_cam_term_code_uq').on(t.camId, t.termId, t.code),
    index('courses_cam_teacher_idx').on(t.camId, t.teacherId),
    check('courses_capacity_ck', sql`${t.capacity} > 0`),
    check('courses_enrolled_ck', sql`${t.enrolledCount} >= 0 and ${t.enrolledCount} <= ${t.capacity}`),
  ],
);

export const enrolments = pgTable(
  'enrolments',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    camId: camId(),
    courseId: integer('course_id').notNull(),
    studentId: integer('student_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'enrolments_pkey', columns: [t.camId, t.id] }),
    foreignKey({ name: 'enrolments_cam_course_fk', columns: [t.camId, t.courseId], foreignColumns: [courses.camId, courses.id] }),
    foreignKey({ name: 'enrolments_cam_student_fk', columns: [t.camId, t.studentId], foreignColumns: [students.camId, students.id] }),
    // Also serves the course foreign key (cam_id, course_id).
    uniqueIndex('enrolments_course_student_uq').on(t.camId, t.courseId, t.studentId),
    index('enrolments_cam_student_idx').on(t.camId, t.studentId),
    index('enrolments_cam_created_idx').on(t.camId, t.createdAt),
  ],
);

export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: serial('id').notNull(),
    camId: camId(),
    courseId: integer('course_id').notNull(),
    weekday: smallint('weekday').notNull(),
    /** Minutes from midnight; the API speaks HH:mm. */
    startMin: smallint('start_min').notNull(),
    endMin: smallint('end_min').notNull(),
    roomId: integer('room_id').notNull(),
    teacherId: integer('teacher_id').notNull(),
    weekStart: smallint('week_start').notNull(),
    weekEnd: smallint('week_end').notNull(),
    weekPattern: varchar('week_pattern', { length: 8 }).notNull().default('all'),
    /** The timetable plan that wrote this entry (applying the plan again replaces its entries); null: written by hand. */
    planId: integer('plan_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'schedule_entries_pkey', columns: [t.camId, t.id] }),
    foreignKey({ name: 'schedule_entries_cam_course_fk', columns: [t.camId, t.courseId], foreignColumns: [courses.camId, courses.id] }),
    foreignKey({ name: 'schedule_entries_cam_room_fk', columns: [t.camId, t.roomId], foreignColumns: [rooms.camId, rooms.id] }),
    foreignKey({ name: 'schedule_entries_cam_teacher_fk', columns: [t.camId, t.teacherId], foreignColumns: [teachers.camId, teachers.id] }),
    index('schedule_cam_weekday_idx').on(t.camId, t.weekday),
    index('schedule_cam_teacher_idx').on(t.camId, t.teacherId, t.weekday),
    index('schedule_cam_room_idx').on(t.camId, t.roomId, t.weekday),
    index('schedule_cam_course_idx').on(t.camId, t.courseId),
    index('schedule_cam_plan_idx')
      .on(t.camId, t.planId)
      .where(sql`${t.planId} is not null`),
    check('schedule_weekday_ck', sql`${t.weekday} between 1 and 7`),
    check('schedule_time_ck', sql`${t.startMin} >= 0 and ${t.startMin} < ${t.endMin} and ${t.endMin} <= 1440`),
    check('schedule_weeks_ck', sql`${t.weekStart} >= 1 and ${t.weekStart} <= ${t.weekEnd}`),
    check('schedule_pattern_ck', sql`${t.weekPattern} in ('all', 'odd', 'even')`),
  ],
);

// Timetable plans (issue 20, decision 023): the plan is the generator's input kept as rows. Days, periods,
// subjects, tags and student sets are small lists edited as a whole, so they are JSON on the plan row;
// activities and constraints are rows of their own (edited one at a time, referred to by runs).

export const timetablePlans = pgTable(
  'timetable_plans',
  {
    id: serial('id').notNull(),
    camId: camId(),
    termId: integer('term_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** [{name, weekday}] */
    days: jsonb('days').notNull(),
    /** [{name, startTime, endTime}] (times null for an imported FET plan until they are set). */
    periods: jsonb('periods').notNull(),
    subjects: jsonb('subjects').notNull().default([]),
    activityTags: jsonb('activity_tags').notNull().default([]),
    studentSets: jsonb('student_sets').notNull().default([]),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'timetable_plans_pkey', columns: [t.camId, t.id] }),
    foreignKey({ name: 'timetable_plans_cam_term_fk', columns: [t.camId, t.termId], foreignColumns: [terms.camId, terms.id] }),
    index('timetable_plans_cam_term_idx').on(t.camId, t.termId),
  ],
);

export const timetableActivities = pgTable(
  'timetable_activities',
  {
    id: serial('id').notNull(),
    camId: camId(),
    planId: integer('plan_id').notNull(),
    externalId: integer('external_id'),
    groupId: varchar('group_id', { length: 40 }),
    subjectId: varchar('subject_id', { length: 40 }),
    teacherIds: jsonb('teacher_ids').notNull().default([]),
    studentSetIds: jsonb('student_set_ids').notNull().default([]),
    tagIds: jsonb('tag_ids').notNull().default([]),
    duration: smallint('duration').notNull(),
    size: integer('size'),
    roomIds: jsonb('room_ids').notNull().default([]),
    courseId: integer('course_id'),
    /** all, odd or even: the weeks its schedule entries meet (the generator keeps its slot every week). */
    weekPattern: varchar('week_pattern', { length: 8 }).notNull().default('all'),
    /** {day, period, roomId}: placed by hand and kept by regenerating. */
    locked: jsonb('locked'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'timetable_activities_pkey', columns: [t.camId, t.id] }),
    foreignKey({
      name: 'timetable_activities_cam_plan_fk',
      columns: [t.camId, t.planId],
      foreignColumns: [timetablePlans.camId, timetablePlans.id],
    }).onDelete('cascade'),
    index('timetable_activities_cam_plan_idx').on(t.camId, t.planId),
    check('timetable_activities_duration_ck', sql`${t.duration} between 1 and 31`),
    check('timetable_activities_pattern_ck', sql`${t.weekPattern} in ('all', 'odd', 'even')`),
  ],
);

export const timetableConstraints = pgTable(
  'timetable_constraints',
  {
    id: serial('id').notNull(),
    camId: camId(),
    planId: integer('plan_id').notNull(),
    /** The constraint in the generator's shape (contract: timetableConstraintSchema). */
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'timetable_constraints_pkey', columns: [t.camId, t.id] }),
    foreignKey({
      name: 'timetable_constraints_cam_plan_fk',
      columns: [t.camId, t.planId],
      foreignColumns: [timetablePlans.camId, timetablePlans.id],
    }).onDelete('cascade'),
    index('timetable_constraints_cam_plan_idx').on(t.camId, t.planId),
  ],
);

export const timetableRuns = pgTable(
  'timetable_runs',
  {
    id: serial('id').notNull(),
    camId: camId(),
    planId: integer('plan_id').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    seed: integer('seed').notNull(),
    timeLimitS: integer('time_limit_s').notNull(),
    placed: integer('placed').notNull().default(0),
    bestPlaced: integer('best_placed').notNull().default(0),
    total: integer('total').notNull().default(0),
    elapsedMs: integer('elapsed_ms').notNull().default(0),
    hardViolations: integer('hard_violations').notNull().default(0),
    softScore: numeric('soft_score', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** {placements, unplaced, softViolations} once finished; placements may be edited by hand afterwards. */
    result: jsonb('result'),
    edited: boolean('edited').notNull().default(false),
    error: varchar('error', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'timetable_runs_pkey', columns: [t.camId, t.id] }),
    foreignKey({
      name: 'timetable_runs_cam_plan_fk',
      columns: [t.camId, t.planId],
      foreignColumns: [timetablePlans.camId, timetablePlans.id],
    }).onDelete('cascade'),
    index('timetable_runs_cam_plan_idx').on(t.camId, t.planId, t.id),
    check('timetable_runs_status_ck', sql`${t.status} in ('running', 'solved', 'failed', 'cancelled')`),
  ],
);

/**
 * A year-end promotion of a campus: what it changed, so it can be undone for a
 * day (the classes' grade, name, school year, head teacher and status before,
 * and the students it graduated with their status before).
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').notNull(),
    camId: camId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: varchar('username', { length: 64 }).notNull().default(''),
    headTeachers: varchar('head_teachers', { length: 8 }).notNull(),
    classCount: integer('class_count').notNull(),
    graduatedCount: integer('graduated_count').notNull(),
    /** [{id, gradeId, name, schoolYear, headTeacherId, status}] before and after, and [{id, status}] of graduates. */
    changes: jsonb('changes').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'promotions_pkey', columns: [t.camId, t.id] }),
    index('promotions_cam_created_idx').on(t.camId, t.createdAt),
    index('promotions_user_idx').on(t.userId),
  ],
);
