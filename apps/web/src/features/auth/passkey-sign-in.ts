import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { translate } from '../../lib/i18n';
import { ApiError, request } from '../../lib/request';
import { readLoginAnswer, type LoginResult } from './login-api';
import './mfa-messages';

// Loaded on demand: the WebAuthn helper never weighs on the login page's first load.

const silent = { errorHandling: 'silent' } as const;
const asJson = { ...silent, headers: { 'Content-Type': 'application/json' } } as const;

/** Sign in with a passkey alone: the browser offers this site's passkeys, the device verifies its user. */
export async function signInWithPasskey(): Promise<LoginResult> {
  const options = await request.post<PublicKeyCredentialRequestOptionsJSON>('/login/passkey/options', undefined, silent);
  const response = await startAuthentication({ optionsJSON: options.data });
  return readLoginAnswer(await request.post('/login/passkey/verify', JSON.stringify({ response }), asJson));
}

/** The second step with a passkey: one of the ticket's user's passkeys signs the challenge. */
export async function verifySecondStepWithPasskey(mfaTicket: string): Promise<LoginResult> {
  const options = await request.post<PublicKeyCredentialRequestOptionsJSON>('/login/mfa/passkey-options', { mfaTicket }, silent);
  const passkey = await startAuthentication({ optionsJSON: options.data });
  return readLoginAnswer(await request.post('/login/mfa', JSON.stringify({ mfaTicket, passkey }), asJson));
}

/** Words for what went wrong: the server's message, or the browser's refusal named for people. */
export function describePasskeyFailure(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return translate('uc.passkey.cancelled');
  if (name === 'NotSupportedError' || typeof window.PublicKeyCredential === 'undefined') return translate('uc.passkey.unsupported');
  return translate('login.form.loginError');
}
