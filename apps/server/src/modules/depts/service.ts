import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Dept, DeptCreate, DeptNode, DeptUpdate } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { depts, users } from '../../db/schema/system.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { describeReferences, type SystemReference } from '../../lib/grants.js';

type DeptRow = typeof depts.$inferSelect;
const MAX_DEPTH = 16;

function toItem(row: DeptRow): Dept {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    parentId: row.parentId,
    name: row.name,
    sort: row.sort,
    leader: row.leader,
    phone: row.phone,
    status: row.status === 'disabled' ? 'disabled' : 'active',
  };
}

/**
 * The department tree. With filters, the matching departments come with their
 * ancestors so the tree still reads from the root.
 */
export async function getDeptTree(db: Executor, q: { keyword?: string | undefined; status?: string | undefined }): Promise<DeptNode[]> {
  const rows = await db.select().from(depts).orderBy(asc(depts.sort), asc(depts.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  let keep: Set<number> | null = null;
  if (q.keyword || q.status) {
    const kw = q.keyword?.toLowerCase();
    keep = new Set<number>();
    for (const r of rows) {
      if ((kw && !r.name.toLowerCase().startsWith(kw)) || (q.status && r.status !== q.status)) continue;
      for (let cur: DeptRow | undefined = r, i = 0; cur && i < MAX_DEPTH; cur = byId.get(cur.parentId ?? 0), i++) keep.add(cur.id);
    }
  }
  const byParent = new Map<number | null, DeptRow[]>();
  for (const r of rows) if (!keep || keep.has(r.id)) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: number | null, depth: number): DeptNode[] =>
    depth > MAX_DEPTH ? [] : (byParent.get(parentId) ?? []).map((r) => ({ ...toItem(r), children: build(r.id, depth + 1) }));
  return build(null, 0);
}

async function loadDept(db: Executor, id: number): Promise<DeptRow> {
  const [row] = await db.select().from(depts).where(eq(depts.id, id)).limit(1);
  if (!row) throw notFound('dept');
  return row;
}

export async function getDept(db: Executor, id: number): Promise<Dept> {
  return toItem(await loadDept(db, id));
}

/** True when `candidate` is `id` or lies under it. */
async function isInSubtree(db: Executor, id: number, candidate: number): Promise<boolean> {
  const rows = await db.select({ id: depts.id, parentId: depts.parentId }).from(depts);
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  // Walk up from the candidate; the step bound also survives a cycle already in the data.
  for (let cur: number | null | undefined = candidate, i = 0; cur != null && i <= rows.length; cur = parentOf.get(cur), i++) {
    if (cur === id) return true;
  }
  return false;
}

async function checkDept(db: Executor, values: DeptUpdate, existing: DeptRow | null): Promise<void> {
  const parentId = values.parentId !== undefined ? values.parentId : (existing?.parentId ?? null);
  if (values.parentId) {
    const [parent] = await db.select({ id: depts.id }).from(depts).where(eq(depts.id, values.parentId)).limit(1);
    if (!parent) throw badRequest('system.unknownIds', { field: 'parentId', ids: String(values.parentId) });
    if (existing && (await isInSubtree(db, existing.id, values.parentId))) throw badRequest('system.cycle', { field: 'parentId' });
  }
  const name = values.name ?? existing?.name;
  if (name !== undefined && (values.name !== undefined || values.parentId !== undefined)) {
    const [hit] = await db
      .select({ id: depts.id })
      .from(depts)
      .where(
        and(
          eq(depts.name, name),
          parentId === null ? sql`${depts.parentId} is null` : eq(depts.parentId, parentId),
          existing ? ne(depts.id, existing.id) : undefined,
        ),
      )
      .limit(1);
    if (hit) throw conflict('system.deptDuplicate', { name }, { field: 'name' });
  }
}

function toValues(body: DeptUpdate): Partial<typeof depts.$inferInsert> {
  const v: Partial<typeof depts.$inferInsert> = {};
  if (body.parentId !== undefined) v.parentId = body.parentId;
  if (body.name !== undefined) v.name = body.name;
  if (body.sort !== undefined) v.sort = body.sort;
  if (body.leader !== undefined) v.leader = body.leader;
  if (body.phone !== undefined) v.phone = body.phone;
  if (body.status !== undefined) v.status = body.status;
  return v;
}

export async function createDept(request: FastifyRequest, body: DeptCreate): Promise<Dept> {
  await checkDept(request.server.db, body, null);
  const row = await runLoggedTransaction(
    request,
    async (tx) => {
      const [created] = await tx
        .insert(depts)
        .values({ ...toValues(body), name: body.name })
        .returning();
      if (!created) throw new Error('dept insert returned nothing');
      return created;
    },
    201,
  );
  return toItem(row);
}

export async function updateDept(request: FastifyRequest, id: number, body: DeptUpdate): Promise<Dept> {
  const { db } = request.server;
  const existing = await loadDept(db, id);
  await checkDept(db, body, existing);
  const row = await runLoggedTransaction(request, async (tx) => {
    const [updated] = await tx
      .update(depts)
      .set({ ...toValues(body), updatedAt: new Date() })
      .where(eq(depts.id, id))
      .returning();
    if (!updated) throw notFound('dept');
    return updated;
  });
  return toItem(row);
}

async function findDeptReferences(db: Executor, id: number): Promise<SystemReference[]> {
  const refs: SystemReference[] = [];
  const children = await db.select({ name: depts.name }).from(depts).where(eq(depts.parentId, id)).orderBy(asc(depts.sort), asc(depts.id));
  if (children.length) refs.push({ kind: 'dept', count: children.length, examples: children.slice(0, 5).map((c) => c.name) });
  const members = await db.select({ username: users.username }).from(users).where(eq(users.deptId, id)).orderBy(asc(users.username));
  if (members.length) refs.push({ kind: 'user', count: members.length, examples: members.slice(0, 5).map((m) => m.username) });
  // Departments are global; managers of every campus may sit in one (named with their campus: "杜华丽 @东城校区").
  const [managers] = await queryRows<{ n: number; examples: string[] | null }>(
    db,
    sql`select count(*)::int as n, (array_agg(m.name || ' @' || coalesce(c.name, m.cam_id::text) order by m.id))[1:5] as examples
        from managers m left join campuses c on c.id = m.cam_id where m.dept_id = ${id}`,
  );
  if (managers && managers.n > 0) refs.push({ kind: 'manager', count: managers.n, examples: managers.examples ?? [] });
  return refs;
}

export async function deleteDept(request: FastifyRequest, id: number): Promise<void> {
  const { db } = request.server;
  const existing = await loadDept(db, id);
  const refs = await findDeptReferences(db, id);
  if (refs.length) {
    throw conflict('system.deptInUse', { name: existing.name, refs: describeReferences(refs, request.locale) }, { references: refs });
  }
  await runLoggedTransaction(request, (tx) => tx.delete(depts).where(eq(depts.id, id)));
}
