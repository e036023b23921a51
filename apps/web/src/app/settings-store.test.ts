import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from './settings-store';

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
