import type { LoginCipher } from '@campus/contract';
import { request } from './request';

let cipher: Promise<LoginCipher> | undefined;

/** The running server's key and IV (LOGIN_AES_KEY/IV), asked once per page load: one setting for server and web. */
function loadCipher(): Promise<LoginCipher> {
  cipher ??= request
    .get<LoginCipher>('/login/cipher', undefined, { errorHandling: 'silent' })
    .then((res) => res.data)
    .catch((err: unknown) => {
      cipher = undefined;
      throw err;
    });
  return cipher;
}

/**
 * The login password's AES form (spec section 9), with the server's key. The
 * cipher code and the key load on first use, after the user presses Sign in,
 * so they stay out of the login page's first download.
 */
export async function encryptPassword(plain: string): Promise<string> {
  const [{ encryptLoginPassword }, { key, iv }] = await Promise.all([import('./login-cipher'), loadCipher()]);
  return encryptLoginPassword(plain, key, iv);
}
