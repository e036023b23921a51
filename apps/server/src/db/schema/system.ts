import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

// The schema (one for PGlite and PostgreSQL), by domain: system/ holds the
// tables of sign-in and administration (campuses, users, roles, perms, menus,
// departments, sessions, the logs), campus.ts those of one campus, messages.ts
// the message box. Foreign keys restrict deletes: nothing cascades silently.
// drizzle.config.ts reads every file of this folder.
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
  /** The role's reach inside a campus (contract data-scope.ts): {kind: campus|grades|classes|own, gradeIds?, classIds?}. */
  dataScope: jsonb('data_scope').notNull().default({ kind: 'campus' }),
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
    /** The record the operation touched (contract operlog-text.ts), for its text and link. */
    target: jsonb('target'),
    /** [{field, before, after}] of an update. */
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('oper_logs_time_idx').on(t.createdAt),
    index('oper_logs_user_time_idx').on(t.userId, t.createdAt),
    index('oper_logs_module_time_idx').on(t.module, t.createdAt),
  ],
);

/**
 * Personal calendar feed URLs (iCalendar for calendar apps, which send no
 * header): the URL's secret is stored as its sha256 only. A feed is the
 * user's own timetable (kind own: the teacher records linked to them) or a
 * teacher's, room's, course's or student's of one campus; it answers while
 * the user is active and may still read that timetable.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    camId: integer('cam_id').references(() => campuses.id, { onDelete: 'cascade' }),
    targetId: integer('target_id'),
    secretHash: varchar('secret_hash', { length: 64 }).notNull().unique(),
    /** The language of the feed's texts: the user's when they made or last rotated it. */
    locale: varchar('locale', { length: 8 }).notNull().default('zh-CN'),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('calendar_feeds_user_idx').on(t.userId), index('calendar_feeds_cam_idx').on(t.camId)],
);

/**
 * The refused rows of an import (mode valid-rows), as the CSV file its user
 * downloads to fix and import again: fetched by a secret URL (stored as its
 * sha256), only by the user who imported, for a day.
 */
export const importRejects = pgTable(
  'import_rejects',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('import_rejects_user_idx').on(t.userId), index('import_rejects_created_idx').on(t.createdAt)],
);
