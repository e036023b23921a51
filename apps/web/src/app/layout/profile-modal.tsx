import Descriptions from '@arco-design/web-react/es/Descriptions';
import Modal from '@arco-design/web-react/es/Modal';
import { ALL_PERMS } from '@campus/contract';
import dayjs from 'dayjs';
import { useT } from '../../lib/i18n';
import { describeActingRoles, useSessionStore } from '../../lib/session';

export function ProfileModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const user = useSessionStore((s) => s.user);
  const campus = useSessionStore((s) => s.campus);
  const orEmpty = (value: string | null | undefined) => value || t('profile.empty');
  const data = user
    ? [
        { label: t('profile.username'), value: user.username },
        { label: t('profile.nickname'), value: orEmpty(user.nickname) },
        { label: t('profile.phone'), value: orEmpty(user.phone) },
        { label: t('profile.email'), value: orEmpty(user.email) },
        { label: t('profile.role'), value: orEmpty(describeActingRoles(user)) },
        { label: t('profile.perms'), value: user.perms.includes(ALL_PERMS) ? t('profile.allPerms') : String(user.perms.length) },
        { label: t('profile.campus'), value: orEmpty(campus?.name) },
        { label: t('profile.registrationDate'), value: orEmpty(user.registrationDate) },
        {
          label: t('profile.lastLogin'),
          value: user.lastLoginAt ? dayjs(user.lastLoginAt).format('YYYY-MM-DD HH:mm') : t('profile.firstLogin'),
        },
      ]
    : [];
  return (
    <Modal title={t('profile.title')} visible={isOpen} onCancel={onClose} footer={null} unmountOnExit>
      <Descriptions column={1} data={data} labelStyle={{ width: 120 }} />
    </Modal>
  );
}
