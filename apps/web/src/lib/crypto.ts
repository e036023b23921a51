/**
 * The login password's AES form (spec section 9). The cipher loads on first
 * use, after the user presses Sign in, so it stays out of the login page's
 * first download.
 */
export async function encryptPassword(plain: string): Promise<string> {
  const { encryptLoginPassword } = await import('./login-cipher');
  return encryptLoginPassword(plain);
}
