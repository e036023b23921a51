import { getStored, removeStored, setStored } from '../../lib/storage';

const REMEMBER_KEY = 'sch-login';

/**
 * What "remember password" keeps. The password stays in its AES form, which
 * only keeps it out of casual sight: anyone with this browser profile can sign
 * in, so the option is meant for a personal, locked computer.
 */
export interface RememberedLogin {
  username: string;
  encryptedPassword: string;
}

export function readRememberedLogin(): RememberedLogin | null {
  const saved = getStored<Partial<RememberedLogin>>(REMEMBER_KEY);
  if (!saved || typeof saved.username !== 'string' || typeof saved.encryptedPassword !== 'string') return null;
  return { username: saved.username, encryptedPassword: saved.encryptedPassword };
}

export function saveRememberedLogin(login: RememberedLogin): void {
  setStored(REMEMBER_KEY, login);
}

export function forgetRememberedLogin(): void {
  removeStored(REMEMBER_KEY);
}
