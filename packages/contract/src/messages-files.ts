import type { Texts } from './constants.js';

/**
 * Texts of imports, exports and calendar feeds: what a file was found to be,
 * per-row rules that read spreadsheet values, and the feed's own words.
 */
export const FILE_MESSAGES = {
  'http.methodNotAllowed': {
    'zh-CN': '{url} 不支持 {method} 请求，可用：{allow}',
    'en-US': '{url} does not take {method}; allowed: {allow}',
  },
  'rule.phone': {
    'zh-CN': '{field}：不是有效的电话号码（手机号如 13800138000，固话如 010-62345678，可带 +86）',
    'en-US': '{field}: is not a valid phone number (a mobile such as 13800138000 or a landline such as 010-62345678, +86 allowed)',
  },
  'import.encodingUnknown': {
    'zh-CN': 'file：无法识别文件编码（检测结果：{found}），未导入任何数据。请在 Excel 中“另存为”“CSV UTF-8（逗号分隔）”或 XLSX 后重试',
    'en-US':
      'file: the text encoding could not be read (detected: {found}); nothing was imported. Save it from Excel as "CSV UTF-8 (Comma delimited)" or as XLSX and try again',
  },
  'import.encodingBroken': {
    'zh-CN': 'file：文件按 {found} 编码读取时第 {row} 行有无法解码的字符，未导入任何数据。请确认文件编码，另存为“CSV UTF-8”或 XLSX 后重试',
    'en-US':
      'file: read as {found}, row {row} holds bytes that do not decode; nothing was imported. Check the encoding, save as "CSV UTF-8" or XLSX and try again',
  },
  'import.replacementChar': {
    'zh-CN': '{field}：含有乱码字符“\uFFFD”（文件在此前的转换中已损坏），请修正原始数据',
    'en-US': '{field}: holds the replacement character "\uFFFD" (the text was damaged by an earlier conversion); fix the source data',
  },
  'import.badDate': {
    'zh-CN': '{field}：不是有效日期（可写作 2010-05-06、2010/5/6、2010.5.6、20100506 或 Excel 日期）',
    'en-US': '{field}: is not a valid date (write 2010-05-06, 2010/5/6, 2010.5.6, 20100506 or use an Excel date)',
  },
  'import.notOneOf': { 'zh-CN': '{field}：必须是 {values} 之一', 'en-US': '{field}: must be one of {values}' },
  'feed.notFound': {
    'zh-CN': '该日历订阅地址无效或已被撤销',
    'en-US': 'This calendar feed address is not valid or was revoked',
  },
  'feed.refused': {
    'zh-CN': '该日历订阅已停止：账号已停用或不再有查看此课表的权限',
    'en-US': 'This calendar feed stopped: the account is disabled or may no longer read this timetable',
  },
  'feed.noTeacher': {
    'zh-CN': '当前账号没有关联任何教师档案，无法订阅“我的课表”',
    'en-US': 'Your account is not linked to a teacher record, so there is no timetable of yours to subscribe to',
  },
  'feed.myTimetable': { 'zh-CN': '我的课表', 'en-US': 'My timetable' },
} as const satisfies Record<string, Texts>;
