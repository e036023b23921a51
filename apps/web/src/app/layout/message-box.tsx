import Badge from '@arco-design/web-react/es/Badge';
import Button from '@arco-design/web-react/es/Button';
import Empty from '@arco-design/web-react/es/Empty';
import Popover from '@arco-design/web-react/es/Popover';
import Spin from '@arco-design/web-react/es/Spin';
import Tabs from '@arco-design/web-react/es/Tabs';
import Tag from '@arco-design/web-react/es/Tag';
import { IconNotification, IconSwap } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { request } from '../../lib/request';
import { useSessionStore } from '../../lib/session';

type MessageType = 'message' | 'notice' | 'todo';

/** The spec's message item. */
interface MessageItem {
  id: number;
  type: MessageType;
  title: string;
  subTitle: string;
  avatar?: string;
  content: string;
  time: string;
  messageType?: number;
  status: 0 | 1;
}

const TYPES: readonly MessageType[] = ['message', 'notice', 'todo'];
const TODO_COLORS: Record<number, string> = { 0: 'gray', 1: 'green', 2: 'arcoblue', 3: 'red' };

async function fetchMessages(): Promise<MessageItem[]> {
  // Optional service: its absence shows as "not available" here instead of a global error.
  const res = await request.get<MessageItem[]>('/message/list', undefined, { errorHandling: 'local' });
  return Array.isArray(res.data) ? res.data : [];
}

function MessageList({ items, onRead }: { items: MessageItem[]; onRead: (ids: number[]) => void }) {
  const t = useT();
  if (items.length === 0) return <Empty description={t('messageBox.empty')} />;
  return (
    <ul className="message-list">
      {items.map((item) => (
        <li key={item.id} className={`message-item${item.status === 0 ? ' is-unread' : ''}`}>
          <button type="button" className="message-item-button" onClick={() => item.status === 0 && onRead([item.id])}>
            <span className="message-item-head">
              <span className="message-item-title">{item.title}</span>
              {item.messageType !== undefined && (
                <Tag size="small" color={TODO_COLORS[item.messageType] ?? 'gray'}>
                  {t(`messageBox.type.${item.messageType}`)}
                </Tag>
              )}
              {item.status === 0 && <span className="visually-hidden">{t('messageBox.unreadTag')}</span>}
            </span>
            {item.subTitle && <span className="message-item-sub">{item.subTitle}</span>}
            <span className="message-item-content">{item.content}</span>
            <span className="message-item-time">{item.time}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function MessageBox() {
  const t = useT();
  const queryClient = useQueryClient();
  const role = useSessionStore((s) => s.role);
  const switchRole = useSessionStore((s) => s.switchRole);
  const [activeType, setActiveType] = useState<MessageType>('message');
  const messages = useQuery({ queryKey: ['messages'], queryFn: fetchMessages, retry: false, staleTime: 60_000 });
  const markRead = useMutation({
    mutationFn: (ids: number[]) => request.post<boolean>('/message/read', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });

  const items = messages.data ?? [];
  const unread = items.filter((m) => m.status === 0);
  const ofType = (type: MessageType) => items.filter((m) => m.type === type);

  const content = (
    <div className="message-box">
      {messages.isPending ? (
        <Spin className="message-box-loading" />
      ) : messages.isError ? (
        <Empty description={t('messageBox.unavailable')} />
      ) : (
        <Tabs activeTab={activeType} onChange={(key) => setActiveType(key as MessageType)} size="small">
          {TYPES.map((type) => {
            const count = ofType(type).filter((m) => m.status === 0).length;
            return (
              <Tabs.TabPane key={type} title={`${t(`messageBox.tab.${type}`)}${count ? ` (${count})` : ''}`}>
                <MessageList items={ofType(type)} onRead={(ids) => markRead.mutate(ids)} />
              </Tabs.TabPane>
            );
          })}
        </Tabs>
      )}
      <div className="message-box-footer">
        <Button
          type="text"
          size="small"
          disabled={messages.isError || ofType(activeType).every((m) => m.status === 1)}
          onClick={() =>
            markRead.mutate(
              ofType(activeType)
                .filter((m) => m.status === 0)
                .map((m) => m.id),
            )
          }
        >
          {t('messageBox.markAllRead')}
        </Button>
        <Button
          type="text"
          size="small"
          icon={<IconSwap />}
          onClick={() => {
            const next = switchRole();
            showSuccess(t('navbar.switchRoles.done', { role: t(`navbar.role.${next}`) }));
          }}
        >
          {t('navbar.switchRoles')} · {role ? t(`navbar.role.${role}`) : ''}
        </Button>
      </div>
    </div>
  );

  const label = unread.length ? t('navbar.messages.unread', { count: unread.length }) : t('navbar.messages');
  return (
    <Popover trigger="click" position="br" content={content} unmountOnExit={false}>
      <Badge count={unread.length} dot={false} maxCount={99} offset={[2, -2]}>
        <Button className="navbar-icon-button" shape="circle" aria-label={label} title={label} icon={<IconNotification />} />
      </Badge>
    </Popover>
  );
}
