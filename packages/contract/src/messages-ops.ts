import type { Texts } from './constants.js';

/** Server messages of operations (issue 19): scheduled jobs, their outcomes, regions. */
export const OPS_MESSAGES = {
  'job.alreadyRunning': {
    'zh-CN': '该任务正在运行，请等它结束后再执行',
    'en-US': 'This job is running; wait for it to finish before running it again',
  },
  'job.badCron': {
    'zh-CN': '{field}：不是有效的 cron 表达式（{reason}）',
    'en-US': '{field}: not a valid cron expression ({reason})',
  },
  'job.cronReason.empty': { 'zh-CN': '不能为空', 'en-US': 'it is empty' },
  'job.cronReason.parts': {
    'zh-CN': '应为 5 段：分 时 日 月 周，或 6 段、秒在最前，以空格分隔',
    'en-US': 'give 5 fields (minute hour day month weekday), or 6 with seconds first, separated by spaces',
  },
  'job.cronReason.never': { 'zh-CN': '按它永远不会运行', 'en-US': 'it would never run' },
  'job.cronReason.value': {
    'zh-CN': '有一段的取值超出范围或无法识别',
    'en-US': 'a field holds a value out of its range or not understood',
  },
  'job.badTimezone': { 'zh-CN': '{field}：不是已知的时区', 'en-US': '{field}: not a known time zone' },
  'job.orphaned': {
    'zh-CN': '运行它的实例 {instance} 已停止，运行未完成',
    'en-US': 'The instance that ran it ({instance}) stopped before the run finished',
  },
  'job.interrupted': { 'zh-CN': '服务器关闭时运行被中断', 'en-US': 'Interrupted by a server shutdown' },
  'job.todoScan.name': { 'zh-CN': '待办扫描', 'en-US': 'Todo scan' },
  'job.todoScan.description': {
    'zh-CN': '查找超员课程、容量不足的教室和课表冲突，为负责人生成待办，并关闭已解决的待办',
    'en-US':
      'Finds over-full courses, rooms too small and schedule clashes; raises todos for the people responsible and closes the solved ones',
  },
  'job.todoScan.done': { 'zh-CN': '新增待办 {raised} 条，关闭 {closed} 条', 'en-US': '{raised} todo(s) raised, {closed} closed' },
  'job.operlogPurge.name': { 'zh-CN': '操作日志清理', 'en-US': 'Operation log purge' },
  'job.operlogPurge.description': {
    'zh-CN': '删除超过保留天数（OPERLOG_RETENTION_DAYS）的操作日志',
    'en-US': 'Deletes operation-log rows older than the retention age (OPERLOG_RETENTION_DAYS)',
  },
  'job.operlogPurge.done': { 'zh-CN': '删除 {count} 条（保留 {days} 天）', 'en-US': '{count} row(s) deleted (kept {days} days)' },
  'job.sessionCleanup.name': { 'zh-CN': '过期会话清理', 'en-US': 'Expired session cleanup' },
  'job.sessionCleanup.description': {
    'zh-CN': '删除过期或被终止超过 {days} 天的登录会话',
    'en-US': 'Deletes sign-in sessions that expired or were ended more than {days} days ago',
  },
  'job.sessionCleanup.done': { 'zh-CN': '删除 {count} 个会话', 'en-US': '{count} session(s) deleted' },
  'job.historyPurge.name': { 'zh-CN': '任务历史清理', 'en-US': 'Job history purge' },
  'job.historyPurge.description': {
    'zh-CN': '删除 {days} 天前的任务运行记录',
    'en-US': 'Deletes job run records older than {days} days',
  },
  'job.historyPurge.done': { 'zh-CN': '删除 {count} 条运行记录', 'en-US': '{count} run record(s) deleted' },
  'job.instancePrune.name': { 'zh-CN': '实例记录清理', 'en-US': 'Instance record cleanup' },
  'job.instancePrune.description': {
    'zh-CN': '删除一天内没有上报监控数据的服务器实例记录',
    'en-US': 'Deletes the monitor records of server instances silent for a day',
  },
  'job.instancePrune.done': { 'zh-CN': '删除 {count} 条实例记录', 'en-US': '{count} instance record(s) deleted' },
  'region.unknown': { 'zh-CN': '{field}：不是已知的行政区划代码', 'en-US': '{field}: not a known region code' },
} as const satisfies Record<string, Texts>;
