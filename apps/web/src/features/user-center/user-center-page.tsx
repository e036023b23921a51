import Alert from '@arco-design/web-react/es/Alert';
import Card from '@arco-design/web-react/es/Card';
import { useId, type KeyboardEvent } from 'react';
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
const TABS: readonly TabKey[] = ['profile', 'security'];

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
  const baseId = useId();
  const select = (key: TabKey) => setParams(key === 'security' ? { tab: 'security' } : {}, { replace: true });
  const available: readonly TabKey[] = mustEnrol ? ['security'] : TABS;

  // The WAI-ARIA tabs pattern: arrows move between tabs, the panel follows.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = available.indexOf(tab);
    const next = available[(index + (event.key === 'ArrowRight' ? 1 : available.length - 1)) % available.length];
    if (!next) return;
    select(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  if (!user) return null;
  return (
    <PageFrame titleKey="menu.userCenter">
      {mustEnrol && <Alert type="warning" className="uc-alert" content={t('uc.mustEnrol')} />}
      <div className="uc-layout">
        <ProfileCard user={user} />
        <Card className="uc-main" bordered={false}>
          <div className="uc-tabs" role="tablist" aria-label={t('menu.userCenter')}>
            {TABS.map((key) => (
              <button
                key={key}
                id={`${baseId}-tab-${key}`}
                type="button"
                role="tab"
                className={`uc-tab${tab === key ? ' is-active' : ''}`}
                aria-selected={tab === key}
                aria-controls={`${baseId}-panel-${key}`}
                tabIndex={tab === key ? 0 : -1}
                disabled={!available.includes(key)}
                onClick={() => select(key)}
                onKeyDown={onKeyDown}
              >
                {t(`uc.tab.${key}`)}
              </button>
            ))}
          </div>
          {/* Both panels stay mounted: a half-filled form survives a look at the other tab. */}
          {TABS.map((key) => (
            <div
              key={key}
              id={`${baseId}-panel-${key}`}
              role="tabpanel"
              aria-labelledby={`${baseId}-tab-${key}`}
              hidden={tab !== key}
              className="uc-tabpanel"
            >
              {key === 'profile' ? <ProfileForm user={user} /> : <SecurityPanel user={user} />}
            </div>
          ))}
        </Card>
      </div>
    </PageFrame>
  );
}
