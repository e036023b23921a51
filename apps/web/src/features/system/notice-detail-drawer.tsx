import Descriptions from '@arco-design/web-react/es/Descriptions';
import Drawer from '@arco-design/web-react/es/Drawer';
import type { Notice } from '@campus/contract';
import { useT } from '../../lib/i18n';
import { NoticeTargetTag } from './notice-target-tag';
import { formatTime } from './system-labels';

/** One notice as its readers get it; the list row already carries everything. */
export function NoticeDetailDrawer({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer visible={notice !== null} width={560} title={t('sys.notice.detail')} footer={null} onCancel={onClose} unmountOnExit focusLock>
      {notice && (
        <div className="notice-detail" data-testid="notice-detail">
          <Descriptions
            column={1}
            border
            size="small"
            labelStyle={{ width: 110 }}
            data={[
              { label: t('sys.notice.title'), value: notice.title },
              { label: t('sys.notice.type'), value: t(`sys.notice.type.${notice.type}`) },
              { label: t('sys.notice.status'), value: t(`sys.notice.status.${notice.status}`) },
              { label: t('sys.notice.pinned'), value: notice.pinned ? t('value.yes') : t('value.no') },
              { label: t('sys.notice.target'), value: <NoticeTargetTag notice={notice} /> },
              { label: t('sys.notice.publisher'), value: notice.publisherName || '—' },
              { label: t('sys.notice.recipients'), value: String(notice.recipients) },
              { label: t('sys.notice.publishedAt'), value: notice.publishedAt ? formatTime(notice.publishedAt) : '—' },
              { label: t('sys.notice.createdAt'), value: formatTime(notice.createdAt) },
            ]}
          />
          <h3 className="operlog-params-title">{t('sys.notice.content')}</h3>
          {/* Text, never HTML: line breaks kept, markup shown as typed. */}
          <div className="notice-detail-content" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {notice.content || '—'}
          </div>
        </div>
      )}
    </Drawer>
  );
}
