import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  customType,
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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL. Every campus-scoped table carries
// `cam_id` first in its keys so a distributed PostgreSQL can shard by campus.
// Foreign keys restrict deletes: nothing cascades silently.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const campuses = pgTable('campuses', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  address: varchar('address', { length: 200 }).notNull().default(''),
  timezone: varchar('timezone', { length: 64 }).notNull().default('Asia/Shanghai'),
  /** The teaching day and slot step the free-slot finder works in, minutes from midnight. */
  dayStartMin: smallint('day_start_min').notNull().default(480),
  dayEndMin: smallint('day_end_min').notNull().default(1260),
  slotStepMin: smallint('slot_step_min').notNull().default(30),
  createdAt: createdAt(),
});

export const depts = pgTable(
  'depts',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => depts.id),
    name: varchar('name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    leader: varchar('leader', { length: 64 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('depts_parent_idx').on(t.parentId)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 128 }).notNull().default(''),
    deptId: integer('dept_id').references(() => depts.id),
    passwordHash: text('password_hash').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    headimgurl: varchar('headimgurl', { length: 512 }).notNull().default(''),
    job: varchar('job', { length: 64 }).notNull().default(''),
    jobName: varchar('job_name', { length: 64 }).notNull().default(''),
    organization: varchar('organization', { length: 64 }).notNull().default(''),
    organizationName: varchar('organization_name', { length: 128 }).notNull().default(''),
    location: varchar('location', { length: 64 }).notNull().default(''),
    locationName: varchar('location_name', { length: 128 }).notNull().default(''),
    introduction: varchar('introduction', { length: 500 }).notNull().default(''),
    personalWebsite: varchar('personal_website', { length: 256 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_dept_idx').on(t.deptId),
  ],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  code: varchar('code', { length: 64 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  status: varchar('status', { length: 16 }).notNull().default('active'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  isBuiltin: boolean('is_builtin').notNull().default(false),
  /** Holders must have a second factor (TOTP or a passkey) before anything but their user center works. */
  requireMfa: boolean('require_mfa').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const perms = pgTable('perms', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 128 }).notNull().unique(),
  name: varchar('name', { length: 128 }).notNull(),
  nameEn: varchar('name_en', { length: 128 }).notNull().default(''),
  module: varchar('module', { length: 64 }).notNull(),
  createdAt: createdAt(),
});

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id),
    name: varchar('name', { length: 64 }).notNull().unique(),
    path: varchar('path', { length: 256 }).notNull(),
    locale: varchar('locale', { length: 128 }).notNull(),
    icon: varchar('icon', { length: 64 }).notNull().default(''),
    order: integer('sort_order').notNull().default(0),
    perms: text('perms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requiresAuth: boolean('requires_auth').notNull().default(true),
    hideInMenu: boolean('hide_in_menu').notNull().default(false),
    hideChildrenInMenu: boolean('hide_children_in_menu').notNull().default(false),
    activeMenu: varchar('active_menu', { length: 64 }).notNull().default(''),
    ignoreCache: boolean('ignore_cache').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const rolePerms = pgTable(
  'role_perms',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permId: integer('perm_id')
      .notNull()
      .references(() => perms.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permId] }), index('role_perms_perm_idx').on(t.permId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

export const userCampuses = pgTable(
  'user_campuses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    camId: integer('cam_id')
      .notNull()
      .references(() => campuses.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.camId] }), index('user_campuses_cam_idx').on(t.camId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 32 }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    /** The one held role this session acts in ("switch roles"); null: all the user's roles. */
    activeRoleId: integer('active_role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** Written in batches by each instance (lib/session-activity.ts), so a minute behind at most. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** password | totp | recovery | passkey (second step) | passkeyOnly (a passkey alone). */
    authMethod: varchar('auth_method', { length: 16 }).notNull().default('password'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What was typed (username or phone), normalised to lower case. */
    username: varchar('username', { length: 128 }).notNull(),
    userId: integer('user_id'),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    success: boolean('success').notNull(),
    /** ok | bad_credentials | locked | ip_limited | disabled | no_campus */
    reason: varchar('reason', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_ip_time_idx').on(t.ip, t.createdAt),
    index('login_logs_name_time_idx').on(t.username, t.createdAt),
    index('login_logs_time_idx').on(t.createdAt),
    // A user's own sign-in history (user center) and their previous sign-in (current user).
    index('login_logs_user_time_idx').on(t.userId, t.createdAt),
  ],
);

export const operLogs = pgTable(
  'oper_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: varchar('username', { length: 64 }).notNull().default(''),
    camId: integer('cam_id'),
    module: varchar('module', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 512 }).notNull(),
    params: jsonb('params').notNull().default({}),
    status: smallint('status').notNull(),
    code: integer('code').notNull(),
    msg: varchar('msg', { length: 500 }).notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 512 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('oper_logs_time_idx').on(t.createdAt),
    index('oper_logs_user_time_idx').on(t.userId, t.createdAt),
    index('oper_logs_module_time_idx').on(t.module, t.createdAt),
  ],
);

// ---- campus-scoped ---------------------------------------------------------
// Keys lead with cam_id: primary keys are (cam_id, id) (ids stay global serials),
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

export const students = pgTable(
  'students',
  {
    id: serial('id').notNull(),
    camId: camId(),
    studentNo: varchar('student_no', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    gender: varchar('gender', { length: 8 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'students_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('students_cam_no_uq').on(t.camId, t.studentNo),
    // Prefix search on number and name must use an index under any collation.
    index('students_cam_no_prefix_idx').on(t.camId, t.studentNo.op('text_pattern_ops')),
    index('students_cam_name_prefix_idx').on(t.camId, t.name.op('text_pattern_ops')),
    index('students_cam_status_idx').on(t.camId, t.status),
    index('students_cam_grade_class_idx').on(t.camId, t.grade, t.className),
    // The default order (newest first) with the keyword columns: a list page's ids come from an index-only scan.
    index('students_cam_created_cover_idx').on(t.camId, t.createdAt, t.id, t.studentNo, t.name),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'teachers_pkey', columns: [t.camId, t.id] }),
    uniqueIndex('teachers_cam_no_uq').on(t.camId, t.staffNo),
    index('teachers_cam_no_prefix_idx').on(t.camId, t.staffNo.op('text_pattern_ops')),
    index('teachers_cam_name_prefix_idx').on(t.camId, t.name.op('text_pattern_ops')),
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
    index('managers_cam_name_prefix_idx').on(t.camId, t.name.op('text_pattern_ops')),
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
    index('courses_cam_name_prefix_idx').on(t.camId, t.name.op('text_pattern_ops')),
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
    check('schedule_weekday_ck', sql`${t.weekday} between 1 and 7`),
    check('schedule_time_ck', sql`${t.startMin} >= 0 and ${t.startMin} < ${t.endMin} and ${t.endMin} <= 1440`),
    check('schedule_weeks_ck', sql`${t.weekStart} >= 1 and ${t.weekStart} <= ${t.weekEnd}`),
    check('schedule_pattern_ck', sql`${t.weekPattern} in ('all', 'odd', 'even')`),
  ],
);

// ---- message box (issue 7) --------------------------------------------------

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

// ---- second factor and user center (issue 18) ---------------------------------

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A user's authenticator app: pending until confirmed with a code. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret (RFC 6238, SHA-1, 6 digits, 30 s). */
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step accepted: a code of this step or an earlier one is a replay. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as salted SHA-256. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex salt ':' hex sha256(salt || code). */
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

export const passkeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** base64url credential id, as the browser reports it. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: varchar('device_type', { length: 16 }).notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use sign-in state shared by every instance: the ticket
 * between the password and the second step (`mfa`, found by its hash), and the
 * challenges of passkey ceremonies (`passkey_register`, `passkey_login`, found
 * by the challenge the browser signed).
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: varchar('challenge', { length: 128 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tickets_challenge_idx').on(t.challenge), index('auth_tickets_expires_idx').on(t.expiresAt)],
);

/** Uploaded avatars, re-encoded by the server; served through signed links. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  /** First 16 hex of the image's sha256: part of its URL. */
  version: varchar('version', { length: 16 }).notNull(),
  updatedAt: updatedAt(),
});

/** Keys every instance shares (e.g. for signing avatar links), made once at random. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 128 }).notNull(),
  createdAt: createdAt(),
});
