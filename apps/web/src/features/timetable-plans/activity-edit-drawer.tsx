import {
  timetableActivityUpdateSchema,
  WEEK_PATTERN_LABELS,
  WEEK_PATTERNS,
  type TimetableActivity,
  type TimetablePlan,
} from '@campus/contract';
import { z } from 'zod';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { getLocale, useT } from '../../lib/i18n';
import type { Option } from './plan-api';

/**
 * The form's body as the API reads it: the shared form sends "none" of a list as '' and a cleared number as ''
 * (form encoding's habits); this form's body travels as JSON, so they become [] and null.
 */
export function toActivityBody(values: Record<string, unknown>): Record<string, unknown> {
  const body = { ...values };
  for (const key of ['teacherIds', 'studentSetIds', 'roomIds']) if (body[key] === '') body[key] = [];
  if (body.size === '') body.size = null;
  return body;
}

/** The contract's update schema, read after toActivityBody: the form shows exactly the server's rules. */
const activityFormSchema = z.preprocess(
  (v) => (typeof v === 'object' && v !== null ? toActivityBody(v as Record<string, unknown>) : v),
  timetableActivityUpdateSchema,
);

interface Props {
  plan: TimetablePlan;
  activity: TimetableActivity | null;
  teacherOptions: Option[];
  roomOptions: Option[];
  onSave: (activity: TimetableActivity, body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/** Edit one lesson of an activity: subject, teachers, sets, length, rooms, size and weeks. */
export function ActivityEditDrawer({ plan, activity, teacherOptions, roomOptions, onSave, onClose }: Props) {
  const t = useT();
  const locale = getLocale();
  // The plan's own teachers and rooms first, so a name shows even beyond the first page of options.
  const merge = (own: { id: number; name: string }[], more: Option[]) => {
    const seen = new Set(more.map((o) => o.value));
    return [...own.filter((x) => !seen.has(x.id)).map((x) => ({ value: x.id, label: x.name })), ...more];
  };
  const fields: FormFieldDef[] = [
    { name: 'subjectName', label: t('tplan.activity.subject'), kind: 'text' },
    { name: 'weekPattern', label: t('tplan.activity.weeks'), kind: 'select', isRequired: true, options: weekOptions(locale) },
    {
      name: 'teacherIds',
      label: t('tplan.activity.teachers'),
      kind: 'multiselect',
      options: merge(plan.teachers, teacherOptions),
      isWide: true,
    },
    {
      name: 'studentSetIds',
      label: t('tplan.activity.sets'),
      kind: 'multiselect',
      options: plan.studentSets.map((s) => ({ value: s.id, label: s.name })),
      isWide: true,
    },
    { name: 'duration', label: t('tplan.activity.length'), kind: 'number', min: 1, precision: 0, isRequired: true },
    { name: 'size', label: t('tplan.activity.size'), kind: 'number', min: 0, precision: 0, isNullable: true },
    {
      name: 'roomIds',
      label: t('tplan.activity.rooms'),
      kind: 'multiselect',
      options: merge(plan.rooms, roomOptions),
      placeholder: t('tplan.activity.anyRoom'),
      isWide: true,
    },
  ];
  const initialValues = activity
    ? {
        subjectName: activity.subjectName,
        weekPattern: activity.weekPattern,
        teacherIds: activity.teacherIds,
        studentSetIds: activity.studentSetIds,
        duration: activity.durationPeriods,
        size: activity.size ?? undefined,
        roomIds: activity.roomIds,
      }
    : {};
  return (
    <FormDrawer
      isOpen={activity !== null}
      title={t('tplan.activity.edit')}
      schema={activityFormSchema}
      fields={fields}
      initialValues={initialValues}
      onSubmit={(body) => (activity ? onSave(activity, toActivityBody(body)) : Promise.resolve())}
      onClose={onClose}
    />
  );
}

export const weekOptions = (locale: ReturnType<typeof getLocale>) =>
  WEEK_PATTERNS.map((p) => ({ value: p, label: WEEK_PATTERN_LABELS[p][locale] }));
