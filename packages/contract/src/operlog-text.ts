import { z } from 'zod';
import type { Locale, Texts } from './constants.js';
import { FIELD_LABELS, VALUE_LABELS, type ValueLabelSet } from './field-labels.js';

// The operation log in words: what each route's (module, action) does, and a
// row's text rendered in the reader's language from what it stored — the
// record it touched, the fields it changed and counts. Rendered when read, so
// a row written in one language reads in the other.

/** The record an operation touched, as the log stores it. */
export const operlogTargetSchema = z.object({
  thing: z.string(),
  id: z.number().int().optional(),
  /** Every row of a change to several (bulk, delete several). */
  ids: z.array(z.number().int()).optional(),
  name: z.string().optional(),
  /** A number or code shown beside the name: DC2026001. */
  code: z.string().optional(),
  counts: z.record(z.string(), z.number()).optional(),
});
export type OperlogTarget = z.infer<typeof operlogTargetSchema>;

export const operlogChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type OperlogChange = z.infer<typeof operlogChangeSchema>;

/** What each module's records are called in a sentence. */
const MODULE_THINGS: Record<string, Texts> = {
  'dashboard:workplace': { 'zh-CN': '工作台', 'en-US': 'workplace' },
  'educate:student': { 'zh-CN': '学生', 'en-US': 'student' },
  'educate:teacher': { 'zh-CN': '教师', 'en-US': 'teacher' },
  'educate:manager': { 'zh-CN': '管理人员', 'en-US': 'manager' },
  'educate:room': { 'zh-CN': '教室', 'en-US': 'room' },
  'educate:term': { 'zh-CN': '学期', 'en-US': 'term' },
  'educate:course': { 'zh-CN': '课程', 'en-US': 'course' },
  'educate:schedule': { 'zh-CN': '课表条目', 'en-US': 'schedule entry' },
  'educate:grade': { 'zh-CN': '年级', 'en-US': 'grade' },
  'educate:class': { 'zh-CN': '班级', 'en-US': 'class' },
  'educate:schoolYear': { 'zh-CN': '学年', 'en-US': 'school year' },
  'educate:timetablePlan': { 'zh-CN': '排课方案', 'en-US': 'timetable plan' },
  'report:summary': { 'zh-CN': '汇总报表', 'en-US': 'summary report' },
  'system:user': { 'zh-CN': '用户', 'en-US': 'user' },
  'system:role': { 'zh-CN': '角色', 'en-US': 'role' },
  'system:menu': { 'zh-CN': '菜单', 'en-US': 'menu' },
  'system:perm': { 'zh-CN': '权限', 'en-US': 'permission' },
  'system:dept': { 'zh-CN': '部门', 'en-US': 'department' },
  'system:operlog': { 'zh-CN': '操作日志', 'en-US': 'operation log' },
  'system:loginlog': { 'zh-CN': '登录日志', 'en-US': 'login log' },
  'system:notice': { 'zh-CN': '通知公告', 'en-US': 'notice' },
  'system:job': { 'zh-CN': '定时任务', 'en-US': 'scheduled job' },
  'user:profile': { 'zh-CN': '个人资料', 'en-US': 'profile' },
  'monitor:online': { 'zh-CN': '在线用户', 'en-US': 'online user' },
  calendar: { 'zh-CN': '日历订阅', 'en-US': 'calendar feed' },
  'message:box': { 'zh-CN': '消息', 'en-US': 'messages' },
};

/** Verbs of the actions routes are logged under; {thing} is the module's record. */
const ACTION_TEXTS: Record<string, Texts> = {
  add: { 'zh-CN': '新增{thing}', 'en-US': 'Created {thing}' },
  edit: { 'zh-CN': '修改{thing}', 'en-US': 'Edited {thing}' },
  delete: { 'zh-CN': '删除{thing}', 'en-US': 'Deleted {thing}' },
  import: { 'zh-CN': '导入{thing}', 'en-US': 'Imported {thing}s' },
  export: { 'zh-CN': '导出{thing}', 'en-US': 'Exported {thing}s' },
  list: { 'zh-CN': '查看{thing}', 'en-US': 'Viewed {thing}' },
  publish: { 'zh-CN': '发布{thing}', 'en-US': 'Published {thing}' },
  enrol: { 'zh-CN': '{thing}选课', 'en-US': 'Enrolled students in {thing}' },
  drop: { 'zh-CN': '{thing}退课', 'en-US': 'Dropped students from {thing}' },
  resetPwd: { 'zh-CN': '重置{thing}密码', 'en-US': 'Reset the password of {thing}' },
  forceLogout: { 'zh-CN': '强制{thing}下线', 'en-US': 'Forced {thing} to sign out' },
  unlock: { 'zh-CN': '解锁{thing}', 'en-US': 'Unlocked {thing}' },
  status: { 'zh-CN': '修改{thing}状态', 'en-US': 'Changed the status of {thing}' },
  assign: { 'zh-CN': '分配{thing}', 'en-US': 'Assigned {thing}' },
  assignUsers: { 'zh-CN': '分配用户', 'en-US': 'Assigned users to {thing}' },
  assignMenus: { 'zh-CN': '分配菜单', 'en-US': 'Assigned menus to {thing}' },
  assignPerms: { 'zh-CN': '分配权限', 'en-US': 'Assigned permissions to {thing}' },
  bulk: { 'zh-CN': '批量修改{thing}', 'en-US': 'Bulk-edited {thing}s' },
  move: { 'zh-CN': '调入{thing}', 'en-US': 'Moved students into {thing}' },
  promote: { 'zh-CN': '学年升级', 'en-US': 'Promoted the school year' },
  undo: { 'zh-CN': '撤销学年升级', 'en-US': 'Undid a school-year promotion' },
  apply: { 'zh-CN': '应用{thing}', 'en-US': 'Applied {thing}' },
  run: { 'zh-CN': '立即执行{thing}', 'en-US': 'Ran {thing} now' },
};

/** Whole phrases for actions that are not a verb on a record. */
const PAIR_TEXTS: Record<string, Texts> = {
  'auth logout': { 'zh-CN': '退出登录', 'en-US': 'Signed out' },
  'auth switchRole': { 'zh-CN': '切换角色', 'en-US': 'Switched role' },
  'auth changePassword': { 'zh-CN': '修改密码', 'en-US': 'Changed password' },
  'calendar feedCreate': { 'zh-CN': '新建日历订阅', 'en-US': 'Created a calendar feed' },
  'calendar feedRotate': { 'zh-CN': '更换日历订阅地址', 'en-US': 'Renewed a calendar feed URL' },
  'calendar feedRevoke': { 'zh-CN': '撤销日历订阅', 'en-US': 'Revoked a calendar feed' },
  'message:box read': { 'zh-CN': '标记消息已读', 'en-US': 'Marked messages read' },
  'message:box readAll': { 'zh-CN': '全部标记已读', 'en-US': 'Marked all messages read' },
  'system:user resetMfa': { 'zh-CN': '重置用户两步验证', 'en-US': 'Reset the second factor of a user' },
  'user:profile avatar': { 'zh-CN': '更换头像', 'en-US': 'Changed avatar' },
  'user:session end': { 'zh-CN': '结束登录会话', 'en-US': 'Ended a session' },
  'user:session endOthers': { 'zh-CN': '结束其他登录会话', 'en-US': 'Ended the other sessions' },
  'user:mfa totpStart': { 'zh-CN': '开始绑定身份验证器', 'en-US': 'Started adding an authenticator app' },
  'user:mfa totpEnable': { 'zh-CN': '启用两步验证', 'en-US': 'Turned on two-step verification' },
  'user:mfa totpDisable': { 'zh-CN': '关闭两步验证', 'en-US': 'Turned off two-step verification' },
  'user:mfa recoveryRegenerate': { 'zh-CN': '重新生成恢复码', 'en-US': 'Made new recovery codes' },
  'auth recoveryCodeUsed': { 'zh-CN': '使用恢复码登录', 'en-US': 'Signed in with a recovery code' },
  'user:mfa passkeyAdd': { 'zh-CN': '添加通行密钥', 'en-US': 'Added a passkey' },
  'user:mfa passkeyRemove': { 'zh-CN': '删除通行密钥', 'en-US': 'Removed a passkey' },
  'monitor:online forceLogoutUser': { 'zh-CN': '强制用户全部会话下线', 'en-US': 'Signed a user out everywhere' },
};

/** The words of a route's (module, action), or null when the catalogue has none (a test walks every route). */
export function findOperlogWords(module: string, action: string): Texts | null {
  const pair = PAIR_TEXTS[`${module} ${action}`];
  if (pair) return pair;
  const verb = ACTION_TEXTS[action];
  const thing = MODULE_THINGS[module];
  if (!verb || (!thing && verb['zh-CN'].includes('{thing}'))) return null;
  const fill = (locale: Locale) => verb[locale].replace('{thing}', thing?.[locale] ?? '');
  return { 'zh-CN': fill('zh-CN'), 'en-US': fill('en-US') };
}

/** Field names in sentences, beyond the column names of FIELD_LABELS. */
const LOG_FIELD_LABELS: Record<string, Texts> = {
  name: { 'zh-CN': '名称', 'en-US': 'name' },
  code: { 'zh-CN': '编码', 'en-US': 'code' },
  capacity: { 'zh-CN': '容量', 'en-US': 'capacity' },
  status: { 'zh-CN': '状态', 'en-US': 'status' },
  termId: { 'zh-CN': '学期', 'en-US': 'term' },
  teacherId: { 'zh-CN': '教师', 'en-US': 'teacher' },
  credits: { 'zh-CN': '学分', 'en-US': 'credits' },
  hours: { 'zh-CN': '学时', 'en-US': 'hours' },
  description: { 'zh-CN': '简介', 'en-US': 'description' },
  academicYear: { 'zh-CN': '学年', 'en-US': 'school year' },
  startDate: { 'zh-CN': '开始日期', 'en-US': 'start date' },
  endDate: { 'zh-CN': '结束日期', 'en-US': 'end date' },
  isCurrent: { 'zh-CN': '当前学期', 'en-US': 'current term' },
  position: { 'zh-CN': '职务', 'en-US': 'position' },
  deptId: { 'zh-CN': '部门', 'en-US': 'department' },
  userId: { 'zh-CN': '关联用户', 'en-US': 'linked user' },
  gradeId: { 'zh-CN': '年级', 'en-US': 'grade' },
  classId: { 'zh-CN': '班级', 'en-US': 'class' },
  headTeacherId: { 'zh-CN': '班主任', 'en-US': 'head teacher' },
  roomId: { 'zh-CN': '教室', 'en-US': 'room' },
  schoolYear: { 'zh-CN': '学年', 'en-US': 'school year' },
  order: { 'zh-CN': '顺序', 'en-US': 'order' },
  weekday: { 'zh-CN': '星期', 'en-US': 'weekday' },
  startMin: { 'zh-CN': '开始时间', 'en-US': 'start' },
  endMin: { 'zh-CN': '结束时间', 'en-US': 'end' },
  weekStart: { 'zh-CN': '起始周', 'en-US': 'first week' },
  weekEnd: { 'zh-CN': '结束周', 'en-US': 'last week' },
  weekPattern: { 'zh-CN': '单双周', 'en-US': 'weeks' },
  username: { 'zh-CN': '用户名', 'en-US': 'username' },
  nickname: { 'zh-CN': '昵称', 'en-US': 'nickname' },
  sort: { 'zh-CN': '排序', 'en-US': 'order' },
  remark: { 'zh-CN': '备注', 'en-US': 'remark' },
  dataScope: { 'zh-CN': '数据范围', 'en-US': 'data scope' },
  leader: { 'zh-CN': '负责人', 'en-US': 'leader' },
  parentId: { 'zh-CN': '上级', 'en-US': 'parent' },
  path: { 'zh-CN': '路径', 'en-US': 'path' },
  title: { 'zh-CN': '标题', 'en-US': 'title' },
};

/** Which value labels a field's codes read with, per module. */
function valueSetOf(module: string, field: string): ValueLabelSet | null {
  if (field === 'gender') return 'gender';
  if (field !== 'status') return null;
  if (module === 'educate:student') return 'studentStatus';
  if (module === 'educate:teacher' || module === 'educate:manager') return 'staffStatus';
  return null;
}

const COUNT_LABELS: Record<string, Texts> = {
  rows: { 'zh-CN': '共 {n} 条', 'en-US': '{n} rows' },
  created: { 'zh-CN': '新增 {n}', 'en-US': '{n} created' },
  updated: { 'zh-CN': '更新 {n}', 'en-US': '{n} updated' },
  rejected: { 'zh-CN': '拒绝 {n}', 'en-US': '{n} refused' },
  students: { 'zh-CN': '{n} 名学生', 'en-US': '{n} students' },
  classes: { 'zh-CN': '{n} 个班级升级', 'en-US': '{n} classes moved up' },
  graduated: { 'zh-CN': '{n} 名学生毕业', 'en-US': '{n} students graduated' },
};

function fieldLabel(module: string, field: string, locale: Locale): string {
  const thing = module.split(':')[1] ?? '';
  const own = (FIELD_LABELS as Record<string, Record<string, Texts>>)[thing]?.[field];
  return (own ?? LOG_FIELD_LABELS[field])?.[locale] ?? field;
}

function valueText(module: string, field: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return locale === 'zh-CN' ? '（空）' : '(empty)';
  const set = valueSetOf(module, field);
  if (set && typeof value === 'string') {
    const labels = VALUE_LABELS[set] as Record<string, Texts>;
    return labels[value]?.[locale] ?? value;
  }
  if (typeof value === 'boolean') return locale === 'zh-CN' ? (value ? '是' : '否') : value ? 'yes' : 'no';
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** "容量 30 → 40"; a change with no before (a bulk set) reads "状态 → 休学". */
export function describeChange(module: string, change: OperlogChange, locale: Locale): string {
  const label = fieldLabel(module, change.field, locale);
  const after = valueText(module, change.field, change.after, locale);
  if (change.before === undefined) return `${label} → ${after}`;
  return `${label} ${valueText(module, change.field, change.before, locale)} → ${after}`;
}

export interface OperlogWordsRow {
  module: string;
  action: string;
  target?: OperlogTarget | null | undefined;
  changes?: OperlogChange[] | null | undefined;
}

/**
 * The row in words: "新增学生 司马长风（DC2026001）", "修改课程 书法：容量 30 → 40",
 * "Imported students: 3 created, 1 refused". Unknown (module, action) pairs —
 * rows of a release that is gone — read as their codes.
 */
export function describeOperation(row: OperlogWordsRow, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const words = findOperlogWords(row.module, row.action)?.[locale] ?? `${row.module} ${row.action}`;
  const t = row.target ?? undefined;
  let text = words;
  if (t?.name) text += ` ${t.name}${t.code ? (zh ? `（${t.code}）` : ` (${t.code})`) : ''}`;
  else if (t?.id !== undefined) text += ` #${t.id}`;
  const details: string[] = [];
  for (const c of row.changes ?? []) details.push(describeChange(row.module, c, locale));
  for (const [key, n] of Object.entries(t?.counts ?? {})) {
    const label = COUNT_LABELS[key];
    if (label) details.push(label[locale].replace('{n}', String(n)));
  }
  if (details.length) text += `${zh ? '：' : ': '}${details.join(zh ? '；' : '; ')}`;
  return text;
}

/** The console page of a record the log names, when it has one. */
export function findRecordLink(target: OperlogTarget | null | undefined): string | null {
  if (!target) return null;
  const q = (v: string | undefined) => (v ? `?keyword=${encodeURIComponent(v)}` : '');
  switch (target.thing) {
    case 'student':
    case 'teacher':
    case 'manager':
      return `/educate/${target.thing}${q(target.code ?? target.name)}`;
    case 'room':
    case 'term':
      return `/educate/${target.thing}${q(target.code ?? target.name)}`;
    case 'course':
      return target.id ? `/educate/course/${target.id}/edit` : null;
    case 'class':
      return target.id ? `/educate/class/${target.id}` : null;
    case 'grade':
    case 'promotion':
      return '/educate/class';
    case 'user':
      return `/system/user${q(target.code ?? target.name)}`;
    case 'role':
      return `/system/role${q(target.code ?? target.name)}`;
    default:
      return null;
  }
}
