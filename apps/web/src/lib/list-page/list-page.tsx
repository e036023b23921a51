import type { PermCode } from '@campus/contract';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Checkbox from '@arco-design/web-react/es/Checkbox';
import DatePicker from '@arco-design/web-react/es/DatePicker';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Empty from '@arco-design/web-react/es/Empty';
import Input from '@arco-design/web-react/es/Input';
import Menu from '@arco-design/web-react/es/Menu';
import Popover from '@arco-design/web-react/es/Popover';
import { ErrorResult } from '../error-result';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import type { ColumnProps } from '@arco-design/web-react/es/Table';
import Tooltip from '@arco-design/web-react/es/Tooltip';
import { IconDelete, IconLineHeight, IconRefresh, IconSearch, IconSettings } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { openConfirm, showSuccess } from '../feedback';
import { useT } from '../i18n';
import { PageFrame } from '../page-frame';
import { Permission } from '../permission';
import { useSessionStore } from '../session';
import { listQueryKey } from './list-keys';
import { hasActiveFilters, PAGE_SIZES, type ListQuery, type PageResult } from './list-query';
import { DeferredTable } from './deferred-table';
import { useListPrefs, type Density } from './list-prefs';
import { useListQuery } from './use-list-query';
import './list-messages';
import './list-page.css';

export interface ListColumn<T> {
  key: string;
  title: string;
  /** Cells are text unless a render says otherwise; names never go through HTML. */
  render?: (row: T) => ReactNode;
  width?: number;
  isHiddenByDefault?: boolean;
  /**
   * Long text (a course name, an address, a time as date over time) wraps in its cell. Other cells
   * with a declared width keep one line ("DC2026042 / 0", "欧阳薇 / 艳" otherwise) and the table
   * scrolls when they do not fit; the one column without a width takes the rest and wraps.
   */
  isWrapping?: boolean;
}

export interface FilterField {
  name: string;
  label: string;
  /** A select when given, else a text box. */
  options?: { value: string; label: string }[];
  /** A date picker (YYYY-MM-DD) instead of a text box. */
  isDate?: boolean;
  /** A control of its own (a region picker): gets the filter's value and sets it ('' clears). */
  render?: (value: string, onChange: (value: string) => void) => ReactNode;
  /** A custom control's width in px (default: a region picker's 360). */
  width?: number;
}

export interface ListPageProps<T extends { id: number }> {
  /** Names the page's remembered preferences and its queries. */
  pageKey: string;
  titleKey: string;
  fetchPage: (query: ListQuery) => Promise<PageResult<T>>;
  columns: ListColumn<T>[];
  /** The server's allow-list: only these columns sort. */
  sortFields: readonly string[];
  filters?: FilterField[];
  keywordPlaceholder: string;
  /** What a confirm calls a row ("Zhang San (S0001)"). */
  describeRow: (row: T) => string;
  /** Extra row actions; the caller wraps each in <Permission>. */
  rowActions?: (row: T) => ReactNode;
  actionsWidth?: number;
  /** `selected`: the ids of the checked rows (bulk actions beside the bulk delete). */
  toolbar?: (query: ListQuery, selected: readonly number[]) => ReactNode;
  /** Row and bulk delete, shown to holders of these perms. */
  deletion?: { perms: PermCode[]; remove: (id: number) => Promise<void>; removeMany: (ids: number[]) => Promise<void> };
  extraTopContent?: ReactNode;
  /** Beside the page title (a switch between two views of one page). */
  frameExtra?: ReactNode;
}

/** Refetches a list after a change made elsewhere on the page (a form, an import). */
export function useRefreshList(pageKey: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listQueryKey(pageKey) });
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const NO_ROWS: never[] = [];

function renderText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '—' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '—';
}

const DENSITIES: readonly Density[] = ['default', 'middle', 'small'];

/**
 * Every list page of the console: search form, toolbar, server-side paging and
 * sort, URL-kept query, remembered columns and density, selection with bulk
 * delete, permission-guarded row actions, empty and error states.
 */
export function ListPage<T extends { id: number }>(props: ListPageProps<T>) {
  const { pageKey, columns, sortFields, filters = [], deletion } = props;
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const list = useListQuery(
    filters.map((f) => f.name),
    sortFields,
  );
  const { query } = list;
  const { prefs, setDensity, toggleColumn } = useListPrefs(
    pageKey,
    columns.filter((c) => c.isHiddenByDefault).map((c) => c.key),
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [draft, setDraft] = useState({ keyword: query.keyword ?? '', filters: query.filters });
  const [draftFor, setDraftFor] = useState(list.searchKey);
  // A new query in the URL (search, reset, back, reload) refills the form and clears the selection.
  if (draftFor !== list.searchKey) {
    setDraftFor(list.searchKey);
    setDraft({ keyword: query.keyword ?? '', filters: query.filters });
    setSelected([]);
  }

  const result = useQuery({
    queryKey: [...listQueryKey(pageKey), camId, query],
    queryFn: () => props.fetchPage(query),
    placeholderData: keepPreviousData,
  });
  const refresh = useRefreshList(pageKey);

  const confirmDelete = (ids: number[], content: string) => {
    if (!deletion) return;
    openConfirm({
      title: t(ids.length > 1 ? 'list.bulkDelete.title' : 'list.delete.title'),
      content,
      okText: t('list.delete'),
      cancelText: t('common.cancel'),
      onOk: () => {
        const run = ids.length === 1 && ids[0] !== undefined ? deletion.remove(ids[0]) : deletion.removeMany(ids);
        run
          .then(() => {
            showSuccess(t('list.deleted', { count: ids.length }));
            setSelected((keys) => keys.filter((k) => !ids.includes(k)));
            return refresh();
          })
          // The request client has already told the user why (409 lists what refers to it).
          .catch(() => undefined);
      },
    });
  };

  const [sortField, sortDirection] = (query.sort ?? '').split(':');
  const visible = columns.filter((c) => !prefs.hiddenColumns.includes(c.key));
  const tableColumns: ColumnProps<T>[] = visible.map((c) => ({
    key: c.key,
    dataIndex: c.key,
    title: c.title,
    width: c.width,
    ellipsis: false,
    bodyCellStyle: c.isWrapping || c.width === undefined ? undefined : NO_WRAP,
    sorter: sortFields.includes(c.key) ? true : undefined,
    sortOrder: sortField === c.key ? (sortDirection === 'desc' ? 'descend' : 'ascend') : undefined,
    render: (_: unknown, row: T) => (c.render ? c.render(row) : renderText((row as Record<string, unknown>)[c.key])),
  }));
  if (props.rowActions || deletion) {
    tableColumns.push({
      key: '__actions',
      title: t('common.actions'),
      width: props.actionsWidth ?? 160,
      fixed: 'right',
      render: (_: unknown, row: T) => (
        <Space size={4} className="list-row-actions">
          {props.rowActions?.(row)}
          {deletion && (
            <Permission perms={deletion.perms}>
              <Button
                type="text"
                size="mini"
                status="danger"
                onClick={() => confirmDelete([row.id], t('list.delete.content', { name: props.describeRow(row) }))}
              >
                {t('list.delete')}
              </Button>
            </Permission>
          )}
        </Space>
      ),
    });
  }

  const isFiltered = hasActiveFilters(query);
  const emptyState = (
    <Empty
      className="list-empty"
      description={
        <div className="list-empty-text">
          <span>{t(isFiltered ? 'list.empty.filtered' : 'list.empty')}</span>
          {isFiltered && (
            <Button type="text" size="small" onClick={list.reset}>
              {t('list.clearFilters')}
            </Button>
          )}
        </div>
      }
    />
  );

  const columnChooser = (
    <div className="list-column-chooser">
      <div className="list-column-chooser-title">{t('list.columns.title')}</div>
      {columns.map((c) => (
        <Checkbox key={c.key} checked={!prefs.hiddenColumns.includes(c.key)} onChange={(isOn: boolean) => toggleColumn(c.key, isOn)}>
          {c.title}
        </Checkbox>
      ))}
    </div>
  );

  return (
    <PageFrame titleKey={props.titleKey} extra={props.frameExtra}>
      <Card bordered={false} className="list-card">
        <form
          className="list-search"
          role="search"
          aria-label={t('list.filters')}
          onSubmit={(event) => {
            event.preventDefault();
            list.setFilters(draft.keyword, Object.fromEntries(Object.entries(draft.filters).filter(([, v]) => v)));
          }}
        >
          <Input
            aria-label={t('common.keyword')}
            placeholder={props.keywordPlaceholder}
            value={draft.keyword}
            onChange={(keyword) => setDraft((d) => ({ ...d, keyword }))}
            allowClear
            className="list-search-keyword"
          />
          {filters.map((f) =>
            f.render ? (
              <div key={f.name} className="list-search-custom" style={f.width ? { width: f.width } : undefined}>
                {f.render(draft.filters[f.name] ?? '', (value) => setDraft((d) => ({ ...d, filters: { ...d.filters, [f.name]: value } })))}
              </div>
            ) : f.options ? (
              <Select
                key={f.name}
                aria-label={f.label}
                placeholder={f.label}
                value={draft.filters[f.name] || undefined}
                onChange={(value: string | undefined) => setDraft((d) => ({ ...d, filters: { ...d.filters, [f.name]: value ?? '' } }))}
                allowClear
                options={f.options}
                className="list-search-select"
              />
            ) : f.isDate ? (
              <DatePicker
                key={f.name}
                aria-label={f.label}
                placeholder={f.label}
                value={draft.filters[f.name] || undefined}
                onChange={(value: string | undefined) => setDraft((d) => ({ ...d, filters: { ...d.filters, [f.name]: value ?? '' } }))}
                className="list-search-select"
              />
            ) : (
              <Input
                key={f.name}
                aria-label={f.label}
                placeholder={f.label}
                value={draft.filters[f.name] ?? ''}
                onChange={(value) => setDraft((d) => ({ ...d, filters: { ...d.filters, [f.name]: value } }))}
                allowClear
                className="list-search-text"
              />
            ),
          )}
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {t('common.search')}
            </Button>
            <Button icon={<IconRefresh />} onClick={list.reset}>
              {t('common.reset')}
            </Button>
          </Space>
        </form>
        {props.extraTopContent}
        <div className="list-toolbar">
          <Space wrap>
            {props.toolbar?.(query, selected)}
            {deletion && (
              <Permission perms={deletion.perms}>
                <Button
                  status="danger"
                  icon={<IconDelete />}
                  disabled={selected.length === 0}
                  onClick={() => confirmDelete(selected, t('list.bulkDelete.content', { count: selected.length }))}
                >
                  {t('list.bulkDelete')}
                  {selected.length > 0 ? ` (${selected.length})` : ''}
                </Button>
              </Permission>
            )}
            {selected.length > 0 && (
              <span className="list-selected" aria-live="polite">
                {t('list.selected', { count: selected.length })}
                <Button type="text" size="mini" onClick={() => setSelected([])}>
                  {t('list.clearSelection')}
                </Button>
              </span>
            )}
          </Space>
          <Space size={4}>
            <Tooltip content={t('common.refresh')}>
              <Button
                shape="circle"
                type="text"
                aria-label={t('common.refresh')}
                icon={<IconRefresh />}
                loading={result.isFetching}
                onClick={() => void result.refetch()}
              />
            </Tooltip>
            <Dropdown
              trigger="click"
              droplist={
                <Menu selectedKeys={[prefs.density]} onClickMenuItem={(key) => setDensity(key as Density)}>
                  {DENSITIES.map((d) => (
                    <Menu.Item key={d}>{t(`list.density.${d}`)}</Menu.Item>
                  ))}
                </Menu>
              }
            >
              <Button shape="circle" type="text" aria-label={t('list.density')} title={t('list.density')} icon={<IconLineHeight />} />
            </Dropdown>
            <Popover trigger="click" position="br" content={columnChooser}>
              <Button shape="circle" type="text" aria-label={t('list.columns')} title={t('list.columns')} icon={<IconSettings />} />
            </Popover>
          </Space>
        </div>
        {result.isError && !result.data ? (
          <ErrorResult
            status="error"
            className="list-error"
            title={t('list.error.title')}
            subTitle={result.error.message}
            extra={
              <Button type="primary" onClick={() => void result.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        ) : (
          <DeferredTable<T>
            rowKey="id"
            size={prefs.density}
            columns={tableColumns}
            data={result.data?.list ?? NO_ROWS}
            isLoading={result.isFetching}
            noDataElement={emptyState}
            border={false}
            scroll={{ x: true }}
            rowSelection={
              deletion
                ? {
                    type: 'checkbox',
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(Number)),
                    checkboxProps: (row: T) => ({ 'aria-label': props.describeRow(row) }),
                  }
                : undefined
            }
            pagination={{
              current: query.page,
              pageSize: query.pageSize,
              total: result.data?.total ?? 0,
              showTotal: (total: number) => t('list.total', { total }),
              sizeCanChange: true,
              sizeOptions: [...PAGE_SIZES],
              showJumper: true,
            }}
            onChange={(pagination, sorter, _filters, extra) => {
              if (extra.action === 'sort') {
                const one = Array.isArray(sorter) ? sorter[0] : sorter;
                const field = typeof one?.field === 'string' ? one.field : undefined;
                list.setSort(field && one?.direction ? `${field}:${one.direction === 'descend' ? 'desc' : 'asc'}` : undefined);
              } else if (extra.action === 'paginate') {
                list.setPage(pagination.current ?? 1, pagination.pageSize ?? query.pageSize);
              }
            }}
          />
        )}
      </Card>
    </PageFrame>
  );
}
