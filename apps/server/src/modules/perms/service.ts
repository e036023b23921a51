import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PERMISSIONS, ResultCode, type PermCreate, type PermQuery, type PermUpdate, type SystemPerm } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { menus, perms, rolePerms, roles } from '../../db/schema/system.js';
import { AppError, conflict } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/escape-like.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { describeReferences, type SystemReference } from '../../lib/grants.js';

type PermRow = typeof perms.$inferSelect;

/** Codes the server's routes and the web check: the contract's catalogue. */
const CATALOGUE: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.code));
const SORTS = { code: perms.code, name: perms.name, module: perms.module, createdAt: perms.createdAt } as const;

const permNotFound = () => new AppError(404, ResultCode.notFound, 'system.permNotFound');

function toItem(row: PermRow): SystemPerm {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nameEn: row.nameEn,
    module: row.module,
    builtin: CATALOGUE.has(row.code),
    createdAt: row.createdAt.toISOString(),
  };
}

function buildFilter(q: { keyword?: string | undefined; module?: string | undefined }): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (q.keyword) {
    const p = `${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(perms.code, p), ilike(perms.name, p), ilike(perms.nameEn, p)));
  }
  if (q.module) conds.push(eq(perms.module, q.module));
  return and(...conds);
}

export async function listPerms(db: Executor, q: PermQuery) {
  const where = buildFilter(q);
  const [field, dir] = (q.sort ?? '').split(':');
  const column = field ? SORTS[field as keyof typeof SORTS] : undefined;
  const order = column ? [dir === 'desc' ? desc(column) : asc(column), asc(perms.id)] : [asc(perms.module), asc(perms.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(perms)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(perms).where(where),
  ]);
  return { list: rows.map(toItem), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The whole catalogue grouped by module, in catalogue order: what the role-perm page ticks. */
export async function listPermGroups(db: Executor, q: { keyword?: string | undefined; module?: string | undefined }) {
  const rows = await db.select().from(perms).where(buildFilter(q)).orderBy(asc(perms.id));
  const groups = new Map<string, SystemPerm[]>();
  for (const row of rows) groups.set(row.module, [...(groups.get(row.module) ?? []), toItem(row)]);
  return [...groups].map(([module, list]) => ({ module, perms: list }));
}

async function loadPerm(db: Executor, id: number): Promise<PermRow> {
  const [row] = await db.select().from(perms).where(eq(perms.id, id)).limit(1);
  if (!row) throw permNotFound();
  return row;
}

export async function getPerm(db: Executor, id: number): Promise<SystemPerm> {
  return toItem(await loadPerm(db, id));
}

export async function createPerm(request: FastifyRequest, body: PermCreate): Promise<SystemPerm> {
  const { db } = request.server;
  const [hit] = await db.select({ id: perms.id }).from(perms).where(eq(perms.code, body.code)).limit(1);
  if (hit) throw conflict('data.duplicate', { field: 'code', value: body.code }, { field: 'code' });
  const row = await runLoggedTransaction(
    request,
    async (tx) => {
      const [created] = await tx
        .insert(perms)
        .values({ code: body.code, name: body.name, nameEn: body.nameEn ?? '', module: body.module ?? body.code.split(':')[0] ?? '' })
        .returning();
      if (!created) throw new Error('perm insert returned nothing');
      return created;
    },
    201,
  );
  return toItem(row);
}

export async function updatePerm(request: FastifyRequest, id: number, body: PermUpdate): Promise<SystemPerm> {
  const existing = await loadPerm(request.server.db, id);
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return toItem(existing);
  const row = await runLoggedTransaction(request, async (tx) => {
    const [updated] = await tx.update(perms).set(set).where(eq(perms.id, id)).returning();
    if (!updated) throw permNotFound();
    return updated;
  });
  return toItem(row);
}

async function findPermReferences(db: Executor, row: PermRow): Promise<SystemReference[]> {
  const refs: SystemReference[] = [];
  if (CATALOGUE.has(row.code)) refs.push({ kind: 'route', count: 1, examples: [row.code] });
  const menuRows = await db
    .select({ name: menus.name })
    .from(menus)
    .where(sql`${row.code} = any(${menus.perms})`)
    .orderBy(asc(menus.id));
  if (menuRows.length) refs.push({ kind: 'menu', count: menuRows.length, examples: menuRows.slice(0, 5).map((m) => m.name) });
  const roleRows = await db
    .select({ name: roles.name })
    .from(rolePerms)
    .innerJoin(roles, eq(roles.id, rolePerms.roleId))
    .where(eq(rolePerms.permId, row.id))
    .orderBy(asc(roles.id));
  if (roleRows.length) refs.push({ kind: 'role', count: roleRows.length, examples: roleRows.slice(0, 5).map((r) => r.name) });
  return refs;
}

export async function deletePerm(request: FastifyRequest, id: number): Promise<void> {
  const { db } = request.server;
  const row = await loadPerm(db, id);
  const refs = await findPermReferences(db, row);
  if (refs.length) {
    throw conflict('system.permInUse', { code: row.code, refs: describeReferences(refs, request.locale) }, { references: refs });
  }
  await runLoggedTransaction(request, (tx) => tx.delete(perms).where(eq(perms.id, id)));
}
