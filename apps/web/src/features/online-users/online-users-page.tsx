import Button from '@arco-design/web-react/es/Button';
import Tag from '@arco-design/web-react/es/Tag';
import { Perm, type OnlineSession } from '@campus/contract';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { useT, type Translate } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { usePermission } from '../../lib/permission';
import { fetchOnlineSessions, forceLogoutSession, forceLogoutUser } from './online-users-api';
import './online-messages';
import './online-users.css';
import { formatDateTime } from '../../lib/format';

const PAGE_KEY = 'online-users';

function describeDevice(s: OnlineSession, t: Translate): string {
  const kind = ['desktop', 'mobile', 'tablet'].includes(s.device) ? t(`uc.device.${s.device}`) : '';
  const parts = [s.browser, s.os, kind].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('uc.sessions.unknownDevice');
}

/**
 * Online users (RuoYi's 在线用户): every live session of every instance, with
 * force sign-out of one session or of all of a user's. An ended session's next
 * request is refused wherever it lands.
 */
export function OnlineUsersPage() {
  const t = useT();
  const hasPerm = usePermission();
  const refresh = useRefreshList(PAGE_KEY);
  const canForce = hasPerm([Perm.onlineForceLogout]);
  const name = (s: OnlineSession) => `${s.nickname} (${s.username})`;

  const confirm = (content: string, okText: string, run: () => Promise<string>) =>
    openConfirm({
      title: okText,
      content,
      okText,
      cancelText: t('common.cancel'),
      onOk: () => {
        run()
          .then((msg) => {
            showSuccess(msg);
            return refresh();
          })
          .catch(() => undefined);
      },
    });

  const columns: ListColumn<OnlineSession>[] = [
    {
      key: 'username',
      title: t('online.user'),
      width: 140,
      render: (s) => (
        <span>
          {name(s)}{' '}
          {s.current && (
            <Tag size="small" color="green">
              {t('online.you')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'ip', title: t('uc.sessions.ip'), width: 120 },
    { key: 'device', title: t('uc.sessions.device'), width: 170, isWrapping: true, render: (s) => describeDevice(s, t) },
    {
      key: 'authMethod',
      title: t('uc.sessions.method'),
      width: 100,
      render: (s) =>
        ['password', 'totp', 'recovery', 'passkey', 'passkeyOnly'].includes(s.authMethod) ? t(`uc.method.${s.authMethod}`) : s.authMethod,
    },
    { key: 'createdAt', title: t('uc.sessions.started'), width: 100, isWrapping: true, render: (s) => formatDateTime(s.createdAt) },
    { key: 'lastSeenAt', title: t('uc.sessions.lastSeen'), width: 100, isWrapping: true, render: (s) => formatDateTime(s.lastSeenAt) },
    { key: 'userAgent', title: 'User-Agent', width: 320, isWrapping: true, isHiddenByDefault: true },
  ];

  return (
    <div className="online-users">
      <ListPage<OnlineSession>
        pageKey={PAGE_KEY}
        titleKey="menu.system.onlineUser"
        fetchPage={fetchOnlineSessions}
        columns={columns}
        sortFields={[]}
        keywordPlaceholder={t('online.keyword')}
        describeRow={name}
        actionsWidth={200}
        rowActions={(s) =>
          canForce && !s.current ? (
            <>
              <Button
                type="text"
                size="mini"

                aria-label={t('online.forceLogoutFor', { name: name(s) })}
                onClick={() =>
                  confirm(t('online.forceLogoutConfirm', { name: name(s), device: describeDevice(s, t) }), t('online.forceLogout'), () =>
                    forceLogoutSession(s.id),
                  )
                }
              >
                {t('online.forceLogout')}
              </Button>
              <Button
                type="text"
                size="mini"

                aria-label={t('online.forceLogoutAllFor', { name: name(s) })}
                onClick={() =>
                  confirm(t('online.forceLogoutAllConfirm', { name: name(s) }), t('online.forceLogoutAll'), () => forceLogoutUser(s.userId))
                }
              >
                {t('online.forceLogoutAll')}
              </Button>
            </>
          ) : null
        }
      />
    </div>
  );
}
