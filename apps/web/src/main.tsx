// First: Arco's imperative APIs need createRoot before any of them runs (docs/stack.md).
import '@arco-design/web-react/es/_util/react-19-adapter';
// Before the contract's schemas are built: no eval probe for the CSP to report.
import './lib/zod-jitless';
import './app/global.css';
import './app/a11y-overrides.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: the DOM build of the provider (it can hand the router ReactDOM.flushSync).
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { applyColorWeak, applyTheme, useSettingsStore } from './app/settings-store';
import { addLogoutListener } from './lib/auth';
import { installFocusReturn } from './lib/focus-return';
import { setNavigator } from './lib/navigation';
import { useRecentVisits } from './lib/recent-visits';
import { useTabStore } from './app/layout/tab-store';

const settings = useSettingsStore.getState();
applyTheme(settings.theme);
applyColorWeak(settings.colorWeak);

installFocusReturn();
setNavigator((to) => void router.navigate(to));
addLogoutListener(() => {
  useTabStore.getState().reset();
  useSettingsStore.getState().clearServerMenus();
  useRecentVisits.getState().clearVisits();
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
