import type { RouteInputs } from './route-inputs.js';

const list = (): Record<string, string> => ({ page: '1', pageSize: '10' });

/** Valid requests of grades, classes, the school year, bulk changes and refused-rows files (issue 25). */
export const CLASS_REQUESTS: Record<string, RouteInputs> = {
  'POST /api/educate/students/bulk': {
    build: ({ ref }) => ({
      url: '/api/educate/students/bulk',
      query: { dryRun: 'true' },
      body: { ids: [ref.studentId], set: { remark: 'bulk' } },
    }),
    foreign: 'notFound',
  },
  'GET /api/educate/import-rejects/:token': {
    build: async ({ w, caller }) => ({ url: `/api/educate/import-rejects/${await w.make.rejectFile(caller?.userId ?? w.adminId)}` }),
    foreign: 'noLeak',
  },
  'GET /api/educate/grades': { build: () => ({ url: '/api/educate/grades', query: { ...list(), sort: 'order:asc' } }), foreign: 'noLeak' },
  'GET /api/educate/grades/:id': { build: ({ path }) => ({ url: `/api/educate/grades/${path.gradeId}` }), foreign: 'notFound' },
  'POST /api/educate/grades': {
    build: ({ w }) => ({ url: '/api/educate/grades', body: { name: `Valid grade ${w.make.unique()}`, order: 50 } }),
    foreign: 'noLeak',
  },
  'PUT /api/educate/grades/:id': {
    build: ({ path }) => ({ url: `/api/educate/grades/${path.gradeId}`, body: { order: 7 } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/grades/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/grades/${await w.make.grade(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/grades': {
    build: async ({ w, ref }) => ({ url: '/api/educate/grades', body: { ids: [await w.make.grade(ref.camId)] } }),
    foreign: 'notFound',
  },
  'GET /api/educate/classes/:id/overview': {
    build: ({ path }) => ({ url: `/api/educate/classes/${path.classId}/overview` }),
    foreign: 'notFound',
  },
  'GET /api/educate/classes/choices': { build: () => ({ url: '/api/educate/classes/choices' }), foreign: 'noLeak' },
  'GET /api/educate/classes': {
    build: () => ({ url: '/api/educate/classes', query: { ...list(), sort: 'name:asc', status: 'active' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/classes/:id': { build: ({ path }) => ({ url: `/api/educate/classes/${path.classId}` }), foreign: 'notFound' },
  'POST /api/educate/classes': {
    build: ({ w, ref }) => ({
      url: '/api/educate/classes',
      body: {
        name: `Valid class ${w.make.unique()}`,
        gradeId: ref.gradeId,
        headTeacherId: ref.teacherId,
        roomId: ref.roomId,
        capacity: 45,
        schoolYear: '2025-2026',
      },
    }),
    foreign: 'notFound',
  },
  'PUT /api/educate/classes/:id': {
    build: ({ path, ref }) => ({ url: `/api/educate/classes/${path.classId}`, body: { capacity: 60, headTeacherId: ref.teacherId } }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'DELETE /api/educate/classes/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/classes/${await w.make.schoolClass(path.camId, path.gradeId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/classes': {
    build: async ({ w, ref }) => ({ url: '/api/educate/classes', body: { ids: [await w.make.schoolClass(ref.camId, ref.gradeId)] } }),
    foreign: 'notFound',
  },
  'POST /api/educate/school-year/promote': {
    build: () => ({ url: '/api/educate/school-year/promote', query: { dryRun: 'true' }, body: { headTeachers: 'keep' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/school-year/promotions': { build: () => ({ url: '/api/educate/school-year/promotions' }), foreign: 'noLeak' },
  'POST /api/educate/school-year/promotions/:id/undo': {
    build: async ({ w, path }) => ({ url: `/api/educate/school-year/promotions/${await w.make.promotion(path.camId)}/undo` }),
    foreign: 'notFound',
  },
};
