import { GENDERS, STAFF_STATUSES, STUDENT_STATUSES, COURSE_STATUSES } from '@campus/contract';
import type { Translate } from '../../lib/i18n';

export type Resource = 'student' | 'teacher' | 'manager' | 'room' | 'term' | 'course';

/** Column and form labels: the contract's FIELD_LABELS where it has them, the page book otherwise. */
export function fieldLabel(t: Translate, resource: Resource, field: string): string {
  return t(`field.${resource}.${field}`);
}

export function valueOptions(t: Translate, set: 'gender' | 'studentStatus' | 'staffStatus' | 'courseStatus') {
  const values: readonly string[] = {
    gender: GENDERS,
    studentStatus: STUDENT_STATUSES,
    staffStatus: STAFF_STATUSES,
    courseStatus: COURSE_STATUSES,
  }[set];
  return values.map((value) => ({ value, label: t(`value.${set}.${value}`) }));
}

export const STATUS_COLORS: Record<string, string> = {
  enrolled: 'green',
  suspended: 'orange',
  graduated: 'arcoblue',
  withdrawn: 'gray',
  active: 'green',
  left: 'gray',
  draft: 'gray',
  open: 'green',
  closed: 'orangered',
};
