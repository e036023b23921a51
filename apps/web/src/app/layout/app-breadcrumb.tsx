import Breadcrumb from '@arco-design/web-react/es/Breadcrumb';
import { IconApps } from '@arco-design/web-react/icon';
import type { MenuItem } from '@campus/contract';
import { useT } from '../../lib/i18n';
import { findMenuTrail } from '../menu';
import { useSettingsStore } from '../settings-store';
import { useCurrentRoute } from './use-current-route';

/** The locale labels of the current route's ancestors (a hidden page shows the entry it belongs to). */
export function AppBreadcrumb() {
  const t = useT();
  const route = useCurrentRoute();
  const clientMenus = useSettingsStore((s) => s.clientMenus);
  let trail: MenuItem[] = findMenuTrail(clientMenus, route.name);
  const owner = route.meta.activeMenu ? findMenuTrail(clientMenus, route.meta.activeMenu).at(-1) : undefined;
  if (owner && trail.length > 0) trail = [...trail.slice(0, -1), owner, ...trail.slice(-1)];
  const labels = trail.length > 0 ? trail.map((i) => i.meta.locale) : [route.meta.locale];
  return (
    <nav aria-label={t('breadcrumb.label')} className="app-breadcrumb">
      <Breadcrumb>
        <Breadcrumb.Item>
          <IconApps />
        </Breadcrumb.Item>
        {labels.map((label) => (
          <Breadcrumb.Item key={label}>{t(label)}</Breadcrumb.Item>
        ))}
      </Breadcrumb>
    </nav>
  );
}
