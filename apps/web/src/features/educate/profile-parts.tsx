import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import Table from '@arco-design/web-react/es/Table';
import { Perm, type RecordHistoryItem } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { fetchRecordHistory, profileKeys } from './profile-api';
import { fetchTimetable } from './schedule-api';
import { ScheduleGrid } from './schedule-grid';
import { fitLessonDay } from './schedule-grid-logic';

export function formatStamp(value: string): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** This week's lessons of a student or teacher: the read-only week grid of the timetable page. */
export function ProfileTimetable({ kind, id, name }: { kind: 'student' | 'teacher'; id: number; name: string }) {
  const t = useT();
  const can = usePermission();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const isAllowed = can([Perm.scheduleList]);
  const term = useQuery({
    queryKey: profileKeys.timetable(camId, kind, id),
    queryFn: () => fetchTimetable({ kind, id }),
    enabled: isAllowed,
  });
  // This week as the campus counts it (its time zone), not the browser's.
  const week = term.data?.todayWeek ?? null;
  const weekly = useQuery({
    queryKey: profileKeys.timetableWeek(camId, kind, id, week),
    queryFn: () => fetchTimetable({ kind, id, week: week ?? undefined }),
    enabled: isAllowed && week !== null,
  });
  if (!isAllowed) return null;
  const data = week !== null ? weekly.data : term.data;
  return (
    <Card bordered={false} className="profile-timetable">
      <h2 className="profile-section-title">
        {t('profile.section.timetable')}
        {week !== null && <span className="profile-muted"> · {t('profile.timetable.week', { week })}</span>}
      </h2>
      {term.isError ? (
        <Empty description={term.error.message} />
      ) : !data ? (
        <Spin loading block style={{ width: '100%', minHeight: 200 }} />
      ) : !data.term ? (
        <Empty description={t('profile.timetable.noTerm')} />
      ) : (
        <>
          {week === null && <p className="profile-muted">{t('profile.timetable.outside')}</p>}
          <div className="tt-scroll">
            <ScheduleGrid day={fitLessonDay(data.entries)} entries={data.entries} label={t('timetable.grid.label', { name })} />
          </div>
          {data.entries.length === 0 && <p className="profile-muted">{t('profile.timetable.empty')}</p>}
        </>
      )}
    </Card>
  );
}

function describeAction(t: ReturnType<typeof useT>, item: RecordHistoryItem): string {
  const known = ['add', 'edit', 'delete', 'enrol', 'import'];
  return known.includes(item.action) ? t(`profile.action.${item.action}`) : t('profile.action.other', { action: item.action });
}

/** What was done to the record, from the operation log (for holders of its view perm). */
export function ProfileHistory({ kind, id }: { kind: 'student' | 'teacher'; id: number }) {
  const t = useT();
  const can = usePermission();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const isAllowed = can([Perm.operlogList]);
  const history = useQuery({
    queryKey: profileKeys.history(camId, kind, id),
    queryFn: () => fetchRecordHistory(kind, id),
    enabled: isAllowed,
  });
  return (
    <Card bordered={false} className="profile-history">
      <h2 className="profile-section-title">{t('profile.section.history')}</h2>
      {!isAllowed ? (
        <p className="profile-muted">{t('profile.history.noPerm')}</p>
      ) : (
        <Table<RecordHistoryItem>
          rowKey="id"
          loading={history.isLoading}
          data={history.data ?? []}
          border={false}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          noDataElement={<span>{t('profile.history.empty')}</span>}
          columns={[
            { title: t('profile.col.time'), dataIndex: 'createdAt', width: 170, render: (_: unknown, r) => formatStamp(r.createdAt) },
            { title: t('profile.col.user'), dataIndex: 'username', width: 140 },
            { title: t('profile.col.action'), dataIndex: 'action', render: (_: unknown, r) => describeAction(t, r) },
          ]}
        />
      )}
    </Card>
  );
}
