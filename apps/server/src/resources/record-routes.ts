import type { FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema, idParamsSchema, okSchema, pageSchema, type PermCode } from '@campus/contract';
import type { Executor } from '../db/client.js';
import { requirePerm } from '../plugins/access.js';
import { idOf, RESOURCE_ERRORS } from './route-parts.js';

// The routes every system record shares (users, roles, menus, perms, depts):
// global, not of a campus; a page of them, one by id, create, update and delete.
// The module's service does the work, its log row included; these say who may
// call, what goes in and out, and wrap the answer in the envelope.

/** The OpenAPI tag of the system administration routes. */
export const SYSTEM_TAGS = ['system'];

type Perms = PermCode | readonly PermCode[];

export interface RecordRoutes {
  /** GET `url`: a page of records for the query. */
  list<Q extends z.ZodType>(
    perms: Perms,
    summary: string,
    query: Q,
    read: (db: Executor, query: z.output<Q>) => Promise<unknown>,
  ): RouteOptions;
  /** GET `url/:id`: one record (the service answers 404 for none). */
  get(perms: Perms, summary: string, read: (db: Executor, id: number) => Promise<unknown>): RouteOptions;
  /** POST `url`: a new record, 201; `answer` when the answer is more than the item (a generated password). */
  create<B extends z.ZodType>(
    perms: Perms,
    summary: string,
    body: B,
    write: (request: FastifyRequest, body: z.output<B>) => Promise<unknown>,
    answer?: z.ZodType,
  ): RouteOptions;
  /** PUT `url/:id`: the record's new values. */
  update<B extends z.ZodType>(
    perms: Perms,
    summary: string,
    body: B,
    write: (request: FastifyRequest, id: number, body: z.output<B>) => Promise<unknown>,
  ): RouteOptions;
  /** DELETE `url/:id`: answers ok with no data. */
  remove(perms: Perms, summary: string, write: (request: FastifyRequest, id: number) => Promise<void>): RouteOptions;
}

/** The shared routes of the system record at `url`, answering items of the `item` schema. */
export function createRecordRoutes(url: string, item: z.ZodType): RecordRoutes {
  const access = (perms: Perms) => ({ access: requirePerm(perms, 'global') });
  return {
    list: (perms, summary, query, read) => ({
      method: 'GET',
      url,
      config: access(perms),
      schema: { tags: SYSTEM_TAGS, summary, querystring: query, response: { 200: envelopeSchema(pageSchema(item)), ...RESOURCE_ERRORS } },
      handler: async (request) => ({ code: 0, msg: 'ok', data: await read(request.server.db, request.query as z.output<typeof query>) }),
    }),
    get: (perms, summary, read) => ({
      method: 'GET',
      url: `${url}/:id`,
      config: access(perms),
      schema: { tags: SYSTEM_TAGS, summary, params: idParamsSchema, response: { 200: envelopeSchema(item), ...RESOURCE_ERRORS } },
      handler: async (request) => ({ code: 0, msg: 'ok', data: await read(request.server.db, idOf(request)) }),
    }),
    create: (perms, summary, body, write, answer = item) => ({
      method: 'POST',
      url,
      config: access(perms),
      schema: { tags: SYSTEM_TAGS, summary, body, response: { 201: envelopeSchema(answer), ...RESOURCE_ERRORS } },
      handler: async (request, reply) => {
        const data = await write(request, request.body as z.output<typeof body>);
        reply.code(201);
        return { code: 0, msg: 'ok', data };
      },
    }),
    update: (perms, summary, body, write) => ({
      method: 'PUT',
      url: `${url}/:id`,
      config: access(perms),
      schema: { tags: SYSTEM_TAGS, summary, params: idParamsSchema, body, response: { 200: envelopeSchema(item), ...RESOURCE_ERRORS } },
      handler: async (request) => ({
        code: 0,
        msg: 'ok',
        data: await write(request, idOf(request), request.body as z.output<typeof body>),
      }),
    }),
    remove: (perms, summary, write) => ({
      method: 'DELETE',
      url: `${url}/:id`,
      config: access(perms),
      schema: { tags: SYSTEM_TAGS, summary, params: idParamsSchema, response: { 200: okSchema, ...RESOURCE_ERRORS } },
      handler: async (request) => {
        await write(request, idOf(request));
        return { code: 0, msg: 'ok', data: null };
      },
    }),
  };
}
