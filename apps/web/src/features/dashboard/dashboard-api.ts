import type { MessageItem, Notice, PopularItem } from '@campus/contract';
import { request } from '../../lib/request';

/** A count is null when the user may not see it. */
export interface DashboardOverview {
  students: number | null;
  teachers: number | null;
  courses: number | null;
  todayLessons: number | null;
  week: number | null;
  date: string;
}

export interface ContentPoint {
  x: string;
  y: number;
}

export interface TodayLesson {
  entryId: number;
  courseId: number;
  courseName: string;
  teacherId: number;
  teacherName: string;
  roomId: number;
  roomName: string;
  startTime: string;
  endTime: string;
}

export interface TodayTimetable {
  date: string;
  week: number | null;
  scope: 'teacher' | 'campus' | 'none';
  list: TodayLesson[];
}

export interface NoticePage {
  list: Notice[];
  total: number;
}

// Each card tells its own failure (errorHandling 'local'): one card down must not flood the screen.
const local = { errorHandling: 'local' as const };

export async function fetchOverview(): Promise<DashboardOverview> {
  return (await request.get<DashboardOverview>('/dashboard/overview', undefined, local)).data;
}

export async function fetchContentData(): Promise<ContentPoint[]> {
  return (await request.get<ContentPoint[]>('/content-data', undefined, local)).data;
}

export async function fetchPopular(type: 'course' | 'teacher'): Promise<PopularItem[]> {
  return (await request.get<PopularItem[]>('/popular/list', { type }, local)).data;
}

export async function fetchToday(): Promise<TodayTimetable> {
  return (await request.get<TodayTimetable>('/dashboard/today', undefined, local)).data;
}

export async function fetchNoticeMessages(): Promise<MessageItem[]> {
  return (await request.get<MessageItem[]>('/message/list', { type: 'notice', limit: 5 }, local)).data;
}

export async function fetchNotices(page: number, pageSize: number): Promise<NoticePage> {
  return (await request.get<NoticePage>('/system/notices', { page, pageSize })).data;
}

export async function publishNotice(body: { title: string; content: string; camId: number | null }): Promise<Notice> {
  // A form body cannot carry null (it would arrive as an empty string): everyone is an absent camId.
  const { camId, ...rest } = body;
  return (await request.post<Notice>('/system/notices', camId === null ? rest : { ...rest, camId })).data;
}

export async function deleteNotice(id: number): Promise<void> {
  await request.delete<null>(`/system/notices/${id}`);
}
