import { z } from 'zod';
import { pageQueryShape } from './common.js';
import { text } from './fields.js';
import { accountPhoneField } from './phone.js';

// The signed-in user's own account (user center): profile, avatar, sessions,
// sign-in history, second factor (TOTP, recovery codes, passkeys), and the
// online-sessions monitor. Bodies are strict: an unknown field is a 400.

/** Only web addresses: `javascript:`, `data:` and the like never reach a link. */
export const PERSONAL_WEBSITE_PATTERN = /^https?:\/\/[^\s"'<>\\]+$/i;

export const PROFILE_LIMITS = {
  nickname: 64,
  job: 64,
  organization: 64,
  location: 64,
  introduction: 500,
  personalWebsite: 256,
} as const;

export const profileUpdateSchema = z.strictObject({
  nickname: text().trim().min(1).max(PROFILE_LIMITS.nickname).optional(),
  phone: accountPhoneField(),
  email: z.union([z.literal(''), z.email().max(128)]).optional(),
  job: text().trim().max(PROFILE_LIMITS.job).optional(),
  organization: text().trim().max(PROFILE_LIMITS.organization).optional(),
  /** A region code once regions exist; free text until then. */
  location: text().trim().max(PROFILE_LIMITS.location).optional(),
  introduction: text().trim().max(PROFILE_LIMITS.introduction).optional(),
  personalWebsite: z
    .union([
      z.literal(''),
      text().trim().max(PROFILE_LIMITS.personalWebsite).regex(PERSONAL_WEBSITE_PATTERN, { message: 'account.websiteScheme' }),
    ])
    .optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The types the server decodes; anything else is refused before decoding. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const avatarResultSchema = z.object({ headimgurl: z.string() });

/** What a user agent string says, read by the server. */
export const deviceSchema = z.object({
  /** desktop | mobile | tablet | tv | bot | '' (unknown). */
  device: z.string(),
  /** e.g. "Chrome 126". */
  browser: z.string(),
  /** e.g. "Windows 10". */
  os: z.string(),
});

export const SESSION_AUTH_METHODS = ['password', 'totp', 'recovery', 'passkey', 'passkeyOnly'] as const;

export const ownSessionSchema = deviceSchema.extend({
  id: z.number().int(),
  /** The session this request was made with ("this device"). */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** How the session was signed in. */
  authMethod: z.string(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;

export const sessionsEndedSchema = z.object({ sessionsEnded: z.number().int() });

export const loginHistoryQuerySchema = z.strictObject({ ...pageQueryShape });

export const loginHistoryItemSchema = deviceSchema.extend({
  id: z.number().int(),
  time: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  success: z.boolean(),
  /** ok | bad_credentials | bad_code | locked | mfa_required | mfa_expired | ... (the login log's reasons). */
  reason: z.string(),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItemSchema>;

// ---- second factor ------------------------------------------------------------

/** A 6-digit TOTP code or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
const codeField = () => text().trim().min(6).max(32);
/** Encrypted as at login. */
const encryptedPassword = () => z.string().min(1).max(1024);

export const RECOVERY_CODE_COUNT = 10;

export const mfaStatusSchema = z.object({
  totp: z.object({ enabled: z.boolean(), confirmedAt: z.string().nullable() }),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.number().int(),
  /** A role of the user requires a second factor. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauthUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmBodySchema = z.strictObject({ code: codeField() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const totpDisableBodySchema = z.strictObject({ password: encryptedPassword(), code: codeField() });
export const recoveryRegenerateBodySchema = z.strictObject({ password: encryptedPassword() });

/** base64url text, as WebAuthn's JSON encodes bytes. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

// The browser's PublicKeyCredential as JSON (what SimpleWebAuthn's browser
// helpers answer): its shape checked here, its content by SimpleWebAuthn.
const credentialShape = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(32).optional(),
};

export const registrationResponseSchema = z.looseObject({
  ...credentialShape,
  response: z.looseObject({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(65_536).min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

export const authenticationResponseSchema = z.looseObject({
  ...credentialShape,
  response: z.looseObject({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(4096).min(1),
    signature: b64url(1024).min(1),
    userHandle: b64url(512).nullable().optional(),
  }),
});

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** singleDevice | multiDevice (synced). */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyRegisterBodySchema = z.strictObject({
  name: text().trim().min(1).max(64),
  response: registrationResponseSchema,
});

// ---- sign-in second step ------------------------------------------------------

export const MFA_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** `data` of a `code: 1001` sign-in answer. */
export const mfaChallengeSchema = z.object({
  mfaTicket: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** The opaque ticket of a code-1001 answer. */
const ticketField = () => z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const loginMfaBodySchema = z
  .strictObject({
    mfaTicket: ticketField(),
    /** A TOTP code or a recovery code. */
    code: codeField().optional(),
    /** A passkey's answer to the challenge of POST /api/login/mfa/passkey-options. */
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.passkey === undefined), { message: 'account.codeOrPasskey', path: ['code'] });

export const loginMfaPasskeyOptionsBodySchema = z.strictObject({ mfaTicket: ticketField() });
export const passkeyLoginBodySchema = z.strictObject({ response: authenticationResponseSchema });

// ---- online sessions (monitor) -----------------------------------------------

export const onlineSessionQuerySchema = z.strictObject({
  ...pageQueryShape,
  /** Prefix of username or nickname, or an exact address. */
  keyword: text().trim().max(64).optional(),
});

export const onlineSessionSchema = deviceSchema.extend({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  authMethod: z.string(),
  /** The caller's own session. */
  current: z.boolean(),
});
export type OnlineSession = z.infer<typeof onlineSessionSchema>;

export const userIdParamsSchema = z.strictObject({
  userId: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().min(1).max(2_147_483_647)),
});

// ---- avatar images ---------------------------------------------------------------

export const avatarParamsSchema = z.strictObject({
  userId: z.preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number().int().min(1).max(2_147_483_647)),
  /** The image's content hash: a new upload is a new URL. */
  version: z.string().regex(/^[a-f0-9]{16}$/),
  /** A signed, expiring link: `exp` in Unix seconds, `sig` an HMAC of user, version and exp. */
  exp: z.preprocess((v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v), z.number().int().min(1)),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
