import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { WINDOW_FROM_ROWS, computeRowWindow } from './row-window';

interface Row {
  id: number;
  name: string;
}

const makeRows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i, name: `Class ${i}` }));

function renderTable(rows: Row[]) {
  return render(
    <DataTable
      rows={rows}
      caption="Students by class"
      rowKey={(r) => String(r.id)}
      columns={[
        { title: 'Class', render: (r) => r.name },
        { title: 'Students', render: (r) => r.id, isNumber: true },
      ]}
    />,
  );
}

/** Drawn data rows, not the spacers. */
const drawnNames = () => [...document.querySelectorAll('tbody tr:not([data-spacer]) td:first-child')].map((td) => td.textContent);

describe('computeRowWindow', () => {
  it('draws the rows in view and a few around them, the spacers standing for the rest', () => {
    const top = computeRowWindow({ count: 1000, rowHeight: 30, scrollTop: 0, viewHeight: 300, overscan: 5 });
    expect(top).toEqual({ start: 0, end: 16, padTop: 0, padBottom: (1000 - 16) * 30, isWindowed: true });
    const middle = computeRowWindow({ count: 1000, rowHeight: 30, scrollTop: 3000, viewHeight: 300, overscan: 5 });
    expect(middle.start).toBe(95);
    expect(middle.end).toBe(116);
    expect(middle.padTop + (middle.end - middle.start) * 30 + middle.padBottom).toBe(1000 * 30);
    const bottom = computeRowWindow({ count: 1000, rowHeight: 30, scrollTop: 1000 * 30 - 300, viewHeight: 300, overscan: 5 });
    expect(bottom.end).toBe(1000);
    expect(bottom.padBottom).toBe(0);
  });
});

describe('DataTable', () => {
  it('draws every row of a short table, with no row count for assistive technology to be told', () => {
    renderTable(makeRows(WINDOW_FROM_ROWS));
    expect(document.querySelectorAll('tbody tr')).toHaveLength(WINDOW_FROM_ROWS);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBeNull();
  });

  it('draws only the rows in view of a long one, follows the scroll, and draws them all to print', async () => {
    renderTable(makeRows(5000));
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const first = drawnNames();
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(60);
    expect(first[0]).toBe('Class 0');

    // Scrolled down a third: the rows there are drawn, numbered by their place in the whole table.
    const wrap = screen.getByRole('region', { name: 'Students by class' });
    Object.defineProperty(wrap, 'scrollTop', { configurable: true, value: 33 * 1700 });
    fireEvent.scroll(wrap);
    await waitFor(() => expect(drawnNames()).toContain('Class 1700'));
    expect(drawnNames()).not.toContain('Class 0');
    expect(drawnNames().length).toBeLessThan(60);
    const indexOf1700 = [...document.querySelectorAll('tbody tr[aria-rowindex]')].find((tr) => tr.textContent?.startsWith('Class 1700'));
    expect(indexOf1700?.getAttribute('aria-rowindex')).toBe('1702');
    const spacers = [...document.querySelectorAll<HTMLElement>('tbody tr[data-spacer] td')].map((td) => parseFloat(td.style.height));
    expect(spacers).toHaveLength(2);
    expect((spacers[0] ?? 0) + (spacers[1] ?? 0) + drawnNames().length * 33).toBeCloseTo(5000 * 33);

    // Printing: every row is on paper, and the window comes back afterwards.
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(drawnNames()).toHaveLength(5000);
    expect(table.getAttribute('aria-rowcount')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(drawnNames().length).toBeLessThan(60);
  });
});
