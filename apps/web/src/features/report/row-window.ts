import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Tables with more rows than this draw only the rows in view (issue 22: DOM size must not grow with data). */
export const WINDOW_FROM_ROWS = 60;
/** Rows drawn above and below the view, so a fast scroll does not show blank space. */
const OVERSCAN_ROWS = 8;
/** A row's height before one has been measured (13 px text, 6 px padding, 1 px border). */
const ESTIMATED_ROW_HEIGHT = 33;

export interface RowWindow {
  /** Rows [start, end) are drawn; the spacers stand for the rest. */
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
  isWindowed: boolean;
}

export function computeRowWindow(input: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewHeight: number;
  overscan?: number;
}): RowWindow {
  const { count, scrollTop, viewHeight } = input;
  const rowHeight = Math.max(1, input.rowHeight);
  const overscan = input.overscan ?? OVERSCAN_ROWS;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + Math.ceil(Math.max(0, viewHeight) / rowHeight) + overscan + 1);
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight, isWindowed: true };
}

/**
 * True while the page is printed (print preview included): a printed table shows every row. The
 * `beforeprint` render is flushed at once, so the print layout already holds the rows.
 */
export function usePrinting(): boolean {
  const [isPrinting, setPrinting] = useState(() => window.matchMedia?.('print').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const onBefore = () => flushSync(() => setPrinting(true));
    const onAfter = () => setPrinting(query?.matches ?? false);
    const onChange = (event: MediaQueryListEvent) => flushSync(() => setPrinting(event.matches));
    window.addEventListener('beforeprint', onBefore);
    window.addEventListener('afterprint', onAfter);
    query?.addEventListener('change', onChange);
    return () => {
      window.removeEventListener('beforeprint', onBefore);
      window.removeEventListener('afterprint', onAfter);
      query?.removeEventListener('change', onChange);
    };
  }, []);
  return isPrinting;
}

/**
 * Which rows of a scrolling table to draw: all of them up to WINDOW_FROM_ROWS rows or while printing,
 * otherwise those in view of `wrapRef` (measured from the rows drawn; rows are one line, about equal).
 */
export function useRowWindow(wrapRef: RefObject<HTMLElement | null>, count: number): RowWindow {
  const isPrinting = usePrinting();
  const isWindowed = count > WINDOW_FROM_ROWS && !isPrinting;
  const [view, setView] = useState({ scrollTop: 0, viewHeight: 0, rowHeight: ESTIMATED_ROW_HEIGHT });
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || !isWindowed) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      // The median, not the mean: the first row is half a border shorter (collapsed borders), and a mean that
      // moves as it scrolls in and out of the window would change the table's height under the scroll bar.
      const heights = [...wrap.querySelectorAll<HTMLElement>('tbody tr[aria-rowindex]')]
        .map((row) => row.getBoundingClientRect().height)
        .sort((a, b) => a - b);
      const median = heights[Math.floor(heights.length / 2)] ?? 0;
      const rowHeight = median > 0 ? median : ESTIMATED_ROW_HEIGHT;
      setView((old) => {
        const next = { scrollTop: wrap.scrollTop, viewHeight: wrap.clientHeight || 12 * rowHeight, rowHeight };
        // Sub-pixel changes of the average would redraw for nothing.
        const isSame =
          old.scrollTop === next.scrollTop && old.viewHeight === next.viewHeight && Math.abs(old.rowHeight - next.rowHeight) < 0.5;
        return isSame ? old : next;
      });
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    wrap.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    observer?.observe(wrap);
    return () => {
      wrap.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [wrapRef, isWindowed, count]);
  if (!isWindowed) return { start: 0, end: count, padTop: 0, padBottom: 0, isWindowed: false };
  return computeRowWindow({ count, ...view });
}
