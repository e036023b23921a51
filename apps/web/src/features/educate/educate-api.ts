import type { Course, DeptNode, Manager, Room, Student, Teacher, Term, UserOption } from '@campus/contract';
import type { FormTreeNode } from '../../lib/form/schema-form';
import { createEmptyQuery } from '../../lib/list-page/list-query';
import type { OptionPage, PagedOption, PagedSource } from '../../lib/paged-select';
import { createResourceApi } from '../../lib/list-page/resource-api';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

/**
 * The educate pages' query keys: per campus where the data is a campus's, so
 * a campus switch never shows another campus's rows from the cache.
 */
export const educateKeys = {
  course: (camId: number, id: number) => ['educate', 'course', camId, id] as const,
  enrolled: (camId: number, courseId: number) => ['educate', 'enrolled', camId, courseId] as const,
  enrolledPage: (camId: number, courseId: number, page: number, keyword: string) =>
    [...educateKeys.enrolled(camId, courseId), page, keyword] as const,
  termOptions: (camId: number) => ['educate', 'options', 'terms', camId] as const,
  teacherOptions: (camId: number) => ['educate', 'options', 'teachers', camId] as const,
  deptTree: ['educate', 'options', 'dept-tree'] as const,
  personCourses: (camId: number, filter: PersonCoursesFilter) => ['educate', 'person-courses', camId, filter] as const,
  schedule: (camId: number, courseId: number) => ['educate', 'schedule', camId, courseId] as const,
  teacher: (camId: number, teacherId: number | undefined) => ['educate', 'teacher', camId, teacherId] as const,
  timetable: (camId: number, kind: string, targetId: number | undefined, week: number | undefined) =>
    ['educate', 'timetable', camId, kind, targetId, week] as const,
  studentPicker: ['educate', 'picker', 'students'] as const,
  accountPicker: ['educate', 'picker', 'accounts'] as const,
};

/** The course list's page key: the course form refreshes that list after a save. */
export const COURSE_PAGE_KEY = 'course';

export const studentApi = createResourceApi<Student>('/educate/students');
export const teacherApi = createResourceApi<Teacher>('/educate/teachers');
export const managerApi = createResourceApi<Manager>('/educate/managers');
export const roomApi = createResourceApi<Room>('/educate/rooms');
export const termApi = createResourceApi<Term>('/educate/terms');
export const courseApi = createResourceApi<Course>('/educate/courses');

export type EnrolledStudent = Student & { enrolledAt: string };

export interface PersonCoursesFilter {
  studentId?: number;
  teacherId?: number;
}

/** A student's or a teacher's courses: the course list filtered by one of them. */
export async function fetchCoursesOf(filter: PersonCoursesFilter): Promise<PageResult<Course>> {
  const res = await request.get<PageResult<Course>>(
    '/educate/courses',
    { ...filter, pageSize: 200, sort: 'code:asc' },
    { errorHandling: 'local' },
  );
  return res.data;
}

export async function fetchEnrolled(courseId: number, page: number, keyword: string): Promise<PageResult<EnrolledStudent>> {
  const res = await request.get<PageResult<EnrolledStudent>>(
    `/educate/courses/${courseId}/students`,
    { page, pageSize: 10, keyword: keyword.trim() || undefined },
    { errorHandling: 'local' },
  );
  return res.data;
}

export async function enrolStudents(courseId: number, studentIds: number[]): Promise<void> {
  await request.post<unknown>(`/educate/courses/${courseId}/students`, { studentIds }, { errorHandling: 'local' });
}

export async function dropStudents(courseId: number, studentIds: number[]): Promise<void> {
  await request.delete<unknown>(`/educate/courses/${courseId}/students`, { studentIds });
}

/** A student as a picker names them: "王小明 (S0001) · 1班". */
export function describeStudent(s: Student): string {
  return `${s.name} (${s.studentNo})${s.className ? ` · ${s.className}` : ''}`;
}

/** Students to enrol: searched by number or name, a page at a time. */
export const studentPicker: PagedSource = {
  queryKey: educateKeys.studentPicker,
  fetchPage: async (keyword, page) => {
    const res = await studentApi.fetchPage({ ...createEmptyQuery(), page, keyword: keyword || undefined, sort: 'studentNo:asc' });
    return { list: res.list.map((s) => ({ value: s.id, label: describeStudent(s) })), total: res.total };
  },
};

const describeUser = (u: UserOption): PagedOption => ({ value: u.id, label: u.nickname ? `${u.nickname} (${u.username})` : u.username });

async function fetchUserOptions(params: { keyword?: string; page?: number; id?: number }): Promise<OptionPage> {
  const res = await request.get<PageResult<UserOption>>('/system/users/options', { pageSize: 20, ...params }, { errorHandling: 'local' });
  return { list: res.data.list.map(describeUser), total: res.data.total };
}

/** The account a teacher or manager signs in with. */
export const accountPicker: PagedSource = {
  queryKey: educateKeys.accountPicker,
  fetchPage: (keyword, page) => fetchUserOptions({ keyword: keyword || undefined, page }),
  resolve: async (id) => (await fetchUserOptions({ id })).list[0] ?? null,
};

function toTreeData(nodes: readonly DeptNode[]): FormTreeNode[] {
  return nodes.map((n) => ({ key: String(n.id), title: n.name, children: toTreeData(n.children) }));
}

/** The department tree, as a tree picker takes it. */
export async function fetchDeptTreeData(): Promise<FormTreeNode[]> {
  return toTreeData((await request.get<DeptNode[]>('/system/depts', undefined, { errorHandling: 'local' })).data);
}

/** Options for pickers (terms, teachers): the first page the server allows is plenty for one campus. */
export async function fetchOptions<T>(path: string, sort: string): Promise<T[]> {
  const res = await request.get<PageResult<T>>(path, { page: 1, pageSize: 200, sort }, { errorHandling: 'local' });
  return res.data.list;
}
