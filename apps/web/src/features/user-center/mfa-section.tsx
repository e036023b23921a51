import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Tag from '@arco-design/web-react/es/Tag';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { CurrentUser, Passkey } from '@campus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { loadCurrentUser } from '../../lib/auth';
import { openConfirm, showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { formatDateTime } from '../../lib/format';
import { Section } from './section';
import { RecoveryRegenerateDialog, TotpDisableDialog, TotpSetupDialog } from './totp-dialogs';
import { addPasskey, fetchMfaStatus, fetchPasskeys, removePasskey, userCenterKeys } from './user-center-api';

export const MFA_KEYS = { status: userCenterKeys.mfa, passkeys: userCenterKeys.passkeys, sessions: userCenterKeys.sessions };

/** What went wrong in a passkey ceremony, in words: the browser's refusals have names, not messages for people. */
function describePasskeyError(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return t('uc.passkey.cancelled');
  if (name === 'NotSupportedError' || typeof window.PublicKeyCredential === 'undefined') return t('uc.passkey.unsupported');
  return error instanceof Error ? error.message : String(error);
}

function AddPasskeyDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState(() => t('uc.passkey.defaultName'));
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: () => {
      showSuccess(t('uc.passkey.added'));
      onAdded();
      onClose();
    },
  });
  return (
    <Modal
      title={t('uc.passkey.add')}
      visible
      onCancel={onClose}
      onOk={() => add.mutate()}
      okText={t('uc.passkey.add')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !name.trim() }}
      confirmLoading={add.isPending}
      unmountOnExit
    >
      {add.error && <Alert type="error" className="uc-alert" content={describePasskeyError(add.error, t)} />}
      <div className="uc-dialog-field">
        <label htmlFor={id}>{t('uc.passkey.name')}</label>
        <Input
          id={id}
          value={name}
          onChange={setName}
          maxLength={64}
          placeholder={t('uc.passkey.nameHint')}
          onPressEnter={() => add.mutate()}
        />
      </div>
    </Modal>
  );
}

/** The second factors: the authenticator app (with recovery codes) and passkeys. */
export function MfaSection({ user }: { user: CurrentUser }) {
  const t = useT();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: MFA_KEYS.status, queryFn: fetchMfaStatus });
  const passkeys = useQuery({ queryKey: MFA_KEYS.passkeys, queryFn: fetchPasskeys });
  const [dialog, setDialog] = useState<'setup' | 'disable' | 'regenerate' | 'passkey' | null>(null);
  const close = () => setDialog(null);

  const refresh = async () => {
    await Promise.all(Object.values(MFA_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    // Enrolling lifts a role's requirement; turning off may end other sessions: the current user is read again.
    await loadCurrentUser().catch(() => undefined);
  };

  const remove = (p: Passkey) =>
    openConfirm({
      title: t('uc.passkey.remove'),
      content: t('uc.passkey.removeConfirm', { name: p.name }),
      okText: t('uc.passkey.remove'),
      cancelText: t('common.cancel'),
      onOk: () => {
        removePasskey(p.id)
          .then((msg) => {
            showSuccess(msg || t('uc.passkey.removed'));
            return refresh();
          })
          .catch((err: unknown) => showMessageError(describePasskeyError(err, t)));
      },
    });

  const totp = status.data?.totp;
  return (
    <Section
      title={t('uc.mfa.title')}
      desc={t('uc.mfa.desc')}
      extra={status.data?.required ? <Tag color="orangered">{t('uc.mfa.required')}</Tag> : undefined}
    >
      <div className="uc-factor">
        <div className="uc-factor-main">
          <h3 className="uc-subtitle">
            {t('uc.totp.title')}{' '}
            <Tag color={totp?.enabled ? 'green' : undefined} size="small">
              {totp?.enabled ? t('uc.totp.on') : t('uc.totp.off')}
            </Tag>
          </h3>
          <p className="uc-hint">{t('uc.totp.desc')}</p>
          {totp?.enabled && (
            <p className="uc-hint">
              {t('uc.totp.since', { time: formatDateTime(totp.confirmedAt) })} ·{' '}
              {t('uc.totp.codesLeft', { count: status.data?.recoveryCodesLeft ?? 0 })}
            </p>
          )}
        </div>
        <div className="uc-actions">
          {totp?.enabled ? (
            <>
              <Button onClick={() => setDialog('regenerate')}>{t('uc.totp.regenerate')}</Button>
              <Button onClick={() => setDialog('disable')}>{t('uc.totp.disable')}</Button>
            </>
          ) : (
            <Button type="primary" disabled={!status.data} onClick={() => setDialog('setup')}>
              {t('uc.totp.enable')}
            </Button>
          )}
        </div>
      </div>
      <div className="uc-factor">
        <div className="uc-factor-main">
          <h3 className="uc-subtitle">{t('uc.passkey.title')}</h3>
          <p className="uc-hint">{t('uc.passkey.desc')}</p>
          {passkeys.data && passkeys.data.length === 0 && <p className="uc-hint">{t('uc.passkey.none')}</p>}
          <ul className="uc-passkeys">
            {(passkeys.data ?? []).map((p) => (
              <li key={p.id} className="uc-passkey">
                <div>
                  <strong>{p.name}</strong> {p.backedUp && <Tag size="small">{t('uc.passkey.synced')}</Tag>}
                  <div className="uc-hint">
                    {t('uc.passkey.created', { time: formatDateTime(p.createdAt) })} ·{' '}
                    {p.lastUsedAt ? t('uc.passkey.lastUsed', { time: formatDateTime(p.lastUsedAt) }) : t('uc.passkey.neverUsed')}
                  </div>
                </div>
                <Button
                  size="small"
                  type="text"

                  icon={<IconDelete />}
                  aria-label={t('uc.passkey.removeFor', { name: p.name })}
                  onClick={() => remove(p)}
                >
                  {t('uc.passkey.remove')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <div className="uc-actions">
          <Button icon={<IconPlus />} onClick={() => setDialog('passkey')}>
            {t('uc.passkey.add')}
          </Button>
        </div>
      </div>
      {dialog === 'setup' && <TotpSetupDialog username={user.username} onClose={close} onChanged={() => void refresh()} />}
      {dialog === 'disable' && <TotpDisableDialog username={user.username} onClose={close} onChanged={() => void refresh()} />}
      {dialog === 'regenerate' && <RecoveryRegenerateDialog username={user.username} onClose={close} onChanged={() => void refresh()} />}
      {dialog === 'passkey' && <AddPasskeyDialog onClose={close} onAdded={() => void refresh()} />}
    </Section>
  );
}
