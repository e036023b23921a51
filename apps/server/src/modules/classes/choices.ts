import { asc, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { classChoicesSchema, envelopeSchema, Perm, type ClassChoices } from '@campus/contract';
import { classes, grades } from '../../db/schema/campus.js';
import { requirePerm } from '../../plugins/access.js';
import { inReach, loadStudentReach } from '../../plugins/data-scope.js';
import { RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf } from '../../resources/route-parts.js';

/**
 * The class pickers' choices. A role that edits students but does not manage classes saw its student's class as
 * "#16" with nothing to pick: the class list needs the class perm. This answers the active classes the caller
 * reaches (their data scope) to anyone who works on students.
 */
export function classChoicesRoute(url: string): RouteOptions {
  return {
    method: 'GET',
    url: `${url}/choices`,
    config: { access: requirePerm([Perm.classList, Perm.studentList], 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: 'The active classes the caller reaches, with their grades in the school order: the class pickers',
      response: { 200: envelopeSchema(classChoicesSchema), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const scope = scopeOf(request);
      const [gradeRows, classRows] = await Promise.all([
        scope.select(grades, { id: grades.id, name: grades.name }).orderBy(asc(grades.order), asc(grades.name)),
        scope.select(
          classes,
          { id: classes.id, name: classes.name, gradeId: classes.gradeId },
          eq(classes.status, 'active'),
          inReach(await loadStudentReach(request), classes.id),
        ),
      ]);
      const used = new Set(classRows.map((c) => c.gradeId));
      const data: ClassChoices = { grades: gradeRows.filter((g) => used.has(g.id)), classes: classRows };
      return { code: 0, msg: 'ok', data };
    },
  };
}
