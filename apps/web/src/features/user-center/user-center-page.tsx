import Alert from '@arco-design/web-react/es/Alert';
import Card from '@arco-design/web-react/es/Card';
import Tabs from '@arco-design/web-react/es/Tabs';
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { useSessionStore } from '../../lib/session';
import { ProfileCard } from './profile-card';
import { ProfileForm } from './profile-form';
import { SecurityPanel } from './security-panel';
import './account-messages';
import './user-center.css';

type TabKey = 'profile' | 'security';

/**
 * The signed-in user's own page: who they are (card), what they can edit
 * (profile), and how they sign in (security: password, second factor,
 * sessions, history). `?tab=security` opens the second tab; a user who must
 * enrol a second factor always lands there.
 */
export function UserCenterPage() {
  const t = useT();
  const user = useSessionStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const mustEnrol = Boolean(user?.mustEnrolMfa);
  const tab: TabKey = mustEnrol || params.get('tab') === 'security' ? 'security' : 'profile';

  if (!user) return null;
  return (
    <PageFrame titleKey="menu.userCenter">
      {mustEnrol && <Alert type="warning" className="uc-alert" content={t('uc.mustEnrol')} />}
      <div className="uc-layout">
        <ProfileCard user={user} />
        <Card className="uc-main" bordered={false}>
          <Tabs
            activeTab={tab}
            onChange={(key) => setParams(key === 'security' ? { tab: 'security' } : {}, { replace: true })}
            destroyOnHide={false}
          >
            <Tabs.TabPane key="profile" title={t('uc.tab.profile')} disabled={mustEnrol}>
              <ProfileForm user={user} />
            </Tabs.TabPane>
            <Tabs.TabPane key="security" title={t('uc.tab.security')}>
              <SecurityPanel user={user} />
            </Tabs.TabPane>
          </Tabs>
        </Card>
      </div>
    </PageFrame>
  );
}
