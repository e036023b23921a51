import Table, { type TableProps } from '@arco-design/web-react/es/Table';
import { memo, useDeferredValue, useLayoutEffect, useRef, useState, type ReactElement } from 'react';

// memo() drops the generic; the cast gives it back (the props are Table's own).
const MemoTable = memo(Table) as unknown as <T>(props: TableProps<T>) => ReactElement;

/** What a click on the table changes: the checked rows, the page. */
function isSameClickState<T>(a: TableProps<T>, b: TableProps<T>): boolean {
  const pageA = typeof a.pagination === 'object' ? a.pagination : undefined;
  const pageB = typeof b.pagination === 'object' ? b.pagination : undefined;
  return (
    a.rowSelection?.selectedRowKeys === b.rowSelection?.selectedRowKeys &&
    pageA?.current === pageB?.current &&
    pageA?.pageSize === pageB?.pageSize
  );
}

/**
 * The table drawn from a deferred copy of its props (issue 22). A page of rows, a picker's options
 * arriving, a keystroke in the search box: each re-rendered every cell at once, in one task (~0.1 s of
 * main thread on a slow phone, and the keystroke waited for it). Here that render bails out and React
 * draws the new props in short slices; only the commit is one task. A checked row or a new page is drawn
 * at once, so that a second click builds on the first; the change handler is always the latest (it reads
 * the query in the URL). The table says it is loading until the rows on screen are the answer's.
 */
export function DeferredTable<T>({ isLoading, onChange, ...props }: TableProps<T> & { isLoading: boolean }) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const [handleChange] = useState(
    () =>
      (...args: Parameters<NonNullable<TableProps<T>['onChange']>>) =>
        onChangeRef.current?.(...args),
  );
  const drawn = useDeferredValue(props);
  const shown = isSameClickState(props, drawn) ? drawn : props;
  return <MemoTable<T> {...shown} onChange={handleChange} loading={isLoading || shown.data !== props.data} />;
}
