import Avatar from '@arco-design/web-react/es/Avatar';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Tag from '@arco-design/web-react/es/Tag';
import { IconCamera } from '@arco-design/web-react/icon';
import type { CurrentUser } from '@campus/contract';
import { ALL_PERMS, PERSONAL_WEBSITE_PATTERN } from '@campus/contract';
import { useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { AvatarDialog } from './avatar-dialog';
import { formatDateTime } from '../../lib/format';

/** The user as the console knows them: every field of the current user, read-only. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  const t = useT();
  const campus = useSessionStore((s) => s.campus);
  const [isAvatarOpen, setAvatarOpen] = useState(false);
  const name = user.nickname || user.username;
  const acting = user.activeRoleId === null ? user.roles : user.roles.filter((r) => r.id === user.activeRoleId);
  const orEmpty = (value: string | null | undefined) => value || t('uc.empty');
  // Only web addresses become links (the server refuses anything else; this is the second lock).
  const website = PERSONAL_WEBSITE_PATTERN.test(user.personalWebsite) ? user.personalWebsite : '';

  const rows: [string, ReactNode][] = [
    [t('uc.field.username'), user.username],
    [t('uc.field.phone'), orEmpty(user.phone)],
    [t('uc.field.email'), orEmpty(user.email)],
    [t('uc.field.job'), orEmpty(user.jobName || user.job)],
    [t('uc.field.organization'), orEmpty(user.organizationName || user.organization)],
    [t('uc.field.location'), orEmpty(user.locationName || user.location)],
    [
      t('uc.field.personalWebsite'),
      website ? (
        <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="uc-link">
          {website}
        </a>
      ) : (
        t('uc.empty')
      ),
    ],
    [t('uc.field.campus'), orEmpty(campus?.name)],
    [t('uc.field.perms'), user.perms.includes(ALL_PERMS) ? t('profile.allPerms') : String(user.perms.length)],
    [t('uc.field.registrationDate'), orEmpty(user.registrationDate)],
    [t('uc.field.lastLogin'), user.lastLoginAt ? `${formatDateTime(user.lastLoginAt)} · ${user.lastLoginIp ?? ''}` : t('uc.empty')],
    [t('uc.field.certification'), user.certification ? t('uc.certified') : t('uc.notCertified')],
    [t('uc.field.userId'), String(user.userId)],
  ];

  return (
    <Card className="uc-card" bordered={false}>
      <div className="uc-card-head">
        <div className="uc-avatar-wrap">
          <Avatar size={96} className="uc-avatar">
            {user.headimgurl ? <img src={user.headimgurl} alt={t('uc.avatar.alt', { name })} /> : name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Button
            className="uc-avatar-button"
            shape="circle"
            size="small"
            icon={<IconCamera />}
            aria-label={t('uc.avatar.changeFor', { name })}
            title={t('uc.avatar.change')}
            onClick={() => setAvatarOpen(true)}
          />
        </div>
        <h2 className="uc-name">{name}</h2>
        <div className="uc-roles">
          {acting.map((r) => (
            <Tag key={r.id} color="arcoblue" size="small">
              {r.name}
            </Tag>
          ))}
        </div>
        {user.introduction && <p className="uc-intro">{user.introduction}</p>}
      </div>
      <dl className="uc-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="uc-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <AvatarDialog isOpen={isAvatarOpen} onClose={() => setAvatarOpen(false)} name={name} />
    </Card>
  );
}
