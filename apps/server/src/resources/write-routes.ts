import { eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { envelopeSchema, idParamsSchema, idsBodySchema, okSchema } from '@campus/contract';
import { notFound } from '../lib/app-error.js';
import type { CampusTable } from '../lib/campus-scope.js';
import { requirePerm } from '../plugins/access.js';
import { runLoggedStatement, runLoggedTransaction, setOperlogTarget } from '../plugins/operlog.js';
import type { CampusCrudSpec, Values } from './campus-resource.js';
import { mapRow } from './driver-rows.js';
import { diffValues, targetOf } from './log-changes.js';
import { loadOne } from './read-routes.js';
import { inUse } from './resource-errors.js';
import { idOf, RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf } from './route-parts.js';
import { assertUnique, guardUnique } from './write-guards.js';

/** POST `url`: a new row in the campus (201), after the unique and cross-row rules. */
export function createRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  return {
    method: 'POST',
    url,
    config: { access: requirePerm(spec.perms.add, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Create a ${spec.thing}`,
      body: spec.schemas.create,
      response: { 201: envelopeSchema(spec.schemas.item), ...RESOURCE_ERRORS },
    },
    async handler(request, reply) {
      const body = request.body as Values;
      const values = spec.toValues(body);
      const scope = scopeOf(request);
      await spec.guardWrite?.(request, values, null);
      await assertUnique(scope, spec, body, values, null);
      await spec.check?.(scope, values, null);
      const row = await guardUnique(spec, body, () =>
        runLoggedTransaction(
          request,
          async (tx) => {
            const s = scopeOf(request, tx);
            await spec.beforeWrite?.(s, values, null, request.locale);
            const [created] = await s.insert(spec.table, [values as Omit<T['$inferInsert'], 'camId'>]).returning();
            setOperlogTarget(request, targetOf(spec, created as T['$inferSelect']));
            return created as T['$inferSelect'];
          },
          201,
        ),
      );
      reply.code(201);
      return { code: 0, msg: 'ok', data: spec.toItem(row) };
    },
  };
}

/** PUT `url/:id`: the row's new values, 404 when the campus has no such row. */
export function updateRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  const { table } = spec;
  return {
    method: 'PUT',
    url: `${url}/:id`,
    config: { access: requirePerm(spec.perms.edit, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Update a ${spec.thing}`,
      params: idParamsSchema,
      body: spec.schemas.update,
      response: { 200: envelopeSchema(spec.schemas.item), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const body = request.body as Values;
      const id = idOf(request);
      const values = spec.toValues(body);
      const scope = scopeOf(request);
      const reach = await spec.reach?.(request);
      // Read first: the log names the row and what changed, the rules see it, and a 404 beats a 409.
      const existing = await loadOne(request.server.listCaches, scope, spec, id, reach);
      await spec.guardWrite?.(request, values, existing);
      await assertUnique(scope, spec, body, values, id);
      await spec.check?.(scope, values, existing);
      const changes = spec.describeChanges ? await spec.describeChanges(scope, existing, values) : diffValues(existing, values);
      setOperlogTarget(request, targetOf(spec, existing), changes);
      const set = { ...values, updatedAt: new Date() } as unknown as Partial<Omit<T['$inferInsert'], 'camId' | 'id'>>;
      const row = spec.beforeWrite
        ? await guardUnique(spec, body, () =>
            runLoggedTransaction(request, async (tx) => {
              const s = scopeOf(request, tx);
              await spec.beforeWrite?.(s, values, existing, request.locale);
              const rows = (await s.update(table, set, eq(table.id, id), reach).returning()) as unknown as T['$inferSelect'][];
              const updated = rows[0];
              if (!updated) throw notFound(spec.thing);
              return updated;
            }),
          )
        : // Nothing to run in between: the update and its log row as one statement, one round trip.
          await guardUnique(spec, body, async () => {
            const update = scope.update(table, set, eq(table.id, id), reach).returning();
            const [updated] = await runLoggedStatement(request, update.getSQL());
            if (!updated) throw notFound(spec.thing);
            return mapRow(table, updated);
          });
      return { code: 0, msg: 'ok', data: spec.toItem(row) };
    },
  };
}

/** DELETE `url/:id`: 409 while others refer to the row. */
export function deleteRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  return {
    method: 'DELETE',
    url: `${url}/:id`,
    config: { access: requirePerm(spec.perms.delete, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Delete a ${spec.thing} (409 while others refer to it)`,
      params: idParamsSchema,
      response: { 200: okSchema, ...RESOURCE_ERRORS },
    },
    async handler(request) {
      await removeRows(request, spec, [idOf(request)]);
      return { code: 0, msg: 'ok', data: null };
    },
  };
}

/** DELETE `url` with `{ ids }`: all of them or none. */
export function deleteManyRoute<T extends CampusTable>(url: string, spec: CampusCrudSpec<T>): RouteOptions {
  return {
    method: 'DELETE',
    url,
    config: { access: requirePerm(spec.perms.delete, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: `Delete several ${spec.thing}s: all or none`,
      body: idsBodySchema,
      response: { 200: okSchema, ...RESOURCE_ERRORS },
    },
    async handler(request) {
      await removeRows(request, spec, (request.body as { ids: number[] }).ids);
      return { code: 0, msg: 'ok', data: null };
    },
  };
}

/** 404 unless every id is a row of the campus; 409 while anything refers to one; then all go in one logged transaction. */
async function removeRows<T extends CampusTable>(request: FastifyRequest, spec: CampusCrudSpec<T>, ids: number[]) {
  const { table } = spec;
  const scope = scopeOf(request);
  const reach = await spec.reach?.(request);
  const found = (await scope.select(table, getTableColumns(table), inArray(table.id, ids), reach)) as T['$inferSelect'][];
  if (found.length !== new Set(ids).size) throw notFound(spec.thing);
  await spec.guardRemove?.(scope, ids, request.locale);
  const refs = (await spec.findReferences?.(scope, ids)) ?? [];
  if (refs.length) throw inUse(spec.thing, refs, request.locale);
  const [only] = found;
  setOperlogTarget(
    request,
    found.length === 1 && only ? targetOf(spec, only) : { thing: spec.thing, ids: [...new Set(ids)], counts: { rows: found.length } },
  );
  await runLoggedTransaction(request, async (tx) => {
    const deleted = await scopeOf(request, tx).delete(table, inArray(table.id, ids), reach).returning({ id: table.id });
    if (deleted.length !== found.length) throw notFound(spec.thing);
  });
}
