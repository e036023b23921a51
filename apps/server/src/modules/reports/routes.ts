import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  errorSchema,
  reportExportQuerySchema,
  reportSummaryQuerySchema,
  reportSummarySchema,
  Perm,
} from '@campus/contract';
import { CONTENT_TYPES } from '../../lib/tabular.js';
import { getCampusId, requirePerm } from '../../plugins/access.js';
import { fileAnswer, SPREADSHEET_TYPES } from '../../plugins/openapi-document.js';
import { buildReportTables, writeReportCsv, writeReportXlsx } from './export.js';
import { loadStudentReach, studentReachSql } from '../../plugins/data-scope.js';
import { loadSummary } from './service.js';

const tags = ['report'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const reportRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/report/summary',
    {
      config: { access: requirePerm(Perm.summaryList, 'campus') },
      schema: {
        tags,
        summary:
          'Summary of the campus for a term (default: the current one): students by status, grade and class; teachers; managers; ' +
          'courses and enrolments; fill rate per course; teacher weekly hours and room use (odd/even-week entries count half a week); ' +
          'new students per month over the last 12 months (by enrolDate, else the record creation day)',
        querystring: reportSummaryQuerySchema,
        response: { 200: envelopeSchema(reportSummarySchema), ...errors },
      },
    },
    async (request) => ({
      code: 0,
      msg: 'ok',
      data: await loadSummary(
        app.db,
        getCampusId(request),
        request.query.termId,
        studentReachSql(await loadStudentReach(request)),
        request.locale,
      ),
    }),
  );

  app.get(
    '/report/summary/export',
    {
      config: { access: requirePerm(Perm.summaryExport, 'campus') },
      schema: {
        tags,
        summary:
          'The summary as XLSX (one sheet per table) or CSV (the tables one after another, each under a title row), in the caller’s language',
        querystring: reportExportQuerySchema,
        response: { 200: fileAnswer(SPREADSHEET_TYPES, 'The report as CSV or XLSX'), ...errors },
      },
    },
    async (request, reply) => {
      const summary = await loadSummary(
        app.db,
        getCampusId(request),
        request.query.termId,
        studentReachSql(await loadStudentReach(request)),
        request.locale,
      );
      const tables = buildReportTables(summary, request.locale);
      const format = request.query.format;
      const body = format === 'csv' ? writeReportCsv(tables) : await writeReportXlsx(tables);
      const base = request.locale === 'zh-CN' ? '汇总报表' : 'summary-report';
      const file = `${base}${summary.term ? `-${summary.term.name}` : ''}.${format}`;
      return reply
        .header('content-disposition', `attachment; filename="summary-report.${format}"; filename*=UTF-8''${encodeURIComponent(file)}`)
        .header('cache-control', 'no-store')
        .type(CONTENT_TYPES[format])
        .send(body);
    },
  );
};
