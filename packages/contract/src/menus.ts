import { ALL_PERMS } from './perms.js';

/** Route meta of the spec (section 3), plus the icon the server menu carries. */
export interface RouteMeta {
  locale: string;
  icon?: string;
  order?: number;
  perms?: string[];
  requiresAuth?: boolean;
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
  activeMenu?: string;
  ignoreCache?: boolean;
}

export interface MenuNode {
  name: string;
  path: string;
  meta: RouteMeta;
  children?: MenuNode[];
}

/** Route names shared by the server's menus and the web router. */
export const RouteName = {
  login: 'login',
  notFound: 'notFound',
  redirect: 'Redirect',
  dashboard: 'Dashboard',
  workplace: 'Workplace',
  monitor: 'Monitor',
  educate: 'Educate',
  student: 'Student',
  studentProfile: 'StudentProfile',
  teacher: 'Teacher',
  teacherProfile: 'TeacherProfile',
  manager: 'Manager',
  course: 'Course',
  room: 'Room',
  term: 'Term',
  courseAdd: 'CourseAdd',
  courseEdit: 'CourseEdit',
  courseSchedule: 'CourseSchedule',
  timetable: 'Timetable',
  timetablePlan: 'TimetablePlan',
  timetablePlanEdit: 'TimetablePlanEdit',
  schoolClass: 'SchoolClass',
  classDetail: 'ClassDetail',
  schoolYear: 'SchoolYear',
  report: 'Report',
  summary: 'Summary',
  system: 'System',
  user: 'User',
  role: 'Role',
  roleUser: 'RoleUser',
  roleMenu: 'RoleMenu',
  rolePerm: 'RolePerm',
  menu: 'Menu',
  perm: 'Perm',
  dept: 'Dept',
  operLog: 'OperLog',
  resetPassword: 'ResetPassword',
  notice: 'Notice',
  job: 'Job',
  onlineUser: 'OnlineUser',
  /** The signed-in user's own page (profile, security): every signed-in user, in no menu. */
  userCenter: 'UserCenter',
} as const;

/** Where the user center lives; `?tab=security` opens its security tab. */
export const USER_CENTER_PATH = '/user/center';

export const DEFAULT_ROUTE_NAME = RouteName.workplace;
export const DEFAULT_ROUTE_PATH = '/dashboard/workplace';
/** Routes no permission check applies to (spec section 2). */
export const WHITE_LIST: readonly string[] = [RouteName.login, RouteName.notFound];

const auth = { requiresAuth: true } as const;

/**
 * The default menu tree: every route of the spec. Seeded into the database on an
 * empty start, served by GET /api/user/menuList, and used by the web client when
 * menu-from-server is off.
 */
export const DEFAULT_MENUS: readonly MenuNode[] = [
  {
    name: RouteName.dashboard,
    path: '/dashboard',
    meta: { ...auth, locale: 'menu.dashboard', icon: 'dashboard', order: 0 },
    children: [
      {
        name: RouteName.workplace,
        path: '/dashboard/workplace',
        meta: { ...auth, locale: 'menu.dashboard.workplace', perms: [ALL_PERMS] },
      },
      {
        name: RouteName.monitor,
        path: '/dashboard/monitor',
        meta: { ...auth, locale: 'menu.dashboard.monitor', perms: ['monitor:server:view'], order: 1 },
      },
    ],
  },
  {
    name: RouteName.educate,
    path: '/educate',
    meta: { ...auth, locale: 'menu.educate', icon: 'book', order: 1 },
    children: [
      {
        name: RouteName.student,
        path: '/educate/student',
        meta: { ...auth, locale: 'menu.educate.student', perms: ['educate:student:list'], order: 1 },
      },
      {
        name: RouteName.teacher,
        path: '/educate/teacher',
        meta: { ...auth, locale: 'menu.educate.teacher', perms: ['educate:teacher:list'], order: 2 },
      },
      {
        name: RouteName.manager,
        path: '/educate/manager',
        meta: { ...auth, locale: 'menu.educate.manager', perms: ['educate:manager:list'], order: 3 },
      },
      {
        name: RouteName.course,
        path: '/educate/course',
        meta: { ...auth, locale: 'menu.educate.course', perms: ['educate:course:list'], order: 4 },
      },
      {
        name: RouteName.room,
        path: '/educate/room',
        meta: { ...auth, locale: 'menu.educate.room', perms: ['educate:room:list'], order: 5 },
      },
      {
        name: RouteName.term,
        path: '/educate/term',
        meta: { ...auth, locale: 'menu.educate.term', perms: ['educate:term:list'], order: 6 },
      },
      {
        name: RouteName.timetable,
        path: '/educate/timetable',
        meta: { ...auth, locale: 'menu.educate.timetable', perms: ['educate:schedule:list'], order: 7 },
      },
      {
        name: RouteName.studentProfile,
        path: '/educate/student/:id',
        meta: {
          ...auth,
          locale: 'menu.educate.studentProfile',
          perms: ['educate:student:list'],
          hideInMenu: true,
          activeMenu: RouteName.student,
        },
      },
      {
        name: RouteName.teacherProfile,
        path: '/educate/teacher/:id',
        meta: {
          ...auth,
          locale: 'menu.educate.teacherProfile',
          perms: ['educate:teacher:list'],
          hideInMenu: true,
          activeMenu: RouteName.teacher,
        },
      },
      {
        name: RouteName.timetablePlan,
        path: '/educate/timetable-plan',
        meta: { ...auth, locale: 'menu.educate.timetablePlan', perms: ['educate:timetablePlan:list'], order: 9 },
      },
      {
        name: RouteName.timetablePlanEdit,
        path: '/educate/timetable-plan/:id',
        meta: {
          ...auth,
          locale: 'menu.educate.timetablePlanEdit',
          perms: ['educate:timetablePlan:list'],
          hideInMenu: true,
          activeMenu: RouteName.timetablePlan,
        },
      },
      {
        name: RouteName.schoolClass,
        path: '/educate/class',
        meta: { ...auth, locale: 'menu.educate.class', perms: ['educate:class:list'], order: 8 },
      },
      {
        name: RouteName.classDetail,
        path: '/educate/class/:id',
        meta: {
          ...auth,
          locale: 'menu.educate.classDetail',
          perms: ['educate:class:list'],
          hideInMenu: true,
          activeMenu: RouteName.schoolClass,
        },
      },
      {
        name: RouteName.schoolYear,
        path: '/educate/school-year',
        meta: {
          ...auth,
          locale: 'menu.educate.schoolYear',
          perms: ['educate:schoolYear:promote'],
          hideInMenu: true,
          activeMenu: RouteName.schoolClass,
          ignoreCache: true,
        },
      },
      {
        name: RouteName.courseAdd,
        path: '/educate/course/add',
        meta: {
          ...auth,
          locale: 'menu.educate.courseAdd',
          perms: ['educate:course:add'],
          hideInMenu: true,
          activeMenu: RouteName.course,
          ignoreCache: true,
        },
      },
      {
        name: RouteName.courseEdit,
        path: '/educate/course/:id/edit',
        meta: {
          ...auth,
          locale: 'menu.educate.courseEdit',
          perms: ['educate:course:edit'],
          hideInMenu: true,
          activeMenu: RouteName.course,
          ignoreCache: true,
        },
      },
      {
        name: RouteName.courseSchedule,
        path: '/educate/course/:id/schedule',
        meta: {
          ...auth,
          locale: 'menu.educate.courseSchedule',
          perms: ['educate:schedule:list'],
          hideInMenu: true,
          activeMenu: RouteName.course,
        },
      },
    ],
  },
  {
    name: RouteName.report,
    path: '/report',
    meta: { ...auth, locale: 'menu.report', icon: 'bar-chart', order: 1 },
    children: [
      {
        name: RouteName.summary,
        path: '/report/summary',
        meta: { ...auth, locale: 'menu.report.summary', perms: ['report:summary:list'] },
      },
    ],
  },
  {
    name: RouteName.system,
    path: '/system',
    meta: { ...auth, locale: 'menu.system', icon: 'settings', order: 1 },
    children: [
      { name: RouteName.user, path: '/system/user', meta: { ...auth, locale: 'menu.system.user', perms: ['system:user:list'], order: 1 } },
      { name: RouteName.role, path: '/system/role', meta: { ...auth, locale: 'menu.system.role', perms: ['system:role:list'], order: 2 } },
      {
        name: RouteName.roleUser,
        path: '/system/role/:id/user',
        meta: { ...auth, locale: 'menu.system.roleUser', perms: ['system:role:assign'], hideInMenu: true, activeMenu: RouteName.role },
      },
      {
        name: RouteName.roleMenu,
        path: '/system/role/:id/menu',
        meta: { ...auth, locale: 'menu.system.roleMenu', perms: ['system:role:assign'], hideInMenu: true, activeMenu: RouteName.role },
      },
      {
        name: RouteName.rolePerm,
        path: '/system/role/:id/perm',
        meta: { ...auth, locale: 'menu.system.rolePerm', perms: ['system:role:assign'], hideInMenu: true, activeMenu: RouteName.role },
      },
      { name: RouteName.menu, path: '/system/menu', meta: { ...auth, locale: 'menu.system.menu', perms: ['system:menu:list'], order: 3 } },
      { name: RouteName.perm, path: '/system/perm', meta: { ...auth, locale: 'menu.system.perm', perms: ['system:perm:list'], order: 4 } },
      { name: RouteName.dept, path: '/system/dept', meta: { ...auth, locale: 'menu.system.dept', perms: ['system:dept:list'], order: 5 } },
      {
        name: RouteName.operLog,
        path: '/system/operlog',
        meta: { ...auth, locale: 'menu.system.operLog', perms: ['system:operlog:list'], order: 6 },
      },
      {
        name: RouteName.resetPassword,
        path: '/system/reset-password',
        meta: { ...auth, locale: 'menu.system.resetPassword', perms: ['system:user:resetPwd'], order: 7, ignoreCache: true },
      },
      {
        name: RouteName.notice,
        path: '/system/notice',
        meta: { ...auth, locale: 'menu.system.notice', perms: ['system:notice:list'], order: 8 },
      },
      { name: RouteName.job, path: '/system/job', meta: { ...auth, locale: 'menu.system.job', perms: ['system:job:list'], order: 9 } },
      {
        name: RouteName.onlineUser,
        path: '/system/online',
        meta: { ...auth, locale: 'menu.system.onlineUser', perms: ['monitor:online:list'], order: 10 },
      },
    ],
  },
];
