import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  MESSAGE_TYPES,
  messageItemSchema,
  messageListQuerySchema,
  messageReadBodySchema,
  unreadCountSchema,
} from '@campus/contract';
import { getPrincipal, signedIn } from '../../plugins/access.js';
import { fileAnswer } from '../../plugins/openapi-document.js';
import { resolvePrincipal } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { createChangePush, openEventStream } from '../../lib/event-stream.js';
import { announceUnreadChange, watchUnreadChanges } from '../../lib/unread-events.js';
import { countUnread, listMessages, markAllRead, markRead } from './service.js';
import { defineTodoScanJob } from './todo-scan.js';

const tags = ['message'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const operlog = (action: string) => ({ module: 'message:box', action });

export interface MessageRoutesOptions {
  /** How often an open stream re-reads the count (changes made by other instances). */
  streamPollMs?: number;
  /** Comment lines that keep proxies from closing an idle stream. */
  keepAliveMs?: number;
}

export const messageRoutes: FastifyPluginAsync<MessageRoutesOptions> = async (parent, opts) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const streamPollMs = opts.streamPollMs ?? 5_000;
  const keepAliveMs = opts.keepAliveMs ?? 20_000;
  defineTodoScanJob(app);

  app.get(
    '/message/list',
    {
      config: { access: signedIn('global', { allowMustChange: true }) },
      schema: {
        tags,
        summary: "The caller's messages, notices and todos, newest first; time is the relative day in the caller's language",
        querystring: messageListQuerySchema,
        response: { 200: envelopeSchema(z.array(messageItemSchema)), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await listMessages(app.db, getPrincipal(request), request.locale, {
        type: q.type,
        status: q.status === undefined ? undefined : q.status === '1' ? 1 : 0,
        limit: q.limit,
      });
      return { code: 0, msg: 'ok', data };
    },
  );

  app.get(
    '/message/unread-count',
    {
      config: { access: signedIn('global', { allowMustChange: true }) },
      schema: { tags, summary: "The caller's unread messages by type", response: { 200: envelopeSchema(unreadCountSchema), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await countUnread(app.db, getPrincipal(request)) }),
  );

  app.post(
    '/message/read',
    {
      config: { access: signedIn('global', { allowMustChange: true }), operlog: operlog('read') },
      schema: {
        tags,
        summary: 'Marks the given messages of the caller read; any id that is not theirs refuses the call (404) and nothing changes',
        body: messageReadBodySchema,
        response: { 200: envelopeSchema(z.literal(true)), ...errors },
      },
    },
    async (request) => {
      const userId = getPrincipal(request).userId;
      await runLoggedTransaction(request, (tx) => markRead(tx, userId, request.body.ids));
      announceUnreadChange([userId]);
      return { code: 0, msg: 'ok', data: true as const };
    },
  );

  app.post(
    '/message/read-all',
    {
      config: { access: signedIn('global', { allowMustChange: true }), operlog: operlog('readAll') },
      schema: {
        tags,
        summary: "Marks all the caller's messages read (or those of one type)",
        body: z.strictObject({ type: z.enum(MESSAGE_TYPES).optional() }).optional(),
        response: { 200: envelopeSchema(z.object({ updated: z.number().int() })), ...errors },
      },
    },
    async (request) => {
      const userId = getPrincipal(request).userId;
      const updated = await runLoggedTransaction(request, (tx) => markAllRead(tx, userId, request.body?.type));
      announceUnreadChange([userId]);
      return { code: 0, msg: 'ok', data: { updated } };
    },
  );

  /** Open streams, ended when the app closes so close() does not wait on them. */
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...streams]) stop();
  });

  app.get(
    '/message/stream',
    {
      config: { access: signedIn('global', { allowMustChange: true }), metrics: false },
      schema: {
        tags,
        summary:
          'Server-sent events: `event: unread` with the unread count (as /message/unread-count) at once and whenever it changes; ' +
          '`: keep-alive` comments in between. Send the bearer token in Authorization (use a fetch-based EventSource). ' +
          'The stream ends when the session does.',
        response: { 200: fileAnswer(['text/event-stream'], 'Server-sent events: unread counts as they change'), ...errors },
      },
    },
    async (request, reply) => {
      const reader = getPrincipal(request);
      const { userId } = reader;
      const authorization = request.headers.authorization;
      reply.hijack();
      const stream = openEventStream(request.raw, reply.raw, { retryMs: 5000, keepAliveMs });
      const push = createChangePush({
        stream,
        read: () => countUnread(app.db, reader),
        deliver: (text) => stream.send('unread', text),
        onError: (err) => request.log.warn({ err }, 'message stream: could not read the unread count'),
      });
      const poll = setInterval(() => {
        // The session may have ended (sign-out, reset, disabled): then so does the stream.
        resolvePrincipal(app.db, authorization).then(
          () => push(),
          () => stream.close(),
        );
      }, streamPollMs);
      const unwatch = watchUnreadChanges(userId, () => void push());
      streams.add(stream.close);
      stream.onClose(() => {
        clearInterval(poll);
        unwatch();
        streams.delete(stream.close);
      });
      await push();
      return reply;
    },
  );
};
