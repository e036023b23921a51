import type { Course, Manager, Room, Student, Teacher, Term } from '@campus/contract';
import { createResourceApi } from '../../lib/list-page/resource-api';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

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

/** Options for pickers (terms, teachers): the first page the server allows is plenty for one campus. */
export async function fetchOptions<T>(path: string, sort: string): Promise<T[]> {
  const res = await request.get<PageResult<T>>(path, { page: 1, pageSize: 200, sort }, { errorHandling: 'local' });
  return res.data.list;
}
