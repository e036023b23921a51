import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import Spin from '@arco-design/web-react/es/Spin';
import { IconDownload, IconPrinter } from '@arco-design/web-react/icon';
import { Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { PageFrame } from '../../lib/page-frame';
import { useSessionStore } from '../../lib/session';
import {
  downloadTimetableIcs,
  fetchTimetable,
  searchRooms,
  searchStudents,
  searchTeachers,
  type PickOption,
  type TimetableTarget,
} from './schedule-api';
import { CalendarFeedButton } from './calendar-feed-button';
import { useClassChoices } from './class-api';
import { ClassSelect } from './class-select';
import { educateKeys } from './educate-api';
import { RemoteSelect } from './schedule-remote-select';
import { TimetableBody } from './timetable-view';
import './schedule-messages';
import './timetable-page.css';

const SEARCHES: Record<Exclude<TimetableTarget, 'class'>, (keyword: string) => Promise<PickOption[]>> = {
  teacher: searchTeachers,
  room: searchRooms,
  student: searchStudents,
};

/**
 * A teacher's, room's, student's or class's week: the grid read-only, teaching
 * loads, print and `.ics`. The class choice lists the classes the caller's data scope reaches.
 */
export function TimetablePage() {
  const t = useT();
  const can = usePermission();
  const { classOptions } = useClassChoices();
  const kinds: readonly TimetableTarget[] = ['teacher', 'room', 'student', ...(can([Perm.classList]) ? (['class'] as const) : [])];
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const [kind, setKind] = useState<TimetableTarget>('teacher');
  const [target, setTarget] = useState<PickOption | undefined>(undefined);
  const [week, setWeek] = useState<number | undefined>(undefined);
  const [isDownloading, setIsDownloading] = useState(false);
  const timetable = useQuery({
    queryKey: educateKeys.timetable(camId, kind, target?.value, week),
    queryFn: () => fetchTimetable({ kind, id: target?.value ?? 0, ...(week ? { week } : {}) }),
    enabled: target !== undefined,
  });
  const data = timetable.data;

  const changeKind = (next: TimetableTarget) => {
    setKind(next);
    setTarget(undefined);
    setWeek(undefined);
  };

  const download = async () => {
    if (!target) return;
    setIsDownloading(true);
    try {
      showSuccess(t('timetable.downloaded', { name: await downloadTimetableIcs(kind, target.value) }));
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    } finally {
      setIsDownloading(false);
    }
  };

  const weekOptions = data?.term
    ? Array.from({ length: data.term.weeks }, (_, i) => ({ value: i + 1, label: t('timetable.weekN', { week: i + 1 }) }))
    : [];

  return (
    <PageFrame titleKey="menu.educate.timetable">
      <Card bordered={false} className="timetable-card">
        <div className="timetable-toolbar">
          <Radio.Group
            type="button"
            value={kind}
            onChange={(v: TimetableTarget) => changeKind(v)}
            options={kinds.map((k) => ({ value: k, label: t(`timetable.kind.${k}`) }))}
            aria-label={t('timetable.kind.label')}
          />
          {kind === 'class' ? (
            <ClassSelect
              className="timetable-target"
              value={target?.value}
              onChange={(id) => {
                setTarget(id === undefined ? undefined : { value: id, label: classOptions.find((c) => c.value === id)?.label ?? '' });
                setWeek(undefined);
              }}
              ariaLabel={t('timetable.pick.class')}
              style={{ width: 280 }}
            />
          ) : (
            <RemoteSelect
              key={kind}
              className="timetable-target"
              search={SEARCHES[kind]}
              value={target?.value}
              onChange={(_v, option) => {
                setTarget(option);
                setWeek(undefined);
              }}
              ariaLabel={t(`timetable.pick.${kind}`)}
              placeholder={t(`timetable.pick.${kind}`)}
              style={{ width: 280 }}
            />
          )}
          <Select
            className="timetable-week"
            aria-label={t('timetable.week')}
            placeholder={t('timetable.allWeeks')}
            allowClear
            value={week}
            disabled={!weekOptions.length}
            onChange={(v: number | undefined) => setWeek(v)}
            options={weekOptions}
            style={{ width: 150 }}
          />
          <div className="timetable-actions">
            <Button icon={<IconPrinter />} disabled={!data} onClick={() => window.print()}>
              {t('timetable.print')}
            </Button>
            <Button type="primary" icon={<IconDownload />} disabled={!data} loading={isDownloading} onClick={() => void download()}>
              {t('timetable.ics')}
            </Button>
            <CalendarFeedButton target={target ? { kind, id: target.value, name: target.label } : undefined} disabled={!data} />
            <CalendarFeedButton target={{ kind: 'own', name: t('feed.myTimetable') }} />
          </div>
        </div>

        {!target ? (
          <Empty className="timetable-empty" description={t(`timetable.choose.${kind}`)} />
        ) : timetable.isError ? (
          <Empty className="timetable-empty" description={timetable.error.message} />
        ) : !data ? (
          <Spin loading block style={{ width: '100%', minHeight: 320 }} />
        ) : (
          <TimetableBody data={data} />
        )}
      </Card>
    </PageFrame>
  );
}
