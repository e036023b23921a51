import Card from '@arco-design/web-react/es/Card';
import Skeleton from '@arco-design/web-react/es/Skeleton';
import { IconBook, IconCalendarClock, IconIdcard, IconUser } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { hasAnyPerm, Perm } from '@campus/contract';
import { formatCount } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useUserPerms } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { overviewQuery, type DashboardOverview } from './dashboard-api';
import './dashboard-messages';

const CARDS: { key: keyof Omit<DashboardOverview, 'week' | 'date'>; icon: ComponentType; tone: string; perm: string }[] = [
  { key: 'students', icon: IconUser, tone: 'blue', perm: Perm.studentList },
  { key: 'teachers', icon: IconIdcard, tone: 'cyan', perm: Perm.teacherList },
  { key: 'courses', icon: IconBook, tone: 'purple', perm: Perm.courseList },
  { key: 'todayLessons', icon: IconCalendarClock, tone: 'orange', perm: Perm.scheduleList },
];

export function OverviewCards() {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id);
  const perms = useUserPerms();
  const overview = useQuery(overviewQuery(camId));
  const data = overview.data;
  // Only the counts the user may see; the server answers null for the others.
  const cards = CARDS.filter((card) => hasAnyPerm(perms, [card.perm]));
  if (cards.length === 0) return null;
  return (
    <ul className="overview-cards" aria-label={t('workplace.charts')}>
      {cards.map(({ key, icon: Icon, tone }) => (
        <li key={key}>
          <Card bordered={false} className={`overview-card tone-${tone}`}>
            <span className="overview-card-icon" aria-hidden="true">
              <Icon />
            </span>
            <div className="overview-card-text">
              <span className="overview-card-label">{t(`dashboard.overview.${key}`)}</span>
              {data ? (
                <strong className="overview-card-value" data-testid={`overview-${key}`}>
                  {formatCount(data[key] ?? 0)}
                </strong>
              ) : overview.isError ? (
                <span className="overview-card-note">{t('dashboard.loadFailed')}</span>
              ) : (
                <Skeleton text={{ rows: 1, width: 60 }} animation />
              )}
              {key === 'todayLessons' && data && (
                <span className="overview-card-note">
                  {data.week === null ? t('dashboard.overview.noTerm') : t('dashboard.overview.week', { week: data.week })}
                </span>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
