import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';

// WebAuthn through SimpleWebAuthn: passkeys registered in the user center, used
// as the second step of a sign-in or alone (discoverable, user-verified).

// Loaded on the first passkey call: the library and its X.509/ASN.1 stack hold ~20 MiB
// of a server's memory that most servers never need (issue 22, decision 024).
const loadWebauthn = () => import('@simplewebauthn/server');

const RP_NAME = 'Campus Console';
const TIMEOUT_MS = 120_000;

export interface RelyingParty {
  id: string;
  origins: string[];
}

/**
 * Whose passkeys these are: WEBAUTHN_RP_ID / WEBAUTHN_ORIGINS when set (set
 * them behind a proxy), else the host the browser asked for. Either way a
 * passkey only ever answers for the domain it was made on, so another site
 * cannot replay it here.
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const { webauthnRpId, webauthnOrigins } = request.server.config;
  return {
    id: webauthnRpId ?? request.hostname,
    origins: webauthnOrigins ?? [`${request.protocol}://${request.host}`],
  };
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
}

const toTransports = (t: string[]) => t as AuthenticatorTransport[];

export async function buildRegistrationOptions(
  rp: RelyingParty,
  user: { id: number; username: string; nickname: string },
  existing: readonly StoredPasskey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await loadWebauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.nickname || user.username,
    // A stable handle that names no one: one passkey per authenticator and account.
    userID: new TextEncoder().encode(`campus-console-user-${user.id}`),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: toTransports(p.transports) })),
    // Discoverable, so it can sign in without a username; verified (PIN, biometrics) where the device can.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/** The new passkey, or null when the answer does not verify. */
export async function verifyRegistration(rp: RelyingParty, response: unknown, expectedChallenge: string): Promise<NewPasskey | null> {
  const { verifyRegistrationResponse } = await loadWebauthn();
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

/**
 * Options for a sign-in: with `allow`, one of those passkeys (the second
 * step); without, any passkey of this site the browser holds (passkey alone,
 * so the device must verify its user).
 */
export async function buildAuthenticationOptions(
  rp: RelyingParty,
  allow?: readonly StoredPasskey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await loadWebauthn();
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification: allow ? 'preferred' : 'required',
    allowCredentials: allow?.map((p) => ({ id: p.credentialId, transports: toTransports(p.transports) })),
  });
}

/** The signature counter after this sign-in, or null when the answer does not verify. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  passkey: StoredPasskey,
  requireUserVerification: boolean,
): Promise<{ newCounter: number } | null> {
  const { verifyAuthenticationResponse } = await loadWebauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: toTransports(passkey.transports),
      },
      requireUserVerification,
    });
    return result.verified ? { newCounter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}

/** The challenge the browser signed (from clientDataJSON), to find what the server handed out; null if unreadable. */
export function readSignedChallenge(response: unknown): string | null {
  const data = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 128 ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** The credential id a sign-in answer names, if it is a plausible one. */
export function readCredentialId(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1400}$/.test(id) ? id : null;
}
