import { ResultCode, type Campus, type CurrentUser, type MfaChallenge } from '@campus/contract';
import { ApiError, request, type ApiResult } from '../../lib/request';

export interface LoginResult {
  token: string;
  user: CurrentUser;
  campusList: Campus[];
}

interface LoginExtra {
  user?: CurrentUser;
  campusList?: Campus[];
}

/** A successful sign-in answer (password, second step or passkey alike): token, user, campuses. */
export function readLoginAnswer(res: ApiResult<unknown>): LoginResult {
  const extra = (res.extra ?? {}) as LoginExtra;
  if (typeof res.data !== 'string' || !res.data || !extra.user) throw new Error('malformed login answer');
  return { token: res.data, user: extra.user, campusList: Array.isArray(extra.campusList) ? extra.campusList : [] };
}

/** A session, or the second step a user with a second factor owes (code 1001: a ticket, no session yet). */
export type LoginOutcome = { kind: 'session'; result: LoginResult } | { kind: 'mfa'; challenge: MfaChallenge };

function isChallenge(data: unknown): data is MfaChallenge {
  const d = data as Partial<MfaChallenge> | null;
  return typeof d?.mfaTicket === 'string' && Array.isArray(d.methods);
}

/** POST /api/login with the AES-encrypted password; failures surface as ApiError. */
export async function submitLogin(username: string, encryptedPassword: string): Promise<LoginOutcome> {
  try {
    const res = await request.post<string>('/login', { username, password: encryptedPassword }, { errorHandling: 'silent' });
    return { kind: 'session', result: readLoginAnswer(res) };
  } catch (error) {
    if (error instanceof ApiError && error.code === ResultCode.mfaRequired && isChallenge(error.data)) {
      return { kind: 'mfa', challenge: error.data };
    }
    throw error;
  }
}

/** POST /api/login/mfa: the second step with an authenticator or recovery code; failures surface as ApiError. */
export async function submitMfaCode(mfaTicket: string, code: string): Promise<LoginResult> {
  return readLoginAnswer(await request.post('/login/mfa', { mfaTicket, code }, { errorHandling: 'silent' }));
}
