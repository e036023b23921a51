import type { Locale, Texts } from './constants.js';
import { CLASS_MESSAGES } from './messages-classes.js';
import { FILE_MESSAGES } from './messages-files.js';
import { ACCOUNT_MESSAGES } from './messages-account.js';
import { REPORT_MESSAGES } from './messages-report.js';
import { SCHEDULE_MESSAGES } from './messages-schedule.js';
import { SYSTEM_MESSAGES } from './messages-system.js';
import { OPS_MESSAGES } from './messages-ops.js';
import { TIMETABLE_MESSAGES } from './messages-timetable.js';

/**
 * Every message the server puts in `msg`, in both locales. Keys are stable; the
 * text may use {name} placeholders.
 */
const BASE_MESSAGES = {
  ok: { 'zh-CN': '操作成功', 'en-US': 'Success' },
  'auth.badCredentials': { 'zh-CN': '用户名或密码错误', 'en-US': 'Incorrect username or password' },
  'auth.locked': {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-in attempts, try again in {minutes} minute(s)',
  },
  'auth.ipLimited': {
    'zh-CN': '此地址的登录尝试过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many sign-in attempts from this address, try again in {minutes} minute(s)',
  },
  'auth.disabled': { 'zh-CN': '账号已停用，请联系管理员', 'en-US': 'This account is disabled, contact your administrator' },
  'auth.noCampus': { 'zh-CN': '账号未分配任何校区，请联系管理员', 'en-US': 'This account has no campus, contact your administrator' },
  'auth.noToken': { 'zh-CN': '未登录或登录已超时', 'en-US': 'Not signed in, or the session timed out' },
  'auth.tokenInvalid': { 'zh-CN': '登录凭证无效，请重新登录', 'en-US': 'The session token is not valid, sign in again' },
  'auth.sessionEnded': { 'zh-CN': '会话已被终止，请重新登录', 'en-US': 'Your session was ended, sign in again' },
  'auth.sessionExpired': { 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Your session expired, sign in again' },
  'auth.mustChangePassword': {
    'zh-CN': '请先修改密码后再继续操作',
    'en-US': 'Change your password before you continue',
  },
  'auth.loggedOut': { 'zh-CN': '已退出登录', 'en-US': 'Signed out' },
  'auth.loggedIn': { 'zh-CN': '登录成功', 'en-US': 'Signed in' },
  'auth.passwordChanged': {
    'zh-CN': '密码已修改，其他设备上的登录已退出',
    'en-US': 'Password changed; your other sessions were signed out',
  },
  'auth.roleNotHeld': { 'zh-CN': '{field}：不是你拥有的有效角色', 'en-US': '{field}: is not one of your active roles' },
  'auth.roleSwitched': { 'zh-CN': '角色已切换', 'en-US': 'Role switched' },
  'auth.oldPasswordWrong': { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is incorrect' },
  'password.undecryptable': {
    'zh-CN': '{field}：无法解密，请刷新页面后重试',
    'en-US': '{field}: could not be decrypted, refresh the page and try again',
  },
  'password.tooShort': { 'zh-CN': '{field}：至少 {min} 个字符', 'en-US': '{field}: must be at least {min} characters' },
  'password.tooLong': { 'zh-CN': '{field}：最多 {max} 个字符', 'en-US': '{field}: must be at most {max} characters' },
  'password.common': {
    'zh-CN': '{field}：该密码过于常见，请换一个',
    'en-US': '{field}: this password is too common, choose another',
  },
  'password.sameAsOld': { 'zh-CN': '{field}：新密码不能与当前密码相同', 'en-US': '{field}: must differ from the current password' },
  'access.forbidden': { 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  'access.campusForbidden': { 'zh-CN': '无权访问该校区', 'en-US': 'You do not have access to this campus' },
  'access.campusMissing': {
    'zh-CN': 'X-Access-Camid：请求头缺失或不是正整数',
    'en-US': 'X-Access-Camid: the header is missing or not a positive integer',
  },
  'http.notFound': { 'zh-CN': '请求地址不存在：{method} {url}', 'en-US': 'No such address: {method} {url}' },
  'http.tooLarge': { 'zh-CN': '请求体过大（上限 {limit}）', 'en-US': 'The request body is too large (limit {limit})' },
  'http.tooMany': { 'zh-CN': '请求过于频繁，请稍后再试', 'en-US': 'Too many requests, try again later' },
  'http.internal': { 'zh-CN': '服务器内部错误，请联系管理员', 'en-US': 'Internal server error, contact your administrator' },
  'http.unavailable': { 'zh-CN': '服务暂时不可用，请稍后再试', 'en-US': 'The service is unavailable, try again later' },
  'http.badJson': { 'zh-CN': '请求体不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  'http.badContentType': { 'zh-CN': '不支持的请求内容类型', 'en-US': 'Unsupported content type' },
  'http.badRequest': { 'zh-CN': '请求参数错误', 'en-US': 'The request is not valid' },
  'data.notFound': { 'zh-CN': '{thing}不存在', 'en-US': '{thing} not found' },
  'data.duplicate': { 'zh-CN': '{field}：“{value}”已存在', 'en-US': '{field}: "{value}" already exists' },
  'data.conflict': { 'zh-CN': '数据冲突：{detail}', 'en-US': 'Conflict: {detail}' },
  'rule.required': { 'zh-CN': '{field}：不能为空', 'en-US': '{field}: is required' },
  'rule.type': { 'zh-CN': '{field}：应为{expected}', 'en-US': '{field}: must be {expected}' },
  'rule.minLength': { 'zh-CN': '{field}：至少 {min} 个字符', 'en-US': '{field}: must be at least {min} characters' },
  'rule.maxLength': { 'zh-CN': '{field}：最多 {max} 个字符', 'en-US': '{field}: must be at most {max} characters' },
  'rule.min': { 'zh-CN': '{field}：不能小于 {min}', 'en-US': '{field}: must be at least {min}' },
  'rule.minExclusive': { 'zh-CN': '{field}：必须大于 {min}', 'en-US': '{field}: must be greater than {min}' },
  'rule.max': { 'zh-CN': '{field}：不能大于 {max}', 'en-US': '{field}: must be at most {max}' },
  'rule.maxExclusive': { 'zh-CN': '{field}：必须小于 {max}', 'en-US': '{field}: must be less than {max}' },
  'rule.minItems': { 'zh-CN': '{field}：至少 {min} 项', 'en-US': '{field}: must have at least {min} item(s)' },
  'rule.maxItems': { 'zh-CN': '{field}：最多 {max} 项', 'en-US': '{field}: must have at most {max} item(s)' },
  'rule.noMatchingKind': { 'zh-CN': '{field}：不是可接受的类型之一', 'en-US': '{field}: not one of the accepted kinds' },
  'rule.oneOf': { 'zh-CN': '{field}：必须是 {values} 之一', 'en-US': '{field}: must be one of {values}' },
  'rule.format': { 'zh-CN': '{field}：格式不正确（{format}）', 'en-US': '{field}: is not a valid {format}' },
  'rule.unknownFields': { 'zh-CN': '不允许的字段：{keys}', 'en-US': 'Unknown field(s): {keys}' },
  'rule.integer': { 'zh-CN': '{field}：必须是整数', 'en-US': '{field}: must be an integer' },
  'rule.invalid': { 'zh-CN': '{field}：无效', 'en-US': '{field}: is not valid' },
  'rule.noNullBytes': { 'zh-CN': '{field}：不能包含空字符', 'en-US': '{field}: must not contain null characters' },
  'rule.termDates': { 'zh-CN': '{field}：结束日期不能早于开始日期', 'en-US': '{field}: must not be before startDate' },
  'data.inUse': { 'zh-CN': '{thing}正在被使用：{refs}', 'en-US': '{thing} is in use: {refs}' },
  'data.termOverlap': {
    'zh-CN': '{field}：与学期“{other}”（{from} 至 {to}）时间重叠',
    'en-US': '{field}: overlaps the term "{other}" ({from} to {to})',
  },
  'data.capacityFull': {
    'zh-CN': '课程容量已满：容量 {capacity}，已选 {enrolled}，本次 {adding}',
    'en-US': 'The course is full: capacity {capacity}, enrolled {enrolled}, adding {adding}',
  },
  'data.capacityBelowEnrolled': {
    'zh-CN': 'capacity：不能小于已选人数 {enrolled}',
    'en-US': 'capacity: must not be below the {enrolled} students enrolled',
  },
  'data.alreadyEnrolled': { 'zh-CN': 'studentIds：学生已选该课程：{names}', 'en-US': 'studentIds: already enrolled: {names}' },
  'data.missingRefs': { 'zh-CN': '{field}：在当前校区不存在：{ids}', 'en-US': '{field}: not found in this campus: {ids}' },
  'import.badFile': {
    'zh-CN': 'file：无法读取，请上传 CSV 或 XLSX 文件',
    'en-US': 'file: cannot be read; upload a CSV or XLSX file',
  },
  /** The template's file name: not the export's, so a downloaded template is not taken for data. */
  'import.templateName': { 'zh-CN': '{name}导入模板', 'en-US': '{name}-import-template' },
  'import.noFile': { 'zh-CN': 'file：请选择要导入的文件', 'en-US': 'file: choose a file to import' },
  'import.unknownColumns': { 'zh-CN': 'file：无法识别的列：{columns}', 'en-US': 'file: unknown column(s): {columns}' },
  'import.missingColumns': { 'zh-CN': 'file：缺少必需的列：{columns}', 'en-US': 'file: required column(s) missing: {columns}' },
  'import.tooManyRows': { 'zh-CN': 'file：一次最多导入 {max} 行', 'en-US': 'file: at most {max} rows per import' },
  'import.duplicateInFile': { 'zh-CN': '{field}：与第 {row} 行重复', 'en-US': '{field}: repeats row {row}' },
  'import.hasErrors': {
    'zh-CN': '有 {count} 处错误，未导入任何数据，请修正后重试',
    'en-US': '{count} error(s) found; nothing was imported. Fix them and try again',
  },
  'rule.dateNotFuture': { 'zh-CN': '{field}：不能晚于今天', 'en-US': '{field}: must not be in the future' },
  'rule.enrolBeforeBirth': { 'zh-CN': '{field}：不能早于出生日期', 'en-US': '{field}: must not be before the birth date' },
} as const satisfies Record<string, Texts>;

/** Every server message; areas keep theirs in messages-<area>.ts. */
export const SERVER_MESSAGES = {
  ...BASE_MESSAGES,
  ...SYSTEM_MESSAGES,
  ...SCHEDULE_MESSAGES,
  ...REPORT_MESSAGES,
  ...FILE_MESSAGES,
  ...OPS_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...TIMETABLE_MESSAGES,
  ...CLASS_MESSAGES,
} as const;

export type MessageKey = keyof typeof SERVER_MESSAGES;

/** Names of things that messages mention ({thing}), in both locales. */
export const THING_LABELS = {
  campus: { 'zh-CN': '校区', 'en-US': 'Campus' },
  student: { 'zh-CN': '学生', 'en-US': 'Student' },
  teacher: { 'zh-CN': '教师', 'en-US': 'Teacher' },
  manager: { 'zh-CN': '管理人员', 'en-US': 'Manager' },
  room: { 'zh-CN': '教室', 'en-US': 'Room' },
  term: { 'zh-CN': '学期', 'en-US': 'Term' },
  course: { 'zh-CN': '课程', 'en-US': 'Course' },
  enrolment: { 'zh-CN': '选课记录', 'en-US': 'Enrolment' },
  schedule: { 'zh-CN': '课表条目', 'en-US': 'Schedule entry' },
  user: { 'zh-CN': '用户', 'en-US': 'User' },
  message: { 'zh-CN': '消息', 'en-US': 'Message' },
  notice: { 'zh-CN': '通知', 'en-US': 'Notice' },
  dept: { 'zh-CN': '部门', 'en-US': 'Department' },
  calendarFeed: { 'zh-CN': '日历订阅', 'en-US': 'Calendar feed' },
  job: { 'zh-CN': '定时任务', 'en-US': 'Scheduled job' },
  region: { 'zh-CN': '行政区划', 'en-US': 'Region' },
  session: { 'zh-CN': '会话', 'en-US': 'Session' },
  passkey: { 'zh-CN': '通行密钥', 'en-US': 'Passkey' },
  timetablePlan: { 'zh-CN': '排课方案', 'en-US': 'Timetable plan' },
  timetableRun: { 'zh-CN': '生成任务', 'en-US': 'Generation run' },
  timetableActivity: { 'zh-CN': '排课活动', 'en-US': 'Plan activity' },
  timetableConstraint: { 'zh-CN': '排课约束', 'en-US': 'Plan constraint' },
  grade: { 'zh-CN': '年级', 'en-US': 'Grade' },
  class: { 'zh-CN': '班级', 'en-US': 'Class' },
  promotion: { 'zh-CN': '学年升级', 'en-US': 'Promotion' },
} as const satisfies Record<string, Texts>;

export type ThingKey = keyof typeof THING_LABELS;

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(SERVER_MESSAGES, key);
}

export function formatMessage(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const text = SERVER_MESSAGES[key][locale];
  const thing = params.thing;
  if (typeof thing === 'string' && Object.hasOwn(THING_LABELS, thing)) {
    params = { ...params, thing: THING_LABELS[thing as ThingKey][locale] };
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

/** Renders a stored text key (message box rows); a key no longer known renders as itself, so an old row never breaks a list. */
export function formatStoredText(locale: Locale, key: string, params: MessageParams = {}): string {
  return isMessageKey(key) ? formatMessage(locale, key, params) : key;
}

/** Picks zh-CN unless the caller prefers English (Accept-Language). */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'zh-CN';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}
