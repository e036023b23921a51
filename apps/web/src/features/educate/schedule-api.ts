import type {
  CourseSchedule,
  FreeSlotsAnswer,
  Room,
  ScheduleWriteResult,
  Student,
  Teacher,
  Timetable,
  WeekPattern,
} from '@campus/contract';
import { downloadFile } from '../../lib/list-page/download';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';

export async function fetchCourseSchedule(courseId: number): Promise<CourseSchedule> {
  return (await request.get<CourseSchedule>(`/educate/courses/${courseId}/schedule`, undefined, { errorHandling: 'local' })).data;
}

/** The body of an entry write as the form and the grid build it; blanks mean "the server's default". */
export interface EntryBody {
  weekday: number;
  startTime: string;
  endTime: string;
  roomId: number;
  teacherId?: number;
  weekStart?: number;
  weekEnd?: number;
  weekPattern?: WeekPattern;
}

// Failures are the caller's to show: a clash is explained next to the form or the grid.
export async function createEntry(courseId: number, body: EntryBody): Promise<ScheduleWriteResult> {
  return (await request.post<ScheduleWriteResult>(`/educate/courses/${courseId}/schedule`, body, { errorHandling: 'local' })).data;
}

export async function updateEntry(courseId: number, entryId: number, body: Partial<EntryBody>): Promise<ScheduleWriteResult> {
  return (await request.put<ScheduleWriteResult>(`/educate/courses/${courseId}/schedule/${entryId}`, body, { errorHandling: 'local' }))
    .data;
}

export async function deleteEntry(courseId: number, entryId: number): Promise<void> {
  await request.delete<unknown>(`/educate/courses/${courseId}/schedule/${entryId}`, undefined, { errorHandling: 'local' });
}

export interface FreeSlotParams {
  duration: number;
  weekPattern: WeekPattern;
  weekStart?: number;
  weekEnd?: number;
  weekdays?: string;
  excludeEntryId?: number;
}

export async function fetchFreeSlots(courseId: number, params: FreeSlotParams): Promise<FreeSlotsAnswer> {
  const res = await request.get<FreeSlotsAnswer>(`/educate/courses/${courseId}/free-slots`, { ...params }, { errorHandling: 'local' });
  return res.data;
}

export type TimetableTarget = 'teacher' | 'room' | 'student' | 'class';

export interface TimetableParams {
  kind: TimetableTarget;
  id: number;
  week?: number;
}

const targetParam = (kind: TimetableTarget, id: number) => ({ [`${kind}Id`]: id });

export async function fetchTimetable({ kind, id, week }: TimetableParams): Promise<Timetable> {
  const res = await request.get<Timetable>('/educate/timetable', { ...targetParam(kind, id), week }, { errorHandling: 'local' });
  return res.data;
}

/** The `.ics` through the request client: the endpoint needs the token and campus headers a plain link lacks. */
export function downloadTimetableIcs(kind: TimetableTarget, id: number): Promise<string> {
  return downloadFile('/educate/timetable.ics', targetParam(kind, id), `timetable-${kind}-${id}.ics`);
}

export interface PickOption {
  value: number;
  label: string;
}

const SEARCH_PAGE = 20;

// Pickers ask the server for a page matching what was typed: a campus can
// hold 100 000 students, so no picker ever loads a whole table.
async function searchPage<T>(path: string, keyword: string, sort: string): Promise<T[]> {
  const res = await request.get<PageResult<T>>(
    path,
    { page: 1, pageSize: SEARCH_PAGE, sort, keyword: keyword.trim() || undefined },
    { errorHandling: 'local' },
  );
  return res.data.list;
}

export async function searchRooms(keyword: string): Promise<PickOption[]> {
  const rooms = await searchPage<Room>('/educate/rooms', keyword, 'code:asc');
  return rooms.map((r) => ({ value: r.id, label: `${r.code} ${r.name} (${r.capacity})` }));
}

export async function searchTeachers(keyword: string): Promise<PickOption[]> {
  const teachers = await searchPage<Teacher>('/educate/teachers', keyword, 'name:asc');
  return teachers.map((x) => ({ value: x.id, label: `${x.name} (${x.staffNo})` }));
}

export async function searchStudents(keyword: string): Promise<PickOption[]> {
  const students = await searchPage<Student>('/educate/students', keyword, 'studentNo:asc');
  return students.map((s) => ({ value: s.id, label: `${s.name} (${s.studentNo})` }));
}
