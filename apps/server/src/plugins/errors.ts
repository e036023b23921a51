import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatIssues, formatMessage, pickLocale, ResultCode, type Locale, type MessageKey, type MessageParams } from '@campus/contract';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** The envelope code answered, for the operation log. */
    resultCode: number;
    resultMsg: string;
  }
}

/** What the zod validator compiler hands Fastify on bad input. */
export class RequestValidationError extends Error {
  statusCode = 400;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly input: unknown,
    readonly part: string,
  ) {
    super('validation failed');
    this.name = 'RequestValidationError';
  }
}

type Issue = z.core.$ZodIssue;

const isEmptyLiteral = (i: Issue) => i.code === 'invalid_value' && i.values.length === 1 && i.values[0] === '';

/**
 * A union's own issue only says "invalid". Its branches say why: the branch
 * that got the right type (a format, a length), else every branch's first
 * reason ("a date or a timestamp"). The "or ''" branch of optional fields is left out.
 */
export function unwrapUnions(issues: readonly Issue[], depth = 0): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    if (issue.code !== 'invalid_union' || !issue.errors.length || depth > 3) return [issue];
    const branches = issue.errors.filter((b) => b.length && !b.every(isEmptyLiteral));
    if (!branches.length) return [issue];
    const typed = branches.filter((b) => b.every((i) => i.code !== 'invalid_type'));
    const chosen = typed.length === 1 && typed[0] ? typed[0] : branches.map((b) => b[0]).filter((i): i is Issue => Boolean(i));
    return unwrapUnions(
      chosen.map((i) => ({ ...i, path: [...issue.path, ...i.path] })),
      depth + 1,
    );
  });
}

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
}

// Driver errors arrive wrapped (DrizzleQueryError) or bare.
function findDbError(err: unknown): PgLikeError | null {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

const UNAVAILABLE_NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

function isDbUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const e = cur as { code?: string; message?: string };
    if (e.code && UNAVAILABLE_NET.has(e.code)) return true;
    // 57P0x: server shutting down; 53300: too many connections; 08xxx: connection exceptions (08001 also: no host
    // accepts writes during a failover, db/multi-host.ts); 57014: statement timeout; 25006: a write reached a standby
    if (e.code && /^(57P0\d|53300|08\d{3}|57014|25006)$/.test(e.code)) return true;
    if (e.message && /timeout exceeded when trying to connect|Connection terminated|connection timeout|not queryable/i.test(e.message))
      return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: number,
  key: MessageKey,
  params: MessageParams = {},
  data: unknown = null,
): FastifyReply {
  const msg = formatMessage(request.locale, key, params);
  request.resultCode = code;
  request.resultMsg = msg;
  return reply.code(status).send({ code, msg, data });
}

/**
 * A refusal about one field (a duplicate number, a rule a module checks) carries
 * that field the way a 400 carries its list (`data.errors`), plus `data.field`:
 * every form puts it under its field, whichever module threw it.
 */
function sendFieldError(request: FastifyRequest, reply: FastifyReply, error: AppError, field: string): FastifyReply {
  const msg = formatMessage(request.locale, error.key, error.params);
  const own = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const data = { ...own, field, errors: Array.isArray(own.errors) ? own.errors : [{ field, msg }] };
  request.resultCode = error.code;
  request.resultMsg = msg;
  return reply.code(error.status).send({ code: error.code, msg, data });
}

export function registerErrors(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('resultCode', 0);
  app.decorateRequest('resultMsg', '');
  app.addHook('onRequest', async (request) => {
    request.locale = pickLocale(request.headers['accept-language']);
  });

  app.setErrorHandler((error: FastifyError | AppError | RequestValidationError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      const data = error.data as { field?: unknown } | null;
      const field = error.params.field ?? data?.field;
      if (typeof field === 'string' && (error.status === 400 || error.status === 409)) {
        return sendFieldError(request, reply, error, field);
      }
      return sendError(request, reply, error.status, error.code, error.key, error.params, error.data);
    }
    if (error instanceof RequestValidationError) {
      const errors = formatIssues(unwrapUnions(error.issues), error.input, request.locale, error.part);
      const msg = errors.map((e) => e.msg).join('; ');
      request.resultCode = ResultCode.badRequest;
      request.resultMsg = msg;
      return reply.code(400).send({ code: ResultCode.badRequest, msg, data: { errors } });
    }
    const fe = error;
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return sendError(request, reply, 413, ResultCode.tooLarge, 'http.tooLarge', {
          limit: `${Math.round(request.server.config.bodyLimit / 1024)} KiB`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(request, reply, 415, 415, 'http.badContentType');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(request, reply, 400, ResultCode.badRequest, 'http.badJson');
      default:
        break;
    }
    if (fe.statusCode === 429) return sendError(request, reply, 429, ResultCode.tooMany, 'http.tooMany');
    if (isDbUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(request, reply, 503, ResultCode.unavailable, 'http.unavailable');
    }
    const dbError = findDbError(error);
    if (dbError?.code === '23505' || dbError?.code === '23503') {
      // Services check references and duplicates first; this is the race-time net.
      request.log.info({ err: error }, 'constraint conflict');
      return sendError(request, reply, 409, ResultCode.conflict, 'data.conflict', { detail: dbError.constraint ?? dbError.code });
    }
    if (dbError && /^(22|23)/.test(dbError.code ?? '')) {
      request.log.info({ err: error }, 'data rejected by the database');
      return sendError(request, reply, 400, ResultCode.badRequest, 'http.badRequest');
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(request, reply, fe.statusCode, fe.statusCode, 'http.badRequest');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 500, ResultCode.internal, 'http.internal');
  });
}
