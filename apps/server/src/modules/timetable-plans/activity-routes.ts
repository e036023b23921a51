import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  okSchema,
  Perm,
  timetableActivityCreateSchema,
  timetableActivitySchema,
  timetableActivityUpdateSchema,
  timetableConstraintRowSchema,
  timetableConstraintSchema,
  timetableLockSchema,
  timetablePlanActivityParamsSchema,
  timetablePlanConstraintParamsSchema,
  idParamsSchema,
  type TimetableConstraint,
} from '@campus/contract';
import type { Tx } from '../../db/client.js';
import { courses, timetableActivities, timetableConstraints, timetablePlans } from '../../db/schema/campus.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import {
  assertCampusRefs,
  assertStudentSets,
  constraintRefs,
  loadPlan,
  toActivityDto,
  type ActivityRow,
  type StoredPlan,
  missingRefs,
} from './plan-store.js';
import { assertPlanHolds, BASE, errors, tags } from './route-parts.js';

type App = FastifyInstance;

/** The plan with the campus teachers and rooms `ids` name added, so the generator's check sees them. */
function withRefs(plan: StoredPlan, teacherIds: number[], roomIds: number[]): StoredPlan {
  const t = new Set(plan.teachers.map((x) => x.id));
  const r = new Set(plan.rooms.map((x) => x.id));
  return {
    ...plan,
    teachers: [...plan.teachers, ...teacherIds.filter((id) => !t.has(id)).map((id) => ({ id, name: String(id) }))],
    rooms: [
      ...plan.rooms,
      ...roomIds.filter((id) => !r.has(id)).map((id) => ({ id, name: String(id), code: String(id), capacity: 1_000_000 })),
    ],
  };
}

const numericIds = (field: string, ids: string[]) => {
  const bad = ids.filter((id) => !/^\d{1,10}$/.test(id));
  if (bad.length) throw missingRefs(field, bad);
  return ids.map(Number);
};

/** Campus teachers and rooms, and plan activities, a constraint names must exist; then the generator's own check. */
async function checkConstraint(scope: CampusScope, plan: StoredPlan, body: TimetableConstraint, replacing: number | null) {
  const refs = constraintRefs(body);
  const teacherIds = numericIds('teacherId', refs.teacherIds);
  const roomIds = numericIds('roomIds', refs.roomIds);
  await assertCampusRefs(scope, 'teacher', 'teacherId', teacherIds);
  await assertCampusRefs(scope, 'room', 'roomIds', roomIds);
  const acts = new Set(plan.activities.map((a) => String(a.id)));
  const missing = refs.activityIds.filter((id) => !acts.has(id));
  if (missing.length) throw badRequest('timetable.unknownRefs', { field: 'activityIds', ids: missing.join(', ') });
  const others = plan.constraints.filter((c) => c.id !== replacing);
  await assertPlanHolds(withRefs({ ...plan, constraints: [...others, { id: 0, body }] }, teacherIds, roomIds));
}

async function checkActivityRefs(
  scope: CampusScope,
  plan: StoredPlan,
  body: { teacherIds?: number[]; roomIds?: number[]; studentSetIds?: string[]; courseId?: number | null },
) {
  await assertCampusRefs(scope, 'teacher', 'teacherIds', body.teacherIds ?? []);
  await assertCampusRefs(scope, 'room', 'roomIds', body.roomIds ?? []);
  assertStudentSets(plan, 'studentSetIds', body.studentSetIds ?? []);
  if (body.courseId) {
    const [course] = await scope.select(courses, { termId: courses.termId }, eq(courses.id, body.courseId));
    if (!course || course.termId !== plan.termId) throw missingRefs('courseId', [body.courseId]);
  }
}

/** The subject of that name in the plan, added when new (subjects are the plan's own list). */
async function subjectIdFor(scope: CampusScope, plan: StoredPlan, name: string): Promise<string | null> {
  if (!name) return null;
  const found = plan.subjects.find((s) => s.name === name);
  if (found) return found.id;
  const used = new Set(plan.subjects.map((s) => s.id));
  let n = plan.subjects.length + 1;
  while (used.has(`s${n}`)) n++;
  const subject = { id: `s${n}`, name };
  plan.subjects = [...plan.subjects, subject];
  await scope.update(timetablePlans, { subjects: plan.subjects }, eq(timetablePlans.id, plan.id));
  return subject.id;
}

async function touch(scope: CampusScope, planId: number) {
  await scope.update(timetablePlans, { updatedAt: new Date() }, eq(timetablePlans.id, planId));
}

/** Takes a deleted activity out of every constraint; a constraint left about nothing goes too. */
async function forgetActivity(scope: CampusScope, plan: StoredPlan, activityId: number) {
  const id = String(activityId);
  for (const c of plan.constraints) {
    const body = c.body;
    if ('activityIds' in body && body.activityIds.includes(id)) {
      const rest = body.activityIds.filter((x) => x !== id);
      if (rest.length < 2) await scope.delete(timetableConstraints, eq(timetableConstraints.id, c.id));
      else await scope.update(timetableConstraints, { body: { ...body, activityIds: rest } }, eq(timetableConstraints.id, c.id));
    } else if ('activities' in body && body.activities.activityIds?.includes(id)) {
      const rest = body.activities.activityIds.filter((x) => x !== id);
      if (!rest.length) await scope.delete(timetableConstraints, eq(timetableConstraints.id, c.id));
      else
        await scope.update(
          timetableConstraints,
          { body: { ...body, activities: { ...body.activities, activityIds: rest } } },
          eq(timetableConstraints.id, c.id),
        );
    }
  }
}

function findActivity(plan: StoredPlan, activityId: number): ActivityRow {
  const a = plan.activities.find((x) => x.id === activityId);
  if (!a) throw notFound('timetableActivity');
  return a;
}

export function registerActivityRoutes(parent: App) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const edit = { access: requirePerm(Perm.timetablePlanEdit, 'campus') };
  const inPlan = <T>(
    request: Parameters<typeof getCampusId>[0],
    planId: number,
    fn: (scope: CampusScope, plan: StoredPlan, tx: Tx) => Promise<T>,
  ) =>
    runLoggedTransaction(request, async (tx) => {
      const scope = createCampusScope(tx, getCampusId(request));
      const plan = await loadPlan(scope, planId);
      const out = await fn(scope, plan, tx);
      await touch(scope, planId);
      return out;
    });

  app.post(
    `${BASE}/:id/activities`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a weekly activity: one lesson per entry of `durations`, split lessons kept apart by min days (95 %)',
        params: idParamsSchema,
        body: timetableActivityCreateSchema,
        response: { 201: envelopeSchema(z.array(timetableActivitySchema)), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const created = await inPlan(request, request.params.id, async (scope, plan) => {
        await checkActivityRefs(scope, plan, body);
        const subjectId = await subjectIdFor(scope, plan, body.subjectName);
        const groupId = body.durations.length > 1 ? randomUUID() : null;
        const rows = await scope
          .insert(
            timetableActivities,
            body.durations.map((duration) => ({
              planId: plan.id,
              groupId,
              subjectId,
              teacherIds: body.teacherIds,
              studentSetIds: body.studentSetIds,
              tagIds: [],
              duration,
              size: body.size ?? null,
              roomIds: body.roomIds,
              courseId: body.courseId ?? null,
              weekPattern: body.weekPattern,
            })),
          )
          .returning({ id: timetableActivities.id });
        const activities: ActivityRow[] = rows.map((r, i) => ({
          id: r.id,
          externalId: null,
          groupId,
          subjectId,
          teacherIds: body.teacherIds,
          studentSetIds: body.studentSetIds,
          tagIds: [],
          duration: body.durations[i] ?? 1,
          size: body.size ?? null,
          roomIds: body.roomIds,
          courseId: body.courseId ?? null,
          weekPattern: body.weekPattern,
          locked: null,
        }));
        const constraints = [...plan.constraints];
        if (rows.length > 1 && body.minDaysBetween > 0) {
          const rule: TimetableConstraint = {
            type: 'minDaysBetweenActivities',
            weight: 95,
            activityIds: rows.map((r) => String(r.id)),
            minDays: body.minDaysBetween,
            consecutiveIfSameDay: true,
          };
          const [c] = await scope
            .insert(timetableConstraints, [{ planId: plan.id, body: rule }])
            .returning({ id: timetableConstraints.id });
          constraints.push({ id: c?.id ?? 0, body: rule });
        }
        await assertPlanHolds(
          withRefs({ ...plan, activities: [...plan.activities, ...activities], constraints }, body.teacherIds, body.roomIds),
        );
        return activities.map((a) => toActivityDto(a, plan));
      });
      reply.status(201);
      return { code: 0, msg: 'ok', data: created };
    },
  );

  app.put(
    `${BASE}/:id/activities/:activityId`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Change one lesson of an activity (its teachers, sets, length, rooms, course, weeks)',
        params: timetablePlanActivityParamsSchema,
        body: timetableActivityUpdateSchema,
        response: { 200: envelopeSchema(timetableActivitySchema), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await inPlan(request, request.params.id, async (scope, plan) => {
        const current = findActivity(plan, request.params.activityId);
        await checkActivityRefs(scope, plan, body);
        const subjectId = body.subjectName === undefined ? current.subjectId : await subjectIdFor(scope, plan, body.subjectName);
        const next: ActivityRow = {
          ...current,
          subjectId,
          teacherIds: body.teacherIds ?? current.teacherIds,
          studentSetIds: body.studentSetIds ?? current.studentSetIds,
          duration: body.duration ?? current.duration,
          roomIds: body.roomIds ?? current.roomIds,
          size: body.size === undefined ? current.size : body.size,
          courseId: body.courseId === undefined ? current.courseId : body.courseId,
          weekPattern: body.weekPattern ?? current.weekPattern,
        };
        await assertPlanHolds(
          withRefs({ ...plan, activities: plan.activities.map((a) => (a.id === next.id ? next : a)) }, next.teacherIds, next.roomIds),
        );
        const { id, externalId, groupId, locked, ...set } = next;
        void externalId;
        void groupId;
        void locked;
        await scope.update(timetableActivities, set, eq(timetableActivities.id, id));
        return toActivityDto(next, plan);
      });
      return { code: 0, msg: 'ok', data };
    },
  );

  app.delete(
    `${BASE}/:id/activities/:activityId`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Remove one lesson; constraints naming it forget it',
        params: timetablePlanActivityParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await inPlan(request, request.params.id, async (scope, plan) => {
        const a = findActivity(plan, request.params.activityId);
        await forgetActivity(scope, plan, a.id);
        await scope.delete(timetableActivities, eq(timetableActivities.id, a.id));
      });
      return { code: 0, msg: 'ok', data: null };
    },
  );

  app.put(
    `${BASE}/:id/activities/:activityId/lock`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Lock a lesson at a time (and room): the generator keeps it there',
        params: timetablePlanActivityParamsSchema,
        body: timetableLockSchema,
        response: { 200: envelopeSchema(timetableActivitySchema), ...errors },
      },
    },
    async (request) => {
      const { day, period, roomId = null } = request.body;
      const data = await inPlan(request, request.params.id, async (scope, plan) => {
        const a = findActivity(plan, request.params.activityId);
        if (day > plan.days.length) throw badRequest('timetable.slotOutside', { field: 'day' });
        if (period + a.duration - 1 > plan.periods.length) throw badRequest('timetable.slotOutside', { field: 'period' });
        if (roomId !== null) await assertCampusRefs(scope, 'room', 'roomId', [roomId]);
        const locked = { day, period, roomId };
        await scope.update(timetableActivities, { locked }, eq(timetableActivities.id, a.id));
        return toActivityDto({ ...a, locked }, plan);
      });
      return { code: 0, msg: 'ok', data };
    },
  );

  app.delete(
    `${BASE}/:id/activities/:activityId/lock`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Unlock a lesson',
        params: timetablePlanActivityParamsSchema,
        response: { 200: envelopeSchema(timetableActivitySchema), ...errors },
      },
    },
    async (request) => {
      const data = await inPlan(request, request.params.id, async (scope, plan) => {
        const a = findActivity(plan, request.params.activityId);
        await scope.update(timetableActivities, { locked: null }, eq(timetableActivities.id, a.id));
        return toActivityDto({ ...a, locked: null }, plan);
      });
      return { code: 0, msg: 'ok', data };
    },
  );

  app.post(
    `${BASE}/:id/constraints`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a constraint (weight 100 hard, below soft); ids inside are campus teacher/room ids and plan ids, as text',
        params: idParamsSchema,
        body: timetableConstraintSchema,
        response: { 201: envelopeSchema(timetableConstraintRowSchema), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const id = await inPlan(request, request.params.id, async (scope, plan) => {
        await checkConstraint(scope, plan, body, null);
        const [row] = await scope.insert(timetableConstraints, [{ planId: plan.id, body }]).returning({ id: timetableConstraints.id });
        if (!row) throw new Error('constraint insert returned nothing');
        return row.id;
      });
      reply.status(201);
      return { code: 0, msg: 'ok', data: { id, ...body } };
    },
  );

  app.put(
    `${BASE}/:id/constraints/:constraintId`,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Replace a constraint',
        params: timetablePlanConstraintParamsSchema,
        body: timetableConstraintSchema,
        response: { 200: envelopeSchema(timetableConstraintRowSchema), ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const { constraintId } = request.params;
      await inPlan(request, request.params.id, async (scope, plan) => {
        if (!plan.constraints.some((c) => c.id === constraintId)) throw notFound('timetableConstraint');
        await checkConstraint(scope, plan, body, constraintId);
        await scope.update(timetableConstraints, { body }, eq(timetableConstraints.id, constraintId));
      });
      return { code: 0, msg: 'ok', data: { id: constraintId, ...body } };
    },
  );

  app.delete(
    `${BASE}/:id/constraints/:constraintId`,
    {
      config: edit,
      schema: { tags, summary: 'Remove a constraint', params: timetablePlanConstraintParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      const { constraintId } = request.params;
      await inPlan(request, request.params.id, async (scope, plan) => {
        if (!plan.constraints.some((c) => c.id === constraintId)) throw notFound('timetableConstraint');
        await scope.delete(timetableConstraints, eq(timetableConstraints.id, constraintId));
      });
      return { code: 0, msg: 'ok', data: null };
    },
  );
}
