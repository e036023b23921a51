import { count, eq, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { classOverviewSchema, envelopeSchema, idParamsSchema, type ClassOverview } from '@campus/contract';
import { classes, courses, enrolments, grades, rooms, students, teachers, terms } from '../../db/schema/campus.js';
import { notFound } from '../../lib/app-error.js';
import { requirePerm } from '../../plugins/access.js';
import type { CampusCrudSpec } from '../../resources/campus-resource.js';
import { idOf, RESOURCE_ERRORS, RESOURCE_TAGS, scopeOf } from '../../resources/route-parts.js';

/**
 * GET `url/:id/overview`: a class page's figures — the class with its grade,
 * head teacher, room and head count; its students by status and gender; the
 * courses its students take. 404 outside the caller's data scope.
 */
export function classOverviewRoute(url: string, spec: CampusCrudSpec<typeof classes>): RouteOptions {
  return {
    method: 'GET',
    url: `${url}/:id/overview`,
    config: { access: requirePerm(spec.perms.list, 'campus') },
    schema: {
      tags: RESOURCE_TAGS,
      summary: 'A class with its grade, head teacher, room, head count, students by status and gender, and the courses they take',
      params: idParamsSchema,
      response: { 200: envelopeSchema(classOverviewSchema), ...RESOURCE_ERRORS },
    },
    async handler(request) {
      const scope = scopeOf(request);
      const id = idOf(request);
      const reach = await spec.reach?.(request);
      const [row] = await scope
        .select(
          classes,
          {
            id: classes.id,
            createdAt: classes.createdAt,
            updatedAt: classes.updatedAt,
            name: classes.name,
            gradeId: classes.gradeId,
            headTeacherId: classes.headTeacherId,
            roomId: classes.roomId,
            capacity: classes.capacity,
            schoolYear: classes.schoolYear,
            status: classes.status,
            gradeName: grades.name,
            gradeOrder: grades.order,
            headTeacherName: teachers.name,
            roomName: rooms.name,
          },
          eq(classes.id, id),
          reach,
        )
        .innerJoin(grades, scope.on(grades.id, classes.gradeId, grades))
        .leftJoin(teachers, scope.on(teachers.id, classes.headTeacherId, teachers))
        .leftJoin(rooms, scope.on(rooms.id, classes.roomId, rooms))
        .limit(1);
      if (!row) throw notFound(spec.thing);
      const inClass = eq(students.classId, id);
      const [byStatus, byGender, taken] = await Promise.all([
        scope.select(students, { status: students.status, count: count() }, inClass).groupBy(students.status).orderBy(students.status),
        scope.select(students, { gender: students.gender, count: count() }, inClass).groupBy(students.gender).orderBy(students.gender),
        scope
          .select(
            enrolments,
            {
              id: courses.id,
              code: courses.code,
              name: courses.name,
              teacherName: sql<string>`coalesce(${teachers.name}, '')`,
              termName: sql<string>`coalesce(${terms.academicYear} || ' ' || ${terms.name}, '')`,
              enrolled: count(),
            },
            inClass,
          )
          .innerJoin(students, scope.on(students.id, enrolments.studentId, students))
          .innerJoin(courses, scope.on(courses.id, enrolments.courseId, courses))
          .leftJoin(teachers, scope.on(teachers.id, courses.teacherId, teachers))
          .leftJoin(terms, scope.on(terms.id, courses.termId, terms))
          .groupBy(courses.id, courses.code, courses.name, teachers.name, terms.academicYear, terms.name)
          .orderBy(courses.code),
      ]);
      const studentCount = byStatus.reduce((n, s) => n + s.count, 0);
      const data: ClassOverview = {
        class: {
          ...row,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          status: row.status === 'graduated' ? 'graduated' : 'active',
          studentCount,
        },
        byStatus: byStatus as ClassOverview['byStatus'],
        byGender,
        courses: taken,
      };
      return { code: 0, msg: 'ok', data };
    },
  };
}
