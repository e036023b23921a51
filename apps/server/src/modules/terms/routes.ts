import { count, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  formatHm,
  ResultCode,
  termCreateSchema,
  termQuerySchema,
  termSchema,
  termUpdateSchema,
  WEEKDAY_LABELS,
  type Locale,
  type Term,
  Perm,
} from '@campus/contract';
import { courses, scheduleEntries, terms } from '../../db/schema/campus.js';
import { AppError, badRequest, conflict } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { loadEntries, lockCampusSchedules } from '../../lib/scheduling/schedule-service.js';
import { countTermWeeks } from '../../lib/scheduling/term-weeks.js';
import { type CampusCrudSpec } from '../../resources/campus-resource.js';
import { createRoute, deleteManyRoute, deleteRoute, updateRoute } from '../../resources/write-routes.js';
import { getRoute, listRoute } from '../../resources/read-routes.js';

type Row = typeof terms.$inferSelect;

/**
 * New dates must still hold every week the term's entries meet in; checked
 * under the schedule lock so no entry write slips in between.
 */
async function assertEntriesWithinDates(scope: CampusScope, values: Record<string, unknown>, existing: Row, locale: Locale) {
  const startDate = (values.startDate as string | undefined) ?? existing.startDate;
  const endDate = (values.endDate as string | undefined) ?? existing.endDate;
  if (startDate === existing.startDate && endDate === existing.endDate) return;
  await lockCampusSchedules(scope.db, scope.camId);
  const weeks = countTermWeeks({ startDate, endDate });
  const beyond = await loadEntries(scope, eq(courses.termId, existing.id), gt(scheduleEntries.weekEnd, weeks));
  if (!beyond.length) return;
  const shown = beyond
    .slice(0, 3)
    .map(
      (e) =>
        `${e.courseName} ${WEEKDAY_LABELS[e.weekday]?.[locale] ?? e.weekday} ${formatHm(e.startMin)}-${formatHm(e.endMin)} [${e.weekStart}-${e.weekEnd}]`,
    );
  throw conflict(
    'schedule.entriesBeyondTerm',
    { field: 'endDate', count: beyond.length, weeks, entries: shown.join(', ') + (beyond.length > shown.length ? ', …' : '') },
    { entryIds: beyond.map((e) => e.id) },
  );
}

export const termSpec: CampusCrudSpec<typeof terms> = {
  thing: 'term',
  table: terms,
  perms: { list: Perm.termList, add: Perm.termAdd, edit: Perm.termEdit, delete: Perm.termDelete },
  schemas: { create: termCreateSchema, update: termUpdateSchema, query: termQuerySchema, item: termSchema },
  sortColumns: {
    name: terms.name,
    academicYear: terms.academicYear,
    startDate: terms.startDate,
    endDate: terms.endDate,
    createdAt: terms.createdAt,
  },
  defaultOrder: { column: terms.startDate, direction: 'desc' },
  keywordColumns: [terms.name, terms.academicYear],
  filters: () => [],
  uniques: [],
  toValues: ({ current, ...rest }) => (current === undefined ? rest : { ...rest, isCurrent: current }),
  describeRow: (r) => ({ name: `${r.academicYear} ${r.name}` }),
  toItem: (r: Row): Term => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    name: r.name,
    academicYear: r.academicYear,
    startDate: r.startDate,
    endDate: r.endDate,
    current: r.isCurrent,
  }),
  async check(scope, values, existing) {
    const startDate = (values.startDate as string | undefined) ?? existing?.startDate;
    const endDate = (values.endDate as string | undefined) ?? existing?.endDate;
    if (!startDate || !endDate) return;
    if (startDate > endDate) throw badRequest('rule.termDates', { field: 'endDate' });
    const [other] = await scope
      .select(
        terms,
        { name: terms.name, startDate: terms.startDate, endDate: terms.endDate },
        lte(terms.startDate, endDate),
        gte(terms.endDate, startDate),
        existing ? ne(terms.id, existing.id) : undefined,
      )
      .limit(1);
    if (other) {
      throw new AppError(409, ResultCode.conflict, 'data.termOverlap', {
        field: 'startDate',
        other: other.name,
        from: other.startDate,
        to: other.endDate,
      });
    }
    const name = (values.name as string | undefined) ?? existing?.name;
    const year = (values.academicYear as string | undefined) ?? existing?.academicYear;
    const [dup] = await scope
      .select(
        terms,
        { id: terms.id },
        sql`${terms.name} = ${name} and ${terms.academicYear} = ${year}`,
        existing ? ne(terms.id, existing.id) : undefined,
      )
      .limit(1);
    if (dup) throw new AppError(409, ResultCode.conflict, 'data.duplicate', { field: 'name', value: `${year} ${name}` });
  },
  // One current term per campus: making one current makes the others not current.
  async beforeWrite(scope, values, existing, locale) {
    if (existing) await assertEntriesWithinDates(scope, values, existing, locale);
    if (values.isCurrent === true) {
      await scope.update(terms, { isCurrent: false }, existing ? ne(terms.id, existing.id) : undefined);
    }
  },
  async findReferences(scope, ids) {
    const [c] = await scope.select(
      courses,
      { n: count(), examples: sql<string[]>`(array_agg(${courses.name} order by ${courses.id}))[1:3]` },
      inArray(courses.termId, ids),
    );
    return c?.n ? [{ thing: 'course', count: c.n, examples: c.examples }] : [];
  },
};

export const termRoutes: FastifyPluginAsync = async (app) => {
  const url = '/educate/terms';
  app.route(listRoute(url, termSpec));
  app.route(getRoute(url, termSpec));
  app.route(createRoute(url, termSpec));
  app.route(updateRoute(url, termSpec));
  app.route(deleteRoute(url, termSpec));
  app.route(deleteManyRoute(url, termSpec));
};
