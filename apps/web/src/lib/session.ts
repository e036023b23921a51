import { StorageKey, type Campus, type CurrentUser } from '@campus/contract';
import { create } from 'zustand';
import { getStored, removeStored, setStored } from './storage';
import { getLocale } from './i18n';

export type Role = CurrentUser['role'];

interface SessionState {
  user: CurrentUser | null;
  /** The spec's role string of the loaded user ('' until loaded: the guards load it then). */
  role: Role | '';
  campus: Campus | null;
  campusList: Campus[];
  setUser: (user: CurrentUser) => void;
  startSession: (token: string, user: CurrentUser, campusList: Campus[]) => void;
  switchCampus: (camId: number) => Campus | null;
  clearSession: () => void;
}

export function getToken(): string | null {
  const token = getStored<unknown>(StorageKey.token);
  return typeof token === 'string' && token.trim() !== '' ? token : null;
}

export function isLoggedIn(): boolean {
  return getToken() !== null;
}

function isCampus(value: unknown): value is Campus {
  return typeof value === 'object' && value !== null && typeof (value as { cam_id?: unknown }).cam_id === 'number';
}

function readCampusList(): Campus[] {
  const list = getStored<unknown>(StorageKey.campusList);
  return Array.isArray(list) ? list.filter(isCampus) : [];
}

function readCampus(): Campus | null {
  const campus = getStored<unknown>(StorageKey.campus);
  return isCampus(campus) ? campus : null;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  user: null,
  role: '',
  campus: readCampus(),
  campusList: readCampusList(),
  setUser: (user) => set({ user, role: user.role }),
  startSession: (token, user, campusList) => {
    const campus = campusList[0] ?? null;
    setStored(StorageKey.token, token);
    setStored(StorageKey.campusList, campusList);
    if (campus) setStored(StorageKey.campus, campus);
    else removeStored(StorageKey.campus);
    set({ user, role: user.role, campus, campusList });
  },
  switchCampus: (camId) => {
    const campus = get().campusList.find((c) => c.cam_id === camId) ?? null;
    if (campus) {
      setStored(StorageKey.campus, campus);
      set({ campus });
    }
    return campus;
  },
  clearSession: () => {
    removeStored(StorageKey.token);
    removeStored(StorageKey.campus);
    removeStored(StorageKey.campusList);
    set({ user: null, role: '', campus: null, campusList: [] });
  },
}));

/** X-Access-Camid: the current campus, or 0 before one is chosen. */
export function getCurrentCamId(): number {
  return useSessionStore.getState().campus?.cam_id ?? readCampus()?.cam_id ?? 0;
}

export function getUserPerms(): string[] {
  return useSessionStore.getState().user?.perms ?? [];
}

/**
 * The roles the session acts in, as people name them: the one switched to, or
 * every role the user holds ("switch roles", issue 24).
 */
export function describeActingRoles(user: Pick<CurrentUser, 'roles' | 'activeRoleId'> | null): string {
  if (!user) return '';
  const acting = user.activeRoleId === null ? user.roles : user.roles.filter((r) => r.id === user.activeRoleId);
  return acting.map((r) => r.name).join(getLocale() === 'zh-CN' ? '、' : ', ');
}
