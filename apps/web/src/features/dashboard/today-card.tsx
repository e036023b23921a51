import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import { IconLocation, IconUser } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { dashboardKeys, fetchToday } from './dashboard-api';
import './dashboard-messages';

export function TodayCard() {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id);
  const today = useQuery({ queryKey: dashboardKeys.today(camId), queryFn: fetchToday });
  const data = today.data;
  // Neither a teacher here nor allowed to read the campus's schedules: nothing to show.
  if (data?.scope === 'none') return null;
  return (
    <Card
      bordered={false}
      className="workplace-card"
      title={t('dashboard.today.title')}
      extra={data && <span className="workplace-card-extra">{t(`dashboard.today.${data.scope === 'teacher' ? 'mine' : 'campus'}`)}</span>}
    >
      {today.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : today.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : today.data.list.length === 0 ? (
        <Empty description={t('dashboard.today.empty')} />
      ) : (
        <ol className="today-list">
          {today.data.list.map((lesson) => (
            <li key={lesson.entryId} className="today-item">
              <span className="today-time">
                {lesson.startTime}
                <span className="today-time-end">{lesson.endTime}</span>
              </span>
              <span className="today-body">
                <span className="today-course">{lesson.courseName}</span>
                <span className="today-meta">
                  <span>
                    <IconUser aria-hidden="true" /> {lesson.teacherName}
                  </span>
                  <span>
                    <IconLocation aria-hidden="true" /> {lesson.roomName}
                  </span>
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
