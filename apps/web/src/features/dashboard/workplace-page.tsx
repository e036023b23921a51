import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Grid from '@arco-design/web-react/es/Grid';
import Tag from '@arco-design/web-react/es/Tag';
import {
  IconCalendar,
  IconCalendarClock,
  IconHistory,
  IconHome,
  IconIdcard,
  IconLocation,
  IconSchedule,
  IconUser,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import { DEFAULT_MENUS, DEFAULT_ROUTE_NAME, hasAnyPerm, Perm, RouteName, type MenuItem } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { authKeys, fetchCurrentUser } from '../../lib/auth';
import { useT, type Translate } from '../../lib/i18n';
import { useUserPerms } from '../../lib/permission';
import { useRecentVisits } from '../../lib/recent-visits';
import { hasRouteAccess } from '../../lib/route-access';
import { describeActingRoles, useSessionStore } from '../../lib/session';
import { findInTree } from '../../lib/tree';
import { ContentChart } from './content-chart';
import { overviewQuery } from './dashboard-api';
import { NoticesCard } from './notices-card';
import { OverviewCards } from './overview-cards';
import { PopularCard } from './popular-card';
import { TodayCard } from './today-card';
import { describeWelcomeDate } from './welcome-date';
import './workplace-page.css';
import { formatDateTime } from '../../lib/format';

const QUICK_LINKS = [
  { name: RouteName.student, icon: IconUser, thing: 'educate:student' },
  { name: RouteName.teacher, icon: IconIdcard, thing: 'educate:teacher' },
  { name: RouteName.manager, icon: IconUserGroup, thing: 'educate:manager' },
  { name: RouteName.course, icon: IconSchedule, thing: 'educate:course' },
  { name: RouteName.room, icon: IconHome, thing: 'educate:room' },
  { name: RouteName.term, icon: IconCalendarClock, thing: 'educate:term' },
] as const;

/** What a quick link lets this user do there: only the actions they hold (issue 24). */
const QUICK_ACTIONS = ['list', 'add', 'edit', 'delete', 'import', 'export'] as const;

function describeActions(t: Translate, thing: string, perms: readonly string[]): string {
  const held = QUICK_ACTIONS.filter((action) => hasAnyPerm(perms, [`${thing}:${action}`]));
  return t('workplace.quick.actions', { actions: held.map((action) => t(`workplace.action.${action}`)).join(t('common.listSeparator')) });
}

function greetingKey(hour: number): string {
  if (hour < 12) return 'workplace.greeting.morning';
  if (hour < 18) return 'workplace.greeting.afternoon';
  return 'workplace.greeting.evening';
}

function describeLastLogin(t: Translate, at: string | null | undefined, ip: string | null | undefined): string {
  if (!at) return t('workplace.lastLogin.never');
  return t('workplace.lastLogin.detail', { time: formatDateTime(at), ip: ip ?? '—' });
}

function QuickLinks() {
  const t = useT();
  const perms = useUserPerms();
  const links = QUICK_LINKS.map((link) => ({ ...link, route: findInTree<MenuItem>(DEFAULT_MENUS, (m) => m.name === link.name) })).filter(
    (link) => link.route && hasRouteAccess(link.route.meta, perms),
  );
  if (links.length === 0) return <Empty description={t('workplace.quickLinks.empty')} />;
  return (
    <ul className="quick-links">
      {links.map(({ name, icon: Icon, thing, route }) => (
        <li key={name}>
          <Link to={route?.path ?? '/'} className="quick-link">
            <span className="quick-link-icon">
              <Icon />
            </span>
            <span className="quick-link-text">
              <span className="quick-link-title">{t(route?.meta.locale ?? '')}</span>
              <span className="quick-link-desc">{describeActions(t, thing, perms)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RecentVisits() {
  const t = useT();
  const visits = useRecentVisits((s) => s.visits).filter((v) => v.name !== DEFAULT_ROUTE_NAME);
  if (visits.length === 0) return <Empty description={t('workplace.recent.empty')} />;
  return (
    <ul className="recent-list">
      {visits.map((visit) => (
        <li key={visit.name}>
          <Link to={visit.fullPath} className="recent-link">
            <IconHistory />
            <span className="recent-title">{t(visit.title)}</span>
            <time className="recent-time" dateTime={new Date(visit.at).toISOString()}>
              {dayjs(visit.at).format('MM-DD HH:mm')}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function WorkplacePage() {
  const t = useT();
  const storedUser = useSessionStore((s) => s.user);
  const campus = useSessionStore((s) => s.campus);
  const campusCount = useSessionStore((s) => s.campusList.length);
  // Refreshed on each visit so the last sign-in line is current.
  const { data: user = storedUser } = useQuery({
    queryKey: authKeys.currentUser(campus?.cam_id),
    queryFn: () => fetchCurrentUser(),
    initialData: storedUser ?? undefined,
    staleTime: 0,
    enabled: storedUser !== null,
  });
  const name = user?.nickname || user?.username || '';
  const now = dayjs();
  const { data: overview } = useQuery(overviewQuery(campus?.cam_id));
  // Each card asks only for what the user may see (the server refuses the rest, issue 24).
  const perms = useUserPerms();
  const hasContent = hasAnyPerm(perms, [Perm.courseList]);
  const popularTypes = (['course', 'teacher'] as const).filter((type) =>
    hasAnyPerm(perms, [type === 'course' ? Perm.courseList : Perm.teacherList]),
  );

  return (
    <div className="workplace">
      <Card bordered={false} className="workplace-welcome">
        <div className="workplace-welcome-main">
          <p className="workplace-greeting">{t(greetingKey(now.hour()))}</p>
          <h1 className="workplace-title">{t('workplace.welcome', { name })}</h1>
          <p className="workplace-meta">
            <IconCalendar /> {t('workplace.today', { date: describeWelcomeDate(overview?.date, now) })}
            <span className="workplace-dot" aria-hidden="true">
              ·
            </span>
            {t('workplace.lastLogin.line', { detail: describeLastLogin(t, user?.lastLoginAt, user?.lastLoginIp) })}
          </p>
        </div>
        <dl className="workplace-facts">
          <div>
            <dt>{t('workplace.currentCampus')}</dt>
            <dd>
              <IconLocation /> {campus?.name ?? t('navbar.campus.none')}
              {campus?.code && (
                <Tag size="small" className="workplace-campus-code">
                  {campus.code}
                </Tag>
              )}
            </dd>
            <dd className="workplace-fact-note">
              {campusCount === 1 ? t('workplace.campusCountOne') : t('workplace.campusCount', { count: campusCount })}
            </dd>
          </div>
          <div>
            <dt>{t('workplace.role')}</dt>
            <dd>{describeActingRoles(user ?? null) || '—'}</dd>
          </div>
        </dl>
      </Card>
      <OverviewCards />
      <Grid.Row gutter={16}>
        <Grid.Col xs={24} lg={16} className="workplace-column">
          {hasContent && <ContentChart />}
          <Grid.Row gutter={16} align="stretch" className="workplace-pair">
            {popularTypes.length > 0 && (
              <Grid.Col xs={24} md={12}>
                <PopularCard types={popularTypes} />
              </Grid.Col>
            )}
            <Grid.Col xs={24} md={popularTypes.length > 0 ? 12 : 24}>
              <TodayCard />
            </Grid.Col>
          </Grid.Row>
          <Card title={t('workplace.quickLinks')} bordered={false} className="workplace-card">
            <QuickLinks />
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} lg={8} className="workplace-column">
          <NoticesCard />
          <Card title={t('workplace.recent')} bordered={false} className="workplace-card">
            <RecentVisits />
          </Card>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
