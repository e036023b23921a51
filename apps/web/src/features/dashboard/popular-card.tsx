import Card from '@arco-design/web-react/es/Card';
import Empty from '@arco-design/web-react/es/Empty';
import Spin from '@arco-design/web-react/es/Spin';
import Radio from '@arco-design/web-react/es/Radio';
import { IconArrowFall, IconArrowRise } from '@arco-design/web-react/icon';
import type { PopularItem } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { dashboardKeys, fetchPopular } from './dashboard-api';
import './dashboard-messages';

export type PopularType = 'course' | 'teacher';

function Change({ value }: { value: number }) {
  const t = useT();
  if (value === 0) return <span className="popular-change is-flat">0%</span>;
  const isUp = value > 0;
  const text = `${Math.abs(value)}%`;
  return (
    <span
      className={`popular-change ${isUp ? 'is-up' : 'is-down'}`}
      title={t(isUp ? 'dashboard.popular.up' : 'dashboard.popular.down', { value: Math.abs(value) })}
    >
      {isUp ? <IconArrowRise aria-hidden="true" /> : <IconArrowFall aria-hidden="true" />}
      {text}
    </span>
  );
}

function PopularTable({ items }: { items: PopularItem[] }) {
  const t = useT();
  if (items.length === 0) return <Empty description={t('dashboard.popular.empty')} />;
  return (
    <table className="popular-table">
      <thead>
        <tr>
          <th scope="col">{t('dashboard.popular.rank')}</th>
          <th scope="col">{t('dashboard.popular.name')}</th>
          <th scope="col">{t('dashboard.popular.enrolments')}</th>
          <th scope="col">{t('dashboard.popular.change')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key}>
            <td>
              <span className={`popular-rank${item.key <= 3 ? ' is-top' : ''}`}>{item.key}</span>
            </td>
            <td className="popular-title">{item.title}</td>
            <td>{item.clickNumber}</td>
            <td>
              <Change value={item.increases} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `types`: the rankings the user may see (course needs the course list perm, teacher the teacher list's). */
export function PopularCard({ types }: { types: readonly PopularType[] }) {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id);
  const [chosen, setType] = useState<PopularType>(types[0] ?? 'course');
  const type = types.includes(chosen) ? chosen : (types[0] ?? 'course');
  const popular = useQuery({ queryKey: dashboardKeys.popular(type, camId), queryFn: () => fetchPopular(type) });
  return (
    <Card bordered={false} className="workplace-card popular-card" title={t('dashboard.popular.title')}>
      {types.length > 1 && (
        <Radio.Group
          type="button"
          size="small"
          className="popular-switch"
          aria-label={t('dashboard.popular.title')}
          value={type}
          onChange={(value: string) => setType(value === 'teacher' ? 'teacher' : 'course')}
          options={types.map((value) => ({ value, label: t(`dashboard.popular.${value}`) }))}
        />
      )}
      {popular.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : popular.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : (
        <PopularTable items={popular.data} />
      )}
    </Card>
  );
}
