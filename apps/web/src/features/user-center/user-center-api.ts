import type { CurrentUser, LoginHistoryItem, MfaStatus, OwnSession, Passkey, TotpEnrolment } from '@campus/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { encryptPassword } from '../../lib/crypto';
import type { PageResult } from '../../lib/list-page/list-query';
import { request } from '../../lib/request';
import { useSessionStore } from '../../lib/session';

// The user center's calls. Forms and dialogs show their own failures (`local`);
// a session that ended is still handled by the request client.
const local = { errorHandling: 'local' } as const;
/** WebAuthn answers are nested JSON: sent as JSON, not form-encoded. */
const asJson = { ...local, headers: { 'Content-Type': 'application/json' } } as const;

/** The user center's queries: its own account, whatever the campus. */
export const userCenterKeys = {
  all: ['user-center'] as const,
  mfa: ['user-center', 'mfa'] as const,
  passkeys: ['user-center', 'passkeys'] as const,
  sessions: ['user-center', 'sessions'] as const,
  loginHistory: (page: number) => ['user-center', 'login-history', page] as const,
  /** One new secret per opening of the dialog: a key of its own. */
  totpStart: (opening: string) => ['user-center', 'totp-start', opening] as const,
};

export async function updateProfile(body: Record<string, unknown>): Promise<CurrentUser> {
  const res = await request.put<CurrentUser>('/user/profile', body, local);
  useSessionStore.getState().setUser(res.data);
  return res.data;
}

/** Uploads the cropped picture; the store takes the new avatar link at once (the navbar shows it). */
export async function uploadAvatar(image: Blob, filename: string): Promise<string> {
  const form = new FormData();
  form.append('file', image, filename);
  const res = await request.post<{ headimgurl: string }>('/user/avatar', form, local);
  const user = useSessionStore.getState().user;
  if (user) useSessionStore.getState().setUser({ ...user, headimgurl: res.data.headimgurl });
  return res.data.headimgurl;
}

export async function changeOwnPassword(oldPassword: string, newPassword: string): Promise<string> {
  const [oldEnc, newEnc] = await Promise.all([encryptPassword(oldPassword), encryptPassword(newPassword)]);
  return (await request.put<null>('/user/password', { oldPassword: oldEnc, newPassword: newEnc }, local)).msg;
}

export const fetchMfaStatus = async () => (await request.get<MfaStatus>('/user/mfa', undefined, local)).data;
export const startTotp = async () => (await request.post<TotpEnrolment>('/user/mfa/totp', undefined, local)).data;
export const confirmTotp = async (code: string) =>
  (await request.post<{ recoveryCodes: string[] }>('/user/mfa/totp/confirm', { code }, local)).data.recoveryCodes;

export async function disableTotp(password: string, code: string): Promise<string> {
  return (await request.delete<null>('/user/mfa/totp', { password: await encryptPassword(password), code }, local)).msg;
}

export async function regenerateRecoveryCodes(password: string): Promise<string[]> {
  const res = await request.post<{ recoveryCodes: string[] }>(
    '/user/mfa/recovery-codes',
    { password: await encryptPassword(password) },
    local,
  );
  return res.data.recoveryCodes;
}

export const fetchPasskeys = async () => (await request.get<Passkey[]>('/user/passkeys', undefined, local)).data;

/** Asks the browser for a new passkey (the WebAuthn helper loads only now) and registers it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const [{ startRegistration }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    request.post<PublicKeyCredentialCreationOptionsJSON>('/user/passkeys/options', undefined, local),
  ]);
  const response = await startRegistration({ optionsJSON: options.data });
  return (await request.post<Passkey>('/user/passkeys', JSON.stringify({ name, response }), asJson)).data;
}

export async function removePasskey(id: number): Promise<string> {
  return (await request.delete<null>(`/user/passkeys/${id}`, undefined, local)).msg;
}

export const fetchSessions = async () => (await request.get<OwnSession[]>('/user/sessions', undefined, local)).data;
export const endSession = async (id: number) => (await request.delete<null>(`/user/sessions/${id}`, undefined, local)).msg;
export const endOtherSessions = async () => (await request.delete<{ sessionsEnded: number }>('/user/sessions', undefined, local)).msg;

export const fetchLoginHistory = async (page: number, pageSize: number) =>
  (await request.get<PageResult<LoginHistoryItem>>('/user/login-history', { page, pageSize }, local)).data;
