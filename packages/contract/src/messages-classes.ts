import type { Texts } from './constants.js';

/** Server messages of grades, classes, the school year, bulk changes and data scope. */
export const CLASS_MESSAGES = {
  'class.graduatedReadOnly': {
    'zh-CN': '毕业生档案只读，不能修改、删除或调整：{names}',
    'en-US': 'Graduates are read-only and cannot be changed, deleted or moved: {names}',
  },
  'import.newGrade': {
    'zh-CN': '将新建年级“{grade}”（第 {rows} 行），排在已有年级之后、学年升级时随之升级；如是笔误，请修正文件后重新选择',
    'en-US':
      'A new grade "{grade}" will be made (row(s) {rows}), after the existing grades and promoted with them; if it is a typo, fix the file and choose it again',
  },
  'import.newClass': {
    'zh-CN': '将在{grade}新建班级“{name}”（第 {rows} 行）',
    'en-US': 'A new class "{name}" will be made in {grade} (row(s) {rows})',
  },
  'class.full': {
    'zh-CN': '{field}：班级“{name}”已满（容量 {capacity}，现有 {count} 人，本次加入 {adding} 人）',
    'en-US': '{field}: the class "{name}" is full (capacity {capacity}, {count} students, adding {adding})',
  },
  'class.graduated': {
    'zh-CN': '{field}：班级“{name}”已毕业，不能再加入学生或修改',
    'en-US': '{field}: the class "{name}" has graduated and takes no more students or changes',
  },
  'class.nameTaken': {
    'zh-CN': 'name：{grade}已有名为“{name}”的班级',
    'en-US': 'name: {grade} already has a class named "{name}"',
  },
  'schoolYear.nothingToPromote': {
    'zh-CN': '没有可升级的班级：请先设置年级和班级',
    'en-US': 'There is no class to promote: set up grades and classes first',
  },
  'schoolYear.nameTaken': {
    'zh-CN': '升级后班级名称冲突：{names}。请先改名或删除这些班级',
    'en-US': 'Classes would share a name after promotion: {names}. Rename or delete them first',
  },
  'schoolYear.undoExpired': {
    'zh-CN': '只能在升级后 24 小时内撤销，且只能撤销最近一次升级',
    'en-US': 'A promotion can be undone only within 24 hours, and only the latest one',
  },
  'schoolYear.undoConflict': {
    'zh-CN': '无法撤销：班级“{names}”在升级后被修改或新建了同名班级',
    'en-US': 'Cannot undo: the classes {names} were changed, or a class of the same name was created, since the promotion',
  },
  'schoolYear.undone': { 'zh-CN': '已撤销学年升级', 'en-US': 'The promotion was undone' },
  'dataScope.campusOnly': {
    'zh-CN': '此操作需要整个校区的数据范围',
    'en-US': 'This needs a data scope of the whole campus',
  },
  'dataScope.needClass': {
    'zh-CN': '{field}：请选择你数据范围内的班级',
    'en-US': '{field}: choose a class within your data scope',
  },
  'dataScope.outside': {
    'zh-CN': '{field}：该学生不在你的数据范围内',
    'en-US': '{field}: this student is outside your data scope',
  },
  'dataScope.grantWider': {
    'zh-CN': 'dataScope：不能设置数据范围，你自己的数据范围不是整个校区',
    'en-US': 'dataScope: you cannot set data scopes, as your own does not cover whole campuses',
  },
  'dataScope.unknownIds': {
    'zh-CN': '{field}：不存在：{ids}',
    'en-US': '{field}: not found: {ids}',
  },
  'rule.idsOrFilter': {
    'zh-CN': '{field}：请给出所选记录（ids）或筛选条件（filter）之一',
    'en-US': '{field}: give either the selected rows (ids) or a filter, not both',
  },
  'bulk.tooMany': {
    'zh-CN': '筛选结果有 {count} 条，一次最多批量修改 {max} 条，请缩小筛选范围',
    'en-US': 'The filter matches {count} rows; at most {max} can be changed at once, narrow it down',
  },
} as const satisfies Record<string, Texts>;
