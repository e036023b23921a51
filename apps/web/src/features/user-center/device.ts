import type { Translate } from '../../lib/i18n';

/** "Chrome 126 · Windows 10 · Computer", from what the server read of the user agent. */
export function describeDevice(s: { browser: string; os: string; device: string }, t: Translate): string {
  const kind = ['desktop', 'mobile', 'tablet'].includes(s.device) ? t(`uc.device.${s.device}`) : '';
  const parts = [s.browser, s.os, kind].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('uc.sessions.unknownDevice');
}

/** How a session was signed in, in words. */
export function describeMethod(method: string, t: Translate): string {
  return ['password', 'totp', 'recovery', 'passkey', 'passkeyOnly'].includes(method) ? t(`uc.method.${method}`) : method;
}
