import Button from '@arco-design/web-react/es/Button';
import Layout from '@arco-design/web-react/es/Layout';
import { IconMenuFold, IconMenuUnfold } from '@arco-design/web-react/icon';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useArcoA11yPatches } from '../../lib/arco-a11y';
import { addLogoutListener, markConsoleMounted } from '../../lib/auth';
import { useLocaleStore, useT } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { useRecentVisits } from '../../lib/recent-visits';
import { useSessionStore } from '../../lib/session';
import { setPageTitle } from '../page-title';
import { MOBILE_QUERY, useSettingsStore } from '../settings-store';
import { AppBreadcrumb } from './app-breadcrumb';
import { ArcoConfig } from './arco-config';
import { AppMenu } from './app-menu';
import { ChangePasswordModal } from './change-password-modal';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Navbar } from './navbar';
import { SettingsDrawer } from './settings-drawer';
import { TabBar } from './tab-bar';
import { isTabbable } from './tab-list';
import { useTabStore } from './tab-store';
import { useCurrentRoute } from './use-current-route';
import './layout.css';

const COLLAPSED_WIDTH = 48;

// Server state lives only inside the console, so the query cache (and TanStack
// Query itself) loads with the layout rather than with the login page.
addLogoutListener(() => queryClient.clear());

/** Opens a tab, records the visit and keeps the title in the current language. */
function useRouteTracking() {
  const location = useLocation();
  const route = useCurrentRoute();
  const locale = useLocaleStore((s) => s.locale);
  const openTab = useTabStore((s) => s.openTab);
  const recordVisit = useRecentVisits((s) => s.recordVisit);

  useEffect(() => {
    if (!isTabbable(route.name)) return;
    const fullPath = location.pathname + location.search;
    openTab({
      key: location.pathname,
      title: route.meta.locale,
      name: route.name,
      fullPath,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      ignoreCache: Boolean(route.meta.ignoreCache),
    });
    recordVisit({ name: route.name, title: route.meta.locale, fullPath, at: Date.now() });
  }, [location.pathname, location.search, route, openTab, recordVisit]);

  useEffect(() => setPageTitle(route.meta.locale), [route, locale]);
}

function useDeviceWatch() {
  const setDevice = useSettingsStore((s) => s.setDevice);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const apply = () => setDevice(query.matches ? 'mobile' : 'desktop');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setDevice]);
}

export function DefaultLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ArcoConfig>
        <ConsoleLayout />
      </ArcoConfig>
    </QueryClientProvider>
  );
}

function ConsoleLayout() {
  const t = useT();
  const settings = useSettingsStore();
  const user = useSessionStore((s) => s.user);
  useRouteTracking();
  useArcoA11yPatches();
  useDeviceWatch();
  // Sign-out ends the session only once this has unmounted (lib/auth.ts, leaveAndSignOut).
  useEffect(() => markConsoleMounted(), []);

  const isSideMenu = settings.menu && !settings.hideMenu && !settings.topMenu;
  const siderWidth = settings.menuCollapse ? COLLAPSED_WIDTH : settings.menuWidth;
  const isForcedPassword = Boolean(user?.mustChangePassword);
  const collapseLabel = settings.menuCollapse ? t('menu.expand') : t('menu.collapse');

  return (
    <Layout className={`app-layout${settings.navbar ? '' : ' no-navbar'}`}>
      <a href="#main-content" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {settings.navbar && (
        <div className="app-navbar">
          <Navbar />
        </div>
      )}
      <Layout>
        {isSideMenu && (
          <Layout.Sider
            className="app-sider"
            width={siderWidth}
            collapsed={settings.menuCollapse}
            collapsedWidth={COLLAPSED_WIDTH}
            trigger={null}
          >
            <div className="app-sider-menu">
              <AppMenu mode="vertical" isCollapsed={settings.menuCollapse} />
            </div>
            <div className="app-sider-footer">
              <Button
                type="text"
                size="small"
                aria-label={collapseLabel}
                title={collapseLabel}
                icon={settings.menuCollapse ? <IconMenuUnfold /> : <IconMenuFold />}
                onClick={() => settings.updateSettings({ menuCollapse: !settings.menuCollapse })}
              />
            </div>
          </Layout.Sider>
        )}
        <Layout className="app-main" style={{ paddingLeft: isSideMenu ? siderWidth : 0 }}>
          {settings.tabBar && (
            <div className="app-tabbar">
              <TabBar />
            </div>
          )}
          <main id="main-content" className="app-content" tabIndex={-1}>
            <AppBreadcrumb />
            <KeepAliveOutlet />
          </main>
          {settings.footer && <Layout.Footer className="app-footer">{t('footer.text', { year: new Date().getFullYear() })}</Layout.Footer>}
        </Layout>
      </Layout>
      <SettingsDrawer />
      {/* A reset password is changed here before anything else; by choice, in the user center's security tab. */}
      <ChangePasswordModal isOpen={isForcedPassword} isForced={isForcedPassword} onClose={() => undefined} />
    </Layout>
  );
}
