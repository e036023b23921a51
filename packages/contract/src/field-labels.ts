import type { Locale } from './constants.js';

type Label = Record<Locale, string>;

/** Columns several resources share, named once so they read alike everywhere. */
const NAME = { 'zh-CN': '姓名', 'en-US': 'Name' } as const;
const GENDER = { 'zh-CN': '性别', 'en-US': 'Gender' } as const;
const PHONE = { 'zh-CN': '手机号', 'en-US': 'Phone' } as const;
const EMAIL = { 'zh-CN': '邮箱', 'en-US': 'Email' } as const;
const STATUS = { 'zh-CN': '状态', 'en-US': 'Status' } as const;
const REGION_CODE = { 'zh-CN': '籍贯代码', 'en-US': 'Native place code' } as const;
const STAFF_NO = { 'zh-CN': '工号', 'en-US': 'Staff No.' } as const;

/**
 * Column names of the educate resources in both languages: table headers on
 * the web, header rows of exports and import templates.
 */
export const FIELD_LABELS = {
  student: {
    studentNo: { 'zh-CN': '学号', 'en-US': 'Student No.' },
    name: NAME,
    gender: GENDER,
    birthDate: { 'zh-CN': '出生日期', 'en-US': 'Birth date' },
    grade: { 'zh-CN': '年级', 'en-US': 'Grade' },
    className: { 'zh-CN': '班级', 'en-US': 'Class' },
    phone: PHONE,
    email: EMAIL,
    guardianName: { 'zh-CN': '监护人', 'en-US': 'Guardian' },
    guardianPhone: { 'zh-CN': '监护人电话', 'en-US': 'Guardian phone' },
    guardianRelation: { 'zh-CN': '监护关系', 'en-US': 'Relation' },
    status: STATUS,
    enrolDate: { 'zh-CN': '入学日期', 'en-US': 'Enrol date' },
    remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
    regionCode: REGION_CODE,
    address: { 'zh-CN': '家庭住址', 'en-US': 'Address' },
  },
  teacher: {
    staffNo: STAFF_NO,
    name: NAME,
    gender: GENDER,
    phone: PHONE,
    email: EMAIL,
    subject: { 'zh-CN': '任教学科', 'en-US': 'Subject' },
    title: { 'zh-CN': '职称', 'en-US': 'Title' },
    status: STATUS,
    hireDate: { 'zh-CN': '入职日期', 'en-US': 'Hire date' },
    regionCode: REGION_CODE,
    address: { 'zh-CN': '住址', 'en-US': 'Address' },
  },
  /** The columns of a manager file (department and linked account are set in the console). */
  manager: {
    staffNo: STAFF_NO,
    name: NAME,
    gender: GENDER,
    phone: PHONE,
    email: EMAIL,
    position: { 'zh-CN': '职务', 'en-US': 'Position' },
    status: STATUS,
  },
  /** The columns of a course export: term and teacher by name, not by id. */
  course: {
    code: { 'zh-CN': '课程编号', 'en-US': 'Course code' },
    name: { 'zh-CN': '课程名称', 'en-US': 'Course name' },
    term: { 'zh-CN': '学期', 'en-US': 'Term' },
    teacher: { 'zh-CN': '任课教师', 'en-US': 'Teacher' },
    capacity: { 'zh-CN': '容量', 'en-US': 'Capacity' },
    enrolled: { 'zh-CN': '选课人数', 'en-US': 'Enrolled' },
    credits: { 'zh-CN': '学分', 'en-US': 'Credits' },
    hours: { 'zh-CN': '课时', 'en-US': 'Hours' },
    status: STATUS,
    description: { 'zh-CN': '课程简介', 'en-US': 'Description' },
  },
} as const satisfies Record<string, Record<string, Label>>;

/** Enum values as people read them; imports accept these as well as the codes. */
export const VALUE_LABELS = {
  gender: {
    male: { 'zh-CN': '男', 'en-US': 'Male' },
    female: { 'zh-CN': '女', 'en-US': 'Female' },
    other: { 'zh-CN': '其他', 'en-US': 'Other' },
  },
  studentStatus: {
    enrolled: { 'zh-CN': '在读', 'en-US': 'Enrolled' },
    suspended: { 'zh-CN': '休学', 'en-US': 'Suspended' },
    graduated: { 'zh-CN': '毕业', 'en-US': 'Graduated' },
    withdrawn: { 'zh-CN': '退学', 'en-US': 'Withdrawn' },
  },
  staffStatus: {
    active: { 'zh-CN': '在职', 'en-US': 'Active' },
    left: { 'zh-CN': '离职', 'en-US': 'Left' },
  },
  courseStatus: {
    draft: { 'zh-CN': '草稿', 'en-US': 'Draft' },
    open: { 'zh-CN': '开放选课', 'en-US': 'Open' },
    closed: { 'zh-CN': '已结课', 'en-US': 'Closed' },
  },
} as const satisfies Record<string, Record<string, Label>>;

export type ValueLabelSet = keyof typeof VALUE_LABELS;
