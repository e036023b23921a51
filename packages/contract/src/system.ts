import { z } from 'zod';
import type { Locale } from './constants.js';
import { pageQueryShape } from './common.js';
import { sortField } from './educate.js';
import { dataScopeAnswerSchema, dataScopeSchema } from './data-scope.js';
import { boolField, idField, intField, text } from './fields.js';
import { operlogQuerySchema } from './operlog.js';
import { PERM_CODE_PATTERN } from './perms.js';
import { accountPhoneField, phoneNumberField } from './phone.js';

// System administration (docs/api-conventions.md, "System administration"): users, roles, menus,
// perms, departments, operation and login logs. All global, not campus-scoped.
// Create/update bodies are strict: an unknown field (password on update, id, ...) is a 400.

export const USER_STATUSES = ['active', 'disabled'] as const;
export const ROLE_STATUSES = ['active', 'disabled'] as const;
export const DEPT_STATUSES = ['active', 'disabled'] as const;

/** Forms send '' for "no value". */
const emptyToNull = (v: unknown) => (v === '' ? null : v);
const optId = () => z.preprocess(emptyToNull, idField().nullable()).optional();
const keyword = () => text().trim().max(64).optional();
const optText = (max: number) => text().trim().max(max).optional();
const stamps = { id: z.number().int(), createdAt: z.string(), updatedAt: z.string() };

/**
 * A list of ids from JSON (`[1,2]`) or qs (`ids[0]=1`, `ids=1`); an empty
 * string is the form-encoded way to say "none", so `[]` is allowed.
 */
const idList = (max: number) =>
  z.preprocess((v) => {
    if (v === undefined || v === null) return v;
    const items = Array.isArray(v) ? (v as unknown[]) : typeof v === 'object' ? Object.values(v as Record<string, unknown>) : [v];
    return items.filter((x) => x !== '');
  }, z.array(idField()).max(max));

/** An encrypted password, as the login form sends it (base64 of AES-CBC). */
const encryptedPassword = () => z.string().min(1).max(1024);

// ---- users -------------------------------------------------------------------

export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const usernameField = () => text().trim().min(3).max(64).regex(USERNAME_PATTERN);
const emailField = () => z.union([z.literal(''), z.email().max(128)]).optional();

const userEditable = {
  nickname: text().trim().min(1).max(64),
  phone: accountPhoneField(),
  email: emailField(),
  deptId: optId(),
  roleIds: idList(50),
  campusIds: idList(500),
  status: z.enum(USER_STATUSES).optional(),
};

export const userCreateSchema = z.strictObject({
  username: usernameField(),
  ...userEditable,
  /** Encrypted as at login; omitted: a random temporary one is generated and answered once. */
  password: encryptedPassword().optional(),
  /** Defaults to true when the password is generated, false when typed. */
  mustChangePassword: boolField().optional(),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** No username, no password: those have their own rules and routes. */
export const userUpdateSchema = z.strictObject(userEditable).partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userStatusBodySchema = z.strictObject({ status: z.enum(USER_STATUSES) });

export const USER_SORTS = ['username', 'nickname', 'status', 'createdAt', 'lastLoginAt'] as const;
export const userQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(USER_SORTS),
  /** Prefix of username, nickname or phone. */
  keyword: keyword(),
  status: z.enum(USER_STATUSES).optional(),
  deptId: idField().optional(),
  roleId: idField().optional(),
  campusId: idField().optional(),
});
export type UserQuery = z.infer<typeof userQuerySchema>;

/** The account picker of teacher and manager forms: a page of matches, or the one account `id` names. */
export const userOptionQuerySchema = z.strictObject({
  ...pageQueryShape,
  keyword: keyword(),
  id: idField().optional(),
});
export type UserOptionQuery = z.infer<typeof userOptionQuerySchema>;
export const userOptionSchema = z.object({ id: z.number().int(), username: z.string(), nickname: z.string() });
export type UserOption = z.infer<typeof userOptionSchema>;

const refSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const userSchema = z.object({
  ...stamps,
  username: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  roleIds: z.array(z.number().int()),
  roles: z.array(refSchema),
  campusIds: z.array(z.number().int()),
  campuses: z.array(refSchema),
  mustChangePassword: z.boolean(),
  failedLogins: z.number().int(),
  /** Set while sign-in is locked after repeated failures. */
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  /** Second factors the user has set up: totp (authenticator app), passkey. Empty: password only. */
  mfaMethods: z.array(z.enum(['totp', 'passkey'])),
  /** One of the user's roles requires a second factor. */
  mfaRequired: z.boolean(),
});
export type SystemUser = z.infer<typeof userSchema>;
export const mfaResetResultSchema = z.object({ sessionsEnded: z.number().int() });

/** A created user; `password` only when the server generated it (shown once). */
export const userCreatedSchema = userSchema.extend({ password: z.string().optional() });

export const resetPasswordBodySchema = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    /** Encrypted as at login; omitted: a random temporary one is generated. */
    password: encryptedPassword().optional(),
  }),
);
/** `password` is the generated one, answered once; null when the admin typed it. */
export const resetPasswordResultSchema = z.object({ password: z.string().nullable(), sessionsEnded: z.number().int() });
export const forceLogoutResultSchema = z.object({ sessionsEnded: z.number().int() });

// ---- roles -------------------------------------------------------------------

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const roleFields = {
  name: text().trim().min(1).max(64),
  code: text().trim().min(1).max(64).regex(ROLE_CODE_PATTERN),
  sort: intField().pipe(z.number().min(0).max(99_999)).optional(),
  status: z.enum(ROLE_STATUSES).optional(),
  remark: optText(500),
  /** Holders must have a second factor before anything but their user center works. */
  requireMfa: boolField().optional(),
  dataScope: dataScopeSchema.optional(),
};
export const roleCreateSchema = z.strictObject(roleFields);
export const roleUpdateSchema = z.strictObject(roleFields).partial();
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const ROLE_SORTS = ['name', 'code', 'sort', 'status', 'createdAt'] as const;
export const roleQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(ROLE_SORTS),
  /** Prefix of name or code. */
  keyword: keyword(),
  status: z.enum(ROLE_STATUSES).optional(),
});
export type RoleQuery = z.infer<typeof roleQuerySchema>;

export const roleSchema = z.object({
  ...stamps,
  name: z.string(),
  code: z.string(),
  sort: z.number().int(),
  status: z.enum(ROLE_STATUSES),
  remark: z.string(),
  /** The built-in admin role: cannot be deleted, disabled, recoded or have its perms changed. */
  builtin: z.boolean(),
  userCount: z.number().int(),
  requireMfa: z.boolean(),
  dataScope: dataScopeAnswerSchema,
});
export type Role = z.infer<typeof roleSchema>;

export const roleUsersBodySchema = z.strictObject({ userIds: idList(10_000) });
export const roleMenusBodySchema = z.strictObject({ menuIds: idList(2_000) });
export const rolePermsBodySchema = z.strictObject({ permIds: idList(2_000) });

export const roleUsersSchema = z.object({
  userIds: z.array(z.number().int()),
  users: z.array(z.object({ id: z.number().int(), username: z.string(), nickname: z.string(), status: z.enum(USER_STATUSES) })),
});
export const roleMenusSchema = z.object({ menuIds: z.array(z.number().int()) });
export const rolePermsSchema = z.object({ permIds: z.array(z.number().int()), codes: z.array(z.string()) });

// ---- menus -------------------------------------------------------------------

/** Absolute router paths (`/system/user`, `/educate/course/:id/edit`) or http(s) links. */
export const MENU_PATH_PATTERN = /^(\/[A-Za-z0-9_\-/:.]*|https?:\/\/[^\s"'<>]+)$/;
const menuFields = {
  parentId: optId(),
  /** The web router's route name; unique. */
  name: text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  path: text().trim().min(1).max(256).regex(MENU_PATH_PATTERN),
  locale: text()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.-]+$/),
  icon: text()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  order: intField().pipe(z.number().min(-9_999).max(9_999)).optional(),
  /** Perm codes that show the entry (any one); each must exist. */
  perms: z
    .preprocess(
      (v) => (v === '' ? [] : typeof v === 'string' ? [v] : v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
      z.array(text().trim().min(1).max(128)).max(50),
    )
    .optional(),
  requiresAuth: boolField().optional(),
  hideInMenu: boolField().optional(),
  hideChildrenInMenu: boolField().optional(),
  activeMenu: text()
    .trim()
    .max(64)
    .regex(/^([A-Za-z][A-Za-z0-9_-]*)?$/)
    .optional(),
  ignoreCache: boolField().optional(),
};
export const menuCreateSchema = z.strictObject(menuFields);
export const menuUpdateSchema = z.strictObject(menuFields).partial();
export type MenuCreate = z.infer<typeof menuCreateSchema>;
export type MenuUpdate = z.infer<typeof menuUpdateSchema>;

export const menuQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** Prefix of name, path or locale key. */
  keyword: keyword(),
  parentId: idField().optional(),
});

export const menuSchema = z.object({
  ...stamps,
  parentId: z.number().int().nullable(),
  name: z.string(),
  path: z.string(),
  locale: z.string(),
  icon: z.string(),
  order: z.number().int(),
  perms: z.array(z.string()),
  requiresAuth: z.boolean(),
  hideInMenu: z.boolean(),
  hideChildrenInMenu: z.boolean(),
  activeMenu: z.string(),
  ignoreCache: z.boolean(),
});
export type SystemMenu = z.infer<typeof menuSchema>;
export type SystemMenuNode = SystemMenu & { children: SystemMenuNode[] };
export const menuNodeSchema: z.ZodType<SystemMenuNode> = z.lazy(() => menuSchema.extend({ children: z.array(menuNodeSchema) }));

// ---- perms -------------------------------------------------------------------

const permModule = () =>
  text()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-zA-Z0-9]*$/);
export const permCreateSchema = z.strictObject({
  code: text().trim().max(128).regex(PERM_CODE_PATTERN),
  name: text().trim().min(1).max(128),
  nameEn: optText(128),
  /** Defaults to the code's area. */
  module: permModule().optional(),
});
/** The code is the identity routes and menus refer to: it does not change. */
export const permUpdateSchema = z
  .strictObject({ name: text().trim().min(1).max(128), nameEn: optText(128), module: permModule() })
  .partial();
export type PermCreate = z.infer<typeof permCreateSchema>;
export type PermUpdate = z.infer<typeof permUpdateSchema>;

export const PERM_SORTS = ['code', 'name', 'module', 'createdAt'] as const;
export const permQuerySchema = z.strictObject({
  ...pageQueryShape,
  sort: sortField(PERM_SORTS),
  /** Prefix of code or name. */
  keyword: keyword(),
  module: optText(64),
});
export type PermQuery = z.infer<typeof permQuerySchema>;

export const permSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  module: z.string(),
  /** In the contract's catalogue: routes check it, so it cannot be deleted. */
  builtin: z.boolean(),
  createdAt: z.string(),
});
export type SystemPerm = z.infer<typeof permSchema>;
export const permGroupSchema = z.object({ module: z.string(), perms: z.array(permSchema) });

// ---- depts -------------------------------------------------------------------

const deptFields = {
  parentId: optId(),
  name: text().trim().min(1).max(64),
  sort: intField().pipe(z.number().min(0).max(99_999)).optional(),
  leader: optText(64),
  phone: phoneNumberField(),
  status: z.enum(DEPT_STATUSES).optional(),
};
export const deptCreateSchema = z.strictObject(deptFields);
export const deptUpdateSchema = z.strictObject(deptFields).partial();
export type DeptCreate = z.infer<typeof deptCreateSchema>;
export type DeptUpdate = z.infer<typeof deptUpdateSchema>;

export const deptQuerySchema = z.strictObject({
  /** Name prefix: matching departments are answered with their ancestors. */
  keyword: keyword(),
  status: z.enum(DEPT_STATUSES).optional(),
});

export const deptSchema = z.object({
  ...stamps,
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  leader: z.string(),
  phone: z.string(),
  status: z.enum(DEPT_STATUSES),
});
export type Dept = z.infer<typeof deptSchema>;
export type DeptNode = Dept & { children: DeptNode[] };
export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() => deptSchema.extend({ children: z.array(deptNodeSchema) }));

// ---- logs --------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const OPERLOG_EXPORT_MAX_ROWS = 50_000;
export const operlogExportQuerySchema = operlogQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });
export type OperlogExportQuery = z.infer<typeof operlogExportQuerySchema>;

export const LOGIN_REASONS = [
  'ok',
  'bad_credentials',
  'locked',
  'ip_limited',
  'rate_limited',
  'invalid',
  'disabled',
  'no_campus',
  'undecryptable',
  /** The password was right and the second step was asked: not a failure, not yet a sign-in. */
  'mfa_required',
  'bad_code',
  'mfa_expired',
  'bad_passkey',
] as const;

const timeBound = () => z.iso.datetime({ offset: true }).or(z.iso.date()).optional();
export const loginlogQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** Prefix of what was typed (username or phone). */
  username: optText(128),
  /** Exact address. */
  ip: optText(64),
  success: boolField().optional(),
  reason: z.enum(LOGIN_REASONS).optional(),
  from: timeBound(),
  to: timeBound(),
});
export type LoginlogQuery = z.infer<typeof loginlogQuerySchema>;

export const loginlogSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Loginlog = z.infer<typeof loginlogSchema>;

export const lockedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  lockedUntil: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type LockedUser = z.infer<typeof lockedUserSchema>;

// ---- labels ------------------------------------------------------------------

/** Names of what blocks a delete, for the 409 messages and the web. */
export const SYSTEM_REF_LABELS = {
  user: { 'zh-CN': '用户', 'en-US': 'users' },
  role: { 'zh-CN': '角色', 'en-US': 'roles' },
  menu: { 'zh-CN': '菜单', 'en-US': 'menus' },
  dept: { 'zh-CN': '子部门', 'en-US': 'sub-departments' },
  teacher: { 'zh-CN': '教师', 'en-US': 'teachers' },
  manager: { 'zh-CN': '管理人员', 'en-US': 'managers' },
  route: { 'zh-CN': '接口', 'en-US': 'routes' },
} as const satisfies Record<string, Record<Locale, string>>;
export type SystemRefKind = keyof typeof SYSTEM_REF_LABELS;

/** Header row of the operation-log export. */
export const OPERLOG_EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'username',
  /** The operation in words, in the reader's language (contract operlog-text.ts). */
  'text',
  'module',
  'action',
  'method',
  'path',
  'status',
  'code',
  'msg',
  'durationMs',
  'ip',
  'userAgent',
  'params',
] as const;
