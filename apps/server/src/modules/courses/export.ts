import { inArray, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { courseQuerySchema, FIELD_LABELS, Perm, VALUE_LABELS, type Locale } from '@campus/contract';
import { courses, teachers, terms } from '../../db/schema/campus.js';
import { chooseExportOrder, readInKeysetChunks, streamTable } from '../../lib/export-stream.js';
import { CONTENT_TYPES, type TableFormat } from '../../lib/tabular.js';
import type { ColumnKind } from '../../lib/xlsx-stream.js';
import { requirePerm } from '../../plugins/access.js';
import type { CampusCrudSpec, Values } from '../../resources/campus-resource.js';
import { FILE_ERRORS } from '../../resources/export-routes.js';
import { attachment, EXPORT_CHUNK, formatQuery, MAX_EXPORT_ROWS } from '../../resources/io-files.js';
import { keywordCondition } from '../../resources/keyword-sql.js';
import { RESOURCE_TAGS, scopeOf } from '../../resources/route-parts.js';
import { fileAnswer, SPREADSHEET_TYPES } from '../../plugins/openapi-document.js';

const FILE_NAME: Record<Locale, string> = { 'zh-CN': '课程列表', 'en-US': 'courses' };

/** The file's columns, in FIELD_LABELS.course order. */
const KINDS: Record<keyof typeof FIELD_LABELS.course, ColumnKind> = {
  code: 'text',
  name: 'text',
  term: 'text',
  teacher: 'text',
  capacity: 'number',
  enrolled: 'number',
  credits: 'number',
  hours: 'number',
  status: 'text',
  description: 'text',
};

const exportQuery = courseQuerySchema.omit({ page: true, pageSize: true }).extend(formatQuery.shape);

/**
 * GET /educate/courses/export: the course list as a file, with its filters and
 * sort; term (with its school year) and teacher by name, where the list's rows
 * hold their ids; status as people read it. Read in keyset chunks like every
 * other export, the names of each chunk's terms and teachers in one read each.
 */
export function courseExportRoute(url: string, spec: CampusCrudSpec<typeof courses>): RouteOptions {
  return {
    method: 'GET',
    url: `${url}/export`,
    config: { access: requirePerm(Perm.courseExport, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: "Export courses with the list's filters and sort (CSV or XLSX), term and teacher by name",
      querystring: exportQuery,
      response: { 200: fileAnswer(SPREADSHEET_TYPES, 'The CSV or XLSX file'), ...FILE_ERRORS },
    },
    async handler(request, reply) {
      const q = request.query as Values & { format: TableFormat };
      const { locale } = request;
      const scope = scopeOf(request);
      const conds: (SQL | undefined)[] = [keywordCondition(spec, q.keyword), ...spec.filters(q)];
      const chunks = readInKeysetChunks(scope, courses, conds, chooseExportOrder(spec, q.sort), {
        chunk: EXPORT_CHUNK,
        max: MAX_EXPORT_ROWS,
      });
      const statuses: Record<string, Record<Locale, string>> = VALUE_LABELS.courseStatus;
      const rows = (async function* () {
        for await (const chunk of chunks) {
          const termIds = [...new Set(chunk.map((r) => r.termId))];
          const teacherIds = [...new Set(chunk.map((r) => r.teacherId))];
          const termRows = await scope.select(
            terms,
            { id: terms.id, name: terms.name, academicYear: terms.academicYear },
            inArray(terms.id, termIds),
          );
          const teacherRows = await scope.select(teachers, { id: teachers.id, name: teachers.name }, inArray(teachers.id, teacherIds));
          const termName = new Map(termRows.map((t) => [t.id, `${t.academicYear} ${t.name}`]));
          const teacherName = new Map(teacherRows.map((t) => [t.id, t.name]));
          for (const r of chunk)
            yield [
              r.code,
              r.name,
              termName.get(r.termId) ?? '',
              teacherName.get(r.teacherId) ?? '',
              r.capacity,
              r.enrolledCount,
              Number(r.credits),
              r.hours,
              statuses[r.status]?.[locale] ?? r.status,
              r.description,
            ];
        }
      })();
      const columns = Object.entries(FIELD_LABELS.course).map(([field, label]) => ({
        header: label[locale],
        kind: KINDS[field as keyof typeof KINDS],
      }));
      const name = FILE_NAME[locale];
      return reply
        .header('content-disposition', attachment(name, q.format))
        .type(CONTENT_TYPES[q.format])
        .send(streamTable(q.format, name, columns, rows));
    },
  };
}
