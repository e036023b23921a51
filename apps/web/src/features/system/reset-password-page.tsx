import Card from '@arco-design/web-react/es/Card';
import Select from '@arco-design/web-react/es/Select';
import type { SystemUser } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { ResetPasswordForm } from './reset-password-form';
import { searchUsers, systemKeys } from './system-api';
import './system-messages';
import './system.css';

/** Reset a forgotten password: pick the user, a random or typed password, the result shown once. */
export function ResetPasswordPage() {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [user, setUser] = useState<SystemUser | null>(null);
  // A fresh form per user and per reset, so a shown password never lingers for the next one.
  const [round, setRound] = useState(0);
  const users = useQuery({ queryKey: systemKeys.userSearch(keyword), queryFn: () => searchUsers(keyword) });
  const options = (users.data ?? []).map((u) => ({ value: u.id, label: `${u.nickname} (${u.username})` }));
  if (user && !options.some((o) => o.value === user.id)) options.unshift({ value: user.id, label: `${user.nickname} (${user.username})` });

  return (
    <PageFrame titleKey="menu.system.resetPassword">
      <Card bordered={false} className="reset-page-card">
        <p className="reset-intro">{t('sys.reset.intro')}</p>
        <label className="reset-label" htmlFor="reset-user">
          {t('sys.reset.user')}
        </label>
        <Select
          id="reset-user"
          className="reset-user-select"
          showSearch
          allowClear
          filterOption={false}
          placeholder={t('sys.reset.pickUser')}
          loading={users.isFetching}
          options={options}
          value={user?.id}
          onSearch={setKeyword}
          onChange={(id: number | undefined) => {
            setUser((users.data ?? []).find((u) => u.id === id) ?? null);
            setRound((r) => r + 1);
          }}
        />
        <ResetPasswordForm
          key={round}
          user={user}
          onCancel={
            user
              ? () => {
                  setUser(null);
                  setRound((r) => r + 1);
                }
              : undefined
          }
        />
      </Card>
    </PageFrame>
  );
}
