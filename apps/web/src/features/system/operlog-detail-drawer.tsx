import Descriptions from '@arco-design/web-react/es/Descriptions';
import Drawer from '@arco-design/web-react/es/Drawer';
import { ErrorResult } from '../../lib/error-result';
import Spin from '@arco-design/web-react/es/Spin';
import Tag from '@arco-design/web-react/es/Tag';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { fetchOperlog, systemKeys } from './system-api';
import { formatTime } from './system-labels';

export function isOperlogSuccess(status: number): boolean {
  return status < 400;
}

/** One operation: who, what, the params as logged (the server blanks secrets before writing), the outcome. */
export function OperlogDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const detail = useQuery({ queryKey: systemKeys.operlog(id), queryFn: () => fetchOperlog(id ?? 0), enabled: id !== null });
  const item = detail.data;
  return (
    <Drawer visible={id !== null} width={640} title={t('sys.operlog.detail')} footer={null} onCancel={onClose} unmountOnExit focusLock>
      {detail.isError ? (
        <ErrorResult status="error" title={t('list.error.title')} subTitle={detail.error.message} />
      ) : !item ? (
        <div className="sys-loading">
          <Spin />
        </div>
      ) : (
        <div className="operlog-detail">
          <Descriptions
            column={2}
            border
            size="small"
            labelStyle={{ width: 110 }}
            data={[
              { label: t('sys.operlog.text'), value: item.text, span: 2 },
              ...item.changes.map((c) => ({
                label: t('sys.operlog.change', { field: c.field }),
                value: `${String((c.before as string | number | null | undefined) ?? '—')} → ${String((c.after as string | number | null | undefined) ?? '—')}`,
                span: 2,
              })),
              { label: t('sys.operlog.time'), value: formatTime(item.createdAt) },
              { label: t('sys.operlog.user'), value: item.username || '—' },
              { label: t('sys.operlog.module'), value: item.module },
              { label: t('sys.operlog.action'), value: item.action },
              { label: t('sys.operlog.request'), value: `${item.method} ${item.path}`, span: 2 },
              {
                label: t('sys.operlog.result'),
                value: (
                  <Tag color={isOperlogSuccess(item.status) ? 'green' : 'red'}>
                    {t(isOperlogSuccess(item.status) ? 'sys.operlog.success' : 'sys.operlog.fail')}
                  </Tag>
                ),
              },
              { label: t('sys.operlog.code'), value: `HTTP ${item.status} · ${item.code}` },
              { label: t('sys.operlog.msg'), value: item.msg || '—', span: 2 },
              { label: t('sys.operlog.duration'), value: t('sys.operlog.ms', { ms: item.durationMs }) },
              { label: t('sys.operlog.ip'), value: item.ip || '—' },
              { label: t('sys.operlog.campus'), value: item.camId === null ? '—' : String(item.camId) },
              { label: t('sys.operlog.id'), value: String(item.id) },
              { label: t('sys.operlog.userAgent'), value: item.userAgent || '—', span: 2 },
            ]}
          />
          <h3 className="operlog-params-title">{t('sys.operlog.params')}</h3>
          <pre className="operlog-params" data-testid="operlog-params">
            {item.params === null || item.params === undefined ? '—' : JSON.stringify(item.params, null, 2)}
          </pre>
        </div>
      )}
    </Drawer>
  );
}
