import Button from '@arco-design/web-react/es/Button';
import { IconExclamationCircleFill, IconSafe } from '@arco-design/web-react/icon';
import type { MfaChallenge } from '@campus/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { submitMfaCode, type LoginResult } from './login-api';
import './mfa-messages';

interface SecondStepProps {
  challenge: MfaChallenge;
  onSignedIn: (result: LoginResult) => Promise<void>;
  /** Back to the password screen, with why (the ticket expired, the account was disabled meanwhile). */
  onRestart: (message: string) => void;
}

const mustRestart = (error: unknown) =>
  error instanceof ApiError && ((error.data as { mfaTicketExpired?: boolean } | null)?.mfaTicketExpired === true || error.status === 403);

/**
 * The sign-in's second screen: a code from the authenticator app, a recovery
 * code, or a passkey, with the ticket the right password earned (5 minutes,
 * single use). Loaded only when a sign-in asks for it.
 */
export function SecondStep({ challenge, onSignedIn, onRestart }: SecondStepProps) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const hasTotp = challenge.methods.includes('totp');
  const hasRecovery = challenge.methods.includes('recovery');
  const hasPasskey = challenge.methods.includes('passkey');
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);

  useEffect(() => inputRef.current?.focus(), [mode]);

  async function run(attempt: () => Promise<LoginResult>, describe: (e: unknown) => string) {
    setBusy(true);
    setError('');
    try {
      await onSignedIn(await attempt());
    } catch (err) {
      if (mustRestart(err)) onRestart(err instanceof ApiError ? err.message : '');
      else setError(describe(err));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const typed = code.trim();
    if (!typed) {
      setError(t('mfaLogin.codeRequired'));
      inputRef.current?.focus();
      return;
    }
    void run(
      async () => submitMfaCode(challenge.mfaTicket, typed),
      (e) => (e instanceof ApiError && e.message ? e.message : t('login.form.loginError')),
    );
  }

  async function verifyWithPasskey() {
    const passkeys = await import('./passkey-sign-in');
    await run(() => passkeys.verifySecondStepWithPasskey(challenge.mfaTicket), passkeys.describePasskeyFailure);
  }

  const isRecovery = mode === 'recovery' || !hasTotp;
  return (
    <div className="login-second-step">
      <h1 className="login-title">
        <IconSafe /> {t('mfaLogin.title')}
      </h1>
      <p className="login-subtitle">{t('mfaLogin.subtitle')}</p>
      {error && (
        <div className="login-error" role="alert">
          <IconExclamationCircleFill />
          <span>{error}</span>
        </div>
      )}
      {(hasTotp || hasRecovery) && (
        <form className="login-form" noValidate onSubmit={submit}>
          <div className="login-field">
            <label htmlFor={`${id}-code`} className="login-label">
              {isRecovery ? t('mfaLogin.recovery') : t('mfaLogin.code')}
            </label>
            <div className="login-input-wrap">
              <input
                ref={inputRef}
                id={`${id}-code`}
                name={isRecovery ? 'recoveryCode' : 'code'}
                className="login-input login-input-plain"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="one-time-code"
                inputMode={isRecovery ? 'text' : 'numeric'}
                maxLength={32}
                aria-describedby={`${id}-hint`}
              />
            </div>
            <div id={`${id}-hint`} className="login-field-hint">
              {isRecovery ? t('mfaLogin.recoveryHint') : t('mfaLogin.codeHint')}
            </div>
          </div>
          <Button type="primary" htmlType="submit" long size="large" loading={isBusy}>
            {t('mfaLogin.submit')}
          </Button>
          {hasTotp && hasRecovery && (
            <Button type="text" long onClick={() => setMode(isRecovery ? 'totp' : 'recovery')}>
              {isRecovery ? t('mfaLogin.useCode') : t('mfaLogin.useRecovery')}
            </Button>
          )}
        </form>
      )}
      {hasPasskey && (
        <div className="login-alt">
          {(hasTotp || hasRecovery) && <span className="login-alt-or">{t('mfaLogin.or')}</span>}
          <Button long size="large" loading={isBusy && !(hasTotp || hasRecovery)} onClick={() => void verifyWithPasskey()}>
            {t('mfaLogin.usePasskey')}
          </Button>
        </div>
      )}
      <Button type="text" long className="login-back" onClick={() => onRestart('')}>
        {t('mfaLogin.back')}
      </Button>
    </div>
  );
}
