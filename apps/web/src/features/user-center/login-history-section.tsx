import Table, { type ColumnProps } from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import type { LoginHistoryItem } from '@campus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { describeDevice } from './device';
import { formatDateTime } from '../../lib/format';
import { Section } from './section';
import { fetchLoginHistory, userCenterKeys } from './user-center-api';

const PAGE_SIZE = 10;
const REASONS = new Set([
  'ok',
  'bad_credentials',
  'locked',
  'ip_limited',
  'rate_limited',
  'invalid',
  'disabled',
  'no_campus',
  'undecryptable',
  'mfa_required',
  'bad_code',
  'mfa_expired',
  'bad_passkey',
]);

/** The caller's own sign-in attempts: successes, failures and why. */
export function LoginHistorySection() {
  const t = useT();
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: userCenterKeys.loginHistory(page),
    queryFn: () => fetchLoginHistory(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnProps<LoginHistoryItem>[] = [
    { title: t('uc.history.time'), dataIndex: 'time', width: 160, render: (_, r) => formatDateTime(r.time) },
    {
      title: t('uc.history.result'),
      dataIndex: 'success',
      width: 230,
      render: (_, r) => {
        const isPending = r.reason === 'mfa_required';
        return (
          <span>
            <Tag size="small" color={r.success ? 'green' : isPending ? 'arcoblue' : 'red'}>
              {r.success ? t('uc.history.success') : isPending ? t('uc.history.pending') : t('uc.history.failure')}
            </Tag>{' '}
            {REASONS.has(r.reason) ? t(`uc.reason.${r.reason}`) : r.reason}
          </span>
        );
      },
    },
    { title: t('uc.sessions.ip'), dataIndex: 'ip', width: 140 },
    { title: t('uc.sessions.device'), dataIndex: 'browser', render: (_, r) => describeDevice(r, t) },
  ];
  return (
    <Section title={t('uc.history.title')}>
      <Table
        rowKey="id"
        size="small"
        loading={history.isFetching}
        columns={columns}
        data={history.data?.list ?? []}
        noDataElement={t('common.noData')}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage, sizeCanChange: false }}
      />
    </Section>
  );
}
