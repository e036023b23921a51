import { sql } from 'drizzle-orm';
import { encryptLoginPassword } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { ACCOUNT_REQUESTS } from './account-requests.js';
import type { Req, RouteInputs } from './route-inputs.js';
import { CLASS_REQUESTS } from './valid-requests-classes.js';
import { TIMETABLE_REQUESTS } from './valid-requests-timetable.js';
import type { CampusRecords, World } from './world.js';

export type { BuildCtx, Req, RouteInputs } from './route-inputs.js';

async function jobIdOf(w: World, key: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(w.t.database.db, sql`select id from jobs where key = ${key}`);
  if (!row) throw new Error(`no job ${key}`);
  return row.id;
}

/** A route key as the route table spells it. */
export const routeKey = (method: string, url: string) => `${method} ${url}`;

const list = (): Req['query'] => ({ page: '1', pageSize: '10' });

const studentBody = (u: string) => ({
  studentNo: `SV${u}`,
  name: `Valid student ${u}`,
  gender: 'female',
  birthDate: '2010-05-06',
  grade: 'G1',
  className: 'C1',
  phone: '13800000000',
  email: `s${u}@example.com`,
  guardianName: 'Guardian',
  guardianPhone: '13900000000',
  guardianRelation: 'mother',
  status: 'enrolled',
  enrolDate: '2024-09-01',
  remark: 'ok',
});
const teacherBody = (u: string) => ({
  staffNo: `TV${u}`,
  name: `Valid teacher ${u}`,
  gender: 'male',
  phone: '13800000001',
  email: `t${u}@example.com`,
  subject: 'Maths',
  title: 'Senior',
  status: 'active',
  hireDate: '2020-01-02',
});
const managerBody = (u: string) => ({
  staffNo: `MV${u}`,
  name: `Valid manager ${u}`,
  gender: 'other',
  phone: '13800000002',
  email: `m${u}@example.com`,
  position: 'Office',
  status: 'active',
});
const roomBody = (u: string) => ({ code: `RV${u}`, name: `Valid room ${u}`, capacity: 25 });
const termBody = (u: string) => {
  const year = 3000 + Number(u);
  return {
    name: `Valid term ${u}`,
    academicYear: `${year}-${year + 1}`,
    startDate: `${year}-02-01`,
    endDate: `${year}-06-30`,
    current: false,
  };
};
const courseBody = (u: string, ref: CampusRecords) => ({
  code: `KV${u}`,
  name: `Valid course ${u}`,
  termId: ref.termId,
  teacherId: ref.teacherId,
  capacity: 20,
  credits: 2.5,
  hours: 32,
  description: 'A course',
  status: 'draft',
});

/** One free hour per call: saturday evenings are never used by the world's entries. */
let entryHour = 0;
const entryBody = (ref: CampusRecords) => {
  const hour = 19 + (entryHour++ % 4);
  return {
    weekday: 6,
    startTime: `${hour}:00`,
    endTime: `${hour}:30`,
    roomId: ref.roomId,
    teacherId: ref.teacherId,
    weekStart: 1,
    weekEnd: 2,
    weekPattern: 'odd',
  };
};

const csv = (lines: string[]) => `${lines.join('\n')}\n`;

/**
 * A valid request for every route of the table but the public ones. The
 * matrix fails when a route has no entry here, so a new route cannot skip it.
 */
export const VALID_REQUESTS: Record<string, RouteInputs> = {
  ...CLASS_REQUESTS,
  // ---- session and shell
  'POST /api/logout': { build: () => ({ url: '/api/logout' }), foreign: 'noLeak', consumesCaller: true },
  'GET /api/user/currentUser': { build: () => ({ url: '/api/user/currentUser' }), foreign: 'noLeak' },
  'PUT /api/user/password': {
    build: ({ caller }) => ({
      url: '/api/user/password',
      body: {
        oldPassword: encryptLoginPassword(caller?.password ?? 'not-the-password'),
        newPassword: encryptLoginPassword(`New-${caller?.password ?? 'x'}-9z`),
      },
    }),
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'GET /api/user/menuList': { build: () => ({ url: '/api/user/menuList' }), foreign: 'noLeak' },
  // Back to all of one's roles: valid for every caller.
  'PUT /api/user/role': { build: () => ({ url: '/api/user/role', body: { roleId: null } }), foreign: 'noLeak' },
  'GET /api/campus/list': { build: () => ({ url: '/api/campus/list' }), foreign: 'noLeak' },
  'GET /api/campus/current': { build: () => ({ url: '/api/campus/current' }), foreign: 'noLeak' },

  // ---- menus
  'GET /api/system/menus': { build: () => ({ url: '/api/system/menus', query: { ...list(), keyword: 'Fuzz' } }), foreign: 'noLeak' },
  'GET /api/system/menus/tree': { build: () => ({ url: '/api/system/menus/tree' }), foreign: 'noLeak' },
  'GET /api/system/menus/:id': { build: ({ w }) => ({ url: `/api/system/menus/${w.sys.menuId}` }), foreign: 'noLeak' },
  'POST /api/system/menus': {
    build: ({ w }) => {
      const u = w.make.unique();
      return {
        url: '/api/system/menus',
        body: {
          name: `ValidMenu${u}`,
          path: `/valid/menu${u}`,
          locale: `menu.valid${u}`,
          icon: 'icon-apps',
          order: 5,
          perms: [],
          requiresAuth: true,
          hideInMenu: false,
          hideChildrenInMenu: false,
          activeMenu: '',
          ignoreCache: false,
        },
      };
    },
    foreign: 'noLeak',
  },
  'PUT /api/system/menus/:id': {
    build: ({ w }) => ({ url: `/api/system/menus/${w.sys.menuId}`, body: { path: '/fuzz/edited', order: 3, hideInMenu: true } }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/menus/:id': { build: async ({ w }) => ({ url: `/api/system/menus/${await w.make.menu()}` }), foreign: 'noLeak' },

  // ---- operation and login logs
  'GET /api/system/operlogs': {
    build: () => ({
      url: '/api/system/operlogs',
      query: { ...list(), username: 'admin', status: 'success', from: '2020-01-01', to: '2999-01-01' },
    }),
    foreign: 'noLeak',
  },
  'GET /api/system/operlogs/export': {
    build: () => ({ url: '/api/system/operlogs/export', query: { format: 'csv', module: 'educate' } }),
    foreign: 'noLeak',
  },
  'GET /api/system/operlogs/:id': { build: ({ w }) => ({ url: `/api/system/operlogs/${w.sys.operlogId}` }), foreign: 'noLeak' },
  'GET /api/system/loginlogs': {
    build: () => ({ url: '/api/system/loginlogs', query: { ...list(), username: 'adm', success: 'true', from: '2020-01-01T00:00:00Z' } }),
    foreign: 'noLeak',
  },
  'GET /api/system/loginlogs/locked': { build: () => ({ url: '/api/system/loginlogs/locked' }), foreign: 'noLeak' },

  // ---- users
  'GET /api/system/users/options': {
    build: () => ({ url: '/api/system/users/options', query: { ...list(), keyword: 'a' } }),
    foreign: 'noLeak',
  },
  'GET /api/system/users': {
    build: ({ w }) => ({
      url: '/api/system/users',
      query: { ...list(), sort: 'username:asc', status: 'active', campusId: String(w.a.camId) },
    }),
    foreign: 'noLeak',
  },
  'GET /api/system/users/:id': { build: ({ w }) => ({ url: `/api/system/users/${w.sys.userId}` }), foreign: 'noLeak' },
  'POST /api/system/users': {
    build: ({ w }) => {
      const u = w.make.unique();
      return {
        url: '/api/system/users',
        body: {
          username: `valid${u}`,
          nickname: `Valid ${u}`,
          phone: `1370000${u.padStart(4, '0')}`,
          email: `u${u}@example.com`,
          deptId: w.sys.deptId,
          roleIds: [w.sys.roleId],
          campusIds: [w.a.camId],
          status: 'active',
          password: encryptLoginPassword('Valid-user-pass-2026'),
          mustChangePassword: true,
        },
      };
    },
    foreign: 'noLeak',
  },
  'PUT /api/system/users/:id': {
    build: ({ w }) => ({
      url: `/api/system/users/${w.sys.userId}`,
      body: { nickname: 'Edited', email: 'edited@example.com', deptId: w.sys.deptId },
    }),
    foreign: 'noLeak',
  },
  'PUT /api/system/users/:id/status': {
    build: ({ w }) => ({ url: `/api/system/users/${w.sys.userId}/status`, body: { status: 'active' } }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/users/:id': { build: async ({ w }) => ({ url: `/api/system/users/${await w.make.user()}` }), foreign: 'noLeak' },
  'DELETE /api/system/users': {
    build: async ({ w }) => ({ url: '/api/system/users', body: { ids: [await w.make.user()] } }),
    foreign: 'noLeak',
  },
  'POST /api/system/users/:id/reset-password': {
    build: async ({ w }) => ({
      url: `/api/system/users/${await w.make.user()}/reset-password`,
      body: { password: encryptLoginPassword('Reset-pass-for-victim-7') },
    }),
    foreign: 'noLeak',
  },
  'POST /api/system/users/:id/logout': { build: ({ w }) => ({ url: `/api/system/users/${w.sys.userId}/logout` }), foreign: 'noLeak' },
  'POST /api/system/users/:id/unlock': { build: ({ w }) => ({ url: `/api/system/users/${w.sys.userId}/unlock` }), foreign: 'noLeak' },

  // ---- roles
  'GET /api/system/roles': {
    build: () => ({ url: '/api/system/roles', query: { ...list(), sort: 'code:desc', keyword: 'Role' } }),
    foreign: 'noLeak',
  },
  'GET /api/system/roles/:id': { build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}` }), foreign: 'noLeak' },
  'POST /api/system/roles': {
    build: ({ w }) => {
      const u = w.make.unique();
      return {
        url: '/api/system/roles',
        body: { name: `Valid role ${u}`, code: `valid_role_${u}`, sort: 3, status: 'active', remark: 'ok' },
      };
    },
    foreign: 'noLeak',
  },
  'PUT /api/system/roles/:id': {
    build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}`, body: { remark: 'edited', sort: 7 } }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/roles/:id': { build: async ({ w }) => ({ url: `/api/system/roles/${await w.make.role()}` }), foreign: 'noLeak' },
  'GET /api/system/roles/:id/users': { build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/users` }), foreign: 'noLeak' },
  'PUT /api/system/roles/:id/users': {
    build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/users`, body: { userIds: [w.sys.userId] } }),
    foreign: 'noLeak',
  },
  'GET /api/system/roles/:id/menus': { build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/menus` }), foreign: 'noLeak' },
  'PUT /api/system/roles/:id/menus': {
    build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/menus`, body: { menuIds: [w.sys.menuId] } }),
    foreign: 'noLeak',
  },
  'GET /api/system/roles/:id/perms': { build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/perms` }), foreign: 'noLeak' },
  'PUT /api/system/roles/:id/perms': {
    build: ({ w }) => ({ url: `/api/system/roles/${w.sys.roleId}/perms`, body: { permIds: [] } }),
    foreign: 'noLeak',
  },

  // ---- perms
  'GET /api/system/perms': {
    build: () => ({ url: '/api/system/perms', query: { ...list(), sort: 'code:asc', module: 'educate' } }),
    foreign: 'noLeak',
  },
  'GET /api/system/perms/groups': { build: () => ({ url: '/api/system/perms/groups', query: { keyword: 'educate' } }), foreign: 'noLeak' },
  'GET /api/system/perms/:id': { build: ({ w }) => ({ url: `/api/system/perms/${w.sys.permId}` }), foreign: 'noLeak' },
  'POST /api/system/perms': {
    build: ({ w }) => ({
      url: '/api/system/perms',
      body: { code: `valid:thing${w.make.unique()}:do`, name: 'Valid perm', nameEn: 'Valid perm', module: 'valid' },
    }),
    foreign: 'noLeak',
  },
  'PUT /api/system/perms/:id': {
    build: ({ w }) => ({ url: `/api/system/perms/${w.sys.permId}`, body: { name: 'Edited perm' } }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/perms/:id': { build: async ({ w }) => ({ url: `/api/system/perms/${await w.make.perm()}` }), foreign: 'noLeak' },

  // ---- depts
  'GET /api/system/depts': { build: () => ({ url: '/api/system/depts', query: { keyword: 'Dept', status: 'active' } }), foreign: 'noLeak' },
  'GET /api/system/depts/:id': { build: ({ w }) => ({ url: `/api/system/depts/${w.sys.deptId}` }), foreign: 'noLeak' },
  'POST /api/system/depts': {
    build: ({ w }) => ({
      url: '/api/system/depts',
      body: {
        parentId: w.sys.deptId,
        name: `Valid dept ${w.make.unique()}`,
        sort: 1,
        leader: 'Lead',
        phone: '010-1234567',
        status: 'active',
      },
    }),
    foreign: 'noLeak',
  },
  'PUT /api/system/depts/:id': {
    build: ({ w }) => ({ url: `/api/system/depts/${w.sys.deptId}`, body: { leader: 'Edited', sort: 2 } }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/depts/:id': { build: async ({ w }) => ({ url: `/api/system/depts/${await w.make.dept()}` }), foreign: 'noLeak' },

  // ---- notices and messages
  'GET /api/system/notices': { build: () => ({ url: '/api/system/notices', query: list() }), foreign: 'noLeak' },
  'POST /api/system/notices': {
    build: ({ w }) => ({
      url: '/api/system/notices',
      body: { title: `Valid notice ${w.make.unique()}`, content: 'Body', camId: w.a.camId },
    }),
    foreign: 'noLeak',
  },
  'GET /api/system/notices/audiences': { build: () => ({ url: '/api/system/notices/audiences' }), foreign: 'noLeak' },
  'PUT /api/system/notices/:id': {
    build: async ({ w }) => ({
      url: `/api/system/notices/${await w.make.notice()}`,
      body: { title: `Edited ${w.make.unique()}`, pinned: true },
    }),
    foreign: 'noLeak',
  },
  'POST /api/system/notices/:id/publish': {
    build: async ({ w }) => ({ url: `/api/system/notices/${await w.make.notice({ isDraft: true })}/publish` }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/notices/:id': {
    build: async ({ w }) => ({ url: `/api/system/notices/${await w.make.notice()}` }),
    foreign: 'noLeak',
  },
  'DELETE /api/system/notices': {
    build: async ({ w }) => ({ url: '/api/system/notices', body: { ids: [await w.make.notice()] } }),
    foreign: 'noLeak',
  },
  'GET /api/message/list': {
    build: () => ({ url: '/api/message/list', query: { type: 'notice', status: '0', limit: '50' } }),
    foreign: 'noLeak',
  },
  'GET /api/message/unread-count': { build: () => ({ url: '/api/message/unread-count' }), foreign: 'noLeak' },
  'POST /api/message/read': {
    build: async ({ w, caller }) => ({
      url: '/api/message/read',
      body: { ids: caller ? await w.messageIdsOf(caller.userId) : w.foreignMessageIds },
    }),
    foreign: 'noLeak',
  },
  'POST /api/message/read-all': { build: () => ({ url: '/api/message/read-all', body: { type: 'notice' } }), foreign: 'noLeak' },
  'GET /api/message/stream': { build: () => ({ url: '/api/message/stream' }), foreign: 'noLeak', isStream: true },

  // ---- students
  'GET /api/educate/students/export': {
    build: () => ({ url: '/api/educate/students/export', query: { format: 'csv', sort: 'name:asc', status: 'enrolled' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/students/import-template': {
    build: () => ({ url: '/api/educate/students/import-template', query: { format: 'csv' } }),
    foreign: 'noLeak',
  },
  'POST /api/educate/students/import': {
    build: ({ w }) => ({
      url: '/api/educate/students/import',
      query: { dryRun: 'true' },
      file: { name: 'students.csv', content: csv(['studentNo,name,gender,status', `SI${w.make.unique()},Imported,male,enrolled`]) },
    }),
    foreign: 'noLeak',
  },
  'GET /api/educate/students': {
    build: () => ({ url: '/api/educate/students', query: { ...list(), sort: 'studentNo:desc', keyword: 'S', gender: 'male' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/students/:id': { build: ({ path }) => ({ url: `/api/educate/students/${path.studentId}` }), foreign: 'notFound' },
  'POST /api/educate/students': {
    build: ({ w }) => ({ url: '/api/educate/students', body: studentBody(w.make.unique()) }),
    foreign: 'noLeak',
  },
  'PUT /api/educate/students/:id': {
    build: ({ path }) => ({ url: `/api/educate/students/${path.studentId}`, body: { remark: 'edited', grade: 'G2' } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/students/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/students/${await w.make.student(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/students': {
    build: async ({ w, ref }) => ({ url: '/api/educate/students', body: { ids: [await w.make.student(ref.camId)] } }),
    foreign: 'notFound',
  },

  // ---- teachers
  'GET /api/educate/teachers/export': {
    build: () => ({ url: '/api/educate/teachers/export', query: { format: 'csv', subject: 'Maths' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/teachers/import-template': {
    build: () => ({ url: '/api/educate/teachers/import-template', query: { format: 'xlsx' } }),
    foreign: 'noLeak',
  },
  'POST /api/educate/teachers/import': {
    build: ({ w }) => ({
      url: '/api/educate/teachers/import',
      query: { dryRun: 'true' },
      file: { name: 'teachers.csv', content: csv(['staffNo,name,gender,status', `TI${w.make.unique()},Imported,female,active`]) },
    }),
    foreign: 'noLeak',
  },
  'GET /api/educate/teachers': {
    build: () => ({ url: '/api/educate/teachers', query: { ...list(), sort: 'hireDate:asc', status: 'active' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/teachers/:id': { build: ({ path }) => ({ url: `/api/educate/teachers/${path.teacherId}` }), foreign: 'notFound' },
  'POST /api/educate/teachers': {
    build: ({ w }) => ({ url: '/api/educate/teachers', body: teacherBody(w.make.unique()) }),
    foreign: 'noLeak',
  },
  'PUT /api/educate/teachers/:id': {
    build: ({ path }) => ({ url: `/api/educate/teachers/${path.teacherId}`, body: { title: 'Edited' } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/teachers/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/teachers/${await w.make.teacher(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/teachers': {
    build: async ({ w, ref }) => ({ url: '/api/educate/teachers', body: { ids: [await w.make.teacher(ref.camId)] } }),
    foreign: 'notFound',
  },

  // ---- managers
  'GET /api/educate/managers/export': {
    build: () => ({ url: '/api/educate/managers/export', query: { format: 'csv', status: 'active' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/managers/import-template': {
    build: () => ({ url: '/api/educate/managers/import-template', query: { format: 'csv' } }),
    foreign: 'noLeak',
  },
  'POST /api/educate/managers/import': {
    build: ({ w }) => ({
      url: '/api/educate/managers/import',
      query: { dryRun: 'true' },
      file: { name: 'managers.csv', content: csv(['staffNo,name,gender,status', `MI${w.make.unique()},Imported,female,active`]) },
    }),
    foreign: 'noLeak',
  },
  'GET /api/educate/managers': {
    build: () => ({ url: '/api/educate/managers', query: { ...list(), sort: 'staffNo:asc', status: 'active' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/managers/:id': { build: ({ path }) => ({ url: `/api/educate/managers/${path.managerId}` }), foreign: 'notFound' },
  'POST /api/educate/managers': {
    build: ({ w }) => ({ url: '/api/educate/managers', body: managerBody(w.make.unique()) }),
    foreign: 'noLeak',
  },
  'PUT /api/educate/managers/:id': {
    build: ({ path }) => ({ url: `/api/educate/managers/${path.managerId}`, body: { position: 'Edited' } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/managers/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/managers/${await w.make.manager(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/managers': {
    build: async ({ w, ref }) => ({ url: '/api/educate/managers', body: { ids: [await w.make.manager(ref.camId)] } }),
    foreign: 'notFound',
  },

  // ---- rooms
  'GET /api/educate/rooms': {
    build: () => ({ url: '/api/educate/rooms', query: { ...list(), sort: 'capacity:desc', minCapacity: '1' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/rooms/:id': { build: ({ path }) => ({ url: `/api/educate/rooms/${path.roomId}` }), foreign: 'notFound' },
  'POST /api/educate/rooms': { build: ({ w }) => ({ url: '/api/educate/rooms', body: roomBody(w.make.unique()) }), foreign: 'noLeak' },
  'PUT /api/educate/rooms/:id': {
    build: ({ path }) => ({ url: `/api/educate/rooms/${path.roomId}`, body: { capacity: 45 } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/rooms/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/rooms/${await w.make.room(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/rooms': {
    build: async ({ w, ref }) => ({ url: '/api/educate/rooms', body: { ids: [await w.make.room(ref.camId)] } }),
    foreign: 'notFound',
  },

  // ---- terms
  'GET /api/educate/terms': {
    build: () => ({ url: '/api/educate/terms', query: { ...list(), sort: 'startDate:desc', keyword: 'Term' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/terms/:id': { build: ({ path }) => ({ url: `/api/educate/terms/${path.termId}` }), foreign: 'notFound' },
  'POST /api/educate/terms': { build: ({ w }) => ({ url: '/api/educate/terms', body: termBody(w.make.unique()) }), foreign: 'noLeak' },
  'PUT /api/educate/terms/:id': {
    build: ({ path }) => ({ url: `/api/educate/terms/${path.termId}`, body: { name: 'Edited term' } }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/terms/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/terms/${await w.make.term(path.camId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/terms': {
    build: async ({ w, ref }) => ({ url: '/api/educate/terms', body: { ids: [await w.make.term(ref.camId)] } }),
    foreign: 'notFound',
  },

  // ---- courses, enrolments, schedule, timetable
  'GET /api/educate/courses/export': {
    build: ({ ref }) => ({ url: '/api/educate/courses/export', query: { format: 'csv', termId: String(ref.termId), sort: 'code:asc' } }),
    foreign: 'noLeak',
  },
  'GET /api/educate/courses': {
    build: ({ ref }) => ({
      url: '/api/educate/courses',
      query: { ...list(), sort: 'enrolled:desc', termId: String(ref.termId), teacherId: String(ref.teacherId) },
    }),
    foreign: 'noLeak',
  },
  'GET /api/educate/courses/:id': { build: ({ path }) => ({ url: `/api/educate/courses/${path.courseId}` }), foreign: 'notFound' },
  'POST /api/educate/courses': {
    build: ({ w, ref }) => ({ url: '/api/educate/courses', body: courseBody(w.make.unique(), ref) }),
    foreign: 'notFound',
  },
  'PUT /api/educate/courses/:id': {
    build: ({ path, ref }) => ({ url: `/api/educate/courses/${path.courseId}`, body: { description: 'edited', teacherId: ref.teacherId } }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'DELETE /api/educate/courses/:id': {
    build: async ({ w, path }) => ({ url: `/api/educate/courses/${await w.make.course(path.camId, path.termId, path.teacherId)}` }),
    foreign: 'notFound',
  },
  'DELETE /api/educate/courses': {
    build: async ({ w, ref }) => ({
      url: '/api/educate/courses',
      body: { ids: [await w.make.course(ref.camId, ref.termId, ref.teacherId)] },
    }),
    foreign: 'notFound',
  },
  'GET /api/educate/courses/:id/students': {
    build: ({ path }) => ({ url: `/api/educate/courses/${path.courseId}/students`, query: { ...list(), keyword: 'S' } }),
    foreign: 'notFound',
  },
  'POST /api/educate/courses/:id/students': {
    build: async ({ w, path, ref }) => ({
      url: `/api/educate/courses/${path.courseId}/students`,
      body: { studentIds: [await w.make.student(ref.camId)] },
    }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'DELETE /api/educate/courses/:id/students': {
    build: ({ path, ref }) => ({ url: `/api/educate/courses/${path.courseId}/students`, body: { studentIds: [ref.studentId] } }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'GET /api/educate/courses/:id/free-slots': {
    build: ({ path, ref }) => ({
      url: `/api/educate/courses/${path.courseId}/free-slots`,
      query: {
        duration: '45',
        weekPattern: 'all',
        weekStart: '1',
        weekEnd: '4',
        weekdays: '1,2',
        excludeEntryId: String(ref.entryId),
        teacherId: String(ref.teacherId),
      },
    }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'GET /api/educate/courses/:id/schedule': {
    build: ({ path }) => ({ url: `/api/educate/courses/${path.courseId}/schedule` }),
    foreign: 'notFound',
  },
  'POST /api/educate/courses/:id/schedule': {
    build: ({ path, ref }) => ({ url: `/api/educate/courses/${path.courseId}/schedule`, body: entryBody(ref) }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'PUT /api/educate/courses/:id/schedule/:entryId': {
    build: ({ path, ref }) => ({ url: `/api/educate/courses/${path.courseId}/schedule/${path.entryId}`, body: { roomId: ref.roomId } }),
    foreign: 'notFound',
    hasRefs: true,
  },
  'DELETE /api/educate/courses/:id/schedule/:entryId': {
    build: async ({ w, path }) => {
      const entryId = await w.make.entry(path.camId, path.courseId, path.roomId);
      return { url: `/api/educate/courses/${path.courseId}/schedule/${entryId}` };
    },
    foreign: 'notFound',
  },
  'GET /api/educate/timetable': {
    build: ({ ref }) => ({
      url: '/api/educate/timetable',
      query: { teacherId: String(ref.teacherId), termId: String(ref.termId), week: '1' },
    }),
    foreign: 'notFound',
  },
  'POST /api/educate/timetable/feeds': {
    build: ({ path }) => ({ url: '/api/educate/timetable/feeds', body: { kind: 'room', targetId: path.roomId } }),
    foreign: 'notFound',
  },
  'POST /api/user/calendar-feeds': {
    build: async ({ w, caller }) => {
      if (caller) await w.make.teacherOf(caller.userId);
      return { url: '/api/user/calendar-feeds', body: { kind: 'own' } };
    },
    foreign: 'noLeak',
  },
  'GET /api/user/calendar-feeds': { build: () => ({ url: '/api/user/calendar-feeds' }), foreign: 'noLeak' },
  'POST /api/user/calendar-feeds/:id/rotate': {
    build: async ({ w, caller }) => ({ url: `/api/user/calendar-feeds/${caller ? await w.make.feedOf(caller.userId) : 1}/rotate` }),
    foreign: 'noLeak',
  },
  'DELETE /api/user/calendar-feeds/:id': {
    build: async ({ w, caller }) => ({ url: `/api/user/calendar-feeds/${caller ? await w.make.feedOf(caller.userId) : 1}` }),
    foreign: 'noLeak',
  },
  'GET /api/educate/timetable.ics': {
    // A class's calendar: a foreign class is 404 like any foreign target (the JSON route asks by teacher).
    build: ({ ref }) => ({ url: '/api/educate/timetable.ics', query: { classId: String(ref.classId), termId: String(ref.termId) } }),
    foreign: 'notFound',
  },

  // ---- scheduled jobs and monitor (global)
  'GET /api/system/jobs': { build: () => ({ url: '/api/system/jobs' }), foreign: 'noLeak' },
  'GET /api/system/jobs/cron-preview': {
    build: () => ({ url: '/api/system/jobs/cron-preview', query: { cron: '0 8 * * 1-5', timezone: 'Asia/Shanghai' } }),
    foreign: 'noLeak',
  },
  'PUT /api/system/jobs/:id': {
    build: async ({ w }) => ({
      url: `/api/system/jobs/${await jobIdOf(w, 'job-history-purge')}`,
      body: { cron: '0 4 * * *', enabled: true },
    }),
    foreign: 'noLeak',
  },
  // The history purge deletes nothing in a fresh world: a harmless job to run.
  'POST /api/system/jobs/:id/run': {
    build: async ({ w }) => ({ url: `/api/system/jobs/${await jobIdOf(w, 'job-history-purge')}/run` }),
    foreign: 'noLeak',
  },
  'GET /api/system/jobs/:id/runs': {
    build: async ({ w }) => ({ url: `/api/system/jobs/${await jobIdOf(w, 'todo-scan')}/runs`, query: { ...list(), status: 'ok' } }),
    foreign: 'noLeak',
  },
  'GET /api/monitor/server': { build: () => ({ url: '/api/monitor/server' }), foreign: 'noLeak' },

  // ---- regions and profiles
  'GET /api/regions': { build: () => ({ url: '/api/regions', query: { parent: '330000' } }), foreign: 'noLeak' },
  'GET /api/regions/search': { build: () => ({ url: '/api/regions/search', query: { keyword: '西湖' } }), foreign: 'noLeak' },
  'GET /api/regions/paths': { build: () => ({ url: '/api/regions/paths', query: { codes: '330106,110105' } }), foreign: 'noLeak' },
  'GET /api/regions/:id': { build: () => ({ url: '/api/regions/330106' }), foreign: 'noLeak' },
  'GET /api/educate/students/:id/profile': {
    build: ({ path }) => ({ url: `/api/educate/students/${path.studentId}/profile` }),
    foreign: 'notFound',
  },
  'GET /api/educate/teachers/:id/profile': {
    build: ({ path }) => ({ url: `/api/educate/teachers/${path.teacherId}/profile` }),
    foreign: 'notFound',
  },
  'GET /api/educate/students/:id/history': {
    build: ({ path }) => ({ url: `/api/educate/students/${path.studentId}/history` }),
    foreign: 'notFound',
  },
  'GET /api/educate/teachers/:id/history': {
    build: ({ path }) => ({ url: `/api/educate/teachers/${path.teacherId}/history` }),
    foreign: 'notFound',
  },

  // ---- reports and dashboard
  'GET /api/report/summary': {
    build: ({ ref }) => ({ url: '/api/report/summary', query: { termId: String(ref.termId) } }),
    foreign: 'notFound',
  },
  'GET /api/report/summary/export': {
    build: ({ ref }) => ({ url: '/api/report/summary/export', query: { termId: String(ref.termId), format: 'csv' } }),
    foreign: 'notFound',
  },
  'GET /api/content-data': { build: () => ({ url: '/api/content-data' }), foreign: 'noLeak' },
  // Each ranking needs its own list perm: ask for the one the caller holds.
  'GET /api/popular/list': {
    build: ({ caller }) => ({
      url: '/api/popular/list',
      query: { type: caller?.perms.includes('educate:course:list') ? 'course' : 'teacher' },
    }),
    foreign: 'noLeak',
  },
  'GET /api/dashboard/overview': { build: () => ({ url: '/api/dashboard/overview' }), foreign: 'noLeak' },
  'GET /api/dashboard/today': { build: () => ({ url: '/api/dashboard/today' }), foreign: 'noLeak' },

  // ---- user center, second factor, online sessions
  ...ACCOUNT_REQUESTS,
  ...TIMETABLE_REQUESTS,
};
