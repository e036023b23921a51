import { z } from 'zod';
import { idField, text } from './fields.js';

export const campusSchema = z.object({
  cam_id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type Campus = z.infer<typeof campusSchema>;

export const loginBodySchema = z.strictObject({
  /** Username or phone number. */
  username: text().trim().min(1).max(64),
  /** base64(AES-128-CBC/PKCS7(plaintext)). */
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const currentUserSchema = z.object({
  userId: z.number().int(),
  camId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  phone: z.string(),
  email: z.string(),
  headimgurl: z.string(),
  perms: z.array(z.string()),
  /** admin when the roles the session acts in grant every perm; the spec's role string. */
  role: z.enum(['admin', 'user']),
  /** The user's active roles: "switch roles" picks one of them, or all (activeRoleId null). */
  roles: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  activeRoleId: z.number().int().nullable(),
  job: z.string(),
  organization: z.string(),
  location: z.string(),
  introduction: z.string(),
  personalWebsite: z.string(),
  jobName: z.string(),
  organizationName: z.string(),
  locationName: z.string(),
  registrationDate: z.string(),
  certification: z.number().int(),
  mustChangePassword: z.boolean(),
  /** A role of the user requires a second factor and they have none: only the user center works until they enrol one. */
  mustEnrolMfa: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.string(),
  extra: z.object({ user: currentUserSchema, campusList: z.array(campusSchema) }),
});

export const switchRoleBodySchema = z.strictObject({
  /** One of the caller's roles, or null to act in all of them. */
  roleId: z.preprocess((v) => (v === '' ? null : v), idField().nullable()),
});

export const changePasswordBodySchema = z.strictObject({
  /** Encrypted as at login. */
  oldPassword: z.string().min(1).max(1024),
  /** Encrypted as at login. */
  newPassword: z.string().min(1).max(1024),
});

const routeMetaSchema = z.object({
  locale: z.string(),
  icon: z.string().optional(),
  order: z.number().optional(),
  perms: z.array(z.string()).optional(),
  requiresAuth: z.boolean().optional(),
  hideInMenu: z.boolean().optional(),
  hideChildrenInMenu: z.boolean().optional(),
  activeMenu: z.string().optional(),
  ignoreCache: z.boolean().optional(),
});

export interface MenuItem {
  name: string;
  path: string;
  meta: z.infer<typeof routeMetaSchema>;
  children?: MenuItem[];
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    meta: routeMetaSchema,
    children: z.array(menuItemSchema).optional(),
  }),
);

export const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) });

/**
 * The login password cipher of the running server (LOGIN_AES_KEY/IV): the web
 * client reads it before encrypting, so changing the setting cannot break
 * sign-in. Not a secret: it only keeps passwords out of casual logs (TLS protects them).
 */
export const loginCipherSchema = z.object({
  algorithm: z.literal('AES-128-CBC'),
  padding: z.literal('PKCS7'),
  key: z.string().length(16),
  iv: z.string().length(16),
});
export type LoginCipher = z.infer<typeof loginCipherSchema>;
