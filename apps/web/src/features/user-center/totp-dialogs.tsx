import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Spin from '@arco-design/web-react/es/Spin';
import { IconCopy } from '@arco-design/web-react/icon';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { showSuccess } from '../../lib/feedback';
import { readServerMessages } from '../../lib/form/field-errors';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { RecoveryCodes } from './recovery-codes';
import { confirmTotp, disableTotp, regenerateRecoveryCodes, startTotp, userCenterKeys } from './user-center-api';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? readServerMessages(error) : error ? fallback : '');
const CODE_PATTERN = /^\d{6}$/;

function qrDataUrl(otpauthUrl: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(otpauthUrl, { ecc: 'M', border: 2 }))}`;
}

/** A labelled text box of the dialogs (native, so password managers and one-time-code autofill know it). */
function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'password';
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
  maxLength: number;
}) {
  const id = useId();
  return (
    <div className="uc-dialog-field">
      <label htmlFor={id}>{props.label}</label>
      {props.type === 'password' ? (
        <Input.Password
          id={id}
          value={props.value}
          onChange={props.onChange}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
        />
      ) : (
        <Input
          id={id}
          value={props.value}
          onChange={props.onChange}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
        />
      )}
    </div>
  );
}

/** Each dialog is mounted while open only: every opening starts from a clean state. */
interface DialogProps {
  username: string;
  onClose: () => void;
  onChanged: () => void;
}

/** Turn the app on: scan (or type) the secret, prove it with a code, keep the recovery codes. */
export function TotpSetupDialog({ username, onClose, onChanged }: DialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isSaved, setSaved] = useState(false);
  // One new secret per opening: a key of its own, never refetched or cached.
  const [opening] = useState(() => `${Date.now()}-${Math.random()}`);
  const start = useQuery({
    queryKey: userCenterKeys.totpStart(opening),
    queryFn: startTotp,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: (recoveryCodes) => {
      setCodes(recoveryCodes);
      showSuccess(t('uc.totp.enabled'));
      onChanged();
    },
  });
  const isCodeValid = CODE_PATTERN.test(code.replace(/\s/g, ''));
  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (isCodeValid) confirm.mutate(code.replace(/\s/g, ''));
  }

  const enrolment = start.data;
  return (
    <Modal
      title={t('uc.totp.setupTitle')}
      visible
      onCancel={onClose}
      maskClosable={!codes}
      closable={!codes || isSaved}
      footer={
        codes ? (
          <Button type="primary" disabled={!isSaved} onClick={onClose}>
            {t('uc.recovery.done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!isCodeValid || !enrolment} loading={confirm.isPending} onClick={() => submit()}>
              {t('uc.totp.confirm')}
            </Button>
          </>
        )
      }
      unmountOnExit
    >
      {codes ? (
        <RecoveryCodes codes={codes} username={username} isSaved={isSaved} onSavedChange={setSaved} />
      ) : (
        <form className="uc-totp-setup" onSubmit={submit} noValidate>
          {start.error && <Alert type="error" className="uc-alert" content={errorText(start.error, t('request.http.default'))} />}
          <p className="uc-step">{t('uc.totp.scan')}</p>
          <div className="uc-qr">
            {enrolment ? <img src={qrDataUrl(enrolment.otpauthUrl)} alt={t('uc.totp.qrAlt')} width={184} height={184} /> : <Spin />}
          </div>
          {enrolment && (
            <p className="uc-secret">
              <span>{t('uc.totp.manual')}</span>
              <code data-testid="totp-secret">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
              <Button
                size="mini"
                type="text"
                icon={<IconCopy />}
                aria-label={t('uc.totp.copySecret')}
                onClick={() => void navigator.clipboard?.writeText(enrolment.secret).catch(() => undefined)}
              />
            </p>
          )}
          <p className="uc-step">{t('uc.totp.enterCode')}</p>
          {confirm.error && <Alert type="error" className="uc-alert" content={errorText(confirm.error, t('request.http.default'))} />}
          <Field
            label={t('uc.totp.code')}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder={t('uc.totp.codeHint')}
            maxLength={7}
          />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      )}
    </Modal>
  );
}

/** Turn the app off: the password and a code (or a recovery code). */
export function TotpDisableDialog({ onClose, onChanged }: DialogProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: () => disableTotp(password, code.trim()),
    onSuccess: (msg) => {
      showSuccess(msg || t('uc.totp.disabled'));
      onChanged();
      onClose();
    },
  });
  return (
    <Modal
      title={t('uc.totp.disableTitle')}
      visible
      onCancel={onClose}
      onOk={() => disable.mutate()}
      okText={t('uc.totp.disable')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !password || code.trim().length < 6 }}
      confirmLoading={disable.isPending}
      unmountOnExit
    >
      <p className="uc-hint">{t('uc.totp.disableDesc')}</p>
      {disable.error && <Alert type="error" className="uc-alert" content={errorText(disable.error, t('request.http.default'))} />}
      <Field
        label={t('uc.totp.password')}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
        maxLength={128}
      />
      <Field label={t('uc.totp.codeOrRecovery')} value={code} onChange={setCode} autoComplete="one-time-code" maxLength={32} />
    </Modal>
  );
}

/** New recovery codes (the old ones stop working), behind the password. */
export function RecoveryRegenerateDialog({ username, onClose, onChanged }: DialogProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [isSaved, setSaved] = useState(false);
  const regenerate = useMutation({ mutationFn: () => regenerateRecoveryCodes(password), onSuccess: onChanged });
  const codes = regenerate.data;
  return (
    <Modal
      title={t('uc.recovery.regenerateTitle')}
      visible
      onCancel={onClose}
      closable={!codes || isSaved}
      maskClosable={!codes}
      footer={
        codes ? (
          <Button type="primary" disabled={!isSaved} onClick={onClose}>
            {t('uc.recovery.done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={!password} loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
              {t('uc.recovery.regenerate')}
            </Button>
          </>
        )
      }
      unmountOnExit
    >
      {codes ? (
        <RecoveryCodes codes={codes} username={username} isSaved={isSaved} onSavedChange={setSaved} />
      ) : (
        <>
          <p className="uc-hint">{t('uc.recovery.regenerateDesc')}</p>
          {regenerate.error && <Alert type="error" className="uc-alert" content={errorText(regenerate.error, t('request.http.default'))} />}
          <Field
            label={t('uc.totp.password')}
            value={password}
            onChange={setPassword}
            type="password"
            autoComplete="current-password"
            maxLength={128}
          />
        </>
      )}
    </Modal>
  );
}
