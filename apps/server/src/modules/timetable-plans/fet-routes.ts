import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  idParamsSchema,
  Perm,
  timetableExportQuerySchema,
  timetableImportQuerySchema,
  timetableImportResultSchema,
  type TimetableConstraint,
} from '@campus/contract';
import type { FetFileError, FetImport, Placement, Plan } from '@campus/timetabling';
import { rooms, teachers, terms, timetableActivities, timetableConstraints, timetablePlans } from '../../db/schema/campus.js';
import { badRequest } from '../../lib/app-error.js';
import { createCampusScope, type CampusScope } from '../../lib/campus-scope.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';
import { loadPlan, loadSolvedRun, toLibraryPlan, missingRefs } from './plan-store.js';
import { BASE, errors, loadTimetabling, tags } from './route-parts.js';

const MAX_LABEL = '20 MiB';
const CHUNK = 500;

function fileError(err: FetFileError) {
  switch (err.code) {
    case 'too-large':
      return badRequest('timetable.fileTooLarge', { max: MAX_LABEL });
    case 'not-utf8':
      return badRequest('timetable.fetNotUtf8');
    case 'doctype':
      return badRequest('timetable.fetDoctype');
    case 'malformed':
      return badRequest('timetable.fetMalformed', { line: err.line ?? '?' });
    case 'wrong-root':
      return badRequest('timetable.fetWrongRoot', { root: /<(\w+)>/.exec(err.message)?.[1] ?? '?' });
    default:
      return badRequest('timetable.fetInvalid', { detail: err.message.slice(0, 200) });
  }
}

/** "08:00-08:45" (FET hour names often carry the times): the times, when the name reads so. */
function timesOf(name: string): { startTime: string | null; endTime: string | null } {
  const m = /^\s*(\d{1,2}):(\d{2})\s*[-–~]\s*(\d{1,2}):(\d{2})\s*$/.exec(name);
  if (!m) return { startTime: null, endTime: null };
  const hm = (h?: string, mm?: string) => `${(h ?? '').padStart(2, '0')}:${mm ?? '00'}`;
  const startTime = hm(m[1], m[2]);
  const endTime = hm(m[3], m[4]);
  return startTime < endTime && endTime <= '24:00' ? { startTime, endTime } : { startTime: null, endTime: null };
}

/** Campus records of these names, created when missing: teachers and rooms of an imported file. */
async function matchOrCreate(
  scope: CampusScope,
  kind: 'teacher' | 'room',
  planId: number,
  items: { id: string; name: string; capacity?: number }[],
) {
  const map = new Map<string, number>();
  let created = 0;
  const names = [...new Set(items.map((i) => i.name.slice(0, 64)))];
  const table = kind === 'teacher' ? teachers : rooms;
  const found = names.length ? await scope.select(table, { id: table.id, name: table.name }, inArray(table.name, names)) : [];
  const byName = new Map<string, number>();
  for (const f of found) if (!byName.has(f.name)) byName.set(f.name, f.id);
  for (const [i, item] of items.entries()) {
    const name = item.name.slice(0, 64);
    let id = byName.get(name);
    if (id === undefined) {
      const code = `TP${planId}-${i + 1}`;
      const [row] =
        kind === 'teacher'
          ? await scope.insert(teachers, [{ staffNo: code, name, gender: 'other', status: 'active' }]).returning({ id: teachers.id })
          : await scope
              .insert(rooms, [{ code, name, capacity: Math.min(100_000, Math.max(1, Math.round(item.capacity ?? 100_000))) }])
              .returning({ id: rooms.id });
      if (!row) throw new Error(`${kind} insert returned nothing`);
      id = row.id;
      byName.set(name, id);
      created++;
    }
    map.set(item.id, id);
  }
  return { map, created };
}

const mapIds = (ids: string[] | undefined, map: Map<string, number>) => ids?.map((id) => String(map.get(id) ?? id));

/** A constraint of the imported plan with campus teacher and room ids and stored activity ids. */
function remap(
  c: Plan['constraints'][number],
  t: Map<string, number>,
  r: Map<string, number>,
  a: Map<string, number>,
): TimetableConstraint {
  const out: TimetableConstraint = structuredClone<TimetableConstraint>(c);
  const one = (id: string, map: Map<string, number>) => String(map.get(id) ?? id);
  if ('target' in out && out.target.kind === 'teacher' && out.target.teacherId) out.target.teacherId = one(out.target.teacherId, t);
  if ('roomId' in out) out.roomId = one(out.roomId, r);
  if ('roomIds' in out) out.roomIds = mapIds(out.roomIds, r) ?? [];
  if ('activityIds' in out) out.activityIds = mapIds(out.activityIds, a) ?? [];
  if ('activities' in out) {
    if (out.activities.activityIds) out.activities.activityIds = mapIds(out.activities.activityIds, a);
    if (out.activities.teacherId) out.activities.teacherId = one(out.activities.teacherId, t);
  }
  return out;
}

async function storeImport(scope: CampusScope, termId: number, name: string, imported: FetImport) {
  const { plan } = imported;
  const [row] = await scope
    .insert(timetablePlans, [
      {
        termId,
        name: name.slice(0, 64),
        days: plan.days.map((d, i) => ({ name: d.name.slice(0, 64), weekday: i + 1 })),
        periods: plan.periods.map((p) => ({ name: p.name.slice(0, 64), ...timesOf(p.name) })),
        subjects: plan.subjects,
        activityTags: plan.activityTags,
        studentSets: plan.studentSets,
      },
    ])
    .returning({ id: timetablePlans.id });
  if (!row) throw new Error('plan insert returned nothing');
  const planId = row.id;
  const t = await matchOrCreate(scope, 'teacher', planId, plan.teachers);
  const r = await matchOrCreate(scope, 'room', planId, plan.rooms);
  const activityIds = new Map<string, number>();
  for (let i = 0; i < plan.activities.length; i += CHUNK) {
    const chunk = plan.activities.slice(i, i + CHUNK);
    const ids = await scope
      .insert(
        timetableActivities,
        chunk.map((a) => ({
          planId,
          externalId: a.externalId ?? null,
          groupId: a.groupId ?? null,
          subjectId: a.subjectId ?? null,
          teacherIds: a.teacherIds.map((id) => t.map.get(id) ?? 0),
          studentSetIds: a.studentSetIds,
          tagIds: a.tagIds,
          duration: a.duration,
          size: a.size ?? null,
        })),
      )
      .returning({ id: timetableActivities.id });
    chunk.forEach((a, k) => activityIds.set(a.id, ids[k]?.id ?? 0));
  }
  const bodies = plan.constraints.map((c) => remap(c, t.map, r.map, activityIds));
  for (let i = 0; i < bodies.length; i += CHUNK) {
    await scope.insert(
      timetableConstraints,
      bodies.slice(i, i + CHUNK).map((body) => ({ planId, body })),
    );
  }
  return { planId, teachersCreated: t.created, roomsCreated: r.created };
}

export function registerFetRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${BASE}/import-fet`,
    {
      config: { access: requirePerm(Perm.timetablePlanImport, 'campus') },
      schema: {
        tags,
        summary:
          'A plan from a FET .fet file (multipart field "file"): teachers and rooms matched by name or created; which constraint types were read and which ignored',
        querystring: timetableImportQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 201: envelopeSchema(timetableImportResultSchema), ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('import.noFile');
      const part = await request.file();
      if (!part) throw badRequest('import.noFile');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('timetable.fileTooLarge', { max: MAX_LABEL });
        throw err;
      }
      const fallback = part.filename.replace(/\.fet$/i, '') || 'FET';
      const { FetFileError, importFet } = await loadTimetabling();
      let imported: FetImport;
      try {
        imported = importFet(data, { name: fallback });
      } catch (err) {
        if (err instanceof FetFileError) throw fileError(err);
        throw err;
      }
      const camId = getCampusId(request);
      const { termId } = request.query;
      const name = request.query.name || imported.plan.name || fallback;
      const stored = await runLoggedTransaction(
        request,
        async (tx) => {
          const scope = createCampusScope(tx, camId);
          const [term] = await scope.select(terms, { id: terms.id }, eq(terms.id, termId));
          if (!term) throw missingRefs('termId', [termId]);
          return storeImport(scope, termId, name, imported);
        },
        201,
      );
      const { plan, report } = imported;
      reply.status(201);
      return {
        code: 0,
        msg: 'ok',
        data: {
          planId: stored.planId,
          days: plan.days.length,
          periods: plan.periods.length,
          teachers: plan.teachers.length,
          teachersCreated: stored.teachersCreated,
          rooms: plan.rooms.length,
          roomsCreated: stored.roomsCreated,
          studentSets: plan.studentSets.length,
          activities: plan.activities.length,
          constraints: { imported: report.constraints.importedByType, ignored: report.constraints.ignored },
          warnings: report.warnings.slice(0, 50),
        },
      };
    },
  );

  app.get(
    `${BASE}/:id/export-fet`,
    {
      config: { access: requirePerm(Perm.timetablePlanExport, 'campus') },
      schema: {
        tags,
        summary: 'The plan as a FET 6 .fet file; withSolution=true adds the latest timetable as locked placements',
        params: idParamsSchema,
        querystring: timetableExportQuerySchema,
        produces: ['application/xml'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const scope = createCampusScope(app.db, getCampusId(request));
      const plan = await loadPlan(scope, request.params.id);
      const libPlan = toLibraryPlan(plan);
      let placements: Placement[] | undefined;
      if (request.query.withSolution) {
        const run = await loadSolvedRun(scope, plan.id);
        const roomIds = new Set(libPlan.rooms.map((x) => x.id));
        placements = run.result.placements.map((p) => ({
          activityId: String(p.activityId),
          day: p.day,
          period: p.period,
          ...(p.roomId !== null && roomIds.has(String(p.roomId)) ? { roomId: String(p.roomId) } : {}),
        }));
      }
      const { exportFet } = await loadTimetabling();
      const { xml } = exportFet(libPlan, placements ? { placements } : {});
      const file = `${plan.name.replace(/[^\p{L}\p{N} _-]+/gu, '_') || 'plan'}.fet`;
      return reply
        .header('content-disposition', `attachment; filename="plan-${plan.id}.fet"; filename*=UTF-8''${encodeURIComponent(file)}`)
        .type('application/xml; charset=utf-8')
        .send(xml);
    },
  );
}
