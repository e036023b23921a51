import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  Perm,
  promoteBodySchema,
  promoteQuerySchema,
  promotionResultSchema,
  promotionSchema,
  type Promotion,
  type PromotionResult,
} from '@campus/contract';
import { classes, grades, promotions, students } from '../../db/schema/campus.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { classLabel } from '../../lib/class-intake.js';
import { getPrincipal, requirePerm } from '../../plugins/access.js';
import { assertCampusWide } from '../../plugins/data-scope.js';
import { runLoggedTransaction, setOperlogTarget } from '../../plugins/operlog.js';
import { idOf, RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf } from '../../resources/route-parts.js';

/** A promotion can be undone for this long, and only while it is the campus's latest. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Students who leave with their class's last grade. */
const GRADUATING = ['enrolled', 'suspended'];

type Body = z.infer<typeof promoteBodySchema>;

interface ClassState {
  id: number;
  gradeId: number;
  gradeOrder: number;
  name: string;
  schoolYear: string;
  headTeacherId: number | null;
  status: string;
}
interface Move {
  before: ClassState;
  after: { gradeId: number; schoolYear: string; headTeacherId: number | null; status: string };
  from: string;
  to: string;
  students: number;
}
/** What a run changed, as `promotions.changes` keeps it for the undo. */
interface StoredChanges {
  moves: { before: ClassState; after: Move['after'] }[];
  graduates: { id: number; status: string }[];
}

/** "2025-2026" → "2026-2027"; anything else stays. */
export function nextSchoolYear(year: string): string {
  const m = /^(\d{4})-(\d{4})$/.exec(year);
  return m ? `${Number(m[1]) + 1}-${Number(m[2]) + 1}` : year;
}

/**
 * Every active class one grade up in the school's order (its name kept, so
 * 高一 1班 becomes 高二 1班); the last grade's classes graduate with their
 * enrolled and suspended students.
 */
async function planPromotion(scope: CampusScope, body: Body): Promise<Move[]> {
  const gradeRows = await scope
    .select(grades, { id: grades.id, name: grades.name, order: grades.order })
    .orderBy(asc(grades.order), asc(grades.id));
  const rows = await scope
    .select(
      classes,
      {
        id: classes.id,
        gradeId: classes.gradeId,
        name: classes.name,
        schoolYear: classes.schoolYear,
        headTeacherId: classes.headTeacherId,
        status: classes.status,
      },
      eq(classes.status, 'active'),
    )
    .orderBy(asc(classes.id));
  if (!rows.length) throw badRequest('schoolYear.nothingToPromote');
  const counted = await scope
    .select(
      students,
      { classId: students.classId, n: count() },
      inArray(
        students.classId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(students.classId);
  const counts = new Map(counted.map((r) => [r.classId, r.n]));
  const index = new Map(gradeRows.map((g, i) => [g.id, i]));
  // Classes of grades with a class move; the grade after the last one that has classes is none: they graduate.
  const lastWithClasses = Math.max(...rows.map((r) => index.get(r.gradeId) ?? 0));
  return rows.map((r) => {
    const i = index.get(r.gradeId) ?? 0;
    const grade = gradeRows[i];
    const next = i < lastWithClasses ? gradeRows[i + 1] : undefined;
    const before: ClassState = { ...r, gradeOrder: grade?.order ?? 0 };
    const schoolYear = body.schoolYear ?? nextSchoolYear(r.schoolYear);
    const from = classLabel({ gradeName: grade?.name ?? '', name: r.name });
    if (!next) {
      return {
        before,
        after: { gradeId: r.gradeId, schoolYear: r.schoolYear, headTeacherId: r.headTeacherId, status: 'graduated' },
        from,
        to: '',
        students: counts.get(r.id) ?? 0,
      };
    }
    const headTeacherId = body.headTeachers === 'clear' ? null : r.headTeacherId;
    return {
      before,
      after: { gradeId: next.id, schoolYear, headTeacherId, status: 'active' },
      from,
      to: classLabel({ gradeName: next.name, name: r.name }),
      students: counts.get(r.id) ?? 0,
    };
  });
}

const graduatingIds = (moves: Move[]) => moves.filter((m) => m.after.status === 'graduated').map((m) => m.before.id);

async function countGraduates(scope: CampusScope, moves: Move[]): Promise<number> {
  const ids = graduatingIds(moves);
  return ids.length ? scope.count(students, inArray(students.classId, ids), inArray(students.status, GRADUATING)) : 0;
}

/** Applies the plan in one transaction: graduates first, then the highest grades first, so no two active classes share a name on the way. */
async function applyPromotion(request: FastifyRequest, body: Body, moves: Move[]): Promise<number> {
  const principal = getPrincipal(request);
  return runLoggedTransaction(request, async (tx) => {
    const s = scopeOf(request, tx);
    const graduating = graduatingIds(moves);
    const graduates = graduating.length
      ? await s.select(
          students,
          { id: students.id, status: students.status },
          inArray(students.classId, graduating),
          inArray(students.status, GRADUATING),
        )
      : [];
    if (graduates.length)
      await s.update(
        students,
        { status: 'graduated', updatedAt: new Date() },
        inArray(
          students.id,
          graduates.map((g) => g.id),
        ),
      );
    const ordered = [...moves].sort((a, b) => b.before.gradeOrder - a.before.gradeOrder || a.before.id - b.before.id);
    for (const m of ordered) await s.update(classes, { ...m.after, updatedAt: new Date() }, eq(classes.id, m.before.id));
    const changes: StoredChanges = { moves: moves.map(({ before, after }) => ({ before, after })), graduates };
    const [row] = await s
      .insert(promotions, [
        {
          userId: principal.userId,
          username: principal.username,
          headTeachers: body.headTeachers,
          classCount: moves.length - graduating.length,
          graduatedCount: graduates.length,
          changes,
        },
      ])
      .returning({ id: promotions.id });
    if (!row) throw new Error('promotion insert returned nothing');
    setOperlogTarget(request, {
      thing: 'promotion',
      id: row.id,
      counts: { classes: moves.length - graduating.length, graduated: graduates.length },
    });
    return row.id;
  });
}

/** Puts back what a run changed: students' status, then classes from the lowest grade up (their old grades are free by then). */
async function undoPromotion(request: FastifyRequest, id: number): Promise<void> {
  const scope = scopeOf(request);
  const [latest] = await scope
    .select(promotions, { id: promotions.id, createdAt: promotions.createdAt, undoneAt: promotions.undoneAt, changes: promotions.changes })
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(1);
  const [target] = await scope.select(promotions, { id: promotions.id }, eq(promotions.id, id));
  if (!target) throw notFound('promotion');
  if (!latest || latest.id !== id || latest.undoneAt !== null || Date.now() - latest.createdAt.getTime() > UNDO_WINDOW_MS) {
    throw conflict('schoolYear.undoExpired');
  }
  const changes = latest.changes as StoredChanges;
  setOperlogTarget(request, { thing: 'promotion', id, counts: { classes: changes.moves.length, graduated: changes.graduates.length } });
  await runLoggedTransaction(request, async (tx) => {
    const s = scopeOf(request, tx);
    const ids = changes.moves.map((m) => m.before.id);
    const now = ids.length
      ? await s.select(
          classes,
          { id: classes.id, gradeId: classes.gradeId, name: classes.name, status: classes.status },
          inArray(classes.id, ids),
        )
      : [];
    const byId = new Map(now.map((c) => [c.id, c]));
    const changed = changes.moves.filter((m) => {
      const c = byId.get(m.before.id);
      return !c || c.gradeId !== m.after.gradeId || c.status !== m.after.status || c.name !== m.before.name;
    });
    if (changed.length) throw conflict('schoolYear.undoConflict', { names: changed.map((m) => m.before.name).join(', ') });
    const ordered = [...changes.moves].sort((a, b) => a.before.gradeOrder - b.before.gradeOrder || a.before.id - b.before.id);
    for (const m of ordered) {
      const { gradeId, schoolYear, headTeacherId, status, name } = m.before;
      const taken = await s.count(classes, eq(classes.gradeId, gradeId), eq(classes.name, name), eq(classes.status, 'active'));
      if (status === 'active' && taken) throw conflict('schoolYear.undoConflict', { names: name });
      await s.update(classes, { gradeId, schoolYear, headTeacherId, status, updatedAt: new Date() }, eq(classes.id, m.before.id));
    }
    for (const g of changes.graduates)
      await s.update(students, { status: g.status, updatedAt: new Date() }, eq(students.id, g.id), eq(students.status, 'graduated'));
    await s.update(promotions, { undoneAt: new Date() }, eq(promotions.id, id));
  });
}

function toPromotion(r: typeof promotions.$inferSelect, isLatest: boolean): Promotion {
  const until = r.createdAt.getTime() + UNDO_WINDOW_MS;
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    username: r.username,
    classes: r.classCount,
    graduated: r.graduatedCount,
    headTeachers: r.headTeachers === 'clear' ? 'clear' : 'keep',
    undoneAt: r.undoneAt?.toISOString() ?? null,
    undoUntil: isLatest && r.undoneAt === null && until > Date.now() ? new Date(until).toISOString() : null,
  };
}

export const promotionRoutes: FastifyPluginAsync = async (app) => {
  const url = '/educate/school-year';
  const access = requirePerm(Perm.schoolYearPromote, 'campus');
  app.route({
    method: 'POST',
    url: `${url}/promote`,
    config: { access },
    schema: {
      tags: RESOURCE_TAGS,
      summary:
        'Year end: every active class one grade up, the last grade graduates; dryRun=true (default) previews, a real run is all or none and can be undone for a day',
      querystring: promoteQuerySchema,
      body: promoteBodySchema,
      response: { 200: envelopeSchema(promotionResultSchema), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      await assertCampusWide(request);
      const { dryRun } = request.query as z.infer<typeof promoteQuerySchema>;
      const body = request.body as Body;
      const scope = scopeOf(request);
      const moves = await planPromotion(scope, body);
      const graduated = await countGraduates(scope, moves);
      const promotionId = dryRun ? null : await applyPromotion(request, body, moves);
      const data: PromotionResult = {
        classes: moves.map((m) => ({
          id: m.before.id,
          from: m.from,
          to: m.to,
          graduates: m.after.status === 'graduated',
          students: m.students,
        })),
        graduated,
        promotionId,
      };
      return { code: 0, msg: 'ok', data };
    },
  });
  app.route({
    method: 'GET',
    url: `${url}/promotions`,
    config: { access },
    schema: {
      tags: RESOURCE_TAGS,
      summary: "The campus's year-end promotions, newest first, with until when the latest can be undone",
      response: { 200: envelopeSchema(promotionSchema.array()), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const rows = await scopeOf(request)
        .select(promotions, { p: promotions })
        .orderBy(desc(promotions.createdAt), desc(promotions.id))
        .limit(50);
      return { code: 0, msg: 'ok', data: rows.map((r, i) => toPromotion(r.p, i === 0)) };
    },
  });
  app.route({
    method: 'POST',
    url: `${url}/promotions/:id/undo`,
    config: { access, operlog: { module: 'educate:schoolYear', action: 'undo' } },
    schema: {
      tags: RESOURCE_TAGS,
      summary: 'Undo the latest promotion within a day of it: classes and graduates as they were; all or none',
      params: idParamsSchema,
      response: { 200: envelopeSchema(promotionSchema), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      await assertCampusWide(request);
      const id = idOf(request);
      await undoPromotion(request, id);
      const [row] = await scopeOf(request).select(promotions, { p: promotions }, eq(promotions.id, id));
      if (!row) throw conflict('schoolYear.undoExpired');
      return { code: 0, msg: 'ok', data: toPromotion(row.p, false) };
    },
  });
};
