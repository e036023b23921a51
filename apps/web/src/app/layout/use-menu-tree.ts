import type { MenuItem } from '@campus/contract';
import { useMemo } from 'react';
import { useUserPerms } from '../../lib/permission';
import { buildMenuTree } from '../menu';
import { useSettingsStore } from '../settings-store';

/** The visible menu: the server's tree when menu-from-server is on, else the client's. */
export function useMenuTree(): MenuItem[] {
  const isFromServer = useSettingsStore((s) => s.menuFromServer);
  const serverMenu = useSettingsStore((s) => s.serverMenu);
  const clientMenus = useSettingsStore((s) => s.clientMenus);
  const perms = useUserPerms();
  return useMemo(() => buildMenuTree(isFromServer ? serverMenu : clientMenus, perms), [isFromServer, serverMenu, clientMenus, perms]);
}
