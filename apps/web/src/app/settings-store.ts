import { DEFAULT_MENUS, type MenuItem } from '@campus/contract';
import { create } from 'zustand';
import { notifyError } from '../lib/feedback';
import { translate } from '../lib/i18n';
import { fetchMenuList } from '../lib/auth';
import { readPreference, writePreference } from '../lib/storage';
import defaults from '../settings.json';

export type Theme = 'light' | 'dark';
export type Device = 'desktop' | 'mobile';

/** The spec's App settings (section 3); src/settings.json holds the defaults. */
export interface AppSettings {
  theme: Theme;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: Device;
  tabBar: boolean;
  menuFromServer: boolean;
  serverMenu: MenuItem[];
}

const THEME_KEY = 'sch-theme';

export const DEFAULT_SETTINGS: AppSettings = {
  ...defaults,
  theme: defaults.theme === 'dark' ? 'dark' : 'light',
  device: defaults.device === 'mobile' ? 'mobile' : 'desktop',
  serverMenu: [],
};

/** Narrower than this, the console is laid out for a phone: the side menu folds. */
export const MOBILE_QUERY = '(max-width: 767px)';

/** The device the window is on now. */
function readDevice(): Device {
  return typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches ? 'mobile' : 'desktop';
}

type DeviceState = Pick<SettingsState, 'device' | 'menuCollapse' | 'collapseBeforeMobile'>;

/** Moving to `device`: a narrow window folds the side menu, and widening it gives back what it was. */
function switchDevice(state: DeviceState, device: Device): DeviceState {
  return device === 'mobile'
    ? { device, menuCollapse: true, collapseBeforeMobile: state.menuCollapse }
    : { device, menuCollapse: state.collapseBeforeMobile ?? state.menuCollapse, collapseBeforeMobile: null };
}

function readTheme(): Theme {
  const saved = readPreference(THEME_KEY);
  return saved === 'dark' || saved === 'light' ? saved : DEFAULT_SETTINGS.theme;
}

export function applyTheme(theme: Theme): void {
  // Arco's dark palette keys off this attribute on <body>.
  if (theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  else document.body.removeAttribute('arco-theme');
  document.documentElement.style.colorScheme = theme;
}

export function applyColorWeak(isOn: boolean): void {
  document.body.style.filter = isOn ? 'invert(80%)' : '';
}

interface SettingsState extends AppSettings {
  /**
   * What the side menu was before a narrow window folded it: widening the window again gives it back.
   * A window narrowed for a moment (a phone turned, a window snapped, a full-page capture) must not leave
   * the menu folded for good.
   */
  collapseBeforeMobile: boolean | null;
  clientMenus: readonly MenuItem[];
  isServerMenuLoaded: boolean;
  updateSettings: (patch: Partial<AppSettings>) => void;
  setDevice: (device: Device) => void;
  toggleTheme: () => Theme;
  fetchServerMenus: () => Promise<void>;
  clearServerMenus: () => void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...DEFAULT_SETTINGS,
  theme: readTheme(),
  // On a narrow window the console starts folded. Folded only once the layout had mounted, the first paint drew
  // the menu open and then slid every page 170 px sideways (a layout shift of 0.7 on a phone, issue 22).
  ...switchDevice(
    { device: DEFAULT_SETTINGS.device, menuCollapse: DEFAULT_SETTINGS.menuCollapse, collapseBeforeMobile: null },
    readDevice(),
  ),
  clientMenus: DEFAULT_MENUS,
  isServerMenuLoaded: false,
  updateSettings: (patch) => {
    const next: Partial<AppSettings> = { ...patch };
    // The spec: turning the top menu on un-collapses the side menu.
    if (patch.topMenu) next.menuCollapse = false;
    if (patch.colorWeak !== undefined) applyColorWeak(patch.colorWeak);
    if (patch.theme) {
      applyTheme(patch.theme);
      writePreference(THEME_KEY, patch.theme);
    }
    set(next);
    if (patch.menuFromServer && !get().isServerMenuLoaded) void get().fetchServerMenus();
  },
  setDevice: (device) => {
    const state = get();
    if (device !== state.device) set(switchDevice(state, device));
  },
  toggleTheme: () => {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
    get().updateSettings({ theme });
    return theme;
  },
  fetchServerMenus: async () => {
    try {
      set({ serverMenu: await fetchMenuList(), isServerMenuLoaded: true });
    } catch {
      notifyError(translate('menu.loadError'));
    }
  },
  clearServerMenus: () => set({ serverMenu: [], isServerMenuLoaded: false }),
}));

/** The settings the drawer copies: everything of the spec's App settings. */
export function pickAppSettings(state: AppSettings): AppSettings {
  const keys = Object.keys(DEFAULT_SETTINGS) as (keyof AppSettings)[];
  return Object.fromEntries(keys.map((k) => [k, state[k]])) as unknown as AppSettings;
}
