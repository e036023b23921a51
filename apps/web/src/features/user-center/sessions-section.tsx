import Button from '@arco-design/web-react/es/Button';
import Table, { type ColumnProps } from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import type { OwnSession } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { openConfirm, showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { describeDevice, describeMethod } from './device';
import { formatDateTime } from '../../lib/format';
import { MFA_KEYS } from './mfa-section';
import { Section } from './section';
import { endOtherSessions, endSession, fetchSessions } from './user-center-api';

/** A time that may break between its date and its clock, never inside either ("2026-12-" / "07" once). */
function SessionTime({ value }: { value: string }) {
  const [date = '', clock = ''] = formatDateTime(value).split(' ');
  return (
    <>
      <span className="uc-nowrap">{date}</span> <span className="uc-nowrap">{clock}</span>
    </>
  );
}

/** Every device signed in to this account, this one first; sign out one, or all the others. */
export function SessionsSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: MFA_KEYS.sessions, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: MFA_KEYS.sessions });
  const fail = (err: unknown) => showMessageError(err instanceof ApiError ? err.message : t('request.http.default'));

  const end = (s: OwnSession) =>
    openConfirm({
      title: t('uc.sessions.end'),
      content: t('uc.sessions.endConfirm'),
      okText: t('uc.sessions.end'),
      cancelText: t('common.cancel'),
      onOk: () => {
        endSession(s.id)
          .then((msg) => {
            showSuccess(msg || t('uc.sessions.ended'));
            return refresh();
          })
          .catch(fail);
      },
    });

  const endOthers = () =>
    openConfirm({
      title: t('uc.sessions.endOthers'),
      content: t('uc.sessions.endOthersConfirm'),
      okText: t('uc.sessions.endOthers'),
      cancelText: t('common.cancel'),
      onOk: () => {
        endOtherSessions()
          .then((msg) => {
            showSuccess(msg);
            return refresh();
          })
          .catch(fail);
      },
    });

  const columns: ColumnProps<OwnSession>[] = [
    {
      title: t('uc.sessions.device'),
      dataIndex: 'browser',
      width: 260,
      render: (_, s) => (
        <span>
          {describeDevice(s, t)}{' '}
          {s.current && (
            <Tag color="green" size="small">
              {t('uc.sessions.current')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('uc.sessions.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('uc.sessions.method'),
      dataIndex: 'authMethod',
      width: 150,
      render: (_, s) => <span className="uc-keep-words">{describeMethod(s.authMethod, t)}</span>,
    },
    {
      title: t('uc.sessions.started'),
      dataIndex: 'createdAt',
      width: 160,
      render: (_, s) => <SessionTime value={s.createdAt} />,
    },
    {
      title: t('uc.sessions.lastSeen'),
      dataIndex: 'lastSeenAt',
      width: 160,
      render: (_, s) => <SessionTime value={s.lastSeenAt} />,
    },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      width: 110,
      render: (_, s) =>
        s.current ? null : (
          <Button
            size="mini"
            type="text"

            aria-label={t('uc.sessions.endFor', { device: describeDevice(s, t) })}
            onClick={() => end(s)}
          >
            {t('uc.sessions.end')}
          </Button>
        ),
    },
  ];

  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Section
      title={t('uc.sessions.title')}
      desc={t('uc.sessions.desc')}
      extra={
        <Button disabled={others === 0} onClick={endOthers}>
          {t('uc.sessions.endOthers')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        size="small"
        className="uc-sessions"
        loading={sessions.isLoading}
        columns={columns}
        data={sessions.data ?? []}
        pagination={false}
        noDataElement={t('common.noData')}
      />
    </Section>
  );
}
