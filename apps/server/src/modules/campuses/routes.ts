import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campusSchema, envelopeSchema, errorSchema } from '@campus/contract';
import { campuses } from '../../db/schema/system.js';
import { notFound } from '../../lib/app-error.js';
import { getCampusId, getPrincipal, signedIn } from '../../plugins/access.js';

const minutesToTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const campusDetailSchema = campusSchema.extend({
  address: z.string(),
  timezone: z.string(),
  dayStart: z.string(),
  dayEnd: z.string(),
  slotStep: z.number().int(),
});

export const campusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/campus/list',
    {
      config: { access: signedIn('global') },
      schema: {
        tags: ['campus'],
        summary: "The caller's campuses",
        response: { 200: envelopeSchema(z.array(campusSchema)), 401: errorSchema },
      },
    },
    async (request) => {
      const { camIds } = getPrincipal(request);
      const rows = await app.db
        .select({ cam_id: campuses.id, name: campuses.name, code: campuses.code })
        .from(campuses)
        .orderBy(campuses.id);
      return { code: 0, msg: 'ok', data: rows.filter((r) => camIds.includes(r.cam_id)) };
    },
  );

  app.get(
    '/campus/current',
    {
      config: { access: signedIn('campus') },
      schema: {
        tags: ['campus'],
        summary: 'The campus of X-Access-Camid, with its teaching day',
        response: { 200: envelopeSchema(campusDetailSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const [c] = await app.db
        .select()
        .from(campuses)
        .where(eq(campuses.id, getCampusId(request)));
      if (!c) throw notFound('campus');
      return {
        code: 0,
        msg: 'ok',
        data: {
          cam_id: c.id,
          code: c.code,
          name: c.name,
          address: c.address,
          timezone: c.timezone,
          dayStart: minutesToTime(c.dayStartMin),
          dayEnd: minutesToTime(c.dayEndMin),
          slotStep: c.slotStepMin,
        },
      };
    },
  );
};
