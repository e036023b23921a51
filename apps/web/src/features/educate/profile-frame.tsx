import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import { ErrorResult } from '../../lib/error-result';
import Spin from '@arco-design/web-react/es/Spin';
import { IconDownload, IconLeft, IconPrinter } from '@arco-design/web-react/icon';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';

/** The record id of a profile route (`/educate/student/:id`); NaN when it is not a number. */
export function useProfileId(): number {
  const { id = '' } = useParams();
  return Number(id);
}

export const isProfileId = (id: number) => Number.isInteger(id) && id > 0;

/** A profile page's frame: its title, the way back to the list, and the body once the profile has loaded. */
export function ProfileFrame<T>({
  titleKey,
  backTo,
  profile,
  children,
}: {
  titleKey: string;
  backTo: string;
  profile: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  return (
    <PageFrame
      titleKey={titleKey}
      extra={
        <Link to={backTo} className="profile-no-print">
          <IconLeft /> {t('profile.back')}
        </Link>
      }
    >
      {profile.isError ? (
        <ErrorResult status="404" title={t('profile.loadFailed')} subTitle={profile.error.message} />
      ) : profile.data ? (
        children(profile.data)
      ) : (
        <Spin loading block style={{ width: '100%', minHeight: 240 }} />
      )}
    </PageFrame>
  );
}

/** A profile's head: name and status, one line under it, print and CSV export. */
export function ProfileHead({ title, sub, onExport }: { title: ReactNode; sub: string; onExport: () => void }) {
  const t = useT();
  return (
    <Card bordered={false}>
      <div className="profile-head">
        <div>
          <h2 className="profile-name">{title}</h2>
          <p className="profile-sub">{sub}</p>
        </div>
        <div className="profile-actions">
          <Button icon={<IconPrinter />} onClick={() => window.print()}>
            {t('profile.print')}
          </Button>
          <Button icon={<IconDownload />} onClick={onExport}>
            {t('profile.export')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
