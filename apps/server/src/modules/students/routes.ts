import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  FIELD_LABELS,
  Perm,
  studentCreateSchema,
  studentQuerySchema,
  studentSchema,
  studentUpdateSchema,
  type Student,
} from '@campus/contract';
import { courses, enrolments, students } from '../../db/schema/campus.js';
import { assertNoGraduates } from '../../lib/class-intake.js';
import { equalityFilters, pickColumns } from '../../lib/columns.js';
import { inReach, loadStudentReach } from '../../plugins/data-scope.js';
import { type CampusCrudSpec, type CampusIoSpec, type Values } from '../../resources/campus-resource.js';
import { createRoute, deleteManyRoute, deleteRoute, updateRoute } from '../../resources/write-routes.js';
import { getRoute, listRoute } from '../../resources/read-routes.js';
import { exportRoute, importTemplateRoute } from '../../resources/export-routes.js';
import { importRoute } from '../../resources/import-route.js';
import { regionFilterSql, withRegionChecks } from '../../lib/regions.js';
import { bulkRoute } from './bulk.js';
import { checkStudentRows, describeNewClasses, describeStudentChanges, guardStudentWrite } from './student-rules.js';

type Row = typeof students.$inferSelect;

export function toStudent(r: Row): Student {
  return {
    // Spelled out: spreading a helper's object into a literal this wide is 15x slower in V8 (a list page maps hundreds).
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    studentNo: r.studentNo,
    name: r.name,
    gender: r.gender as Student['gender'],
    birthDate: r.birthDate,
    classId: r.classId,
    grade: r.grade,
    className: r.className,
    phone: r.phone,
    email: r.email,
    guardianName: r.guardianName,
    guardianPhone: r.guardianPhone,
    guardianRelation: r.guardianRelation,
    status: r.status as Student['status'],
    enrolDate: r.enrolDate,
    remark: r.remark,
    regionCode: r.regionCode,
    address: r.address,
  };
}

export const studentSpec: CampusCrudSpec<typeof students> = {
  thing: 'student',
  table: students,
  perms: { list: Perm.studentList, add: Perm.studentAdd, edit: Perm.studentEdit, delete: Perm.studentDelete },
  schemas: withRegionChecks({ create: studentCreateSchema, update: studentUpdateSchema, query: studentQuerySchema, item: studentSchema }),
  sortColumns: pickColumns(students, ['studentNo', 'name', 'grade', 'className', 'status', 'birthDate', 'enrolDate', 'createdAt']),
  defaultOrder: { column: students.createdAt, direction: 'desc' },
  keywordColumns: [students.studentNo, students.name, students.phone],
  keywordGrams: students.searchGrams,
  filters: (q: Values) => [
    ...equalityFilters(q, students, ['status', 'gender', 'grade', 'className']),
    regionFilterSql(students.regionCode, q.regionCode),
    ...equalityFilters(q, students, ['classId']),
  ],
  uniques: [{ field: 'studentNo', column: students.studentNo, constraint: 'students_cam_no_uq' }],
  // A class given by id wins over names: the names are the class's (migration 0016).
  toValues: (body) => {
    if (body.classId === undefined) return { ...body };
    const { grade: _g, className: _c, ...rest } = body;
    return rest;
  },
  toItem: toStudent,
  describeRow: (r) => ({ name: r.name, code: r.studentNo }),
  reach: async (request) => inReach(await loadStudentReach(request), students.classId),
  guardWrite: guardStudentWrite,
  guardRemove: (scope, ids) => assertNoGraduates(scope, ids),
  describeChanges: describeStudentChanges,
  async findReferences(scope, ids) {
    const rows = (await scope
      .select(
        enrolments,
        { n: count(), examples: sql<string[]>`(array_agg(distinct ${courses.name}))[1:3]` },
        inArray(enrolments.studentId, ids),
      )
      .innerJoin(courses, scope.on(courses.id, enrolments.courseId, courses))) as unknown as { n: number; examples: string[] }[];
    const n = rows[0]?.n ?? 0;
    return n ? [{ thing: 'course', count: n, examples: rows[0]?.examples ?? [] }] : [];
  },
};

export const studentIo: CampusIoSpec<typeof students> = {
  labels: FIELD_LABELS.student,
  valueLabels: { gender: 'gender', status: 'studentStatus' },
  perms: { import: Perm.studentImport, export: Perm.studentExport },
  fileName: { 'zh-CN': '学生名单', 'en-US': 'students' },
  key: { field: 'studentNo', column: students.studentNo },
  toCells: (r) => {
    const { id: _id, createdAt: _c, updatedAt: _u, classId: _k, ...rest } = toStudent(r);
    return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v ?? '']));
  },
  checkRows: checkStudentRows,
  describeNew: describeNewClasses,
};

export const studentRoutes: FastifyPluginAsync = async (app) => {
  const url = '/educate/students';
  // The fixed paths first: /export and /import-template must not read as /:id.
  app.route(exportRoute(url, studentSpec, studentIo));
  app.route(importTemplateRoute(url, studentSpec, studentIo));
  app.route(importRoute(url, studentSpec, studentIo));
  app.route(bulkRoute(url, studentSpec));
  app.route(listRoute(url, studentSpec));
  app.route(getRoute(url, studentSpec));
  app.route(createRoute(url, studentSpec));
  app.route(updateRoute(url, studentSpec));
  app.route(deleteRoute(url, studentSpec));
  app.route(deleteManyRoute(url, studentSpec));
};
