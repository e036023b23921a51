import Button from '@arco-design/web-react/es/Button';
import { IconCheckCircle, IconExclamationCircleFill, IconLanguage, IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { DEFAULT_MENUS, type MfaChallenge } from '@campus/contract';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { encryptPassword } from '../../lib/crypto';
import { showSuccess } from '../../lib/feedback';
import { useLocaleStore, useT } from '../../lib/i18n';
import { resolveLoginRedirect } from '../../lib/redirect';
import { findStaticPath } from '../../lib/route-access';
import { useSessionStore } from '../../lib/session';
import { ApiError } from '../../lib/request';
import { submitLogin, type LoginResult } from './login-api';
import { forgetRememberedLogin, readRememberedLogin, saveRememberedLogin } from './remembered-login';
import './login-page.css';

interface LoginForm {
  username: string;
  password: string;
}

type FieldErrors = Partial<Record<keyof LoginForm, string>>;

// The second step and passkeys load only when a sign-in needs them (the login page's size budget).
const SecondStep = lazy(() => import('./second-step').then((m) => ({ default: m.SecondStep })));

/** Whether this browser can use passkeys at all (nothing is loaded to find out). */
const canUsePasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

function findPathByName(name: string): string | null {
  return findStaticPath(DEFAULT_MENUS, name);
}

/** A sign-in scene drawn for this product: school buildings under a flag. */
function CampusIllustration() {
  return (
    <svg className="login-illustration" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <rect x="20" y="170" width="280" height="6" rx="3" fill="rgba(255,255,255,.35)" />
      <rect x="60" y="80" width="200" height="90" rx="4" fill="rgba(255,255,255,.92)" />
      <path d="M50 84 160 30l110 54z" fill="rgba(255,255,255,.75)" />
      <rect x="146" y="120" width="28" height="50" rx="2" fill="#4080FF" />
      {[78, 108, 192, 222].map((x) => (
        <rect key={x} x={x} y="98" width="20" height="20" rx="2" fill="#BEDAFF" />
      ))}
      {[78, 108, 192, 222].map((x) => (
        <rect key={`b${x}`} x={x} y="134" width="20" height="20" rx="2" fill="#BEDAFF" />
      ))}
      <circle cx="160" cy="66" r="10" fill="#FFFFFF" stroke="#4080FF" strokeWidth="3" />
      <path d="M160 66v-6M160 66l4 3" stroke="#4080FF" strokeWidth="2" strokeLinecap="round" />
      <rect x="158" y="4" width="3" height="28" fill="rgba(255,255,255,.9)" />
      <path d="M161 6h22l-6 6 6 6h-22z" fill="#FF7D00" />
      <circle cx="34" cy="150" r="16" fill="rgba(255,255,255,.5)" />
      <rect x="32" y="150" width="4" height="20" fill="rgba(255,255,255,.6)" />
      <circle cx="288" cy="146" r="20" fill="rgba(255,255,255,.5)" />
      <rect x="286" y="146" width="4" height="24" fill="rgba(255,255,255,.6)" />
    </svg>
  );
}

interface FieldProps {
  id: string;
  label: string;
  icon: ReactNode;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Arco's look, native controls: the login page is the one place where Arco's Form would cost more than it gives. */
function LoginField({ id, label, icon, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="login-label">
        {label}
      </label>
      <div className="login-input-wrap">
        <span className="login-input-icon">{icon}</span>
        {children(error ? errorId : undefined)}
      </div>
      <div id={errorId} className="login-field-error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const baseId = useId();
  const [searchParams] = useSearchParams();
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const startSession = useSessionStore((s) => s.startSession);
  const clearSession = useSessionStore((s) => s.clearSession);
  const [remembered] = useState(readRememberedLogin);
  const [values, setValues] = useState<LoginForm>({ username: remembered?.username ?? '', password: remembered?.encryptedPassword ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isRemember, setRemember] = useState(remembered !== null);
  const [isLoading, setLoading] = useState(false);
  const [errorText, setErrorText] = useState('');
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  /** What "remember password" keeps, held until the second step is through. */
  const pendingRemember = useRef<{ username: string; encryptedPassword: string } | null>(null);

  function validate(form: LoginForm): FieldErrors {
    const found: FieldErrors = {};
    if (!form.username.trim()) found.username = t('login.form.username.errMsg');
    if (!form.password) found.password = t('login.form.password.errMsg');
    return found;
  }

  function update(field: keyof LoginForm, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) {
      document.getElementById(found.username ? `${baseId}-username` : `${baseId}-password`)?.focus();
      return;
    }
    setLoading(true);
    setErrorText('');
    try {
      const username = values.username.trim();
      // The remembered password is prefilled as its stored ciphertext; only a typed one needs encrypting.
      const isStoredPassword = remembered !== null && values.password === remembered.encryptedPassword;
      const encryptedPassword = isStoredPassword ? remembered.encryptedPassword : await encryptPassword(values.password);
      const outcome = await submitLogin(username, encryptedPassword);
      pendingRemember.current = { username, encryptedPassword };
      if (outcome.kind === 'mfa') setChallenge(outcome.challenge);
      else await finishSignIn(outcome.result);
    } catch (error) {
      clearSession();
      setErrorText(error instanceof ApiError && error.message ? error.message : t('login.form.loginError'));
    } finally {
      setLoading(false);
    }
  }

  /** Every factor given: the session starts here, whichever way the user signed in. */
  async function finishSignIn(result: LoginResult) {
    startSession(result.token, result.user, result.campusList);
    const creds = pendingRemember.current;
    if (isRemember && creds) saveRememberedLogin(creds);
    else if (!isRemember) forgetRememberedLogin();
    pendingRemember.current = null;
    showSuccess(t('login.form.loginSuccess'));
    await navigate(resolveLoginRedirect(searchParams, findPathByName), { replace: true });
  }

  /** A passkey alone: no username, no password; the device verifies its user. */
  async function signInWithPasskey() {
    if (isLoading) return;
    setLoading(true);
    setErrorText('');
    let describe = (_error: unknown) => t('login.form.loginError');
    try {
      const passkeys = await import('./passkey-sign-in');
      describe = passkeys.describePasskeyFailure;
      pendingRemember.current = null;
      await finishSignIn(await passkeys.signInWithPasskey());
    } catch (error) {
      clearSession();
      setErrorText(describe(error));
    } finally {
      setLoading(false);
    }
  }

  const otherLocale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <div className="login">
      <aside className="login-banner">
        <div className="login-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{t('app.title')}</span>
        </div>
        <div className="login-banner-body">
          <CampusIllustration />
          <h2 className="login-banner-title">{t('login.banner.title')}</h2>
          <p className="login-banner-subtitle">{t('login.banner.subtitle')}</p>
          <ul className="login-banner-points">
            {(['login.banner.point1', 'login.banner.point2', 'login.banner.point3'] as const).map((key) => (
              <li key={key}>
                <IconCheckCircle /> {t(key)}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main className="login-main">
        <div className="login-toolbar">
          <Button type="text" icon={<IconLanguage />} onClick={() => setLocale(otherLocale)} lang={otherLocale}>
            {otherLocale === 'en-US' ? 'English' : '中文'}
          </Button>
        </div>
        <div className="login-card">
          {challenge ? (
            <Suspense fallback={<div className="login-second-step" aria-busy="true" />}>
              <SecondStep
                challenge={challenge}
                onSignedIn={finishSignIn}
                onRestart={(message) => {
                  setChallenge(null);
                  setErrorText(message);
                }}
              />
            </Suspense>
          ) : (
            <>
              <h1 className="login-title">{t('login.form.title')}</h1>
              <p className="login-subtitle">{t('login.form.subtitle')}</p>
              {errorText && (
                <div className="login-error" role="alert">
                  <IconExclamationCircleFill />
                  <span>{errorText}</span>
                </div>
              )}
              <form className="login-form" noValidate onSubmit={(event) => void signIn(event)}>
                <LoginField id={`${baseId}-username`} label={t('login.form.username.label')} icon={<IconUser />} error={errors.username}>
                  {(describedBy) => (
                    <input
                      id={`${baseId}-username`}
                      name="username"
                      className="login-input"
                      value={values.username}
                      onChange={(e) => update('username', e.target.value)}
                      placeholder={t('login.form.username.placeholder')}
                      autoComplete="username"
                      maxLength={64}
                      aria-invalid={Boolean(errors.username)}
                      aria-describedby={describedBy}
                    />
                  )}
                </LoginField>
                <LoginField id={`${baseId}-password`} label={t('login.form.password.label')} icon={<IconLock />} error={errors.password}>
                  {(describedBy) => (
                    <input
                      id={`${baseId}-password`}
                      name="password"
                      type="password"
                      className="login-input"
                      value={values.password}
                      onChange={(e) => update('password', e.target.value)}
                      placeholder={t('login.form.password.placeholder')}
                      autoComplete="current-password"
                      maxLength={1024}
                      aria-invalid={Boolean(errors.password)}
                      aria-describedby={describedBy}
                    />
                  )}
                </LoginField>
                <label className="login-remember">
                  <input type="checkbox" checked={isRemember} onChange={(e) => setRemember(e.target.checked)} />
                  {t('login.form.rememberPassword')}
                </label>
                <Button type="primary" htmlType="submit" long size="large" loading={isLoading}>
                  {t('login.form.login')}
                </Button>
              </form>
              {canUsePasskeys() && (
                <Button
                  className="login-passkey"
                  long
                  size="large"
                  icon={<IconSafe />}
                  disabled={isLoading}
                  onClick={() => void signInWithPasskey()}
                >
                  {t('login.passkey')}
                </Button>
              )}
            </>
          )}
        </div>
        <p className="login-footer">{t('login.footer')}</p>
      </main>
    </div>
  );
}
