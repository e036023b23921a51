import type { Campus, CurrentUser } from '@campus/contract';
import { request } from '../../lib/request';

export interface LoginResult {
  token: string;
  user: CurrentUser;
  campusList: Campus[];
}

interface LoginExtra {
  user?: CurrentUser;
  campusList?: Campus[];
}

/** POST /api/login with the AES-encrypted password; failures surface as ApiError. */
export async function submitLogin(username: string, encryptedPassword: string): Promise<LoginResult> {
  const res = await request.post<string>('/login', { username, password: encryptedPassword }, { errorHandling: 'silent' });
  const extra = (res.extra ?? {}) as LoginExtra;
  if (typeof res.data !== 'string' || !res.data || !extra.user) throw new Error('malformed login answer');
  return { token: res.data, user: extra.user, campusList: Array.isArray(extra.campusList) ? extra.campusList : [] };
}
