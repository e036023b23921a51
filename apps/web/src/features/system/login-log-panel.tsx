import type { ReactNode } from 'react';
import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Space from '@arco-design/web-react/es/Space';
import Tag from '@arco-design/web-react/es/Tag';
import { LOGIN_REASONS, type Loginlog, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { Permission } from '../../lib/permission';
import { fetchLockedUsers, fetchLoginlogs, systemKeys, unlockUser } from './system-api';
import { formatTime } from './system-labels';

const NO_SORTS: readonly string[] = [];

/** Every sign-in attempt, searchable, with the accounts locked right now and their unlock. */
export function LoginLogPanel({ viewSwitch }: { viewSwitch: ReactNode }) {
  const t = useT();
  const locked = useQuery({ queryKey: systemKeys.lockedUsers, queryFn: fetchLockedUsers });

  const columns: ListColumn<Loginlog>[] = [
    { key: 'createdAt', title: t('sys.operlog.time'), width: 170, render: (r) => formatTime(r.createdAt) },
    { key: 'username', title: t('sys.loginlog.username'), width: 150 },
    {
      key: 'success',
      title: t('sys.operlog.result'),
      width: 100,
      render: (r) =>
        // The password step of a two-step sign-in is neither: the next row says how the second step went.
        r.reason === 'mfa_required' ? (
          <Tag color="gray">{t('sys.loginlog.pending')}</Tag>
        ) : (
          <Tag color={r.success ? 'green' : 'red'}>{t(r.success ? 'sys.operlog.success' : 'sys.operlog.fail')}</Tag>
        ),
    },
    { key: 'reason', title: t('sys.loginlog.reason'), width: 160, render: (r) => t(`sys.loginlog.reason.${r.reason}`) },
    { key: 'ip', title: t('sys.operlog.ip'), width: 130 },
    { key: 'userAgent', title: t('sys.operlog.userAgent'), width: 320, isWrapping: true },
  ];

  const lockedBox =
    (locked.data ?? []).length > 0 ? (
      <Alert
        className="locked-users"
        type="warning"
        title={t('sys.loginlog.lockedTitle', { count: locked.data?.length ?? 0 })}
        content={
          <ul className="locked-list">
            {(locked.data ?? []).map((u) => (
              <li key={u.id}>
                <Space>
                  <span>
                    {u.nickname} ({u.username})
                  </span>
                  <span className="locked-until">{t('sys.user.lockedUntil', { time: formatTime(u.lockedUntil) })}</span>
                  <Permission perms={[Perm.loginlogUnlock]}>
                    <Button
                      size="mini"
                      type="primary"
                      onClick={() =>
                        void unlockUser(u.id)
                          .then((msg) => {
                            showSuccess(msg);
                            return locked.refetch();
                          })
                          .catch(() => undefined)
                      }
                    >
                      {t('sys.user.unlock')}
                    </Button>
                  </Permission>
                </Space>
              </li>
            ))}
          </ul>
        }
      />
    ) : (
      <Alert className="locked-users" type="success" content={t('sys.loginlog.noLocked')} />
    );

  return (
    <ListPage<Loginlog>
      pageKey="system-loginlog"
      titleKey="sys.loginlog.title"
      fetchPage={fetchLoginlogs}
      columns={columns}
      sortFields={NO_SORTS}
      filters={[
        { name: 'ip', label: t('sys.operlog.ip') },
        {
          name: 'success',
          label: t('sys.operlog.result'),
          options: [
            { value: 'true', label: t('sys.operlog.success') },
            { value: 'false', label: t('sys.operlog.fail') },
          ],
        },
        {
          name: 'reason',
          label: t('sys.loginlog.reason'),
          options: LOGIN_REASONS.map((r) => ({ value: r, label: t(`sys.loginlog.reason.${r}`) })),
        },
        { name: 'from', label: t('sys.operlog.from'), isDate: true },
        { name: 'to', label: t('sys.operlog.to'), isDate: true },
      ]}
      keywordPlaceholder={t('sys.loginlog.keyword')}
      describeRow={(r) => `${r.username} ${formatTime(r.createdAt)}`}
      extraTopContent={lockedBox}
      frameExtra={viewSwitch}
    />
  );
}
