import { gte, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { roomCreateSchema, roomQuerySchema, roomSchema, roomUpdateSchema, type Room, Perm } from '@campus/contract';
import { rooms, scheduleEntries } from '../../db/schema/campus.js';
import { type CampusCrudSpec, type Values } from '../../resources/campus-resource.js';
import { createRoute, deleteManyRoute, deleteRoute, updateRoute } from '../../resources/write-routes.js';
import { getRoute, listRoute } from '../../resources/read-routes.js';

export const roomSpec: CampusCrudSpec<typeof rooms> = {
  thing: 'room',
  table: rooms,
  perms: { list: Perm.roomList, add: Perm.roomAdd, edit: Perm.roomEdit, delete: Perm.roomDelete },
  schemas: { create: roomCreateSchema, update: roomUpdateSchema, query: roomQuerySchema, item: roomSchema },
  sortColumns: { code: rooms.code, name: rooms.name, capacity: rooms.capacity, createdAt: rooms.createdAt },
  defaultOrder: { column: rooms.code, direction: 'asc' },
  keywordColumns: [rooms.code, rooms.name],
  filters: (q: Values) => [typeof q.minCapacity === 'number' ? gte(rooms.capacity, q.minCapacity) : undefined],
  uniques: [{ field: 'code', column: rooms.code, constraint: 'rooms_cam_code_uq' }],
  toValues: (body) => ({ ...body }),
  describeRow: (r) => ({ name: r.name, code: r.code }),
  toItem: (r): Room => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    code: r.code,
    name: r.name,
    capacity: r.capacity,
  }),
  async findReferences(scope, ids) {
    const n = await scope.count(scheduleEntries, inArray(scheduleEntries.roomId, ids));
    return n ? [{ thing: 'schedule', count: n, examples: [] }] : [];
  },
};

export const roomRoutes: FastifyPluginAsync = async (app) => {
  const url = '/educate/rooms';
  app.route(listRoute(url, roomSpec));
  app.route(getRoute(url, roomSpec));
  app.route(createRoute(url, roomSpec));
  app.route(updateRoute(url, roomSpec));
  app.route(deleteRoute(url, roomSpec));
  app.route(deleteManyRoute(url, roomSpec));
};
