import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorSchema } from '@campus/contract';
import { createCampusScope, type CampusScope } from '../lib/campus-scope.js';
import { getCampusId } from '../plugins/access.js';

// What every route of a campus resource shares.

export const RESOURCE_TAGS = ['educate'];

export const RESOURCE_ERRORS = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** The campus of the request (X-Access-Camid, checked by the access plugin), on the app's database or a transaction. */
export function scopeOf(request: FastifyRequest, db: CampusScope['db'] = request.server.db): CampusScope {
  return createCampusScope(db, getCampusId(request));
}

/** The `:id` of a route whose params schema is idParamsSchema (validated before the handler runs). */
export function idOf(request: FastifyRequest): number {
  return (request.params as { id: number }).id;
}

/** Sends JSON text as it is (a string with a JSON type skips the serializer); the route's schema still documents it. */
export async function sendJsonText(reply: FastifyReply, text: string): Promise<void> {
  await reply.type('application/json; charset=utf-8').send(text);
}
