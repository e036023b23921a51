import type { SessionRequest } from './demo-timetable.js';

export type RoomKind = 'class' | 'physics' | 'chemistry' | 'biology' | 'computer' | 'music' | 'art' | 'hall' | 'gym';

export interface RoomSpec {
  code: string;
  name: string;
  capacity: number;
  kind: RoomKind;
}

export const ROOMS: readonly RoomSpec[] = [
  { code: 'A101', name: '教学楼A 101', capacity: 48, kind: 'class' },
  { code: 'A102', name: '教学楼A 102', capacity: 48, kind: 'class' },
  { code: 'A201', name: '教学楼A 201', capacity: 50, kind: 'class' },
  { code: 'A202', name: '教学楼A 202', capacity: 45, kind: 'class' },
  { code: 'B101', name: '教学楼B 101', capacity: 50, kind: 'class' },
  { code: 'B102', name: '教学楼B 102', capacity: 46, kind: 'class' },
  { code: 'S201', name: '实验楼 物理实验室', capacity: 36, kind: 'physics' },
  { code: 'S202', name: '实验楼 化学实验室', capacity: 32, kind: 'chemistry' },
  { code: 'S203', name: '实验楼 生物实验室', capacity: 30, kind: 'biology' },
  { code: 'S301', name: '实验楼 计算机机房', capacity: 40, kind: 'computer' },
  { code: 'Y101', name: '艺术楼 音乐教室', capacity: 50, kind: 'music' },
  { code: 'Y102', name: '艺术楼 美术教室', capacity: 40, kind: 'art' },
  { code: 'H100', name: '学术报告厅', capacity: 150, kind: 'hall' },
  { code: 'G100', name: '体育馆', capacity: 120, kind: 'gym' },
];

export const SUBJECTS = [
  '语文',
  '数学',
  '英语',
  '物理',
  '化学',
  '生物',
  '历史',
  '地理',
  '政治',
  '信息技术',
  '体育',
  '音乐',
  '美术',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** The teaching staff by subject; the second physics teacher is the one who has left. */
export const TEACHER_SUBJECTS: readonly { subject: Subject; left?: true }[] = [
  { subject: '语文' },
  { subject: '语文' },
  { subject: '数学' },
  { subject: '数学' },
  { subject: '英语' },
  { subject: '英语' },
  { subject: '物理' },
  { subject: '物理', left: true },
  { subject: '化学' },
  { subject: '生物' },
  { subject: '历史' },
  { subject: '地理' },
  { subject: '政治' },
  { subject: '信息技术' },
  { subject: '体育' },
  { subject: '体育' },
  { subject: '音乐' },
  { subject: '美术' },
];

export const GRADES = ['高一', '高二', '高三'] as const;
export type Grade = (typeof GRADES)[number];

export interface CourseSpec {
  code: string;
  name: string;
  /** The name in a spring term, where the compulsory module moves on. */
  springName?: string;
  subject: Subject;
  capacity: number;
  rooms: readonly RoomKind[];
  sessions: readonly SessionRequest[];
  /** Grades the course is offered to; all when absent. */
  grades?: readonly Grade[];
  status?: 'draft' | 'closed';
  /** The popular one that fills up completely. */
  full?: true;
  description: string;
}

const S = (periods: 1 | 2, part: SessionRequest['part'], pattern?: SessionRequest['pattern']): SessionRequest =>
  pattern ? { periods, part, pattern } : { periods, part };

/** A catalogue row: what every course has, in the order a timetabler reads it, then its description and what sets it apart. */
const course = (
  code: string,
  name: string,
  subject: Subject,
  capacity: number,
  rooms: readonly RoomKind[],
  sessions: readonly SessionRequest[],
  more: Omit<CourseSpec, 'code' | 'name' | 'subject' | 'capacity' | 'rooms' | 'sessions'>,
): CourseSpec => ({ code, name, subject, capacity, rooms, sessions, ...more });

export const CURRENT_COURSES: readonly CourseSpec[] = [
  // code, name, subject, places, room kinds, weekly sessions, then the rest
  course('CS101', '程序设计基础', '信息技术', 40, ['computer'], [S(2, 'pm'), S(1, 'any')], {
    full: true,
    description: '以 Python 为工具，学习变量、分支、循环、函数与简单数据结构，完成小型项目实践。',
  }),
  course('MATH101', '数学必修一', '数学', 48, ['class'], [S(1, 'am'), S(1, 'am'), S(1, 'any')], {
    springName: '数学必修二',
    grades: ['高一'],
    description: '集合与常用逻辑用语、函数的概念与性质、指数函数与对数函数、三角函数。',
  }),
  course('MATH205', '数学建模', '数学', 40, ['class'], [S(2, 'pm')], {
    grades: ['高二', '高三'],
    description: '从生活问题出发建立数学模型，经历数据收集、模型求解与检验的完整过程。',
  }),
  course('CHN101', '语文：整本书阅读', '语文', 48, ['class'], [S(1, 'am'), S(1, 'any')], {
    grades: ['高一', '高二'],
    description: '精读《乡土中国》《红楼梦》等经典，学习梳理、批注与专题研讨的方法。',
  }),
  course('CHN215', '古诗文鉴赏', '语文', 45, ['class'], [S(1, 'any')], {
    description: '选读先秦至明清的代表性诗文，体会意象、格律与情感表达。',
  }),
  course('ENG101', '英语阅读与写作', '英语', 45, ['class'], [S(1, 'am'), S(1, 'am')], {
    grades: ['高一', '高二'],
    description: '围绕主题语境开展精读与泛读，训练概要写作与读后续写。',
  }),
  course('ENG130', '英语听说', '英语', 40, ['class'], [S(1, 'pm')], {
    status: 'closed',
    description: '情景对话、主题演讲与听力策略训练，提升口语表达的流利度与准确性。',
  }),
  course('PHY201', '物理实验探究', '物理', 36, ['physics'], [S(2, 'pm'), S(1, 'any', 'odd')], {
    grades: ['高二', '高三'],
    description: '动手完成力学、电学经典实验，学习误差分析与实验报告撰写。单周加开一节数据处理课。',
  }),
  course('CHEM110', '化学与生活', '化学', 32, ['chemistry'], [S(1, 'any'), S(2, 'pm', 'even')], {
    description: '从食品、材料、能源中的化学现象入手，双周开展分组实验。',
  }),
  course('BIO201', '生物学实验', '生物', 30, ['biology'], [S(2, 'am')], {
    grades: ['高二', '高三'],
    description: '显微观察、细胞与遗传相关实验，培养科学探究能力。',
  }),
  course('HIS120', '中国近现代史专题', '历史', 45, ['class'], [S(1, 'any'), S(1, 'any')], {
    description: '以史料研读为主线，梳理 1840 年以来中国社会的变迁。',
  }),
  course('GEO110', '人文地理', '地理', 45, ['class'], [S(1, 'any')], {
    description: '人口、城镇化、产业区位与区域发展，结合本地城市开展调查。',
  }),
  course('POL101', '思想政治：经济与社会', '政治', 48, ['class'], [S(1, 'am'), S(1, 'any')], {
    grades: ['高一'],
    description: '认识我国基本经济制度与社会主义市场经济，开展议题式学习。',
  }),
  course('PE110', '篮球', '体育', 40, ['gym'], [S(1, 'late'), S(1, 'pm')], {
    description: '运球、传接球、投篮等基本技术与半场战术配合，每学期组织班级联赛。',
  }),
  course('PE120', '羽毛球', '体育', 32, ['gym'], [S(1, 'late')], {
    status: 'draft',
    description: '握拍、步法、高远球与网前技术；场地排定后开放选课。',
  }),
  course('MUS101', '合唱', '音乐', 50, ['music'], [S(1, 'late')], {
    description: '发声训练与多声部合唱，排练曲目参加校园艺术节展演。',
  }),
  course('ART110', '书法', '美术', 30, ['art'], [S(2, 'pm')], {
    description: '临习楷书与行书经典碑帖，了解书法史与鉴赏方法。',
  }),
];

/** A few courses of the previous term, kept for history (closed, no timetable). */
export const PREVIOUS_COURSES: readonly (Pick<CourseSpec, 'code' | 'name' | 'subject' | 'capacity' | 'description'> & {
  weeklyPeriods: number;
})[] = [
  {
    code: 'PHY110',
    name: '物理学史与前沿',
    subject: '物理',
    capacity: 40,
    weeklyPeriods: 1,
    description: '从伽利略到量子信息，讲述物理学的重要发现。',
  },
  {
    code: 'CHN120',
    name: '演讲与辩论',
    subject: '语文',
    capacity: 36,
    weeklyPeriods: 1,
    description: '演讲稿写作、即兴表达与辩论赛规则训练。',
  },
  {
    code: 'ENG150',
    name: '英文电影赏析',
    subject: '英语',
    capacity: 45,
    weeklyPeriods: 2,
    description: '观看经典英文电影片段，学习地道表达与文化背景。',
  },
  { code: 'PE130', name: '足球', subject: '体育', capacity: 40, weeklyPeriods: 2, description: '基本技术、小场地比赛与团队协作。' },
  {
    code: 'CS110',
    name: '人工智能初步',
    subject: '信息技术',
    capacity: 40,
    weeklyPeriods: 2,
    description: '了解机器学习的基本思想，动手训练简单的图像分类模型。',
  },
];

/** Office posts and the department each belongs to (depts are seeded by name). */
export const MANAGER_POSTS: readonly { position: string; dept: string }[] = [
  { position: '校长', dept: '学校办公室' },
  { position: '副校长', dept: '学校办公室' },
  { position: '教务主任', dept: '教务处' },
  { position: '学生处主任', dept: '学生处' },
  { position: '总务主任', dept: '总务处' },
  { position: '信息中心主任', dept: '信息中心' },
];
