import type { Texts } from './constants.js';

/** Server messages of timetable plans, FET files and the generator. */
export const TIMETABLE_MESSAGES = {
  'rule.timetableWeekdaysDistinct': { 'zh-CN': '{field}：每个星期几只能出现一次', 'en-US': '{field}: each weekday at most once' },
  'rule.timetablePeriodsInOrder': {
    'zh-CN': '{field}：每节课的结束时间须晚于开始时间，且各节按时间先后不重叠',
    'en-US': '{field}: each period must end after it starts, in time order without overlapping',
  },
  'timetable.fileTooLarge': { 'zh-CN': 'file：文件超过 {max}，未导入', 'en-US': 'file: larger than {max}; nothing was imported' },
  'timetable.fetNotUtf8': {
    'zh-CN': 'file：文件不是 UTF-8 文本（FET 的 .fet 文件是 UTF-8），未导入',
    'en-US': 'file: not UTF-8 text (FET writes .fet files in UTF-8); nothing was imported',
  },
  'timetable.fetDoctype': {
    'zh-CN': 'file：文件声明了 DOCTYPE 或实体（.fet 文件不会有），已拒绝，未导入',
    'en-US': 'file: it declares a DOCTYPE or entities, which a .fet file never has; refused, nothing was imported',
  },
  'timetable.fetMalformed': {
    'zh-CN': 'file：不是格式正确的 XML（第 {line} 行），未导入',
    'en-US': 'file: not well-formed XML (line {line}); nothing was imported',
  },
  'timetable.fetWrongRoot': {
    'zh-CN': 'file：根元素是 <{root}>，应为 <fet>，不是 FET 文件，未导入',
    'en-US': 'file: the root element is <{root}>, expected <fet>: not a FET file; nothing was imported',
  },
  'timetable.fetInvalid': {
    'zh-CN': 'file：FET 文件内容不完整（{detail}），未导入',
    'en-US': 'file: the FET file is incomplete ({detail}); nothing was imported',
  },
  'timetable.planInvalid': {
    'zh-CN': '排课方案有误（{count} 处）：{summary}',
    'en-US': 'The plan does not hold together ({count}): {summary}',
  },
  'timetable.tooManyDays': {
    'zh-CN': 'days：方案有 {days} 个教学日，超过一周 7 天，无法写入课表',
    'en-US': 'days: the plan has {days} teaching days, more than a week of 7; it cannot become schedule entries',
  },
  'timetable.noSolution': {
    'zh-CN': '该方案还没有完整的排课结果，请先生成',
    'en-US': 'The plan has no complete timetable yet: generate one first',
  },
  'timetable.solutionHasHard': {
    'zh-CN': '排课结果有 {count} 处违反硬性约束，不能应用：{summary}',
    'en-US': 'The timetable breaks {count} hard rule(s) and cannot be applied: {summary}',
  },
  'timetable.periodWithoutTimes': {
    'zh-CN': 'periods：第 {period} 节没有上下课时间，无法写入课表',
    'en-US': 'periods: period {period} has no start and end time; it cannot become schedule entries',
  },
  'timetable.noRoomFree': {
    'zh-CN': '活动 {activity}（{day} 第 {period} 节）没有空闲且够大的教室',
    'en-US': 'Activity {activity} ({day}, period {period}) has no free room big enough',
  },
  'timetable.noTeacher': {
    'zh-CN': 'teacherIds：活动 {activity} 没有教师，无法成为课程',
    'en-US': 'teacherIds: activity {activity} has no teacher, so it cannot become a course',
  },
  'timetable.runBusy': {
    'zh-CN': '生成任务已达上限（{max} 个同时进行），请稍后再试',
    'en-US': 'Too many generations running at once (at most {max}); try again shortly',
  },
  'timetable.lesson': { 'zh-CN': '课程', 'en-US': 'Lesson' },
  'timetable.runFinished': { 'zh-CN': '该生成任务已结束', 'en-US': 'That generation has already finished' },
  'timetable.notPlaced': {
    'zh-CN': 'activityId：该活动在结果中没有安排',
    'en-US': 'activityId: the activity is not placed in the timetable',
  },
  'timetable.slotOutside': {
    'zh-CN': '{field}：超出方案的教学日或节次',
    'en-US': '{field}: outside the plan’s teaching days or periods',
  },
  'timetable.unknownRefs': {
    'zh-CN': '{field}：方案中不存在：{ids}',
    'en-US': '{field}: not in this plan: {ids}',
  },
} as const satisfies Record<string, Texts>;
