import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compareClassNames,
  DEFAULT_BELL_SCHEDULE,
  envelopeSchema,
  idParamsSchema,
  okSchema,
  Perm,
  studentSetsBodySchema,
  timetablePlanCreateSchema,
  timetablePlanItemSchema,
  timetablePlanListQuerySchema,
  timetablePlanSchema,
  timetablePlanUpdateSchema,
  type BellSchedule,
  type Locale,
  WEEKDAY_LABELS,
  type StudentSetInput,
} from '@campus/contract';
import {
  grades,
  students,
  terms,
  timetableActivities,
  timetableConstraints,
  timetablePlans,
  timetableRuns,
} from '../../db/schema/campus.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { assertPlanHolds, BASE, errors, tags } from './route-parts.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { registerActivityRoutes } from './activity-routes.js';
import { registerFetRoutes } from './fet-routes.js';
import { registerRunRoutes } from './run-routes.js';
import { registerRunStream } from './run-stream.js';
import { createRunner } from './runner.js';
import { loadLatestRun, loadPlan, loadPlanRow, runFields, toPlanDto, toRunSummary, missingRefs } from './plan-store.js';

/** Grades as years and classes as groups, from the campus's students: what a Chinese school calls 年级 and 行政班. */
async function setsFromClasses(scope: CampusScope): Promise<StudentSetInput[]> {
  // The students applying the plan enrols (apply.ts): a graduated 高三 1班's leavers are not in this year's sizes.
  const [counted, gradeRows] = await Promise.all([
    scope
      .select(
        students,
        { grade: students.grade, className: students.className, n: count() },
        sql`${students.grade} <> ''`,
        eq(students.status, 'enrolled'),
      )
      .groupBy(students.grade, students.className),
    scope.select(grades, { name: grades.name, order: grades.order }),
  ]);
  // Grades in the school's order (高一, 高二, 高三), not their names' (高一, 高三, 高二); classes 2班 before 10班.
  const rank = new Map(gradeRows.map((g) => [g.name, g.order]));
  const rankOf = (grade: string) => rank.get(grade) ?? Number.MAX_SAFE_INTEGER;
  const rows = counted.sort(
    (a, b) => rankOf(a.grade) - rankOf(b.grade) || compareClassNames(a.grade, b.grade) || compareClassNames(a.className, b.className),
  );
  const sets: StudentSetInput[] = [];
  const years = new Map<string, StudentSetInput>();
  for (const r of rows) {
    let year = years.get(r.grade);
    if (!year) {
      year = { id: `y:${r.grade}`.slice(0, 40), name: r.grade.slice(0, 64), kind: 'year', parentIds: [], size: 0 };
      years.set(r.grade, year);
      sets.push(year);
    }
    year.size = (year.size ?? 0) + r.n;
    if (r.className)
      sets.push({
        id: `g:${r.grade}/${r.className}`.slice(0, 40),
        name: `${r.grade} ${r.className}`.slice(0, 64),
        kind: 'group',
        parentIds: [year.id],
        size: r.n,
      });
  }
  return sets;
}

const storedBell = (bell: BellSchedule) => ({ days: bell.days, periods: bell.periods });

/** The default bell schedule with the weekdays named in the caller's language. */
const defaultBell = (locale: Locale): BellSchedule => ({
  ...DEFAULT_BELL_SCHEDULE,
  days: DEFAULT_BELL_SCHEDULE.days.map((d) => ({ ...d, name: WEEKDAY_LABELS[d.weekday]?.[locale] ?? d.name })),
});

export const timetablePlanRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => createCampusScope(app.db, getCampusId(request));
  const runner = createRunner(app);
  app.addHook('onClose', async () => runner.stopAll());

  app.get(
    BASE,
    {
      config: { access: requirePerm(Perm.timetablePlanList, 'campus') },
      schema: {
        tags,
        summary: "The campus's timetable plans, newest first, with their latest generation run",
        querystring: timetablePlanListQuerySchema,
        response: { 200: envelopeSchema(z.array(timetablePlanItemSchema)), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const termId = request.query.termId;
      const plans = await scope
        .select(
          timetablePlans,
          {
            id: timetablePlans.id,
            name: timetablePlans.name,
            termId: timetablePlans.termId,
            termName: terms.name,
            appliedAt: timetablePlans.appliedAt,
            updatedAt: timetablePlans.updatedAt,
            activityCount: sql<number>`(select count(*)::int from timetable_activities a where a.cam_id = ${timetablePlans.camId} and a.plan_id = ${timetablePlans.id})`,
            constraintCount: sql<number>`(select count(*)::int from timetable_constraints c where c.cam_id = ${timetablePlans.camId} and c.plan_id = ${timetablePlans.id})`,
          },
          termId === undefined ? undefined : eq(timetablePlans.termId, termId),
        )
        .innerJoin(terms, scope.on(terms.id, timetablePlans.termId, terms))
        .orderBy(desc(timetablePlans.id))
        .limit(500);
      const data = [];
      for (const p of plans) {
        const run = await loadLatestRun(scope, p.id);
        data.push({
          ...p,
          activityCount: Number(p.activityCount),
          constraintCount: Number(p.constraintCount),
          appliedAt: p.appliedAt ? p.appliedAt.toISOString() : null,
          updatedAt: p.updatedAt.toISOString(),
          latestRun: run ? toRunSummary(run) : null,
        });
      }
      return { code: 0, msg: 'ok', data };
    },
  );

  app.post(
    BASE,
    {
      config: { access: requirePerm(Perm.timetablePlanAdd, 'campus') },
      schema: {
        tags,
        summary: 'A new plan for a term, from a bell schedule (the default one when omitted)',
        body: timetablePlanCreateSchema,
        response: { 201: envelopeSchema(timetablePlanSchema), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const camId = getCampusId(request);
      const id = await runLoggedTransaction(
        request,
        async (tx) => {
          const scope = createCampusScope(tx, camId);
          const [term] = await scope.select(terms, { id: terms.id }, eq(terms.id, body.termId));
          if (!term) throw missingRefs('termId', [body.termId]);
          const sets = body.studentSetsFromClasses ? await setsFromClasses(scope) : [];
          const [row] = await scope
            .insert(timetablePlans, [
              { name: body.name, termId: body.termId, ...storedBell(body.bellSchedule ?? defaultBell(request.locale)), studentSets: sets },
            ])
            .returning({ id: timetablePlans.id });
          if (!row) throw new Error('plan insert returned nothing');
          return row.id;
        },
        201,
      );
      const scope = scopeOf(request);
      reply.status(201);
      return { code: 0, msg: 'ok', data: toPlanDto(await loadPlan(scope, id), null) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: requirePerm(Perm.timetablePlanList, 'campus') },
      schema: {
        tags,
        summary: 'A plan: bell schedule, student sets, activities, constraints, the teachers and rooms it names, its latest run',
        params: idParamsSchema,
        response: { 200: envelopeSchema(timetablePlanSchema), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const plan = await loadPlan(scope, request.params.id);
      return { code: 0, msg: 'ok', data: toPlanDto(plan, await loadLatestRun(scope, plan.id)) };
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { access: requirePerm(Perm.timetablePlanEdit, 'campus') },
      schema: {
        tags,
        summary: "Rename a plan or change its bell schedule (every constraint's times must still fit)",
        params: idParamsSchema,
        body: timetablePlanUpdateSchema,
        response: { 200: envelopeSchema(timetablePlanSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        const plan = await loadPlan(scope, id);
        const bell = request.body.bellSchedule;
        if (bell) await assertPlanHolds({ ...plan, ...storedBell(bell) });
        await scope.update(
          timetablePlans,
          { ...(request.body.name ? { name: request.body.name } : {}), ...(bell ? storedBell(bell) : {}), updatedAt: new Date() },
          eq(timetablePlans.id, id),
        );
      });
      const scope = scopeOf(request);
      return { code: 0, msg: 'ok', data: toPlanDto(await loadPlan(scope, id), await loadLatestRun(scope, id)) };
    },
  );

  app.put(
    `${BASE}/:id/student-sets`,
    {
      config: { access: requirePerm(Perm.timetablePlanEdit, 'campus') },
      schema: {
        tags,
        summary: "Replace a plan's student sets (years, groups, subgroups); activities and constraints must still name only these",
        params: idParamsSchema,
        body: studentSetsBodySchema,
        response: { 200: envelopeSchema(timetablePlanSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      const sets = request.body.studentSets;
      const ids = new Set(sets.map((s) => s.id));
      if (ids.size !== sets.length) throw badRequest('timetable.planInvalid', { count: 1, summary: 'studentSets: ids must be distinct' });
      await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        const plan = await loadPlan(scope, id);
        await assertPlanHolds({ ...plan, studentSets: sets });
        await scope.update(timetablePlans, { studentSets: sets, updatedAt: new Date() }, eq(timetablePlans.id, id));
      });
      const scope = scopeOf(request);
      return { code: 0, msg: 'ok', data: toPlanDto(await loadPlan(scope, id), await loadLatestRun(scope, id)) };
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: requirePerm(Perm.timetablePlanDelete, 'campus') },
      schema: {
        tags,
        summary: 'Delete a plan with its activities, constraints and runs (schedule entries it applied stay)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id } = request.params;
      await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        await loadPlanRow(scope, id);
        const [running] = await scope.select(
          timetableRuns,
          { id: runFields.id },
          and(eq(timetableRuns.planId, id), eq(timetableRuns.status, 'running')),
        );
        if (running) runner.cancel(running.id);
        await scope.delete(timetableRuns, eq(timetableRuns.planId, id));
        await scope.delete(timetableConstraints, eq(timetableConstraints.planId, id));
        await scope.delete(timetableActivities, eq(timetableActivities.planId, id));
        const deleted = await scope.delete(timetablePlans, eq(timetablePlans.id, id)).returning({ id: timetablePlans.id });
        if (!deleted.length) throw notFound('timetablePlan');
      });
      return { code: 0, msg: 'ok', data: null };
    },
  );

  registerActivityRoutes(app);
  registerRunRoutes(app, runner);
  registerRunStream(app, runner);
  registerFetRoutes(app);
};
