import { DEFAULT_ROUTE_NAME, DEFAULT_ROUTE_PATH, RouteName } from '@campus/contract';

/** The spec's Tab, keyed by pathname so /course/1/edit and /course/2/edit are two tabs. */
export interface Tab {
  key: string;
  title: string;
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

export const WORKPLACE_TAB: Tab = {
  key: DEFAULT_ROUTE_PATH,
  title: 'menu.dashboard.workplace',
  name: DEFAULT_ROUTE_NAME,
  fullPath: DEFAULT_ROUTE_PATH,
  query: {},
  ignoreCache: false,
};

/** Pages that never become tabs. */
const UNTABBED: readonly string[] = [RouteName.redirect, RouteName.login, RouteName.notFound];

export function isTabbable(name: string): boolean {
  return !UNTABBED.includes(name);
}

export function addTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  if (!isTabbable(tab.name)) return [...tabs];
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index === -1) return [...tabs, tab];
  // Same page, new query: keep its place, remember where it was.
  return tabs.map((t, i) => (i === index ? { ...t, fullPath: tab.fullPath, query: tab.query, title: tab.title } : t));
}

function keepWorkplace(tabs: readonly Tab[]): Tab[] {
  const rest = tabs.filter((t) => t.key !== WORKPLACE_TAB.key);
  const workplace = tabs.find((t) => t.key === WORKPLACE_TAB.key) ?? WORKPLACE_TAB;
  return [workplace, ...rest];
}

export function closeTab(tabs: readonly Tab[], key: string): Tab[] {
  if (key === WORKPLACE_TAB.key) return [...tabs];
  return keepWorkplace(tabs.filter((t) => t.key !== key));
}

export function closeLeftTabs(tabs: readonly Tab[], key: string): Tab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return [...tabs];
  return keepWorkplace(tabs.filter((t, i) => i >= index || t.key === WORKPLACE_TAB.key));
}

export function closeRightTabs(tabs: readonly Tab[], key: string): Tab[] {
  const index = tabs.findIndex((t) => t.key === key);
  if (index === -1) return [...tabs];
  return keepWorkplace(tabs.slice(0, index + 1));
}

export function closeOtherTabs(tabs: readonly Tab[], key: string): Tab[] {
  return keepWorkplace(tabs.filter((t) => t.key === key));
}

/** Resetting the tabs returns to Workplace only (spec section 2). */
export function resetTabs(): Tab[] {
  return [WORKPLACE_TAB];
}

/** Where to go when the tab at `key` closes: its left neighbour, else the last tab. */
export function findNeighbourTab(tabs: readonly Tab[], key: string): Tab {
  const index = tabs.findIndex((t) => t.key === key);
  return tabs[index - 1] ?? tabs[index + 1] ?? tabs.at(-1) ?? WORKPLACE_TAB;
}
