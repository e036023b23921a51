import Button from '@arco-design/web-react/es/Button';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import { IconClose, IconDown, IconRefresh } from '@arco-design/web-react/icon';
import { useNavigate, useLocation, Link } from 'react-router';
import { useT, type Translate } from '../../lib/i18n';
import { WORKPLACE_TAB, findNeighbourTab, type Tab } from './tab-list';
import { useTabStore } from './tab-store';

type TabAction = 'reload' | 'closeCurrent' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';
const ACTIONS: readonly TabAction[] = ['reload', 'closeCurrent', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'];

function useTabActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useTabStore();

  function isDisabled(action: TabAction, tab: Tab): boolean {
    const index = store.tabs.findIndex((t) => t.key === tab.key);
    switch (action) {
      case 'closeCurrent':
        return tab.key === WORKPLACE_TAB.key;
      case 'closeLeft':
        return index <= 1;
      case 'closeRight':
        return index === store.tabs.length - 1;
      case 'closeOthers':
        return store.tabs.length <= (tab.key === WORKPLACE_TAB.key ? 1 : 2);
      default:
        return false;
    }
  }

  function run(action: TabAction, tab: Tab): void {
    const isCurrent = tab.key === pathname;
    switch (action) {
      case 'reload':
        store.reloadTab(tab.key);
        if (!isCurrent) void navigate(tab.fullPath);
        break;
      case 'closeCurrent':
        if (isCurrent) void navigate(findNeighbourTab(store.tabs, tab.key).fullPath);
        store.closeTab(tab.key);
        break;
      case 'closeLeft':
      case 'closeRight':
      case 'closeOthers': {
        if (action === 'closeLeft') store.closeLeft(tab.key);
        else if (action === 'closeRight') store.closeRight(tab.key);
        else store.closeOthers(tab.key);
        const remaining = useTabStore.getState().tabs;
        if (!remaining.some((t) => t.key === pathname)) void navigate(tab.fullPath);
        break;
      }
      case 'closeAll':
        store.reset();
        void navigate(WORKPLACE_TAB.fullPath);
        break;
    }
  }

  return { isDisabled, run };
}

/**
 * Built as a Menu element (not a wrapper component) so Arco's Dropdown sees a
 * Menu and closes itself when an entry is picked.
 */
function renderActionMenu(
  tab: Tab,
  t: Translate,
  isDisabled: (action: TabAction, tab: Tab) => boolean,
  onAction: (action: TabAction) => void,
) {
  return (
    <Menu onClickMenuItem={(key) => onAction(key as TabAction)}>
      {ACTIONS.map((action) => (
        <Menu.Item key={action} disabled={isDisabled(action, tab)}>
          {action === 'reload' && <IconRefresh />}
          {t(`tabBar.${action}`)}
        </Menu.Item>
      ))}
    </Menu>
  );
}

/** Open pages; right-click a tab or use the menu at the end for reload and close actions. */
export function TabBar() {
  const t = useT();
  const { pathname } = useLocation();
  const tabs = useTabStore((s) => s.tabs);
  const { run, isDisabled } = useTabActions();
  const current = tabs.find((tab) => tab.key === pathname) ?? WORKPLACE_TAB;

  return (
    <nav className="tab-bar" aria-label={t('tabBar.label')}>
      <ul className="tab-bar-list">
        {tabs.map((tab) => {
          const isActive = tab.key === pathname;
          const title = t(tab.title);
          return (
            <li key={tab.key}>
              <Dropdown trigger="contextMenu" droplist={renderActionMenu(tab, t, isDisabled, (a) => run(a, tab))} position="bl">
                <span className={`tab-bar-tab${isActive ? ' is-active' : ''}`} data-tab-key={tab.key}>
                  <Link to={tab.fullPath} className="tab-bar-link" aria-current={isActive ? 'page' : undefined}>
                    {title}
                  </Link>
                  {tab.key !== WORKPLACE_TAB.key && (
                    <button
                      type="button"
                      className="tab-bar-close"
                      aria-label={t('tabBar.close', { title })}
                      onClick={() => run('closeCurrent', tab)}
                    >
                      <IconClose />
                    </button>
                  )}
                </span>
              </Dropdown>
            </li>
          );
        })}
      </ul>
      <Dropdown trigger="click" droplist={renderActionMenu(current, t, isDisabled, (a) => run(a, current))} position="br">
        <Button size="mini" type="text" className="tab-bar-more" aria-label={t('tabBar.actions')} icon={<IconDown />} />
      </Dropdown>
    </nav>
  );
}
