import type { Locale } from './constants.js';

/** Everything: held by the built-in admin role. */
export const ALL_PERMS = '*';

type Label = Record<Locale, string>;

interface ThingSpec {
  area: string;
  /** The group the role-perm page shows it in, when not its area: the menu area its page lives in. */
  module?: string;
  thing: string;
  label: Label;
  actions: readonly string[];
}

const ACTION_LABELS: Record<string, Label> = {
  list: { 'zh-CN': '查看', 'en-US': 'View' },
  add: { 'zh-CN': '新增', 'en-US': 'Create' },
  edit: { 'zh-CN': '修改', 'en-US': 'Edit' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
  import: { 'zh-CN': '导入', 'en-US': 'Import' },
  export: { 'zh-CN': '导出', 'en-US': 'Export' },
  enrol: { 'zh-CN': '选课管理', 'en-US': 'Manage enrolment' },
  resetPwd: { 'zh-CN': '重置密码', 'en-US': 'Reset password' },
  forceLogout: { 'zh-CN': '强制下线', 'en-US': 'Force sign-out' },
  unlock: { 'zh-CN': '解除锁定', 'en-US': 'Unlock' },
  assign: { 'zh-CN': '分配', 'en-US': 'Assign' },
  publish: { 'zh-CN': '发布', 'en-US': 'Publish' },
  view: { 'zh-CN': '查看', 'en-US': 'View' },
  run: { 'zh-CN': '立即执行', 'en-US': 'Run now' },
  resetMfa: { 'zh-CN': '重置两步验证', 'en-US': 'Reset second factor' },
  apply: { 'zh-CN': '应用', 'en-US': 'Apply' },
  promote: { 'zh-CN': '升级', 'en-US': 'Promote' },
};

const CRUD = ['list', 'add', 'edit', 'delete'] as const;

const THINGS = [
  { area: 'dashboard', thing: 'workplace', label: { 'zh-CN': '工作台', 'en-US': 'Workplace' }, actions: ['list'] },
  { area: 'educate', thing: 'student', label: { 'zh-CN': '学生', 'en-US': 'Students' }, actions: [...CRUD, 'import', 'export'] },
  { area: 'educate', thing: 'teacher', label: { 'zh-CN': '教师', 'en-US': 'Teachers' }, actions: [...CRUD, 'import', 'export'] },
  { area: 'educate', thing: 'manager', label: { 'zh-CN': '管理人员', 'en-US': 'Managers' }, actions: [...CRUD, 'import', 'export'] },
  { area: 'educate', thing: 'room', label: { 'zh-CN': '教室', 'en-US': 'Rooms' }, actions: CRUD },
  { area: 'educate', thing: 'term', label: { 'zh-CN': '学期', 'en-US': 'Terms' }, actions: CRUD },
  { area: 'educate', thing: 'course', label: { 'zh-CN': '课程', 'en-US': 'Courses' }, actions: [...CRUD, 'enrol', 'export'] },
  { area: 'educate', thing: 'schedule', label: { 'zh-CN': '课表', 'en-US': 'Schedules' }, actions: CRUD },
  {
    area: 'educate',
    thing: 'timetablePlan',
    label: { 'zh-CN': '排课方案', 'en-US': 'Timetable plans' },
    actions: [...CRUD, 'import', 'export', 'apply'],
  },
  { area: 'educate', thing: 'grade', label: { 'zh-CN': '年级', 'en-US': 'Grades' }, actions: CRUD },
  { area: 'educate', thing: 'class', label: { 'zh-CN': '班级', 'en-US': 'Classes' }, actions: CRUD },
  { area: 'educate', thing: 'schoolYear', label: { 'zh-CN': '学年', 'en-US': 'School year' }, actions: ['promote'] },
  { area: 'report', thing: 'summary', label: { 'zh-CN': '汇总报表', 'en-US': 'Summary report' }, actions: ['list', 'export'] },
  {
    area: 'system',
    thing: 'user',
    label: { 'zh-CN': '用户', 'en-US': 'Users' },
    actions: [...CRUD, 'resetPwd', 'forceLogout', 'export', 'resetMfa'],
  },
  { area: 'system', thing: 'role', label: { 'zh-CN': '角色', 'en-US': 'Roles' }, actions: [...CRUD, 'assign'] },
  { area: 'system', thing: 'menu', label: { 'zh-CN': '菜单', 'en-US': 'Menus' }, actions: CRUD },
  { area: 'system', thing: 'perm', label: { 'zh-CN': '权限', 'en-US': 'Permissions' }, actions: CRUD },
  { area: 'system', thing: 'dept', label: { 'zh-CN': '部门', 'en-US': 'Departments' }, actions: CRUD },
  { area: 'system', thing: 'operlog', label: { 'zh-CN': '操作日志', 'en-US': 'Operation log' }, actions: ['list', 'export'] },
  { area: 'system', thing: 'loginlog', label: { 'zh-CN': '登录日志', 'en-US': 'Login log' }, actions: ['list', 'unlock'] },
  { area: 'system', thing: 'notice', label: { 'zh-CN': '通知公告', 'en-US': 'Notices' }, actions: ['list', 'publish', 'edit', 'delete'] },
  { area: 'system', thing: 'job', label: { 'zh-CN': '定时任务', 'en-US': 'Scheduled tasks' }, actions: ['list', 'edit', 'run'] },
  { area: 'monitor', module: 'dashboard', thing: 'server', label: { 'zh-CN': '服务监控', 'en-US': 'Server monitor' }, actions: ['view'] },
  {
    area: 'monitor',
    module: 'system',
    thing: 'online',
    label: { 'zh-CN': '在线用户', 'en-US': 'Online users' },
    actions: ['list', 'forceLogout'],
  },
] as const satisfies readonly ThingSpec[];

type CodesOf<T> = T extends { area: infer A extends string; thing: infer B extends string; actions: readonly (infer C extends string)[] }
  ? `${A}:${B}:${C}`
  : never;

/** A code of the catalogue: `area:thing:action` of THINGS, or `*`. A code outside it does not compile. */
export type PermCode = typeof ALL_PERMS | CodesOf<(typeof THINGS)[number]>;

export interface PermDef {
  code: PermCode;
  module: string;
  name: Label;
}

function buildCatalogue(): PermDef[] {
  const out: PermDef[] = [{ code: ALL_PERMS, module: 'system', name: { 'zh-CN': '全部权限', 'en-US': 'All permissions' } }];
  for (const t of THINGS) {
    for (const action of t.actions as readonly string[]) {
      const a = ACTION_LABELS[action];
      if (!a) throw new Error(`perm action without a label: ${action}`);
      out.push({
        code: `${t.area}:${t.thing}:${action}` as PermCode,
        module: 'module' in t ? t.module : t.area,
        name: {
          'zh-CN': `${t.label['zh-CN']}${a['zh-CN']}`,
          'en-US': `${a['en-US']} ${t.label['en-US'].toLowerCase()}`,
        },
      });
    }
  }
  return out;
}

/** The permission catalogue seeded on an empty database and served by GET /api/system/perms. */
export const PERMISSIONS: readonly PermDef[] = buildCatalogue();

/** `area:thing:action`, lower camel words. */
export const PERM_CODE_PATTERN = /^[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*:[a-z][a-zA-Z0-9]*$/;

/**
 * Every code of the catalogue by name, so routes and the web name them without
 * typos: `requirePerm` and the web's `Permission` take only `PermCode`s.
 */
export const Perm = {
  workplace: 'dashboard:workplace:list',
  studentList: 'educate:student:list',
  studentAdd: 'educate:student:add',
  studentEdit: 'educate:student:edit',
  studentDelete: 'educate:student:delete',
  studentImport: 'educate:student:import',
  studentExport: 'educate:student:export',
  teacherList: 'educate:teacher:list',
  teacherAdd: 'educate:teacher:add',
  teacherEdit: 'educate:teacher:edit',
  teacherDelete: 'educate:teacher:delete',
  teacherImport: 'educate:teacher:import',
  teacherExport: 'educate:teacher:export',
  managerList: 'educate:manager:list',
  managerAdd: 'educate:manager:add',
  managerEdit: 'educate:manager:edit',
  managerDelete: 'educate:manager:delete',
  managerImport: 'educate:manager:import',
  managerExport: 'educate:manager:export',
  roomList: 'educate:room:list',
  roomAdd: 'educate:room:add',
  roomEdit: 'educate:room:edit',
  roomDelete: 'educate:room:delete',
  termList: 'educate:term:list',
  termAdd: 'educate:term:add',
  termEdit: 'educate:term:edit',
  termDelete: 'educate:term:delete',
  courseList: 'educate:course:list',
  courseAdd: 'educate:course:add',
  courseEdit: 'educate:course:edit',
  courseDelete: 'educate:course:delete',
  courseEnrol: 'educate:course:enrol',
  courseExport: 'educate:course:export',
  scheduleList: 'educate:schedule:list',
  scheduleAdd: 'educate:schedule:add',
  scheduleEdit: 'educate:schedule:edit',
  scheduleDelete: 'educate:schedule:delete',
  timetablePlanList: 'educate:timetablePlan:list',
  timetablePlanAdd: 'educate:timetablePlan:add',
  timetablePlanEdit: 'educate:timetablePlan:edit',
  timetablePlanDelete: 'educate:timetablePlan:delete',
  timetablePlanImport: 'educate:timetablePlan:import',
  timetablePlanExport: 'educate:timetablePlan:export',
  timetablePlanApply: 'educate:timetablePlan:apply',
  gradeList: 'educate:grade:list',
  gradeAdd: 'educate:grade:add',
  gradeEdit: 'educate:grade:edit',
  gradeDelete: 'educate:grade:delete',
  classList: 'educate:class:list',
  classAdd: 'educate:class:add',
  classEdit: 'educate:class:edit',
  classDelete: 'educate:class:delete',
  schoolYearPromote: 'educate:schoolYear:promote',
  summaryList: 'report:summary:list',
  summaryExport: 'report:summary:export',
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userDelete: 'system:user:delete',
  userResetPwd: 'system:user:resetPwd',
  userForceLogout: 'system:user:forceLogout',
  userExport: 'system:user:export',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleAssign: 'system:role:assign',
  menuList: 'system:menu:list',
  menuAdd: 'system:menu:add',
  menuEdit: 'system:menu:edit',
  menuDelete: 'system:menu:delete',
  permList: 'system:perm:list',
  permAdd: 'system:perm:add',
  permEdit: 'system:perm:edit',
  permDelete: 'system:perm:delete',
  deptList: 'system:dept:list',
  deptAdd: 'system:dept:add',
  deptEdit: 'system:dept:edit',
  deptDelete: 'system:dept:delete',
  operlogList: 'system:operlog:list',
  operlogExport: 'system:operlog:export',
  loginlogList: 'system:loginlog:list',
  loginlogUnlock: 'system:loginlog:unlock',
  noticeList: 'system:notice:list',
  noticePublish: 'system:notice:publish',
  noticeEdit: 'system:notice:edit',
  noticeDelete: 'system:notice:delete',
  jobList: 'system:job:list',
  jobEdit: 'system:job:edit',
  jobRun: 'system:job:run',
  monitorServer: 'monitor:server:view',
  userResetMfa: 'system:user:resetMfa',
  onlineList: 'monitor:online:list',
  onlineForceLogout: 'monitor:online:forceLogout',
} as const satisfies Record<string, PermCode>;

/** Compiles only while `Perm` names every code of the catalogue but `*`. */
type Unnamed = Exclude<PermCode, typeof ALL_PERMS | (typeof Perm)[keyof typeof Perm]>;
export const PERM_NAMES_EVERY_CODE: [Unnamed] extends [never] ? true : Unnamed = true;

/**
 * The spec's access rule: no perms means allowed, `*` on either side allows,
 * otherwise the two lists must overlap.
 */
export function hasAnyPerm(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (required.includes(ALL_PERMS) || held.includes(ALL_PERMS)) return true;
  return required.some((p) => held.includes(p));
}
