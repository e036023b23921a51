import type { CurrentUser, MenuItem } from '@campus/contract';
import { navigateTo } from './navigation';
import { LOGIN_PATH } from './redirect';
import { request, waitForRequestsToSettle } from './request';
import { useSessionStore } from './session';

const LOGOUT_SETTLE_MS = 3_000;
/** How long sign-out waits for the console to unmount before it ends the session anyway. */
const LEAVE_CONSOLE_MS = 10_000;

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();

/** Lets app-level stores (tabs, menus, caches) forget the user without lib importing them. */
export function addLogoutListener(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Clears every trace of the session in this browser. */
export function clearLocalSession(): void {
  useSessionStore.getState().clearSession();
  for (const listener of logoutListeners) listener();
}

export const authKeys = {
  /** The signed-in user as the server sees them now (last sign-in, campus), per campus. */
  currentUser: (camId: number | undefined) => ['currentUser', camId] as const,
};

export async function fetchCurrentUser(options: { isSilent?: boolean } = {}): Promise<CurrentUser> {
  const res = await request.get<CurrentUser>('/user/currentUser', undefined, { errorHandling: options.isSilent ? 'silent' : 'global' });
  return res.data;
}

/** The menus the server grants the user (menu-from-server mode). */
export async function fetchMenuList(): Promise<MenuItem[]> {
  const res = await request.get<MenuItem[]>('/user/menuList');
  return Array.isArray(res.data) ? res.data : [];
}

/** Loads the user into the session store (the guard's "unknown role" step). */
export async function loadCurrentUser(): Promise<void> {
  const user = await fetchCurrentUser({ isSilent: true });
  useSessionStore.getState().setUser(user);
}

/** Acts in one of the user's roles (null: all of them); the store takes the new perms. */
export async function switchActiveRole(roleId: number | null): Promise<CurrentUser> {
  const res = await request.put<CurrentUser>('/user/role', { roleId: roleId ?? '' });
  useSessionStore.getState().setUser(res.data);
  return res.data;
}

let signingOut = false;
let isConsoleMounted = false;
const consoleLeftWaiters = new Set<() => void>();

/**
 * The console layout says it is mounted; the returned function, called as it unmounts, wakes a
 * sign-out waiting for it. Its queries unsubscribe in the same commit.
 */
export function markConsoleMounted(): () => void {
  isConsoleMounted = true;
  return () => {
    isConsoleMounted = false;
    for (const wake of consoleLeftWaiters) wake();
    consoleLeftWaiters.clear();
  };
}

function whenConsoleLeft(timeoutMs: number): Promise<void> {
  if (!isConsoleMounted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      consoleLeftWaiters.delete(wake);
      resolve();
    }, timeoutMs);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    consoleLeftWaiters.add(wake);
  });
}

/**
 * Leaves the console for sign-in, then ends the session. The router commits a navigation that ran
 * loaders in a transition (flushSync covers only its first update), so the console can still be
 * mounted when navigate() resolves; ending the session then made its queries refetch without a
 * token (401s). Waiting for the layout's unmount closes that window however slow the render.
 */
export async function leaveAndSignOut(): Promise<void> {
  signingOut = true;
  const left = whenConsoleLeft(LEAVE_CONSOLE_MS);
  navigateTo(LOGIN_PATH);
  await left;
  await logout();
}

export function isSigningOut(): boolean {
  return signingOut;
}

/** Changes the user's own password (both already encrypted for the wire); answers the server's message. */
export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<string> {
  return (await request.put<null>('/user/password', { oldPassword, newPassword }, { errorHandling: 'local' })).msg;
}

/** Ends the session on the server when it can, and locally always (spec section 4). */
export async function logout(): Promise<void> {
  // Requests already sent finish with the session they were sent with (at most the client's timeout's worth).
  await waitForRequestsToSettle(LOGOUT_SETTLE_MS);
  try {
    await request.post<null>('/logout', undefined, { errorHandling: 'silent' });
  } catch {
    // The server may already have ended it; the local state goes regardless.
  } finally {
    clearLocalSession();
    signingOut = false;
  }
}
