import { and, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '@campus/contract';
import { importRejects } from '../../db/schema/system.js';
import { notFound } from '../../lib/app-error.js';
import { CONTENT_TYPES } from '../../lib/tabular.js';
import { hashToken, isWellFormedToken } from '../../lib/tokens.js';
import { getPrincipal, signedIn } from '../../plugins/access.js';
import { fileAnswer } from '../../plugins/openapi-document.js';
import { attachment } from '../../resources/io-files.js';
import { REJECTED_FILE_TTL_MS, REJECTED_FILES_URL } from '../../resources/rejected-rows.js';

const tokenParams = z.strictObject({ token: z.string().max(128) });

/**
 * GET the refused rows of an import (mode valid-rows) as CSV: the file's own
 * columns plus an error column, for the user who imported, for a day. Fixed
 * and imported again, the error column is skipped.
 */
export const importRejectRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: 'GET',
    url: `${REJECTED_FILES_URL.replace(/^\/api/, '')}/:token`,
    config: { access: signedIn() },
    schema: {
      tags: ['educate'],
      summary: 'Download the refused rows of your import (CSV with an error column; the link an import answers, valid for a day)',
      params: tokenParams,
      response: { 200: fileAnswer([CONTENT_TYPES.csv], 'The refused rows as CSV'), 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    async handler(request, reply) {
      const { token } = request.params as z.infer<typeof tokenParams>;
      if (!isWellFormedToken(token)) throw notFound('file');
      const [row] = await app.db
        .select({ fileName: importRejects.fileName, content: importRejects.content })
        .from(importRejects)
        .where(
          and(
            eq(importRejects.tokenHash, hashToken(token)),
            eq(importRejects.userId, getPrincipal(request).userId),
            gt(importRejects.createdAt, new Date(Date.now() - REJECTED_FILE_TTL_MS)),
          ),
        );
      if (!row) throw notFound('file');
      return reply
        .header('content-type', CONTENT_TYPES.csv)
        .header('content-disposition', attachment(row.fileName.replace(/\.csv$/, ''), 'csv'))
        .send(Buffer.from(row.content, 'utf8'));
    },
  });
};
