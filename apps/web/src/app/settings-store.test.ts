import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_QUERY, useSettingsStore } from './settings-store';

describe('the device and the side menu', () => {
  beforeEach(() => {
    useSettingsStore.getState().setDevice('desktop');
    useSettingsStore.getState().updateSettings({ menuCollapse: false });
  });

  it('a narrow window folds the menu, and widening it again unfolds it', () => {
    const { setDevice } = useSettingsStore.getState();
    setDevice('mobile');
    expect(useSettingsStore.getState()).toMatchObject({ device: 'mobile', menuCollapse: true });
    setDevice('desktop');
    expect(useSettingsStore.getState()).toMatchObject({ device: 'desktop', menuCollapse: false });
  });

  it('a menu the user folded on the desktop stays folded after a narrow spell', () => {
    const { setDevice, updateSettings } = useSettingsStore.getState();
    updateSettings({ menuCollapse: true });
    setDevice('mobile');
    setDevice('desktop');
    expect(useSettingsStore.getState().menuCollapse).toBe(true);
  });

  it('the same device reported twice changes nothing the user chose', () => {
    const { setDevice, updateSettings } = useSettingsStore.getState();
    setDevice('mobile');
    updateSettings({ menuCollapse: false });
    setDevice('mobile');
    expect(useSettingsStore.getState().menuCollapse).toBe(false);
  });
});

describe('the device the console starts on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const startOn = async (isNarrow: boolean) => {
    vi.resetModules();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: isNarrow && query === MOBILE_QUERY, media: query }));
    return (await import('./settings-store')).useSettingsStore.getState();
  };

  it('a narrow window starts with the side menu folded, and widening gives back the default', async () => {
    const state = await startOn(true);
    expect(state).toMatchObject({ device: 'mobile', menuCollapse: true });
    state.setDevice('desktop');
    const { useSettingsStore: store, DEFAULT_SETTINGS } = await import('./settings-store');
    expect(store.getState()).toMatchObject({ device: 'desktop', menuCollapse: DEFAULT_SETTINGS.menuCollapse });
  });

  it('a wide window starts with the default', async () => {
    const state = await startOn(false);
    expect(state.device).toBe('desktop');
    expect(state.menuCollapse).toBe((await import('./settings-store')).DEFAULT_SETTINGS.menuCollapse);
  });
});
