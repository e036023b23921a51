import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { OperlogChange, OperlogTarget } from '@campus/contract';
import type { Tx } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { operLogs } from '../db/schema/system.js';
import { redactParams } from '../lib/redact.js';

export interface OperlogSpec {
  module: string;
  action: string;
  /** Body fields blanked in this route's log rows besides the usual secrets (e.g. a one-time `code`). */
  secretKeys?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the operation log calls this route; `false` for routes logged elsewhere (login). */
    operlog?: OperlogSpec | false;
  }
  interface FastifyRequest {
    operlogWritten: boolean;
    /** The record the request touched and its changes, for the log row's words (contract operlog-text.ts). */
    operlogTarget: OperlogTarget | null;
    operlogChanges: OperlogChange[] | null;
  }
}

/** Names the record a request touches (and, for an update, what changed) in its log row. */
export function setOperlogTarget(request: FastifyRequest, target: OperlogTarget, changes?: OperlogChange[]): void {
  request.operlogTarget = target;
  if (changes) request.operlogChanges = changes;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route's (module, action) in the log: its own `operlog`, else its first perm code split, else 'other'. */
export function describeOperlogSpec(
  config: { operlog?: OperlogSpec | false | undefined; access?: FastifyContextConfig['access'] },
  method: string,
): OperlogSpec {
  if (config.operlog) return config.operlog;
  const access = config.access;
  if (access?.kind === 'perm') {
    const [area, thing, action] = (access.perms[0] ?? '').split(':');
    if (area && thing && action) return { module: `${area}:${thing}`, action };
  }
  return { module: 'other', action: method.toLowerCase() };
}

function describe(request: FastifyRequest): OperlogSpec {
  return describeOperlogSpec(request.routeOptions.config, request.method);
}

function buildRow(request: FastifyRequest, status: number, code: number, msg: string) {
  const { module, action, secretKeys } = describe(request);
  return {
    userId: request.principal?.userId ?? null,
    username: request.principal?.username ?? '',
    camId: request.camId || null,
    module,
    action,
    method: request.method,
    path: request.url.slice(0, 512),
    params: redactParams({ params: request.params, query: request.query, body: request.body ?? null }, 0, secretKeys) as object,
    status,
    code,
    msg: msg.slice(0, 500),
    durationMs: Math.round(performance.now() - request.startedAt),
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
    target: request.operlogTarget,
    changes: request.operlogChanges,
  };
}

/**
 * Runs a route's writes in one transaction together with its operation-log
 * row, so a change is never committed without its log entry.
 */
export async function runLoggedTransaction<T>(request: FastifyRequest, fn: (tx: Tx) => Promise<T>, status = 200): Promise<T> {
  return request.server.db.transaction(async (tx) => {
    const result = await fn(tx);
    await tx.insert(operLogs).values(buildRow(request, status, 0, ''));
    request.operlogWritten = true;
    return result;
  });
}

/**
 * Writes an operation-log row for an event of a public route, whose user is
 * known only from what the request proved (e.g. a recovery code used at
 * sign-in): the request's params go in blanked like any other row's.
 */
export async function logEventAs(
  request: FastifyRequest,
  db: Tx | FastifyInstance['db'],
  who: { userId: number; username: string },
  spec: OperlogSpec,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const row = buildRow(request, 200, 0, '');
  await db.insert(operLogs).values({
    ...row,
    userId: who.userId,
    username: who.username,
    module: spec.module,
    action: spec.action,
    params: { ...(redactParams(row.params, 0, spec.secretKeys) as object), ...extra },
  });
}

/**
 * One data-modifying statement (with RETURNING) and the request's log row as a
 * single statement: `WITH changed AS (<write>)` inserts the row only if the
 * write changed something, and answers the changed rows (as the driver reads
 * them). One statement is atomic on its own, so a one-row write costs one
 * round trip instead of BEGIN, write, log, COMMIT.
 */
export async function runLoggedStatement(request: FastifyRequest, write: SQL, status = 200): Promise<Record<string, unknown>[]> {
  const r = buildRow(request, status, 0, '');
  const rows = await queryRows<Record<string, unknown>>(
    request.server.db,
    sql`with changed as (${write}), logged as (
          insert into oper_logs (user_id, username, cam_id, module, action, method, path, params, status, code, msg, duration_ms, ip, user_agent,
                                 target, changes)
          select ${r.userId}::int, ${r.username}, ${r.camId}::int, ${r.module}, ${r.action}, ${r.method}, ${r.path},
                 ${JSON.stringify(r.params)}::jsonb, ${r.status}::smallint, ${r.code}::int, ${r.msg}, ${r.durationMs}::int, ${r.ip}, ${r.userAgent},
                 ${r.target === null ? null : JSON.stringify(r.target)}::jsonb, ${r.changes === null ? null : JSON.stringify(r.changes)}::jsonb
          where exists (select 1 from changed))
        select * from changed`,
  );
  if (rows.length) request.operlogWritten = true;
  return rows;
}

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: number;
  }
}

/**
 * When a request came in, for the log's duration. Registered before the access check: a write refused there was logged
 * with the server's uptime as its duration (the clock had not been read yet).
 */
export function registerRequestClock(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', async (request) => {
    request.startedAt = performance.now();
  });
}

export function registerOperlog(app: FastifyInstance): void {
  app.decorateRequest('operlogWritten', false);
  app.decorateRequest('operlogTarget', null);
  app.decorateRequest('operlogChanges', null);
  // onSend, not onResponse: the row exists before the caller hears the answer.
  app.addHook('onSend', async (request, reply) => {
    if (request.operlogWritten || !MUTATING.has(request.method)) return;
    if (!request.routeOptions.url?.startsWith('/api') || request.routeOptions.config.operlog === false) return;
    try {
      await request.server.db.insert(operLogs).values(buildRow(request, reply.statusCode, request.resultCode, request.resultMsg));
    } catch (err) {
      request.log.error({ err }, 'could not write the operation log');
    }
  });
}
