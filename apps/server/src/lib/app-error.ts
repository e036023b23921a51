import { ResultCode, type MessageKey, type MessageParams } from '@campus/contract';

/**
 * The one error type handlers throw. The error handler turns it into the
 * envelope, translating `key` into the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: MessageParams, data?: unknown) =>
  new AppError(400, ResultCode.badRequest, key, params, data);
export const forbidden = (key: MessageKey = 'access.forbidden') => new AppError(403, ResultCode.forbidden, key);
export const notFound = (thing: string) => new AppError(404, ResultCode.notFound, 'data.notFound', { thing });
export const conflict = (key: MessageKey, params?: MessageParams, data?: unknown) =>
  new AppError(409, ResultCode.conflict, key, params, data);
export const tooMany = (key: MessageKey, retryAfterS: number) =>
  new AppError(429, ResultCode.tooMany, key, { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) }, null, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterS))),
  });
