import { isSigningOut, loadCurrentUser, logout } from '../lib/auth';
import { isLoggedIn, useSessionStore } from '../lib/session';
import type { GuardContext } from './guards';
import { useSettingsStore } from './settings-store';

/** The guards wired to the real stores. */
export const guardContext: GuardContext = {
  isLoggedIn,
  isSigningOut,
  getRole: () => useSessionStore.getState().role,
  getUserId: () => useSessionStore.getState().user?.userId ?? 0,
  getPerms: () => useSessionStore.getState().user?.perms ?? [],
  mustEnrolMfa: () => useSessionStore.getState().user?.mustEnrolMfa === true,
  loadUser: loadCurrentUser,
  logout,
  isMenuFromServer: () => useSettingsStore.getState().menuFromServer,
  isServerMenuLoaded: () => useSettingsStore.getState().isServerMenuLoaded,
  loadServerMenus: () => useSettingsStore.getState().fetchServerMenus(),
  getServerMenus: () => useSettingsStore.getState().serverMenu,
  getClientMenus: () => useSettingsStore.getState().clientMenus,
};
