import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, errorSchema, healthSchema, ResultCode } from '@campus/contract';
import { publicRoute } from '../../plugins/access.js';
import { AppError } from '../../lib/app-error.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: publicRoute() },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: envelopeSchema(healthSchema), 503: errorSchema },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        // Also while a failover is under way: no host accepts writes until a standby is promoted.
        throw new AppError(503, ResultCode.unavailable, 'http.unavailable', {}, null, { 'retry-after': '5' });
      }
      return { code: 0, msg: 'ok', data: { status: 'ok' as const, db: app.database.kind } };
    },
  );
};
