import Badge from '@arco-design/web-react/es/Badge';
import Button from '@arco-design/web-react/es/Button';
import Empty from '@arco-design/web-react/es/Empty';
import Popover from '@arco-design/web-react/es/Popover';
import Spin from '@arco-design/web-react/es/Spin';
import Tabs from '@arco-design/web-react/es/Tabs';
import Tag from '@arco-design/web-react/es/Tag';
import { IconCheck, IconNotification } from '@arco-design/web-react/icon';
import type { MessageItem, MessageType, UnreadCount } from '@campus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { addLogoutListener } from '../../lib/auth';
import { showSuccess } from '../../lib/feedback';
import { useT, type Translate } from '../../lib/i18n';
import { fetchMessages, fetchUnreadCount, markAllMessagesRead, markMessagesRead, messageKeys } from '../../lib/messages-api';
import { watchUnreadCount } from '../../lib/unread-stream';
import { RoleSwitch } from './role-switch';

const TYPES: readonly MessageType[] = ['message', 'notice', 'todo'];
const TODO_COLORS: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'arcoblue', 3: 'red' };
/** How often the count is asked for while the event stream is down. */
const POLL_MS = 30_000;

/** "Just now", "5 minutes ago", "3 hours ago" within today; the server's relative day beyond. */
export function describeMessageTime(t: Translate, item: Pick<MessageItem, 'createdAt' | 'time'>, now = Date.now()): string {
  const at = Date.parse(item.createdAt);
  if (Number.isNaN(at)) return item.time;
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return t('messageBox.time.justNow');
  if (minutes < 60) return t('messageBox.time.minutes', { count: minutes });
  if (minutes < 24 * 60 && new Date(at).toDateString() === new Date(now).toDateString())
    return t('messageBox.time.hours', { count: Math.floor(minutes / 60) });
  return item.time;
}

function MessageList({ items, onRead }: { items: MessageItem[]; onRead: (id: number) => void }) {
  const t = useT();
  if (items.length === 0) return <Empty description={t('messageBox.empty')} />;
  return (
    <ul className="message-list">
      {items.map((item) => (
        <li key={item.id} className={`message-item${item.status === 0 ? ' is-unread' : ''}`}>
          <button
            type="button"
            className="message-item-button"
            title={item.status === 0 ? t('messageBox.markRead') : undefined}
            onClick={() => item.status === 0 && onRead(item.id)}
          >
            <span className="message-item-head">
              <span className="message-item-title">{item.title}</span>
              {item.type === 'todo' && (
                <Tag size="small" color={TODO_COLORS[item.messageType] ?? 'gray'}>
                  {t(`messageBox.type.${item.messageType}`)}
                </Tag>
              )}
              {item.status === 0 && <span className="visually-hidden">{t('messageBox.unreadTag')}</span>}
            </span>
            {item.subTitle && <span className="message-item-sub">{item.subTitle}</span>}
            {item.content && <span className="message-item-content">{item.content}</span>}
            <time className="message-item-time" dateTime={item.createdAt}>
              {describeMessageTime(t, item)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Live unread count: the event stream while it is up, polling every 30 s while it is not. */
function useUnreadCount(): UnreadCount | undefined {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const unread = useQuery({
    queryKey: messageKeys.unread,
    queryFn: fetchUnreadCount,
    retry: false,
    refetchInterval: isLive ? false : POLL_MS,
  });

  useEffect(() => {
    const stop = watchUnreadCount({
      onCount: (count) => queryClient.setQueryData(messageKeys.unread, count),
      onLiveChange: setIsLive,
    });
    const unlisten = addLogoutListener(stop);
    return () => {
      unlisten();
      stop();
    };
  }, [queryClient]);

  // A new count means new or newly read messages: the list follows without a reload.
  const lastCount = useRef<string | null>(null);
  const countText = unread.data ? JSON.stringify(unread.data) : null;
  useEffect(() => {
    if (countText === null) return;
    // Every message list (this box, the Workplace's notices) but the count itself.
    if (lastCount.current !== null && lastCount.current !== countText)
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === messageKeys.all[0] && q.queryKey[1] !== messageKeys.unread[1],
      });
    lastCount.current = countText;
  }, [countText, queryClient]);

  return unread.data;
}

export function MessageBox() {
  const t = useT();
  const queryClient = useQueryClient();
  const [activeType, setActiveType] = useState<MessageType>('message');
  const [isOpen, setIsOpen] = useState(false);
  const messages = useQuery({ queryKey: messageKeys.list, queryFn: fetchMessages, retry: false, staleTime: 60_000 });
  const unreadCount = useUnreadCount();
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });
  const markRead = useMutation({ mutationFn: markMessagesRead, onSuccess: refresh });
  const markAllRead = useMutation({
    mutationFn: markAllMessagesRead,
    onSuccess: async (updated) => {
      showSuccess(t('messageBox.markAllRead.done', { count: updated }));
      await refresh();
    },
  });

  const items = messages.data ?? [];
  const ofType = (type: MessageType) => items.filter((m) => m.type === type);
  const countOf = (type: MessageType) => unreadCount?.[type] ?? ofType(type).filter((m) => m.status === 0).length;
  const total = unreadCount?.total ?? items.filter((m) => m.status === 0).length;

  const content = (
    <div className="message-box">
      {messages.isPending ? (
        <Spin className="message-box-loading" />
      ) : messages.isError ? (
        <Empty description={t('messageBox.unavailable')} />
      ) : (
        <Tabs activeTab={activeType} onChange={(key) => setActiveType(key as MessageType)} size="small">
          {TYPES.map((type) => {
            const count = countOf(type);
            return (
              <Tabs.TabPane key={type} title={`${t(`messageBox.tab.${type}`)}${count ? ` (${count})` : ''}`}>
                <MessageList items={ofType(type)} onRead={(id) => markRead.mutate([id])} />
              </Tabs.TabPane>
            );
          })}
        </Tabs>
      )}
      <div className="message-box-footer">
        <Button
          type="text"
          size="small"
          icon={<IconCheck />}
          loading={markAllRead.isPending}
          disabled={messages.isError || countOf(activeType) === 0}
          onClick={() => markAllRead.mutate(activeType)}
        >
          {t('messageBox.markAllRead')}
        </Button>
        <RoleSwitch onSwitched={() => setIsOpen(false)} />
      </div>
    </div>
  );

  const label = total ? t('navbar.messages.unread', { count: total }) : t('navbar.messages');
  return (
    <Popover
      trigger="click"
      position="br"
      content={content}
      unmountOnExit={false}
      popupVisible={isOpen}
      // The stream only tells about unread counts: a withdrawn notice that was already read shows up on the next opening.
      onVisibleChange={(isVisible) => {
        setIsOpen(isVisible);
        if (isVisible) void refresh();
      }}
    >
      <Badge count={total} dot={false} maxCount={99} offset={[2, -2]}>
        <Button className="navbar-icon-button" shape="circle" aria-label={label} title={label} icon={<IconNotification />} />
      </Badge>
    </Popover>
  );
}
