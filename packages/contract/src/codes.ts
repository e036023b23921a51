/** Envelope codes (docs/api-conventions.md). `code` 0 is success; the rest pair with an HTTP status. */
export const ResultCode = {
  ok: 0,
  badRequest: 400,
  noToken: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  internal: 500,
  unavailable: 503,
  /** Unknown or malformed token. */
  tokenInvalid: 50008,
  /** Session ended by a newer rule: password reset, user disabled, admin sign-out. */
  sessionEnded: 50012,
  /** Session expired. */
  sessionExpired: 50014,
  /** The password was right; the second factor is asked next (`data.mfaTicket`), no session yet. */
  mfaRequired: 1001,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes on which the web client shows the spec's re-login modal. */
export const RELOGIN_CODES: readonly number[] = [ResultCode.tokenInvalid, ResultCode.sessionEnded, ResultCode.sessionExpired];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
