import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Popconfirm from '@arco-design/web-react/es/Popconfirm';
import { ErrorResult } from '../../lib/error-result';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import Spin from '@arco-design/web-react/es/Spin';
import Table from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconArrowLeft, IconPlus, IconSearch } from '@arco-design/web-react/icon';
import {
  WEEK_PATTERN_LABELS,
  WEEK_PATTERNS,
  WEEKDAY_LABELS,
  formatHm,
  parseHm,
  type FreeSlot,
  type FreeSlotsAnswer,
  type ScheduleConflict,
  type ScheduleEntry,
  type WeekPattern,
  Perm,
} from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showInfo, showMessageError, showSuccess } from '../../lib/feedback';
import { useLocaleStore, useT } from '../../lib/i18n';
import { formatTermLabel } from '../../lib/term-label';
import { PageFrame } from '../../lib/page-frame';
import { CalendarFeedButton } from './calendar-feed-button';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { educateKeys, teacherApi } from './educate-api';
import { deleteEntry, fetchCourseSchedule, fetchFreeSlots, updateEntry } from './schedule-api';
import { readConflicts } from '../../lib/schedule-conflicts';
import { ClashList } from './schedule-clash-list';
import { ENTRY_FORM_WIDTH, ScheduleEntryForm, type EntryFormState } from './schedule-entry-form';
import { ScheduleGrid, describeWeeks, type GridSelection } from './schedule-grid';
import { fitDayRange, toTimeSpan, type MoveTarget, type TimeSpan } from './schedule-grid-logic';
import './schedule-messages';
import './timetable-page.css';

const PERM_ADD = Perm.scheduleAdd;
const PERM_EDIT = Perm.scheduleEdit;
const PERM_DELETE = Perm.scheduleDelete;

interface PageClash {
  conflicts: ScheduleConflict[];
  /** The entry of this course that was refused (a move), if any. */
  entryId: number | null;
  /** Refused by the grid (a drag) rather than the form. */
  isFromGrid: boolean;
}

export function CourseSchedulePage() {
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const navigate = useNavigate();
  const hasPerm = usePermission();
  const { id = '' } = useParams();
  const courseId = Number(id);
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const isValidId = Number.isInteger(courseId) && courseId > 0;
  const schedule = useQuery({
    queryKey: educateKeys.schedule(camId, courseId),
    queryFn: () => fetchCourseSchedule(courseId),
    enabled: isValidId,
  });
  const teacherId = schedule.data?.course.teacherId;
  const teacher = useQuery({
    queryKey: educateKeys.teacher(camId, teacherId),
    queryFn: () => teacherApi.fetchOne(teacherId ?? 0),
    enabled: teacherId !== undefined,
  });
  const [form, setForm] = useState<EntryFormState | null>(null);
  const [clash, setClash] = useState<PageClash | null>(null);
  const [duration, setDuration] = useState<number | undefined>(90);
  const [pattern, setPattern] = useState<WeekPattern>('all');
  const [slots, setSlots] = useState<FreeSlotsAnswer | null>(null);
  const [isFinding, setIsFinding] = useState(false);
  const [pending, setPending] = useState<GridSelection | null>(null);

  const canAdd = hasPerm([PERM_ADD]);
  const canEdit = hasPerm([PERM_EDIT]);
  const canDelete = hasPerm([PERM_DELETE]);
  const data = schedule.data;
  const entries = useMemo(() => data?.entries ?? [], [data]);

  const day = useMemo(() => {
    const spans: TimeSpan[] = [...entries, ...(clash?.conflicts ?? []), ...(slots?.slots ?? []), ...(pending ? [toTimeSpan(pending)] : [])];
    if (slots) spans.push({ startTime: slots.dayStart, endTime: slots.dayEnd });
    return fitDayRange(spans);
  }, [entries, clash, slots, pending]);

  if (!isValidId || schedule.isError) {
    return (
      <PageFrame titleKey="menu.educate.courseSchedule">
        <ErrorResult status="404" title={t('form.loadFailed')} subTitle={schedule.error?.message} />
      </PageFrame>
    );
  }
  if (!data) {
    return (
      <PageFrame titleKey="menu.educate.courseSchedule">
        <Spin loading block style={{ width: '100%', minHeight: 320 }} />
      </PageFrame>
    );
  }

  const courseTeacher = teacher.data;
  const knownTeacher = courseTeacher ? { value: courseTeacher.id, label: `${courseTeacher.name} (${courseTeacher.staffNo})` } : undefined;

  const openAdd = (init: GridSelection | null, slot?: FreeSlot) => {
    setClash(null);
    setPending(init);
    const room = slot?.rooms[0];
    setForm({
      entry: null,
      initial: {
        ...(init ? { weekday: init.weekday, startTime: formatHm(init.startMin), endTime: formatHm(init.endMin) } : {}),
        teacherId: data.course.teacherId,
        ...(room ? { roomId: room.id } : {}),
        ...(slot && slots ? { weekPattern: slots.weekPattern, weekStart: slots.weekStart, weekEnd: slots.weekEnd } : {}),
      },
      knownTeacher,
      ...(room ? { knownRoom: { value: room.id, label: `${room.code} ${room.name} (${room.capacity})` } } : {}),
    });
  };

  const openEdit = (entry: ScheduleEntry) => {
    if (!canEdit) return;
    setClash(null);
    setPending(null);
    setForm({
      entry,
      initial: {
        weekday: entry.weekday,
        startTime: entry.startTime,
        endTime: entry.endTime,
        roomId: entry.roomId,
        teacherId: entry.teacherId,
        weekStart: entry.weekStart,
        weekEnd: entry.weekEnd,
        weekPattern: entry.weekPattern,
      },
      knownRoom: { value: entry.roomId, label: `${entry.roomCode} ${entry.roomName} (${entry.roomCapacity})` },
      knownTeacher: { value: entry.teacherId, label: entry.teacherName },
    });
  };

  const closeForm = () => {
    setForm(null);
    setPending(null);
    // Clashes the form explained go with it; a grid refusal stays until dismissed.
    setClash((c) => (c?.isFromGrid ? c : null));
  };

  const refresh = async () => {
    await schedule.refetch();
  };

  const afterSave = (message: string, warnings: number) => {
    setForm(null);
    setPending(null);
    setClash(null);
    // Slots found before the change may no longer be free.
    setSlots(null);
    showSuccess(message);
    if (warnings) showInfo(t('schedule.warning.saved', { count: warnings }));
    void refresh();
  };

  const move = async (entry: ScheduleEntry, target: MoveTarget) => {
    try {
      const result = await updateEntry(courseId, entry.id, {
        weekday: target.weekday,
        startTime: formatHm(target.startMin),
        endTime: formatHm(target.endMin),
      });
      const weekday = WEEKDAY_LABELS[target.weekday]?.[locale] ?? '';
      afterSave(t('schedule.moved', { weekday, start: result.entry.startTime, end: result.entry.endTime }), result.warnings.length);
    } catch (err) {
      const conflicts = readConflicts(err);
      if (conflicts) setClash({ conflicts, entryId: entry.id, isFromGrid: true });
      else showMessageError(err instanceof Error ? err.message : String(err));
    }
  };

  const remove = async (entry: ScheduleEntry) => {
    try {
      await deleteEntry(courseId, entry.id);
      afterSave(t('schedule.deleted'), 0);
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    }
  };

  const findSlots = async () => {
    if (!duration) return;
    setIsFinding(true);
    try {
      setSlots(await fetchFreeSlots(courseId, { duration, weekPattern: pattern }));
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    } finally {
      setIsFinding(false);
    }
  };

  const flagged = new Set<number>();
  if (clash?.entryId) flagged.add(clash.entryId);
  for (const c of clash?.conflicts ?? []) if (c.withEntryId !== null) flagged.add(c.withEntryId);

  const columns = [
    {
      title: t('schedule.field.weekday'),
      render: (_: unknown, e: ScheduleEntry) => `${WEEKDAY_LABELS[e.weekday]?.[locale] ?? e.weekday} ${e.startTime}–${e.endTime}`,
    },
    { title: t('schedule.field.roomId'), render: (_: unknown, e: ScheduleEntry) => `${e.roomCode} ${e.roomName} (${e.roomCapacity})` },
    { title: t('schedule.field.teacherId'), render: (_: unknown, e: ScheduleEntry) => e.teacherName },
    { title: t('schedule.field.weeks'), render: (_: unknown, e: ScheduleEntry) => describeWeeks(t, e, locale) },
    {
      title: t('common.actions'),
      width: 150,
      render: (_: unknown, e: ScheduleEntry) => (
        <Space size={4}>
          {canEdit && (
            <Button type="text" size="mini" onClick={() => openEdit(e)}>
              {t('list.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm title={t('schedule.form.deleteConfirm')} onOk={() => void remove(e)}>
              <Button type="text" size="mini" status="danger">
                {t('schedule.form.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      titleKey="menu.educate.courseSchedule"
      extra={
        <Button icon={<IconArrowLeft />} onClick={() => void navigate('/educate/course')}>
          {t('educate.course.backToList')}
        </Button>
      }
    >
      <Card
        bordered={false}
        className="schedule-card"
        // The form opens without a mask beside the grid: the grid steps aside so nothing it explains is under it.
        style={form ? { marginRight: ENTRY_FORM_WIDTH } : undefined}
      >
        <div className="schedule-summary">
          <div className="schedule-course">
            <span className="schedule-course-name">{data.course.name}</span>
            <Tag>{data.course.code}</Tag>
            <Tag color="arcoblue">{t('schedule.termWeeks', { term: formatTermLabel(t, data.term), weeks: data.term.weeks })}</Tag>
            <span className="schedule-muted">
              {t('schedule.enrolment', { enrolled: data.course.enrolled, capacity: data.course.capacity })}
              {courseTeacher ? ` · ${t('schedule.field.teacherId')} ${courseTeacher.name}` : ''}
            </span>
          </div>
          <Space>
            <CalendarFeedButton target={{ kind: 'course', id: courseId, name: data.course.name }} />
            {canAdd && (
              <Button type="primary" icon={<IconPlus />} onClick={() => openAdd(null)}>
                {t('schedule.add')}
              </Button>
            )}
          </Space>
        </div>

        <div className="schedule-finder" role="group" aria-label={t('schedule.finder.label')}>
          <span className="schedule-finder-label">{t('schedule.finder.label')}</span>
          <InputNumber
            aria-label={t('schedule.finder.duration')}
            value={duration}
            onChange={(v) => setDuration(typeof v === 'number' ? v : undefined)}
            min={5}
            max={720}
            step={15}
            precision={0}
            suffix={t('schedule.finder.minutes')}
            style={{ width: 150 }}
          />
          <Select
            aria-label={t('schedule.field.weekPattern')}
            value={pattern}
            onChange={(v: WeekPattern) => setPattern(v)}
            options={WEEK_PATTERNS.map((p) => ({ value: p, label: WEEK_PATTERN_LABELS[p][locale] }))}
            style={{ width: 130 }}
          />
          <Button icon={<IconSearch />} loading={isFinding} disabled={!duration} onClick={() => void findSlots()}>
            {t('schedule.finder.find')}
          </Button>
          {slots && (
            <>
              <span className="schedule-muted" role="status">
                {t('schedule.finder.found', { count: slots.slots.length, seats: slots.seatsNeeded })}
              </span>
              <Button type="text" onClick={() => setSlots(null)}>
                {t('schedule.finder.clear')}
              </Button>
            </>
          )}
        </div>

        {data.warnings.length > 0 && (
          <Alert
            type="warning"
            className="schedule-warnings"
            title={t('schedule.warning.title')}
            content={
              <ul className="schedule-clash-list">
                {data.warnings.map((w) => (
                  <li key={`${w.entryId}-${w.kind}`}>
                    {t(`schedule.warning.${w.kind}`, {
                      room: entries.find((e) => e.id === w.entryId)?.roomCode ?? '',
                      capacity: w.roomCapacity,
                      enrolled: w.enrolled,
                      courseCapacity: w.courseCapacity,
                    })}
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {clash?.isFromGrid && <ClashList conflicts={clash.conflicts} note={t('schedule.clash.notMoved')} onClose={() => setClash(null)} />}

        <p className="schedule-muted schedule-help">{t(canAdd || canEdit ? 'schedule.help.edit' : 'schedule.help.view')}</p>
        <div className="tt-scroll">
          <ScheduleGrid
            day={day}
            entries={entries}
            clashes={clash?.conflicts ?? []}
            flaggedIds={flagged}
            suggestions={slots?.slots ?? []}
            pending={pending}
            isEditable={canAdd || canEdit}
            label={t('schedule.grid.label', { course: data.course.name })}
            onSelectRange={canAdd ? (sel) => openAdd(sel) : undefined}
            onOpenEntry={openEdit}
            onMoveEntry={canEdit ? (e, target) => void move(e, target) : undefined}
            onPickSuggestion={
              canAdd
                ? (slot) => openAdd({ weekday: slot.weekday, startMin: parseHm(slot.startTime), endMin: parseHm(slot.endTime) }, slot)
                : undefined
            }
          />
        </div>

        <h2 className="schedule-subtitle">{t('schedule.list.title', { count: entries.length })}</h2>
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          data={entries}
          pagination={false}
          noDataElement={<span className="schedule-muted">{t('schedule.list.empty')}</span>}
        />
      </Card>

      <ScheduleEntryForm
        courseId={courseId}
        termWeeks={data.term.weeks}
        state={form}
        canDelete={canDelete}
        onClose={closeForm}
        onSaved={(result) => afterSave(t(result ? 'schedule.saved' : 'schedule.deleted'), result?.warnings.length ?? 0)}
        onClashes={(conflicts, entryId) => setClash(conflicts ? { conflicts, entryId, isFromGrid: false } : null)}
        onPreview={setPending}
      />
    </PageFrame>
  );
}
