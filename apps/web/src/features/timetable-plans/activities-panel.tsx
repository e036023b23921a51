import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Select from '@arco-design/web-react/es/Select';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPlus } from '@arco-design/web-react/icon';
import { Perm, WEEK_PATTERN_LABELS, type TimetableActivity, type TimetablePlan, type WeekPattern } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { getLocale, useT } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { ActivityEditDrawer, weekOptions } from './activity-edit-drawer';
import { addActivity, deleteActivity, fetchRoomOptions, fetchTeacherOptions, planKeys, updateActivity } from './plan-api';
import { deleteColumns } from './delete-column';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "2, 1, 1" → [2, 1, 1]; null when it is not 1-14 whole numbers of at least 1. */
export function parseLessons(text: string): number[] | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!parts.length || parts.length > 14 || parts.some((p) => !/^\d{1,2}$/.test(p) || Number(p) < 1)) return null;
  return parts.map(Number);
}

/** The plan's lessons: who, for whom, how long, where, which weeks; add a weekly activity, edit or remove a lesson. */
export function ActivitiesPanel({ plan }: { plan: TimetablePlan }) {
  const t = useT();
  const can = usePermission();
  const queryClient = useQueryClient();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const canEdit = can([Perm.timetablePlanEdit]);
  const [isOpen, setIsOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [teacherIds, setTeacherIds] = useState<number[]>([]);
  const [setIds, setSetIds] = useState<string[]>([]);
  const [lessons, setLessons] = useState('1, 1');
  const [roomIds, setRoomIds] = useState<number[]>([]);
  const [weekPattern, setWeekPattern] = useState<WeekPattern>('all');
  const [isBusy, setIsBusy] = useState(false);
  const [editing, setEditing] = useState<TimetableActivity | null>(null);
  const needsOptions = isOpen || editing !== null;
  const teachers = useQuery({ queryKey: planKeys.options(camId, 'teachers'), queryFn: fetchTeacherOptions, enabled: needsOptions });
  const rooms = useQuery({ queryKey: planKeys.options(camId, 'rooms'), queryFn: fetchRoomOptions, enabled: needsOptions });
  const locale = getLocale();
  const parsed = parseLessons(lessons);

  const teacherName = new Map(plan.teachers.map((x) => [x.id, x.name]));
  const roomName = new Map(plan.rooms.map((x) => [x.id, x.name]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: planKeys.all(camId) });

  const submit = async () => {
    if (!parsed) return;
    setIsBusy(true);
    try {
      await addActivity(plan.id, {
        subjectName: subject.trim(),
        teacherIds,
        studentSetIds: setIds,
        durations: parsed,
        roomIds,
        weekPattern,
      });
      showSuccess(t('tplan.activity.added', { count: parsed.length }));
      setIsOpen(false);
      await refresh();
    } catch (err) {
      showMessageError(message(err));
    } finally {
      setIsBusy(false);
    }
  };
  const save = async (a: TimetableActivity, body: Record<string, unknown>) => {
    await updateActivity(plan.id, a.id, body);
    showSuccess(t('tplan.activity.saved'));
    await refresh();
  };
  const remove = async (a: TimetableActivity) => {
    try {
      await deleteActivity(plan.id, a.id);
      await refresh();
    } catch (err) {
      showMessageError(message(err));
    }
  };

  const columns = [
    { title: t('tplan.activity.subject'), dataIndex: 'subjectName' },
    {
      title: t('tplan.activity.teachers'),
      dataIndex: 'teacherIds',
      render: (ids: number[]) => ids.map((id) => teacherName.get(id) ?? `#${id}`).join(', '),
    },
    { title: t('tplan.activity.sets'), dataIndex: 'studentSets', render: (names: string[]) => names.join(', ') },
    { title: t('tplan.activity.length'), dataIndex: 'durationPeriods', width: 80 },
    {
      title: t('tplan.activity.weeks'),
      dataIndex: 'weekPattern',
      width: 100,
      render: (p: WeekPattern) => WEEK_PATTERN_LABELS[p][locale],
    },
    {
      title: t('tplan.activity.rooms'),
      dataIndex: 'roomIds',
      render: (ids: number[], a: TimetableActivity) => (
        <>
          {ids.length ? ids.map((id) => roomName.get(id) ?? `#${id}`).join(', ') : t('tplan.activity.anyRoom')}
          {a.locked && (
            <Tag color="arcoblue" size="small">
              {t('tplan.activity.locked', { day: plan.days[a.locked.day - 1]?.name ?? a.locked.day, period: a.locked.period })}
            </Tag>
          )}
        </>
      ),
    },
    ...deleteColumns(t, canEdit, remove, setEditing),
  ];

  return (
    <div>
      {canEdit && (
        <Button type="primary" icon={<IconPlus />} onClick={() => setIsOpen(true)} className="tplan-toolbar">
          {t('tplan.activity.add')}
        </Button>
      )}
      <Table rowKey="id" columns={columns} data={plan.activities} pagination={{ pageSize: 50 }} size="small" />
      <Modal
        title={t('tplan.activity.add')}
        visible={isOpen}
        onCancel={() => setIsOpen(false)}
        onOk={() => void submit()}
        okButtonProps={{ disabled: !parsed, loading: isBusy }}
        unmountOnExit
      >
        <div className="tplan-form">
          <div className="tplan-field">
            <span>{t('tplan.activity.subject')}</span>
            <Input aria-label={t('tplan.activity.subject')} value={subject} maxLength={64} onChange={setSubject} />
          </div>
          <div className="tplan-field">
            <span>{t('tplan.activity.teachers')}</span>
            <Select
              aria-label={t('tplan.activity.teachers')}
              mode="multiple"
              showSearch
              options={teachers.data ?? []}
              value={teacherIds}
              onChange={(v: number[]) => setTeacherIds(v)}
            />
          </div>
          <div className="tplan-field">
            <span>{t('tplan.activity.sets')}</span>
            <Select
              aria-label={t('tplan.activity.sets')}
              mode="multiple"
              showSearch
              options={plan.studentSets.map((s) => ({ value: s.id, label: s.name }))}
              value={setIds}
              onChange={(v: string[]) => setSetIds(v)}
            />
          </div>
          <div className="tplan-field">
            <span>{t('tplan.activity.lessons')}</span>
            <Input aria-label={t('tplan.activity.lessons')} value={lessons} onChange={setLessons} status={parsed ? undefined : 'error'} />
            {!parsed && <span className="arco-form-message">{t('tplan.lessonsInvalid')}</span>}
          </div>
          <div className="tplan-field">
            <span>{t('tplan.activity.weeks')}</span>
            <Select
              aria-label={t('tplan.activity.weeks')}
              options={weekOptions(locale)}
              value={weekPattern}
              onChange={(v: WeekPattern) => setWeekPattern(v)}
            />
          </div>
          <div className="tplan-field">
            <span>{t('tplan.activity.rooms')}</span>
            <Select
              aria-label={t('tplan.activity.rooms')}
              mode="multiple"
              showSearch
              placeholder={t('tplan.activity.anyRoom')}
              options={rooms.data ?? []}
              value={roomIds}
              onChange={(v: number[]) => setRoomIds(v)}
            />
          </div>
        </div>
      </Modal>
      <ActivityEditDrawer
        plan={plan}
        activity={editing}
        teacherOptions={teachers.data ?? []}
        roomOptions={rooms.data ?? []}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
