import { Activity, Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useSettingsStore } from '../settings-store';
import { isTabbable } from './tab-list';
import { useTabStore } from './tab-store';
import { useCurrentRoute } from './use-current-route';

type PageCache = ReadonlyMap<string, ReactNode>;

/**
 * Keeps the page of every open tab mounted but hidden (React's Activity), so
 * filters, form input and scroll survive a tab switch. Pages flagged
 * ignoreCache, and all pages while the tab bar is off, render fresh.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const isTabBar = useSettingsStore((s) => s.tabBar);
  const tabs = useTabStore((s) => s.tabs);
  const reloadCounts = useTabStore((s) => s.reloadCounts);
  const [cache, setCache] = useState<PageCache>(() => new Map());
  const scrollPositions = useRef(new Map<string, number>());

  const isCacheable = isTabBar && !route.meta.ignoreCache && isTabbable(route.name);
  const openKeys = new Set(tabs.map((t) => t.key));
  let next: Map<string, ReactNode> | null = null;
  for (const key of cache.keys()) {
    // A closed tab forgets its page; the current one may not be in the tab list yet.
    if (!isTabBar || (key !== pathname && !openKeys.has(key))) {
      next ??= new Map(cache);
      next.delete(key);
    }
  }
  if (isCacheable && !cache.has(pathname)) {
    next ??= new Map(cache);
    next.set(pathname, outlet);
  }
  if (next) setCache(next);

  useLayoutEffect(() => {
    const positions = scrollPositions.current;
    window.scrollTo(0, isCacheable ? (positions.get(pathname) ?? 0) : 0);
    const remember = () => positions.set(pathname, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    // Layout-effect cleanup runs before the browser clamps the scroll of the page being hidden.
    return () => window.removeEventListener('scroll', remember);
  }, [pathname, isCacheable]);

  const reloadKey = (key: string) => `${key}#${reloadCounts[key] ?? 0}`;
  return (
    <>
      {[...cache].map(([key, element]) => (
        <Activity key={reloadKey(key)} mode={key === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!isCacheable && <Fragment key={reloadKey(pathname)}>{outlet}</Fragment>}
    </>
  );
}
