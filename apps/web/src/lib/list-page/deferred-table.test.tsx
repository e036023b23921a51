import type { TableProps } from '@arco-design/web-react/es/Table';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeferredTable } from './deferred-table';

interface Row {
  id: number;
  name: string;
}

const rows = (...names: string[]): Row[] => names.map((name, i) => ({ id: i + 1, name }));

let root: Root | null = null;
let cellRenders = 0;

// Rendered outside act(): act() would run the deferred render before returning, and the point of these
// tests is what the first, urgent render draws.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actFlag.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actFlag.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

afterEach(() => {
  flushSync(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function draw(props: Partial<TableProps<Row>> & { data: Row[] }): void {
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  }
  const table = (
    <DeferredTable<Row>
      rowKey="id"
      isLoading={false}
      // New closures every time, as a list page's render makes them.
      columns={[
        {
          key: 'name',
          dataIndex: 'name',
          title: 'Name',
          render: (_: unknown, row: Row) => {
            cellRenders++;
            return row.name;
          },
        },
      ]}
      pagination={{ current: 1, pageSize: 2, total: 4 }}
      {...props}
    />
  );
  flushSync(() => root?.render(table));
}

const names = () => [...document.querySelectorAll('tbody td')].map((td) => td.textContent);

describe('DeferredTable', () => {
  it('draws new rows after the urgent render, not in it, and says it is loading meanwhile', async () => {
    draw({ data: rows('Ann', 'Bo') });
    expect(names()).toEqual(['Ann', 'Bo']);
    const drawnBefore = cellRenders;

    draw({ data: rows('Cy', 'Di') });
    // The urgent render re-drew no cell: the rows on screen are still the old ones, marked loading.
    expect(cellRenders).toBe(drawnBefore);
    expect(names()).toEqual(['Ann', 'Bo']);
    expect(document.querySelector('.arco-spin-loading')).not.toBeNull();

    await waitFor(() => expect(names()).toEqual(['Cy', 'Di']));
    expect(document.querySelector('.arco-spin-loading')).toBeNull();
  });

  it('re-draws nothing when a render of the page leaves the rows as they were', async () => {
    const data = rows('Ann', 'Bo');
    draw({ data });
    const drawnBefore = cellRenders;
    draw({ data });
    expect(cellRenders).toBe(drawnBefore);
    // The deferred render catches up with the new closures and leaves the table as it was.
    await waitFor(() => expect(cellRenders).toBe(drawnBefore + 2));
    expect(names()).toEqual(['Ann', 'Bo']);
  });

  it('draws a checked row at once, so a second click builds on the first', () => {
    const data = rows('Ann', 'Bo');
    const onSelect = vi.fn();
    draw({ data, rowSelection: { type: 'checkbox', selectedRowKeys: [], onChange: onSelect } });
    draw({ data, rowSelection: { type: 'checkbox', selectedRowKeys: [1], onChange: onSelect } });
    const boxes = document.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');
    expect([...boxes].map((b) => b.checked)).toEqual([true, false]);
    fireEvent.click(boxes[1] as HTMLInputElement);
    expect(onSelect).toHaveBeenLastCalledWith([1, 2], expect.anything());
  });

  it('draws a new page at once and hands a click to the latest change handler', () => {
    const data = rows('Ann', 'Bo');
    const first = vi.fn();
    const latest = vi.fn();
    draw({ data, onChange: first });
    draw({ data, onChange: latest, pagination: { current: 2, pageSize: 2, total: 6 } });
    expect(document.querySelector('.arco-pagination-item-active')?.textContent).toBe('2');
    fireEvent.click(screen.getByText('3'));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith(
      expect.objectContaining({ current: 3 }),
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ action: 'paginate' }),
    );
  });
});
