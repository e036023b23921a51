import type { Texts } from './constants.js';

/**
 * Texts of reports, the Workplace and the message box: export sheet and column
 * names, relative days, and the system todos (stored as a key and params,
 * rendered in the reader's language when listed).
 */
export const REPORT_MESSAGES = {
  'report.noTerm': { 'zh-CN': '该校区还没有学期', 'en-US': 'This campus has no term yet' },
  'notice.everyoneForbidden': {
    'zh-CN': '只有可访问全部校区的用户才能向所有人发布通知',
    'en-US': 'Only a user who reaches every campus may address a notice to everyone',
  },
  'notice.audienceFixed': {
    'zh-CN': '{field}：已发布的通知不能更改发送范围，请撤回后重新发布',
    'en-US': '{field}: a published notice keeps its audience; withdraw it and publish again',
  },
  'notice.alreadyPublished': { 'zh-CN': '该通知已发布', 'en-US': 'This notice is already published' },
  'message.notMine': {
    'zh-CN': 'ids：消息不存在或不属于你：{ids}',
    'en-US': 'ids: no such message of yours: {ids}',
  },
  'time.today': { 'zh-CN': '今天', 'en-US': 'Today' },
  'time.yesterday': { 'zh-CN': '昨天', 'en-US': 'Yesterday' },
  'time.daysAgo': { 'zh-CN': '{days}天前', 'en-US': '{days} days ago' },
  'todo.courseOverCapacity.title': { 'zh-CN': '课程超员：{course}', 'en-US': 'Course over capacity: {course}' },
  'todo.courseOverCapacity.content': {
    'zh-CN': '课程“{course}”已选 {enrolled} 人，超过容量 {capacity}，请调整容量或学生。',
    'en-US': 'Course "{course}" has {enrolled} students enrolled, above its capacity of {capacity}. Raise the capacity or move students.',
  },
  'todo.roomTooSmall.title': { 'zh-CN': '教室容量不足：{course}', 'en-US': 'Room too small: {course}' },
  'todo.roomTooSmall.content': {
    'zh-CN': '课程“{course}”有 {enrolled} 名学生，但教室 {room} 只能容纳 {capacity} 人（{when}）。',
    'en-US': 'Course "{course}" has {enrolled} students but room {room} seats only {capacity} ({when}).',
  },
  'todo.scheduleClash.title': { 'zh-CN': '课表冲突：{a} 与 {b}', 'en-US': 'Schedule clash: {a} and {b}' },
  'todo.scheduleClash.content': {
    'zh-CN': '“{a}”与“{b}”在{when}使用了同一{what}，请调整课表。',
    'en-US': '"{a}" and "{b}" share the same {what} on {when}. Adjust the timetable.',
  },
  'todo.changePassword.title': { 'zh-CN': '请修改密码', 'en-US': 'Change your password' },
  'todo.changePassword.content': {
    'zh-CN': '管理员已重置你的密码，请尽快设置一个新密码。',
    'en-US': 'An administrator reset your password. Set a new one soon.',
  },
  'clash.teacher': { 'zh-CN': '教师', 'en-US': 'teacher' },
  'clash.room': { 'zh-CN': '教室', 'en-US': 'room' },
  'weekday.1': { 'zh-CN': '周一', 'en-US': 'Mon' },
  'weekday.2': { 'zh-CN': '周二', 'en-US': 'Tue' },
  'weekday.3': { 'zh-CN': '周三', 'en-US': 'Wed' },
  'weekday.4': { 'zh-CN': '周四', 'en-US': 'Thu' },
  'weekday.5': { 'zh-CN': '周五', 'en-US': 'Fri' },
  'weekday.6': { 'zh-CN': '周六', 'en-US': 'Sat' },
  'weekday.7': { 'zh-CN': '周日', 'en-US': 'Sun' },
  'sheet.students': { 'zh-CN': '学生', 'en-US': 'Students' },
  'sheet.staff': { 'zh-CN': '教职工', 'en-US': 'Staff' },
  'sheet.courses': { 'zh-CN': '课程', 'en-US': 'Courses' },
  'sheet.fillRates': { 'zh-CN': '课程满员率', 'en-US': 'Fill rates' },
  'sheet.teacherHours': { 'zh-CN': '教师周课时', 'en-US': 'Teacher hours' },
  'sheet.roomUse': { 'zh-CN': '教室使用率', 'en-US': 'Room use' },
  'sheet.newStudents': { 'zh-CN': '每月新生', 'en-US': 'New students' },
  'col.group': { 'zh-CN': '分组', 'en-US': 'Group' },
  'col.value': { 'zh-CN': '取值', 'en-US': 'Value' },
  'col.count': { 'zh-CN': '人数', 'en-US': 'Count' },
  'col.code': { 'zh-CN': '编号', 'en-US': 'Code' },
  'col.name': { 'zh-CN': '名称', 'en-US': 'Name' },
  'col.enrolled': { 'zh-CN': '已选', 'en-US': 'Enrolled' },
  'col.capacity': { 'zh-CN': '容量', 'en-US': 'Capacity' },
  'col.rate': { 'zh-CN': '比率', 'en-US': 'Rate' },
  'col.entries': { 'zh-CN': '课表条目', 'en-US': 'Entries' },
  'col.weeklyHours': { 'zh-CN': '周课时', 'en-US': 'Hours per week' },
  'col.bookedHours': { 'zh-CN': '每周占用小时', 'en-US': 'Booked hours per week' },
  'col.availableHours': { 'zh-CN': '每周可用小时', 'en-US': 'Available hours per week' },
  'col.month': { 'zh-CN': '月份', 'en-US': 'Month' },
  'group.studentStatus': { 'zh-CN': '学生状态', 'en-US': 'Student status' },
  'group.grade': { 'zh-CN': '年级', 'en-US': 'Grade' },
  'group.province': { 'zh-CN': '籍贯省份', 'en-US': 'Native province' },
  'group.noProvince': { 'zh-CN': '未填写', 'en-US': 'Not given' },
  'group.class': { 'zh-CN': '班级', 'en-US': 'Class' },
  'group.teacherStatus': { 'zh-CN': '教师状态', 'en-US': 'Teacher status' },
  'group.managerStatus': { 'zh-CN': '管理人员状态', 'en-US': 'Manager status' },
  'group.courseStatus': { 'zh-CN': '课程状态', 'en-US': 'Course status' },
  'group.total': { 'zh-CN': '合计', 'en-US': 'Total' },
  'group.enrolments': { 'zh-CN': '选课人次', 'en-US': 'Enrolments' },
  'group.term': { 'zh-CN': '学期', 'en-US': 'Term' },
} as const satisfies Record<string, Texts>;

export type ReportMessageKey = keyof typeof REPORT_MESSAGES;
