import { Perm } from '@campus/contract';
import Button from '@arco-design/web-react/es/Button';
import Radio from '@arco-design/web-react/es/Radio';
import Tag from '@arco-design/web-react/es/Tag';
import type { OperlogItem } from '@campus/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';
import { ExportButton } from '../../lib/list-page/export-button';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { Permission } from '../../lib/permission';
import { LoginLogPanel } from './login-log-panel';
import { OperlogDetailDrawer, isOperlogSuccess } from './operlog-detail-drawer';
import { fetchOperlogs } from './system-api';
import { formatTime } from './system-labels';
import './system-messages';
import './system.css';

const NO_SORTS: readonly string[] = [];
type View = 'operlog' | 'loginlog';

/**
 * The operation log and, as a second view of the same page, the login log with
 * its lockouts: the spec has no route of its own for sign-in attempts.
 */
export function OperLogPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('operlog');
  const [detailId, setDetailId] = useState<number | null>(null);

  // The two lists read different filters from the URL; a switch starts the other one clean.
  const switchView = (next: View) => {
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: { isListReset: true } });
    setView(next);
  };
  const viewSwitch = (
    <Radio.Group type="button" value={view} onChange={switchView} aria-label={t('sys.operlog.view')}>
      <Radio value="operlog">{t('sys.operlog.title')}</Radio>
      <Radio value="loginlog">{t('sys.loginlog.title')}</Radio>
    </Radio.Group>
  );

  if (view === 'loginlog') return <LoginLogPanel viewSwitch={viewSwitch} />;

  const columns: ListColumn<OperlogItem>[] = [
    { key: 'createdAt', title: t('sys.operlog.time'), width: 120, isWrapping: true, render: (r) => formatTime(r.createdAt) },
    { key: 'username', title: t('sys.operlog.user'), width: 100 },
    // The operation in words, in the reader's language; codes and paths stay one click away (hidden columns, the detail).
    {
      key: 'text',
      title: t('sys.operlog.text'),
      render: (r) =>
        r.link ? (
          <Button type="text" size="mini" className="operlog-text-link" onClick={() => void navigate(r.link ?? '')}>
            {r.text}
          </Button>
        ) : (
          r.text
        ),
    },
    { key: 'module', title: t('sys.operlog.module'), width: 140, isHiddenByDefault: true },
    { key: 'action', title: t('sys.operlog.action'), width: 110, isHiddenByDefault: true },
    { key: 'request', title: t('sys.operlog.request'), width: 220, isWrapping: true, render: (r) => `${r.method} ${r.path}` },
    {
      key: 'status',
      title: t('sys.operlog.result'),
      width: 100,
      render: (r) => (
        <Tag color={isOperlogSuccess(r.status) ? 'green' : 'red'}>
          {t(isOperlogSuccess(r.status) ? 'sys.operlog.success' : 'sys.operlog.fail')}
        </Tag>
      ),
    },
    {
      key: 'durationMs',
      title: t('sys.operlog.duration'),
      width: 80,
      isHiddenByDefault: true,
      render: (r) => t('sys.operlog.ms', { ms: r.durationMs }),
    },
    { key: 'ip', title: t('sys.operlog.ip'), width: 120 },
  ];

  return (
    <>
      <ListPage<OperlogItem>
        pageKey="system-operlog"
        titleKey="menu.system.operLog"
        frameExtra={viewSwitch}
        fetchPage={fetchOperlogs}
        columns={columns}
        sortFields={NO_SORTS}
        filters={[
          { name: 'module', label: t('sys.operlog.module') },
          { name: 'action', label: t('sys.operlog.action') },
          {
            name: 'status',
            label: t('sys.operlog.result'),
            options: [
              { value: 'success', label: t('sys.operlog.success') },
              { value: 'fail', label: t('sys.operlog.fail') },
            ],
          },
          { name: 'from', label: t('sys.operlog.from'), isDate: true },
          { name: 'to', label: t('sys.operlog.to'), isDate: true },
        ]}
        keywordPlaceholder={t('sys.operlog.keyword')}
        describeRow={(r) => `${r.module} ${r.action}`}
        actionsWidth={90}
        rowActions={(r) => (
          <Button type="text" size="mini" onClick={() => setDetailId(r.id)} aria-label={t('sys.operlog.detailOf', { id: r.id })}>
            {t('sys.operlog.detail')}
          </Button>
        )}
        toolbar={(query) => (
          <Permission perms={[Perm.operlogExport]}>
            <ExportButton
              path="/system/operlogs"
              query={{ ...query, keyword: undefined, filters: { ...query.filters, ...(query.keyword ? { username: query.keyword } : {}) } }}
              fileName="operlog"
            />
          </Permission>
        )}
      />
      <OperlogDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
