import { getTableColumns, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { courseQuerySchema, errorSchema, EXPORT_FORMATS, FIELD_LABELS, Perm, VALUE_LABELS, type Locale } from '@campus/contract';
import { courses, teachers, terms } from '../../db/schema.js';
import { keywordCondition, listOrder, type CampusCrudSpec, type Values } from '../../lib/campus-crud.js';
import { createCampusScope } from '../../lib/campus-scope.js';
import { CONTENT_TYPES, writeCsv, writeXlsx, type TableFormat } from '../../lib/tabular.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';

/** A campus holds hundreds of courses, not hundreds of thousands: one read is enough. */
const MAX_EXPORT_ROWS = 50_000;
const FILE_NAME: Record<Locale, string> = { 'zh-CN': '课程列表', 'en-US': 'courses' };

const exportQuery = courseQuerySchema.omit({ page: true, pageSize: true }).extend({ format: z.enum(EXPORT_FORMATS).default('xlsx') });

/**
 * The course list as a file, with its filters and sort: term and teacher by
 * name (the list's own rows hold their ids), status as people read it.
 */
export function registerCourseExport(parent: FastifyInstance, spec: CampusCrudSpec<typeof courses>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/educate/courses/export',
    {
      config: { access: requirePerm(Perm.courseExport, 'campus') },
      schema: {
        tags: ['educate'],
        summary: "Export courses with the list's filters and sort (CSV or XLSX)",
        querystring: exportQuery,
        response: { 200: z.unknown().describe('The CSV or XLSX file'), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query as Values & { format: TableFormat };
      const { locale } = request;
      const scope = createCampusScope(app.db, getCampusId(request));
      const conds: (SQL | undefined)[] = [keywordCondition(spec.keywordColumns, q.keyword), ...spec.filters(q)];
      const rows = await scope
        .select(
          courses,
          { ...getTableColumns(courses), termName: terms.name, academicYear: terms.academicYear, teacherName: teachers.name },
          ...conds,
        )
        .innerJoin(terms, scope.on(terms.id, courses.termId, terms))
        .innerJoin(teachers, scope.on(teachers.id, courses.teacherId, teachers))
        .orderBy(...listOrder(spec, q.sort))
        .limit(MAX_EXPORT_ROWS);
      const statuses: Record<string, Record<Locale, string>> = VALUE_LABELS.courseStatus;
      const cells = rows.map((r) => [
        r.code,
        r.name,
        `${r.academicYear} ${r.termName}`,
        r.teacherName,
        String(r.capacity),
        String(r.enrolledCount),
        String(Number(r.credits)),
        String(r.hours),
        statuses[r.status]?.[locale] ?? r.status,
        r.description,
      ]);
      const header = Object.values(FIELD_LABELS.course).map((l) => l[locale]);
      const name = FILE_NAME[locale];
      const body = q.format === 'csv' ? writeCsv(header, cells) : await writeXlsx(name, header, cells);
      const file = `${name}.${q.format}`;
      return reply
        .header('content-disposition', `attachment; filename="courses.${q.format}"; filename*=UTF-8''${encodeURIComponent(file)}`)
        .type(CONTENT_TYPES[q.format])
        .send(body);
    },
  );
}
