import Button from '@arco-design/web-react/es/Button';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import { IconCheck, IconSwap } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { switchActiveRole } from '../../lib/auth';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { describeActingRoles, useSessionStore } from '../../lib/session';
import { useSettingsStore } from '../settings-store';
import { useTabStore } from './tab-store';

const ALL = 'all';

/**
 * The spec's "switch roles" entry, made real (issue 24): the session acts in
 * one of the roles the user holds, or all of them; menus, perms and pages
 * follow. Hidden for a user with one role: there is nothing to switch.
 */
export function RoleSwitch({ onSwitched }: { onSwitched?: () => void }) {
  const t = useT();
  const user = useSessionStore((s) => s.user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const isRefreshPending = useRef(false);
  // Refresh after the new route has rendered, never before: a page the role may no longer read must be gone first.
  useEffect(() => {
    if (!isRefreshPending.current) return;
    isRefreshPending.current = false;
    void queryClient.invalidateQueries();
  }, [location.key, queryClient]);
  if (!user || user.roles.length < 2) return null;

  const choose = async (key: string) => {
    const roleId = key === ALL ? null : Number(key);
    if (roleId === user.activeRoleId) return;
    const next = await switchActiveRole(roleId);
    onSwitched?.();
    await useSettingsStore.getState().fetchServerMenus();
    // Pages kept open belong to the old perms: start again from the Workplace tab, as after signing in.
    useTabStore.getState().reset();
    // The guards run again: a page the new role may not open gives way to the first one it may.
    // What is on screen is refreshed once that navigation has rendered (the effect below).
    isRefreshPending.current = true;
    await navigate(`${location.pathname}${location.search}`, { replace: true });
    showSuccess(t('navbar.switchRoles.done', { role: describeActingRoles(next) }));
  };

  const mark = (isActive: boolean) => (isActive ? <IconCheck className="role-switch-check" /> : <span className="role-switch-check" />);
  const menu = (
    <Menu onClickMenuItem={(key) => void choose(key)}>
      <Menu.Item key={ALL}>
        {mark(user.activeRoleId === null)}
        {t('navbar.switchRoles.all')}
      </Menu.Item>
      {user.roles.map((role) => (
        <Menu.Item key={String(role.id)}>
          {mark(user.activeRoleId === role.id)}
          {role.name}
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={menu} trigger="click" position="top">
      <Button type="text" size="small" icon={<IconSwap />}>
        {t('navbar.switchRoles')} · {describeActingRoles(user)}
      </Button>
    </Dropdown>
  );
}
