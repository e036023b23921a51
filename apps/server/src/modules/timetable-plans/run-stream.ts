import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Perm, timetablePlanRunParamsSchema } from '@campus/contract';
import { createCampusScope } from '../../lib/campus-scope.js';
import { createChangePush, openEventStream } from '../../lib/event-stream.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { fileAnswer } from '../../plugins/openapi-document.js';
import { errors, BASE, tags } from './route-parts.js';
import { readRun } from './run-routes.js';
import type { Runner } from './runner.js';

export interface RunStreamOptions {
  /** How often a run of another instance is read from its row (its progress is written about once a second). */
  rowPollMs?: number;
  /** Fewest milliseconds between two progress events of a local run. */
  throttleMs?: number;
  keepAliveMs?: number;
}

/**
 * A generation's progress pushed as server-sent events, so the page need not poll: `event: run` with the run
 * (as GET /runs/:runId answers it) at once, on each progress and at the end; the stream ends after the event
 * of a run that is no longer running. A run on this instance is followed through the runner; one on another
 * instance through its row.
 */
export function registerRunStream(parent: FastifyInstance, runner: Runner, opts: RunStreamOptions = {}) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const rowPollMs = opts.rowPollMs ?? 1_000;
  const throttleMs = opts.throttleMs ?? 200;
  const keepAliveMs = opts.keepAliveMs ?? 15_000;
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...streams]) stop();
  });

  app.get(
    `${BASE}/:id/runs/:runId/events`,
    {
      config: { access: requirePerm(Perm.timetablePlanList, 'campus'), metrics: false },
      schema: {
        tags,
        summary:
          'Server-sent events of a generation: `event: run` with the run (as GET /runs/:runId) at once, on progress and at the end, ' +
          'then the stream ends. Send the bearer token and X-Access-Camid (use a fetch-based reader).',
        params: timetablePlanRunParamsSchema,
        response: { 200: fileAnswer(['text/event-stream'], 'Server-sent events: the run as it progresses'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = createCampusScope(app.db, getCampusId(request));
      const { id, runId } = request.params;
      // A run that is not there is the usual 404, before the stream starts.
      const last = JSON.stringify(await readRun(scope, runner, id, runId));
      reply.hijack();
      const stream = openEventStream(request.raw, reply.raw, { retryMs: 2000, keepAliveMs });
      let sentAt = 0;
      let timer: NodeJS.Timeout | null = null;
      const send = (text: string) => {
        stream.send('run', text);
        sentAt = Date.now();
        if (!text.includes('"status":"running"')) stream.close();
      };
      const push = createChangePush({
        stream,
        last,
        read: () => readRun(scope, runner, id, runId),
        deliver: send,
        onError: (err) => {
          request.log.warn({ err }, 'run stream: could not read the run');
          stream.close();
        },
      });
      const onProgress = () => {
        if (stream.isClosed() || timer) return;
        timer = setTimeout(
          () => {
            timer = null;
            void push();
          },
          Math.max(0, throttleMs - (Date.now() - sentAt)),
        );
      };
      const unwatch = runner.watch(runId, onProgress);
      const poll = setInterval(() => {
        if (!runner.isLocal(runId)) void push();
      }, rowPollMs);
      streams.add(stream.close);
      stream.onClose(() => {
        unwatch();
        clearInterval(poll);
        if (timer) clearTimeout(timer);
        streams.delete(stream.close);
      });
      send(last);
      return reply;
    },
  );
}
