import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  classCreateSchema,
  classQuerySchema,
  classSchema,
  classUpdateSchema,
  gradeCreateSchema,
  gradeQuerySchema,
  gradeSchema,
  gradeUpdateSchema,
  Perm,
  type Grade,
  type SchoolClass,
} from '@campus/contract';
import { classes, grades, rooms, students, teachers } from '../../db/schema/campus.js';
import { conflict } from '../../lib/app-error.js';
import type { CampusScope } from '../../lib/campus-scope.js';
import { missingClass } from '../../lib/class-intake.js';
import { assertCampusWide, inReach, loadStudentReach } from '../../plugins/data-scope.js';
import type { CampusCrudSpec, Values } from '../../resources/campus-resource.js';
import { getRoute, listRoute } from '../../resources/read-routes.js';
import { createRoute, deleteManyRoute, deleteRoute, updateRoute } from '../../resources/write-routes.js';
import { classChoicesRoute } from './choices.js';
import { classOverviewRoute } from './overview.js';
import { promotionRoutes } from './promotion.js';

type ClassRow = typeof classes.$inferSelect;
type GradeRow = typeof grades.$inferSelect;

const stamps = (r: { id: number; createdAt: Date; updatedAt: Date }) => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const toGrade = (r: GradeRow): Grade => ({ ...stamps(r), name: r.name, order: r.order });
export const toClass = (r: ClassRow): SchoolClass => ({
  ...stamps(r),
  name: r.name,
  gradeId: r.gradeId,
  headTeacherId: r.headTeacherId,
  roomId: r.roomId,
  capacity: r.capacity,
  schoolYear: r.schoolYear,
  status: r.status === 'graduated' ? 'graduated' : 'active',
});

/** The grade, head teacher and room a class names are this campus's. */
async function assertClassRefs(scope: CampusScope, values: Values): Promise<void> {
  const refs: [string, typeof grades | typeof teachers | typeof rooms][] = [
    ['gradeId', grades],
    ['headTeacherId', teachers],
    ['roomId', rooms],
  ];
  for (const [field, table] of refs) {
    const id = values[field];
    if (typeof id !== 'number') continue;
    if (!(await scope.count(table, eq(table.id, id)))) throw missingClass(field, id);
  }
}

/** One active class of a name per grade (the index backs it; this names the field). */
async function assertClassNameFree(scope: CampusScope, values: Values, existing: ClassRow | null): Promise<void> {
  const gradeId = (values.gradeId as number | undefined) ?? existing?.gradeId;
  const name = (values.name as string | undefined) ?? existing?.name;
  if (gradeId === undefined || name === undefined) return;
  if (existing && gradeId === existing.gradeId && name === existing.name) return;
  const [taken] = await scope
    .select(
      classes,
      { id: classes.id, grade: grades.name },
      eq(classes.gradeId, gradeId),
      eq(classes.name, name),
      eq(classes.status, 'active'),
    )
    .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades))
    .limit(1);
  if (taken && taken.id !== existing?.id) throw conflict('class.nameTaken', { grade: taken.grade, name });
}

export const gradeSpec: CampusCrudSpec<typeof grades> = {
  thing: 'grade',
  table: grades,
  perms: { list: Perm.gradeList, add: Perm.gradeAdd, edit: Perm.gradeEdit, delete: Perm.gradeDelete },
  schemas: { create: gradeCreateSchema, update: gradeUpdateSchema, query: gradeQuerySchema, item: gradeSchema },
  sortColumns: { order: grades.order, name: grades.name, createdAt: grades.createdAt },
  defaultOrder: { column: grades.order, direction: 'asc' },
  keywordColumns: [grades.name],
  filters: () => [],
  uniques: [{ field: 'name', column: grades.name, constraint: 'grades_cam_name_uq' }],
  toValues: (body) => ({ ...body }),
  toItem: toGrade,
  describeRow: (r) => ({ name: r.name }),
  // Grades shape the whole campus: a scoped caller reads them but changes none.
  guardWrite: (request) => assertCampusWide(request),
  async findReferences(scope, ids) {
    const n = await scope.count(classes, inArray(classes.gradeId, ids));
    return n ? [{ thing: 'class', count: n, examples: [] }] : [];
  },
};

export const classSpec: CampusCrudSpec<typeof classes> = {
  thing: 'class',
  table: classes,
  perms: { list: Perm.classList, add: Perm.classAdd, edit: Perm.classEdit, delete: Perm.classDelete },
  schemas: { create: classCreateSchema, update: classUpdateSchema, query: classQuerySchema, item: classSchema },
  sortColumns: { name: classes.name, grade: classes.gradeId, schoolYear: classes.schoolYear, createdAt: classes.createdAt },
  defaultOrder: { column: classes.createdAt, direction: 'asc' },
  keywordColumns: [classes.name],
  filters: (q) => [
    typeof q.gradeId === 'number' ? eq(classes.gradeId, q.gradeId) : undefined,
    typeof q.headTeacherId === 'number' ? eq(classes.headTeacherId, q.headTeacherId) : undefined,
    typeof q.status === 'string' ? eq(classes.status, q.status) : undefined,
    typeof q.schoolYear === 'string' && q.schoolYear ? eq(classes.schoolYear, q.schoolYear) : undefined,
  ],
  // Unique per grade among active classes: the index says so, and its violation answers 409.
  uniques: [],
  toValues: (body) => ({ ...body }),
  toItem: toClass,
  describeRow: (r) => ({ name: r.name }),
  // A scoped caller sees and edits the classes they reach; making or removing classes is campus work.
  reach: async (request) => inReach(await loadStudentReach(request), classes.id),
  async guardWrite(request, _values, existing) {
    if (!existing) await assertCampusWide(request);
  },
  guardRemove: async () => {},
  async check(scope, values, existing) {
    if (existing?.status === 'graduated') throw conflict('class.graduated', { field: 'id', name: existing.name });
    await assertClassRefs(scope, values);
    await assertClassNameFree(scope, values, existing);
  },
  async findReferences(scope, ids) {
    const n = await scope.count(students, inArray(students.classId, ids));
    return n ? [{ thing: 'student', count: n, examples: [] }] : [];
  },
};

export const classRoutes: FastifyPluginAsync = async (app) => {
  const gradeUrl = '/educate/grades';
  app.route(listRoute(gradeUrl, gradeSpec));
  app.route(getRoute(gradeUrl, gradeSpec));
  app.route(createRoute(gradeUrl, gradeSpec));
  app.route(updateRoute(gradeUrl, gradeSpec));
  app.route(deleteRoute(gradeUrl, gradeSpec));
  app.route(deleteManyRoute(gradeUrl, gradeSpec));
  const url = '/educate/classes';
  app.route(classChoicesRoute(url));
  app.route(classOverviewRoute(url, classSpec));
  app.route(listRoute(url, classSpec));
  app.route(getRoute(url, classSpec));
  app.route(createRoute(url, classSpec));
  app.route(updateRoute(url, classSpec));
  app.route(deleteRoute(url, classSpec));
  app.route(deleteManyRoute(url, classSpec));
  await app.register(promotionRoutes);
};
