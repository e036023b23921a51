import Empty from '@arco-design/web-react/es/Empty';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useRowWindow } from './row-window';

export interface Column<T> {
  title: string;
  render: (row: T) => ReactNode;
  isNumber?: boolean;
}

/** Side tables show this many rows at most, their chart's height when it has one; the rest scrolls. */
export const TABLE_MAX_HEIGHT = 384;

/**
 * The tallest height not above `limit` that ends on a row's edge: a box of a
 * fixed height cuts a row in half and hides that there is more. Spacer rows
 * (rows not drawn) are left out, as if the drawn rows started at the top.
 */
function fitWholeRows(wrap: HTMLElement, limit: number): number | null {
  if (wrap.scrollHeight <= limit) return null;
  let top = wrap.getBoundingClientRect().top - wrap.scrollTop;
  let fit = 0;
  for (const row of wrap.querySelectorAll('tr')) {
    const rect = row.getBoundingClientRect();
    if (row.dataset.spacer !== undefined) {
      top += rect.height;
      continue;
    }
    const bottom = rect.bottom - top;
    if (bottom > limit) break;
    fit = bottom;
  }
  return fit > 0 ? Math.floor(fit) : limit;
}

/**
 * A report's side table: every row, scrolling in whole rows; a long one draws only the rows in view
 * (and every row when printed), with `aria-rowcount` telling assistive technology how many there are.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  maxHeight = TABLE_MAX_HEIGHT,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
  maxHeight?: number;
}) {
  const t = useT();
  const wrapRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const view = useRowWindow(wrapRef, rows.length);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    // Row edges are read from the content's top, so the height in force does not change the answer.
    const measure = () => setHeight(fitWholeRows(wrap, Math.max(maxHeight, TABLE_MAX_HEIGHT / 2)));
    measure();
    // Rows wrap differently when the card's width changes.
    const observer = new ResizeObserver(measure);
    observer.observe(wrap.parentElement ?? wrap);
    return () => observer.disconnect();
  }, [rows, maxHeight]);
  if (rows.length === 0) return <Empty description={t('report.empty')} />;
  const spacer = (size: number, key: string) =>
    size > 0 ? (
      <tr key={key} data-spacer="" aria-hidden="true">
        <td colSpan={columns.length} className="report-table-spacer" style={{ height: size }} />
      </tr>
    ) : null;
  return (
    <>
      {/* Scrolls when the card is shorter than its rows: reachable by keyboard (WCAG 2.1.1). */}
      <div
        ref={wrapRef}
        className="report-table-wrap"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must take the keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={caption}
        style={height === null ? undefined : { maxHeight: height }}
      >
        <table className="report-table" aria-rowcount={view.isWindowed ? rows.length + 1 : undefined}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={view.isWindowed ? 1 : undefined}>
              {columns.map((c) => (
                <th key={c.title} scope="col" className={c.isNumber ? 'is-number' : undefined}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spacer(view.padTop, 'top')}
            {rows.slice(view.start, view.end).map((row, i) => (
              <tr key={rowKey(row)} aria-rowindex={view.isWindowed ? view.start + i + 2 : undefined}>
                {columns.map((c) => (
                  <td key={c.title} className={c.isNumber ? 'is-number' : undefined}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
            {spacer(view.padBottom, 'bottom')}
          </tbody>
        </table>
      </div>
      {height !== null && <p className="report-table-more">{t('report.table.more', { count: rows.length })}</p>}
    </>
  );
}
