import { create } from 'zustand';
import { addTab, closeLeftTabs, closeOtherTabs, closeRightTabs, closeTab, resetTabs, type Tab } from './tab-list';

interface TabState {
  tabs: Tab[];
  /** Bumped to remount a tab's page ("reload"). */
  reloadCounts: Record<string, number>;
  openTab: (tab: Tab) => void;
  closeTab: (key: string) => void;
  closeLeft: (key: string) => void;
  closeRight: (key: string) => void;
  closeOthers: (key: string) => void;
  reset: () => void;
  reloadTab: (key: string) => void;
}

export const useTabStore = create<TabState>((set) => ({
  tabs: resetTabs(),
  reloadCounts: {},
  openTab: (tab) => set((s) => ({ tabs: addTab(s.tabs, tab) })),
  closeTab: (key) => set((s) => ({ tabs: closeTab(s.tabs, key) })),
  closeLeft: (key) => set((s) => ({ tabs: closeLeftTabs(s.tabs, key) })),
  closeRight: (key) => set((s) => ({ tabs: closeRightTabs(s.tabs, key) })),
  closeOthers: (key) => set((s) => ({ tabs: closeOtherTabs(s.tabs, key) })),
  reset: () => set({ tabs: resetTabs(), reloadCounts: {} }),
  reloadTab: (key) => set((s) => ({ reloadCounts: { ...s.reloadCounts, [key]: (s.reloadCounts[key] ?? 0) + 1 } })),
}));
