import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  okSchema,
  Perm,
  timetableApplyResultSchema,
  timetableGenerateSchema,
  timetableMoveSchema,
  timetablePlanActivityParamsSchema,
  timetablePlanRunParamsSchema,
  timetableRunSchema,
  timetableSolutionSchema,
  type TimetableRun,
} from '@campus/contract';
import { timetableRuns } from '../../db/schema/campus.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { applySolution } from './apply.js';
import { loadPlan, loadSolvedRun, runFields, toLibraryPlan, toRunSummary } from './plan-store.js';
import { assertPlanHolds, BASE, errors, loadTimetabling, tags } from './route-parts.js';
import { toViolationDto, type RunResult } from './run-result.js';
import type { Runner } from './runner.js';

/** A run row still "running" without a word for this long ran on an instance that stopped. */
const STALE_MS = 30_000;

type RunRow = Awaited<ReturnType<typeof loadRun>>;

async function loadRun(scope: CampusScope, planId: number, runId: number) {
  const [row] = await scope.select(timetableRuns, runFields, eq(timetableRuns.id, runId), eq(timetableRuns.planId, planId));
  if (!row) throw notFound('timetableRun');
  return row;
}

function describeRun(row: RunRow, runner: Runner): TimetableRun {
  const summary = toRunSummary(row);
  const live = row.status === 'running' ? runner.progress(row.id) : undefined;
  if (live)
    Object.assign(summary, {
      placed: live.placed,
      bestPlaced: live.bestPlaced,
      total: live.total,
      elapsedMs: live.elapsedMs,
      softScore: live.softScore,
    });
  const result = row.result as RunResult | null;
  return { ...summary, unplaced: result?.unplaced ?? [], softViolations: result?.softViolations ?? [], error: row.error };
}

/**
 * A run as the API answers it: this instance's live progress when it runs here; a row still "running" with no
 * word for a while ran on an instance that stopped, and is marked failed.
 */
export async function readRun(scope: CampusScope, runner: Runner, planId: number, runId: number): Promise<TimetableRun> {
  let row = await loadRun(scope, planId, runId);
  if (row.status === 'running' && !runner.isLocal(row.id) && Date.now() - row.updatedAt.getTime() > STALE_MS) {
    await scope.update(timetableRuns, { status: 'failed', error: 'interrupted', finishedAt: new Date() }, eq(timetableRuns.id, row.id));
    row = await loadRun(scope, planId, runId);
  }
  return describeRun(row, runner);
}

export function registerRunRoutes(parent: FastifyInstance, runner: Runner) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const scopeOf = (request: FastifyRequest) => createCampusScope(app.db, getCampusId(request));

  app.post(
    `${BASE}/:id/generate`,
    {
      config: { access: requirePerm(Perm.timetablePlanEdit, 'campus') },
      schema: {
        tags,
        summary: 'Start generating a timetable in a worker thread; follow the run’s events (or poll the run) for progress',
        params: idParamsSchema,
        body: timetableGenerateSchema,
        response: { 202: envelopeSchema(z.object({ runId: z.number().int() })), ...errors },
      },
    },
    async (request, reply) => {
      const camId = getCampusId(request);
      const scope = scopeOf(request);
      const plan = await loadPlan(scope, request.params.id);
      await assertPlanHolds(plan);
      const seed = request.body.seed ?? Math.floor(Math.random() * 2_147_483_647);
      const { timeLimitS } = request.body;
      const runId = await runLoggedTransaction(
        request,
        async (tx) => {
          const [row] = await createCampusScope(tx, camId)
            .insert(timetableRuns, [{ planId: plan.id, status: 'running', seed, timeLimitS, total: plan.activities.length }])
            .returning({ id: timetableRuns.id });
          if (!row) throw new Error('run insert returned nothing');
          return row.id;
        },
        202,
      );
      try {
        runner.launch({
          runId,
          camId,
          plan: toLibraryPlan(plan),
          constraintIds: plan.constraints.map((c) => c.id),
          externalIds: new Map(plan.activities.map((a) => [a.id, a.externalId])),
          seed,
          timeLimitS,
        });
      } catch (err) {
        await scope.delete(timetableRuns, eq(timetableRuns.id, runId));
        throw err;
      }
      reply.status(202);
      return { code: 0, msg: 'ok', data: { runId } };
    },
  );

  app.get(
    `${BASE}/:id/runs/:runId`,
    {
      config: { access: requirePerm(Perm.timetablePlanList, 'campus') },
      schema: {
        tags,
        summary: 'A generation run: status, placed / total, time, score; once ended, what could not be placed and the soft rules broken',
        params: timetablePlanRunParamsSchema,
        response: { 200: envelopeSchema(timetableRunSchema), ...errors },
      },
    },
    async (request) => {
      return { code: 0, msg: 'ok', data: await readRun(scopeOf(request), runner, request.params.id, request.params.runId) };
    },
  );

  app.delete(
    `${BASE}/:id/runs/:runId`,
    {
      config: { access: requirePerm(Perm.timetablePlanEdit, 'campus') },
      schema: {
        tags,
        summary: 'Cancel a running generation (it ends with what it had, as cancelled)',
        params: timetablePlanRunParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id, runId } = request.params;
      await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        const row = await loadRun(scope, id, runId);
        if (row.status !== 'running') throw conflict('timetable.runFinished');
        await scope.update(timetableRuns, { cancelRequested: true }, eq(timetableRuns.id, runId));
      });
      runner.cancel(runId);
      await runner.settled(runId);
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.get(
    `${BASE}/:id/solution`,
    {
      config: { access: requirePerm(Perm.timetablePlanList, 'campus') },
      schema: {
        tags,
        summary: 'The latest solved timetable: each lesson’s day, period and room, with the rules it breaks',
        params: idParamsSchema,
        response: { 200: envelopeSchema(timetableSolutionSchema), ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      await loadPlan(scope, request.params.id);
      const run = await loadSolvedRun(scope, request.params.id);
      const r = run.result;
      return {
        code: 0,
        msg: 'ok',
        data: {
          runId: run.id,
          placements: r.placements,
          softScore: r.softScore,
          hardViolations: r.hardViolations,
          softViolations: r.softViolations,
          edited: run.edited,
        },
      };
    },
  );

  app.put(
    `${BASE}/:id/solution/placements/:activityId`,
    {
      config: { access: requirePerm(Perm.timetablePlanEdit, 'campus') },
      schema: {
        tags,
        summary: 'Move one lesson of the latest timetable by hand; the answer is the timetable checked again',
        params: timetablePlanActivityParamsSchema,
        body: timetableMoveSchema,
        response: { 200: envelopeSchema(timetableSolutionSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const { id, activityId } = request.params;
      const { day, period } = request.body;
      const data = await runLoggedTransaction(request, async (tx) => {
        const scope = createCampusScope(tx, camId);
        const plan = await loadPlan(scope, id);
        const run = await loadSolvedRun(scope, id);
        const activity = plan.activities.find((a) => a.id === activityId);
        if (!activity) throw notFound('timetableActivity');
        if (day > plan.days.length) throw badRequest('timetable.slotOutside', { field: 'day' });
        if (period + activity.duration - 1 > plan.periods.length) throw badRequest('timetable.slotOutside', { field: 'period' });
        const current = run.result.placements.find((p) => p.activityId === activityId);
        if (!current) throw badRequest('timetable.notPlaced');
        const roomId = request.body.roomId === undefined ? current.roomId : request.body.roomId;
        const moved = { ...current, day, period, roomId };
        const placements = run.result.placements.map((p) => (p.activityId === activityId ? moved : p));
        const libPlan = toLibraryPlan(plan);
        const rooms = new Set(libPlan.rooms.map((r) => r.id));
        const { evaluatePlacements } = await loadTimetabling();
        const evaluated = evaluatePlacements(
          libPlan,
          placements.map((p) => ({
            activityId: String(p.activityId),
            day: p.day,
            period: p.period,
            ...(p.roomId !== null && rooms.has(String(p.roomId)) ? { roomId: String(p.roomId) } : {}),
          })),
        );
        const constraintIds = plan.constraints.map((c) => c.id);
        const result: RunResult = {
          ...run.result,
          placements,
          hardViolations: evaluated.hardViolations.map((v) => toViolationDto(v, constraintIds)),
          softViolations: evaluated.softViolations.map((v) => toViolationDto(v, constraintIds)),
          softScore: evaluated.softScore,
        };
        await scope.update(
          timetableRuns,
          { result, edited: true, hardViolations: result.hardViolations.length, softScore: result.softScore },
          and(eq(timetableRuns.id, run.id)),
        );
        return {
          runId: run.id,
          placements,
          softScore: result.softScore,
          hardViolations: result.hardViolations,
          softViolations: result.softViolations,
          edited: true,
        };
      });
      return { code: 0, msg: 'ok', data };
    },
  );

  app.post(
    `${BASE}/:id/apply`,
    {
      config: { access: requirePerm(Perm.timetablePlanApply, 'campus') },
      schema: {
        tags,
        summary:
          "Write the latest timetable as the term's schedule entries, all or none, through the clash engine; entries of an earlier apply are replaced",
        params: idParamsSchema,
        response: { 200: envelopeSchema(timetableApplyResultSchema), ...errors },
      },
    },
    async (request) => {
      const camId = getCampusId(request);
      const data = await runLoggedTransaction(request, (tx) => applySolution(tx, camId, request.params.id, request.locale));
      return { code: 0, msg: 'ok', data };
    },
  );
}
