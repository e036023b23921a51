import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import { IconPlus, IconPushpin } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Perm } from '@campus/contract';
import { useT } from '../../lib/i18n';
import { usePermission } from '../../lib/permission';
import { fetchLatestNotices, markMessagesRead, messageKeys } from '../../lib/messages-api';
import './dashboard-messages';

const NOTICE_PAGE = '/system/notice';

/**
 * The latest notices in the user's box. Writing and managing notices happen
 * in one place, the notices page (System › Notices): the card links there.
 */
export function NoticesCard() {
  const t = useT();
  const queryClient = useQueryClient();
  const can = usePermission();
  const navigate = useNavigate();
  // Under the message box's prefix, so its live refresh (new count) refreshes this card too.
  const latest = useQuery({ queryKey: messageKeys.latestNotices, queryFn: () => fetchLatestNotices() });
  const markRead = useMutation({
    mutationFn: (id: number) => markMessagesRead([id]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
  return (
    <Card
      bordered={false}
      className="workplace-card"
      title={t('dashboard.notices.title')}
      extra={
        <span className="notice-actions">
          {can([Perm.noticeList]) && can([Perm.noticePublish]) && (
            <Button size="mini" type="secondary" icon={<IconPlus />} onClick={() => void navigate(`${NOTICE_PAGE}?compose=1`)}>
              {t('dashboard.notices.publish')}
            </Button>
          )}
          {can([Perm.noticeList]) && (
            <Button size="mini" type="text" onClick={() => void navigate(NOTICE_PAGE)}>
              {t('dashboard.notices.more')}
            </Button>
          )}
        </span>
      }
    >
      {latest.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : latest.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : latest.data.length === 0 ? (
        <Empty description={t('dashboard.notices.empty')} />
      ) : (
        <ul className="notice-list" aria-label={t('dashboard.notices.mine')}>
          {latest.data.map((item) => (
            <li key={item.id} className={`notice-item${item.status === 0 ? ' is-unread' : ''}`}>
              <button type="button" className="notice-item-button" onClick={() => item.status === 0 && markRead.mutate(item.id)}>
                <span className="notice-title">
                  {item.pinned && <IconPushpin className="notice-pin" aria-label={t('dashboard.notices.pinned')} />}
                  {item.title}
                  {item.status === 0 && <span className="visually-hidden">{t('dashboard.notices.unread')}</span>}
                </span>
                <time className="notice-time" dateTime={item.createdAt}>
                  {item.time}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
