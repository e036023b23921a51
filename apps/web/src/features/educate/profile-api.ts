import type { RecordHistoryItem, StudentProfile, TeacherProfile } from '@campus/contract';
import { request } from '../../lib/request';

type PersonKind = 'student' | 'teacher';

/** Profile pages' queries, per campus (the same id is another person elsewhere). */
export const profileKeys = {
  all: ['profile'] as const,
  student: (camId: number | undefined, id: number) => [...profileKeys.all, 'student', camId, id] as const,
  teacher: (camId: number | undefined, id: number) => [...profileKeys.all, 'teacher', camId, id] as const,
  timetable: (camId: number | undefined, kind: PersonKind, id: number) => [...profileKeys.all, 'timetable', camId, kind, id] as const,
  timetableWeek: (camId: number | undefined, kind: PersonKind, id: number, week: number | null) =>
    [...profileKeys.timetable(camId, kind, id), week] as const,
  history: (camId: number | undefined, kind: PersonKind, id: number) => [...profileKeys.all, 'history', camId, kind, id] as const,
};

export async function fetchStudentProfile(id: number): Promise<StudentProfile> {
  return (await request.get<StudentProfile>(`/educate/students/${id}/profile`, undefined, { errorHandling: 'local' })).data;
}

export async function fetchTeacherProfile(id: number): Promise<TeacherProfile> {
  return (await request.get<TeacherProfile>(`/educate/teachers/${id}/profile`, undefined, { errorHandling: 'local' })).data;
}

export async function fetchRecordHistory(kind: 'student' | 'teacher', id: number): Promise<RecordHistoryItem[]> {
  return (await request.get<RecordHistoryItem[]>(`/educate/${kind}s/${id}/history`, undefined, { errorHandling: 'local' })).data;
}

/** The profile as a CSV file (section, field, value) the browser saves: a spreadsheet-ready copy of the page. */
export function saveProfileCsv(fileName: string, rows: readonly (readonly string[])[]): string {
  // Cells starting with = + - @ are text, not formulas, in a spreadsheet.
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const text = `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return fileName;
}
