import type { PopularItem } from '@campus/contract';
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

/** The Workplace's queries: per campus, so a campus switch shows the new campus's figures. */
export const dashboardKeys = {
  overview: (camId: number | undefined) => ['dashboard', 'overview', camId] as const,
  content: (camId: number | undefined) => ['dashboard', 'content', camId] as const,
  popular: (type: 'course' | 'teacher', camId: number | undefined) => ['dashboard', 'popular', type, camId] as const,
  today: (camId: number | undefined) => ['dashboard', 'today', camId] as const,
};

// Each card tells its own failure (errorHandling 'local'): one card down must not flood the screen.
const local = { errorHandling: 'local' as const };

export async function fetchOverview(): Promise<DashboardOverview> {
  return (await request.get<DashboardOverview>('/dashboard/overview', undefined, local)).data;
}

/** The overview's query, shared by its cards and the welcome line (the campus's day): one request. */
export function overviewQuery(camId: number | undefined) {
  return { queryKey: dashboardKeys.overview(camId), queryFn: fetchOverview };
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
