import {
  compareClassNames,
  Perm,
  type ClassChoices,
  type ClassOverview,
  type Grade,
  type Promotion,
  type PromotionResult,
  type Room,
  type SchoolClass,
  type StudentBulkResult,
  type Teacher,
} from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { createResourceApi } from '../../lib/list-page/resource-api';
import { request } from '../../lib/request';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { fetchOptions } from './educate-api';

// Grades, classes, the school year and bulk changes of students (issue 25): every call and query key of them.

export const gradeApi = createResourceApi<Grade>('/educate/grades');
export const classApi = createResourceApi<SchoolClass>('/educate/classes');

/** Query keys of classes, per campus: one place, so a change invalidates what shows it. */
export const classKeys = {
  all: (camId: number) => ['classes', camId] as const,
  options: (camId: number) => ['classes', camId, 'options'] as const,
  overview: (camId: number, id: number) => ['classes', camId, 'overview', id] as const,
  promotions: (camId: number) => ['classes', camId, 'promotions'] as const,
  /** Pickers of other records the class pages name; `['options']` refreshes them all after a promotion. */
  anyOptions: ['options'] as const,
  gradeOptions: (camId: number) => ['options', 'grades', camId] as const,
  teacherOptions: (camId: number) => ['options', 'teachers', camId] as const,
  roomOptions: (camId: number) => ['options', 'rooms', camId] as const,
};

export async function fetchClassOverview(id: number): Promise<ClassOverview> {
  return (await request.get<ClassOverview>(`/educate/classes/${id}/overview`, undefined, { errorHandling: 'local' })).data;
}

export interface PromoteChoice {
  headTeachers: 'keep' | 'clear';
  schoolYear?: string;
}

export async function promoteSchoolYear(choice: PromoteChoice, dryRun: boolean): Promise<PromotionResult> {
  const body = { headTeachers: choice.headTeachers, ...(choice.schoolYear ? { schoolYear: choice.schoolYear } : {}) };
  return (await request.post<PromotionResult>(`/educate/school-year/promote?dryRun=${dryRun}`, body, { errorHandling: 'local' })).data;
}

export async function fetchPromotions(): Promise<Promotion[]> {
  return (await request.get<Promotion[]>('/educate/school-year/promotions', undefined, { errorHandling: 'local' })).data;
}

export async function undoPromotion(id: number): Promise<Promotion> {
  return (await request.post<Promotion>(`/educate/school-year/promotions/${id}/undo`, {}, { errorHandling: 'local' })).data;
}

export interface StudentBulkBody {
  ids?: number[];
  filter?: Record<string, unknown>;
  set: Record<string, unknown>;
}

export async function bulkChangeStudents(body: StudentBulkBody, dryRun: boolean): Promise<StudentBulkResult> {
  return (await request.post<StudentBulkResult>(`/educate/students/bulk?dryRun=${dryRun}`, body, { errorHandling: 'local' })).data;
}

/** Grades and active classes of the current campus, grouped for a class picker (the student list and form, the timetable). */
export function useClassChoices() {
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  // Each list is asked for only by holders of its perm: no 403 in anyone's console.
  const can = usePermission();
  const grades = useQuery({
    queryKey: classKeys.gradeOptions(camId),
    queryFn: () => fetchOptions<Grade>('/educate/grades', 'order:asc'),
    enabled: can([Perm.gradeList]),
  });
  // The active classes the caller reaches, for whoever works on classes or students: one request, not the class list's
  // pages (a role that edits students without managing classes saw "#16" with nothing to pick).
  const choices = useQuery({
    queryKey: classKeys.options(camId),
    queryFn: async () => (await request.get<ClassChoices>('/educate/classes/choices', undefined, { errorHandling: 'local' })).data,
    enabled: can([Perm.classList, Perm.studentList]),
  });
  const gradeList = grades.data ?? [];
  // Every grade for those who read grades (a graduated class's grade may have no active class left).
  const pickerGrades: readonly Pick<Grade, 'id' | 'name'>[] = grades.data ?? choices.data?.grades ?? [];
  const gradeName = (id: number) => pickerGrades.find((g) => g.id === id)?.name ?? '';
  const classGroups = groupClassesByGrade(choices.data?.classes ?? [], pickerGrades);
  return {
    camId,
    grades: gradeList,
    /** The grades a filter offers: every grade for those who read grades, those of the classes reached otherwise. */
    gradeNames: pickerGrades.map((g) => g.name),
    gradeName,
    gradeOptions: gradeList.map((g) => ({ value: g.id, label: g.name })),
    classOptions: classGroups.flatMap((g) => g.classes.map(({ value, label }) => ({ value, label }))),
    classGroups,
    isLoadingClasses: choices.isLoading,
    refetchGrades: grades.refetch,
  };
}

/** Grades, classes, teachers and rooms of the current campus: pickers and names in the class pages. */
export function useClassOptions() {
  const choices = useClassChoices();
  const { camId } = choices;
  const can = usePermission();
  const teachers = useQuery({
    queryKey: classKeys.teacherOptions(camId),
    queryFn: () => fetchOptions<Teacher>('/educate/teachers', 'name:asc'),
    enabled: can([Perm.teacherList]),
  });
  const rooms = useQuery({
    queryKey: classKeys.roomOptions(camId),
    queryFn: () => fetchOptions<Room>('/educate/rooms', 'code:asc'),
    enabled: can([Perm.roomList]),
  });
  return {
    ...choices,
    teacherOptions: (teachers.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.staffNo})` })),
    teacherName: (id: number | null) => (id === null ? '' : ((teachers.data ?? []).find((x) => x.id === id)?.name ?? `#${id}`)),
    roomOptions: (rooms.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` })),
  };
}

export interface ClassGroup {
  gradeId: number;
  /** '' when the caller cannot read grades. */
  gradeName: string;
  classes: { value: number; label: string; name: string }[];
}

/** Classes under their grades, grades in the school's order, classes by name (2班 before 10班). */
export function groupClassesByGrade(
  classes: readonly Pick<SchoolClass, 'id' | 'name' | 'gradeId'>[],
  grades: readonly Pick<Grade, 'id' | 'name'>[],
): ClassGroup[] {
  const order = new Map(grades.map((g, i) => [g.id, i]));
  const byGrade = new Map<number, ClassGroup>();
  for (const c of classes) {
    const gradeName = grades.find((g) => g.id === c.gradeId)?.name ?? '';
    const group = byGrade.get(c.gradeId) ?? { gradeId: c.gradeId, gradeName, classes: [] };
    group.classes.push({ value: c.id, label: `${gradeName} ${c.name}`.trim(), name: c.name });
    byGrade.set(c.gradeId, group);
  }
  const groups = [...byGrade.values()].sort((a, b) => (order.get(a.gradeId) ?? 1e9) - (order.get(b.gradeId) ?? 1e9));
  for (const g of groups) g.classes.sort((a, b) => compareClassNames(a.name, b.name));
  return groups;
}
