import { inArray, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  BULK_MAX,
  bulkQuerySchema,
  envelopeSchema,
  Perm,
  studentBulkBodySchema,
  studentBulkResultSchema,
  type OperlogChange,
} from '@campus/contract';
import { students } from '../../db/schema/campus.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { assertClassTakes, assertNoGraduates, classLabel, loadClassInfo, missingClass } from '../../lib/class-intake.js';
import { requirePerm } from '../../plugins/access.js';
import { isClassReached, loadStudentReach } from '../../plugins/data-scope.js';
import { runLoggedTransaction, setOperlogTarget } from '../../plugins/operlog.js';
import type { CampusCrudSpec } from '../../resources/campus-resource.js';
import { keywordCondition } from '../../resources/keyword-sql.js';
import { RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf } from '../../resources/route-parts.js';

type Body = z.infer<typeof studentBulkBodySchema>;

/**
 * POST `url/bulk`: one change (status, class, or one plain field) to the
 * selected students or to every student of a list filter. Previewed with
 * dryRun=true (how many, and a few of them); applied all or none, in one
 * statement, with one operation-log row listing the ids.
 */
export function bulkRoute(url: string, spec: CampusCrudSpec<typeof students>): RouteOptions {
  return {
    method: 'POST',
    url: `${url}/bulk`,
    config: { access: requirePerm(Perm.studentEdit, 'campus'), operlog: { module: 'educate:student', action: 'bulk' } },
    schema: {
      tags: RESOURCE_TAGS,
      summary:
        'Change the selected students (ids) or every student of a list filter (filter): set status, class or one field; dryRun=true previews the count; all or none, one log row listing the ids',
      querystring: bulkQuerySchema,
      body: studentBulkBodySchema,
      response: { 200: envelopeSchema(studentBulkResultSchema), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const { dryRun } = request.query as z.infer<typeof bulkQuerySchema>;
      const body = request.body as Body;
      const scope = scopeOf(request);
      const reach = await loadStudentReach(request);
      const within = await spec.reach?.(request);
      const conds: (SQL | undefined)[] = body.ids
        ? [inArray(students.id, body.ids)]
        : [keywordCondition(spec, body.filter?.keyword), ...spec.filters(body.filter ?? {})];
      const found = await scope
        .select(students, { id: students.id, studentNo: students.studentNo, name: students.name }, ...conds, within)
        .orderBy(students.studentNo)
        .limit(BULK_MAX + 1);
      if (body.ids && found.length !== new Set(body.ids).size) throw notFound('student');
      if (found.length > BULK_MAX) throw badRequest('bulk.tooMany', { count: `${BULK_MAX}+`, max: BULK_MAX });
      const ids = found.map((s) => s.id);
      await assertNoGraduates(scope, ids);

      const { set } = body;
      const changes: OperlogChange[] = [];
      const values: Partial<typeof students.$inferInsert> = {};
      for (const [field, value] of Object.entries(set)) {
        if (value === undefined || field === 'classId') continue;
        (values as Record<string, unknown>)[field] = field === 'enrolDate' && value === '' ? null : value;
        changes.push({ field, before: undefined, after: value });
      }
      if (set.classId !== undefined) {
        if (set.classId === null) {
          if (!reach.isAll) throw badRequest('dataScope.needClass', { field: 'classId' }, { field: 'classId' });
          changes.push({ field: 'classId', before: undefined, after: '' });
        } else {
          const info = await loadClassInfo(scope, set.classId);
          if (!info || !isClassReached(reach, info.id)) throw missingClass('classId', set.classId);
          await assertClassTakes(scope, info, ids, 'classId');
          changes.push({ field: 'classId', before: undefined, after: classLabel(info) });
        }
        values.classId = set.classId;
      }
      const sample = found.slice(0, 5);
      if (dryRun || ids.length === 0) return { code: 0, msg: 'ok', data: { updated: ids.length, sample } };

      setOperlogTarget(request, { thing: 'student', ids, counts: { rows: ids.length } }, changes);
      const updated = await runLoggedTransaction(request, async (tx) => {
        const rows = await scopeOf(request, tx)
          .update(students, { ...values, updatedAt: new Date() }, inArray(students.id, ids), within)
          .returning({ id: students.id });
        // A student moved out of reach or deleted meanwhile: nothing is written.
        if (rows.length !== ids.length) throw notFound('student');
        return rows.length;
      });
      return { code: 0, msg: 'ok', data: { updated, sample } };
    },
  };
}
