import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import Spin from '@arco-design/web-react/es/Spin';
import { IconDownload, IconPrinter } from '@arco-design/web-react/icon';
import type { Timetable, WeeklyLoad } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { formatTermLabel } from '../../lib/term-label';
import { useT } from '../../lib/i18n';
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
import { educateKeys } from './educate-api';
import { ScheduleGrid } from './schedule-grid';
import { fitLessonDay } from './schedule-grid-logic';
import { RemoteSelect } from './schedule-remote-select';
import './schedule-messages';
import './timetable-page.css';
import { PersonLink } from '../../lib/person-link';

const SEARCHES: Record<TimetableTarget, (keyword: string) => Promise<PickOption[]>> = {
  teacher: searchTeachers,
  room: searchRooms,
  student: searchStudents,
};
const KINDS: readonly TimetableTarget[] = ['teacher', 'room', 'student'];

/** A teacher's, room's or student's week: the grid read-only, teaching loads, print and `.ics`. */
export function TimetablePage() {
  const t = useT();
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
            options={KINDS.map((k) => ({ value: k, label: t(`timetable.kind.${k}`) }))}
            aria-label={t('timetable.kind.label')}
          />
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

function TimetableBody({ data }: { data: Timetable }) {
  const t = useT();
  const { target, term } = data;
  const ownLoad = target.kind === 'teacher' ? data.teacherLoads.find((l) => l.teacherId === target.id) : undefined;
  return (
    <>
      <div className="timetable-heading">
        <h2 className="timetable-title">
          {t(`timetable.kind.${target.kind}`)} ·{' '}
          {target.kind === 'teacher' || target.kind === 'student' ? (
            <PersonLink kind={target.kind} id={target.id} name={target.name} />
          ) : (
            target.name
          )}
        </h2>
        <span className="timetable-muted">
          {term
            ? t('timetable.term', { term: formatTermLabel(t, term), from: term.startDate, to: term.endDate, weeks: term.weeks })
            : t('timetable.noTerm')}
          {data.week ? ` · ${t('timetable.weekN', { week: data.week })}` : ''}
        </span>
      </div>
      <LoadStats load={ownLoad ?? data.load} title={t(ownLoad ? 'timetable.load.teacher' : 'timetable.load.listed')} />
      <div className="tt-scroll">
        <ScheduleGrid day={fitLessonDay(data.entries)} entries={data.entries} label={t('timetable.grid.label', { name: target.name })} />
      </div>
      {data.entries.length === 0 && <p className="timetable-muted timetable-none">{t('timetable.none')}</p>}
      {target.kind !== 'teacher' && data.teacherLoads.length > 0 && (
        <section className="timetable-loads">
          <h3 className="timetable-subtitle">{t('timetable.load.teachers')}</h3>
          <ul>
            {data.teacherLoads.map((l) => (
              <li key={l.teacherId}>
                {t('timetable.load.line', {
                  name: l.teacherName,
                  avg: formatHours(l.averageHours),
                  max: formatHours(l.maxWeekHours),
                  term: formatHours(l.termHours),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

const formatHours = (h: number) => String(Math.round(h * 10) / 10);

function LoadStats({ load, title }: { load: WeeklyLoad; title: string }) {
  const t = useT();
  const stats = [
    ['timetable.load.average', load.averageHours],
    ['timetable.load.min', load.minWeekHours],
    ['timetable.load.max', load.maxWeekHours],
    ['timetable.load.term', load.termHours],
  ] as const;
  return (
    <section className="timetable-load" aria-label={title}>
      <span className="timetable-load-title">{title}</span>
      {stats.map(([key, hours]) => (
        <div key={key} className="timetable-stat">
          <span className="timetable-stat-label">{t(key)}</span>
          <span className="timetable-stat-value">
            {formatHours(hours)} <small>{t('timetable.hours')}</small>
          </span>
        </div>
      ))}
    </section>
  );
}
