import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Drawer from '@arco-design/web-react/es/Drawer';
import Form from '@arco-design/web-react/es/Form';
import Grid from '@arco-design/web-react/es/Grid';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Popconfirm from '@arco-design/web-react/es/Popconfirm';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import {
  WEEK_PATTERN_LABELS,
  WEEK_PATTERNS,
  WEEKDAY_LABELS,
  scheduleEntryCreateSchema,
  type ScheduleConflict,
  type ScheduleEntry,
  type ScheduleWriteResult,
  type WeekPattern,
} from '@campus/contract';
import { useState } from 'react';
import { readServerFieldErrors, validateBody } from '../../lib/form/field-errors';
import { getLocale, useLocaleStore, useT } from '../../lib/i18n';
import { createEntry, deleteEntry, searchRooms, searchTeachers, updateEntry, type EntryBody, type PickOption } from './schedule-api';
import { readConflicts } from '../../lib/schedule-conflicts';
import { ClashList } from './schedule-clash-list';
import { listTimeOptions, readTypedSlot } from './schedule-grid-logic';
import type { GridSelection } from './schedule-grid';
import { RemoteSelect } from './schedule-remote-select';

const TIME_OPTIONS = listTimeOptions(5).map((v) => ({ value: v, label: v }));
const FIELDS = ['weekday', 'startTime', 'endTime', 'roomId', 'teacherId', 'weekStart', 'weekEnd', 'weekPattern'] as const;
const TIME_FIELDS: readonly string[] = ['startTime', 'endTime'];
const WEEK_FIELDS: readonly string[] = ['weekStart', 'weekEnd'];

export interface EntryFormValues {
  weekday?: number;
  startTime?: string;
  endTime?: string;
  roomId?: number;
  teacherId?: number;
  weekStart?: number;
  weekEnd?: number;
  weekPattern?: WeekPattern;
}

export interface EntryFormState {
  /** null: a new entry. */
  entry: ScheduleEntry | null;
  initial: EntryFormValues;
  /** Labels of the ids in `initial` the pickers have not searched yet. */
  knownRoom?: PickOption;
  knownTeacher?: PickOption;
}

interface EntryFormProps {
  courseId: number;
  termWeeks: number;
  state: EntryFormState | null;
  canDelete: boolean;
  onClose: () => void;
  onSaved: (result: ScheduleWriteResult | null) => void;
  /** The clashes of the last refused save (null when cleared), for the grid to show. */
  onClashes: (conflicts: ScheduleConflict[] | null, entryId: number | null) => void;
  /** The day and time the form holds, as typed, for the grid to draw before saving (null: none yet, or unchanged). */
  onPreview?: (selection: GridSelection | null) => void;
}

/** Pixels the form covers at the window's right; the page keeps its grid clear of them. */
export const ENTRY_FORM_WIDTH = 440;

/** Add, edit (move through the fields) and delete one schedule entry; a clash stays explained in the form. */
export function ScheduleEntryForm({ courseId, termWeeks, state, canDelete, onClose, onSaved, onClashes, onPreview }: EntryFormProps) {
  const t = useT();
  const isOpen = state !== null;
  return (
    <Drawer
      visible={isOpen}
      width={ENTRY_FORM_WIDTH}
      // No mask: the grid beside the form shows the slot being typed and the clashes it explains, undimmed.
      mask={false}
      title={t(state?.entry ? 'schedule.form.editTitle' : 'schedule.form.addTitle')}
      onCancel={onClose}
      unmountOnExit
      focusLock
      footer={null}
      className="schedule-entry-drawer"
    >
      {state && (
        <EntryFormBody
          courseId={courseId}
          termWeeks={termWeeks}
          state={state}
          canDelete={canDelete}
          onClose={onClose}
          onSaved={onSaved}
          onClashes={onClashes}
          onPreview={onPreview}
        />
      )}
    </Drawer>
  );
}

function EntryFormBody({
  courseId,
  termWeeks,
  state,
  canDelete,
  onClose,
  onSaved,
  onClashes,
  onPreview,
}: EntryFormProps & { state: EntryFormState }) {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const [form] = Form.useForm<EntryFormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [conflicts, setConflicts] = useState<ScheduleConflict[] | null>(null);
  const [error, setError] = useState('');
  const { entry } = state;
  const labels: Record<string, string> = Object.fromEntries(FIELDS.map((f) => [f, t(`schedule.field.${f}`)]));

  const toBody = (v: EntryFormValues): EntryBody => ({
    weekday: v.weekday ?? 0,
    startTime: v.startTime ?? '',
    endTime: v.endTime ?? '',
    roomId: v.roomId ?? 0,
    ...(v.teacherId === undefined ? {} : { teacherId: v.teacherId }),
    ...(v.weekStart === undefined || v.weekStart === null ? {} : { weekStart: v.weekStart }),
    ...(v.weekEnd === undefined || v.weekEnd === null ? {} : { weekEnd: v.weekEnd }),
    weekPattern: v.weekPattern ?? 'all',
  });

  const showFieldErrors = (messages: Record<string, string>) => {
    const known = Object.entries(messages).filter(([name]) => name in labels);
    form.setFields(Object.fromEntries(known.map(([name, message]) => [name, { error: { message } }])));
    return known.length;
  };

  // A message set by hand stays until taken away: the fixed times still read "must be later than the start time".
  const clearFieldErrors = (names: readonly string[]) => form.setFields(Object.fromEntries(names.map((name) => [name, { error: null }])));

  const save = async () => {
    setError('');
    clearFieldErrors(FIELDS);
    const body = toBody(form.getFieldsValue());
    // Blank pickers read as "missing", as the server would say it.
    const checked = { ...body, roomId: body.roomId || '', weekday: body.weekday || '' };
    const messages = validateBody(scheduleEntryCreateSchema, checked, getLocale(), labels);
    if (Object.keys(messages).length) {
      if (!showFieldErrors(messages)) setError(Object.values(messages).join('; '));
      return;
    }
    setIsSaving(true);
    try {
      const result = entry ? await updateEntry(courseId, entry.id, body) : await createEntry(courseId, body);
      setConflicts(null);
      onClashes(null, null);
      onSaved(result);
    } catch (err) {
      const found = readConflicts(err);
      if (found) {
        setConflicts(found);
        onClashes(found, entry?.id ?? null);
        return;
      }
      const serverMessages = readServerFieldErrors(err, labels);
      if (!showFieldErrors(serverMessages)) setError(err instanceof Error ? err.message : String(err));
    } finally {
      setIsSaving(false);
    }
  };

  const remove = async () => {
    if (!entry) return;
    try {
      await deleteEntry(courseId, entry.id);
      onClashes(null, null);
      onSaved(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const weekdayOptions = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: WEEKDAY_LABELS[d]?.[locale] ?? String(d) }));

  return (
    <>
      {conflicts && <ClashList conflicts={conflicts} note={t('schedule.clash.notSaved')} />}
      {error && <Alert type="error" content={error} className="schedule-form-error" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ weekPattern: 'all', ...state.initial }}
        autoComplete="off"
        onSubmit={() => void save()}
        onValuesChange={(changed: Partial<EntryFormValues>, values: EntryFormValues) => {
          setError('');
          // The time and week rules compare two fields: a change to either answers both.
          const names = Object.keys(changed);
          if (names.some((n) => TIME_FIELDS.includes(n))) names.push(...TIME_FIELDS);
          if (names.some((n) => WEEK_FIELDS.includes(n))) names.push(...WEEK_FIELDS);
          if (names.length) clearFieldErrors(names);
          onPreview?.(readTypedSlot(values, entry));
        }}
      >
        <Grid.Row gutter={16}>
          <Grid.Col span={8}>
            <Form.Item field="weekday" label={labels.weekday} required>
              <Select options={weekdayOptions} placeholder={t('form.select', { field: labels.weekday ?? '' })} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={8}>
            <Form.Item field="startTime" label={labels.startTime} required>
              <Select showSearch options={TIME_OPTIONS} placeholder="HH:mm" aria-label={labels.startTime} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={8}>
            <Form.Item field="endTime" label={labels.endTime} required>
              <Select showSearch options={TIME_OPTIONS} placeholder="HH:mm" aria-label={labels.endTime} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={12}>
            <Form.Item field="roomId" label={labels.roomId} required extra={t('schedule.form.roomHint')}>
              <RemoteSelect
                search={searchRooms}
                known={state.knownRoom}
                ariaLabel={labels.roomId}
                placeholder={t('schedule.form.searchRoom')}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={12}>
            <Form.Item field="teacherId" label={labels.teacherId} extra={t('schedule.form.teacherHint')}>
              <RemoteSelect
                search={searchTeachers}
                known={state.knownTeacher}
                ariaLabel={labels.teacherId}
                placeholder={t('schedule.form.searchTeacher')}
              />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={12}>
            <Form.Item field="weekStart" label={labels.weekStart}>
              <InputNumber min={1} max={termWeeks} precision={0} placeholder="1" />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={12}>
            <Form.Item field="weekEnd" label={labels.weekEnd}>
              <InputNumber min={1} max={termWeeks} precision={0} placeholder={String(termWeeks)} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col span={24}>
            <Form.Item field="weekPattern" label={labels.weekPattern}>
              <Radio.Group type="button" options={WEEK_PATTERNS.map((p) => ({ value: p, label: WEEK_PATTERN_LABELS[p][locale] }))} />
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
        <p className="schedule-form-hint">{t('schedule.form.weeksHint', { weeks: termWeeks })}</p>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      <div className="schedule-form-actions">
        {entry && canDelete && (
          <Popconfirm title={t('schedule.form.deleteConfirm')} onOk={() => void remove()}>
            <Button status="danger">{t('schedule.form.delete')}</Button>
          </Popconfirm>
        )}
        <Space className="schedule-form-actions-main">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSaving} onClick={() => void save()}>
            {t('form.save')}
          </Button>
        </Space>
      </div>
    </>
  );
}
