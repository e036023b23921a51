import type { Texts } from './constants.js';

/** Server messages of schedules, timetables and the clash engine. */
export const SCHEDULE_MESSAGES = {
  'schedule.endAfterStart': { 'zh-CN': '{field}：须晚于开始时间', 'en-US': '{field}: must be later than the start time' },
  'schedule.weekOrder': { 'zh-CN': '{field}：不能早于开始周', 'en-US': '{field}: must not be before the start week' },
  'schedule.weekBeyondTerm': {
    'zh-CN': '{field}：超出学期周数（本学期共 {weeks} 周）',
    'en-US': '{field}: beyond the term, which has {weeks} week(s)',
  },
  'schedule.timetableTarget': {
    'zh-CN': '请只指定 teacherId、roomId、studentId、courseId 中的一个',
    'en-US': 'Give exactly one of teacherId, roomId, studentId, courseId',
  },
  'schedule.clash': {
    'zh-CN': '课表冲突（{count} 处）：{summary}',
    'en-US': 'Schedule clash ({count}): {summary}',
  },
  'schedule.enrolClash': {
    'zh-CN': 'studentIds：选课后上课时间冲突（{count} 处）：{summary}',
    'en-US': 'studentIds: the course clashes with their timetable ({count}): {summary}',
  },
  'schedule.clashItem': {
    'zh-CN': '{course}（{weekday} {start}-{end}，第 {weeks} 周）{detail}',
    'en-US': '{course} ({weekday} {start}-{end}, week(s) {weeks}): {detail}',
  },
  'schedule.sharedTeacher': { 'zh-CN': '教师 {name} 同时有课', 'en-US': 'teacher {name} is busy' },
  'schedule.sharedRoom': { 'zh-CN': '教室 {code}（{name}）已被占用', 'en-US': 'room {code} ({name}) is taken' },
  'schedule.sharedStudents': {
    'zh-CN': '{count} 名学生同时有课：{names}',
    'en-US': '{count} student(s) have both: {names}',
  },
  'schedule.entriesBeyondTerm': {
    'zh-CN': '{field}：{count} 个排课条目将超出学期（共 {weeks} 周）：{entries}',
    'en-US': '{field}: {count} schedule entr(ies) would fall outside the term, which has {weeks} week(s): {entries}',
  },
  'schedule.roomBelowEnrolment': {
    'zh-CN': '教室 {room} 只有 {capacity} 个座位，少于已选人数 {enrolled}',
    'en-US': 'Room {room} seats {capacity}, fewer than the {enrolled} students enrolled',
  },
  'schedule.roomBelowCapacity': {
    'zh-CN': '教室 {room} 只有 {capacity} 个座位，少于课程容量 {courseCapacity}',
    'en-US': 'Room {room} seats {capacity}, fewer than the course capacity {courseCapacity}',
  },
} as const satisfies Record<string, Texts>;
