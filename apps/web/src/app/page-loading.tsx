import Skeleton from '@arco-design/web-react/es/Skeleton';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { PageFrame } from '../lib/page-frame';
import { useCurrentRoute } from './layout/use-current-route';

/** What a page shows while its code loads: its frame and title, its body as a skeleton. */
export function PageLoading() {
  const route = useCurrentRoute();
  return (
    <PageFrame titleKey={route.meta.locale}>
      <div className="page-loading" aria-busy="true">
        <Skeleton animation text={{ rows: 6 }} />
      </div>
    </PageFrame>
  );
}

/**
 * A page whose route opens at once: the console and the page's frame and title paint first, and the page's
 * own module (a list page's table, forms and pickers: five rounds of imports, ~200 KiB) is fetched once that
 * frame is on screen, so on a slow network it does not share the bandwidth of the first paint with the
 * console's own chunks (issue 22: the student list painted nothing for 2 s on Lighthouse's phone profile).
 * A page already loaded once renders at once, with no frame in between. A module that fails to load throws
 * in render, and the route's error page offers a reload, as before.
 */
export function createFramedPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  let loaded: ComponentType | null = null;
  const Body = lazy(() =>
    load().then((m) => {
      loaded = pick(m);
      return { default: loaded };
    }),
  );
  return function FramedPage() {
    const [isFramePainted, setIsFramePainted] = useState(loaded !== null);
    useEffect(() => {
      if (isFramePainted) return undefined;
      let timer = 0;
      let fallback = 0;
      // At the next frame the frame is being painted; the timer lets that paint happen first.
      const show = () => {
        cancelAnimationFrame(frame);
        clearTimeout(fallback);
        timer = window.setTimeout(() => setIsFramePainted(true), 0);
      };
      const frame = requestAnimationFrame(show);
      // A tab opened in the background draws no frames: its page loads all the same.
      fallback = window.setTimeout(show, 250);
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(fallback);
        clearTimeout(timer);
      };
    }, [isFramePainted]);
    if (!isFramePainted) return <PageLoading />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Body />
      </Suspense>
    );
  };
}
