import type { PermCode } from '@campus/contract';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Input from '@arco-design/web-react/es/Input';
import { ErrorResult } from '../../lib/error-result';
import Space from '@arco-design/web-react/es/Space';
import Table, { type ColumnProps } from '@arco-design/web-react/es/Table';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { Permission } from '../../lib/permission';
import './system-messages';
import '../../lib/list-page/list-page.css';
import './system.css';

interface TreeRow {
  id: number;
  children: TreeRow[];
}

interface TreeTablePageProps<T extends TreeRow> {
  titleKey: string;
  queryKey: readonly unknown[];
  fetchTree: (keyword: string) => Promise<T[]>;
  columns: ColumnProps<T>[];
  keywordPlaceholder: string;
  perms: { add: PermCode; edit: PermCode; delete: PermCode };
  describeRow: (row: T) => string;
  onAdd: (parent: T | null) => void;
  onEdit: (row: T) => void;
  remove: (id: number) => Promise<void>;
  /** Set by the page after a save so the tree refetches. */
  version: number;
}

/** Arco's tree table wants `children` absent on leaves, or it draws an expand button on every row. */
function pruneEmptyChildren(rows: readonly TreeRow[]): unknown[] {
  return rows.map((r) => (r.children.length > 0 ? { ...r, children: pruneEmptyChildren(r.children) } : { ...r, children: undefined }));
}

function collectIds(rows: readonly TreeRow[]): string[] {
  return rows.flatMap((r) => (r.children.length > 0 ? [String(r.id), ...collectIds(r.children)] : []));
}

/**
 * Menus and departments are trees, not pages of rows: the whole tree in one
 * table (the list toolkit's paging would cut it), with add-child, edit and delete.
 */
export function TreeTablePage<T extends TreeRow>(props: TreeTablePageProps<T>) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const tree = useQuery({ queryKey: [...props.queryKey, keyword, props.version], queryFn: () => props.fetchTree(keyword) });
  const allIds = collectIds(tree.data ?? []);

  const confirmDelete = (row: T) =>
    openConfirm({
      title: t('list.delete.title'),
      content: t('list.delete.content', { name: props.describeRow(row) }),
      okText: t('list.delete'),
      cancelText: t('common.cancel'),
      onOk: () => {
        props
          .remove(row.id)
          .then(() => {
            showSuccess(t('list.deleted', { count: 1 }));
            return tree.refetch();
          })
          // The request client has shown the 409 naming what still refers to it.
          .catch(() => undefined);
      },
    });

  const actions: ColumnProps<T> = {
    key: '__actions',
    title: t('common.actions'),
    width: 160,
    fixed: 'right',
    render: (_: unknown, row: T): ReactNode => (
      <Space size={4} className="list-row-actions">
        <Permission perms={[props.perms.add]}>
          <Button type="text" size="mini" onClick={() => props.onAdd(row)}>
            {t('sys.addChild')}
          </Button>
        </Permission>
        <Permission perms={[props.perms.edit]}>
          <Button type="text" size="mini" onClick={() => props.onEdit(row)}>
            {t('list.edit')}
          </Button>
        </Permission>
        <Permission perms={[props.perms.delete]}>
          <Button type="text" size="mini" status="danger" onClick={() => confirmDelete(row)}>
            {t('list.delete')}
          </Button>
        </Permission>
      </Space>
    ),
  };

  return (
    <PageFrame titleKey={props.titleKey}>
      <Card bordered={false} className="list-card">
        <form
          className="list-search"
          role="search"
          aria-label={t('list.filters')}
          onSubmit={(event) => {
            event.preventDefault();
            setKeyword(draft.trim());
          }}
        >
          <Input
            aria-label={t('common.keyword')}
            placeholder={props.keywordPlaceholder}
            value={draft}
            onChange={setDraft}
            allowClear
            className="list-search-keyword"
          />
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {t('common.search')}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                setDraft('');
                setKeyword('');
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </form>
        <div className="list-toolbar">
          <Space wrap>
            <Permission perms={[props.perms.add]}>
              <Button type="primary" icon={<IconPlus />} onClick={() => props.onAdd(null)}>
                {t('common.add')}
              </Button>
            </Permission>
            <Button onClick={() => setExpanded(allIds)}>{t('sys.expandAll')}</Button>
            <Button onClick={() => setExpanded([])}>{t('sys.collapseAll')}</Button>
          </Space>
          <Button
            shape="circle"
            type="text"
            aria-label={t('common.refresh')}
            title={t('common.refresh')}
            icon={<IconRefresh />}
            loading={tree.isFetching}
            onClick={() => void tree.refetch()}
          />
        </div>
        {tree.isError ? (
          <ErrorResult status="error" title={t('list.error.title')} subTitle={tree.error.message} />
        ) : (
          <Table<T>
            rowKey={(row: T) => String(row.id)}
            columns={[...props.columns, actions]}
            data={pruneEmptyChildren(tree.data ?? []) as unknown as T[]}
            loading={tree.isFetching}
            pagination={false}
            border={false}
            scroll={{ x: true }}
            noDataElement={<Empty description={t('list.empty')} />}
            expandedRowKeys={expanded ?? allIds}
            onExpandedRowsChange={(keys) => setExpanded(keys.map(String))}
          />
        )}
      </Card>
    </PageFrame>
  );
}
