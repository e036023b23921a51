import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30 s.
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Campus Console';
/** One step either side: a phone clock 30 s off still works. */
const WINDOW = 1;

const build = (secret: string, label = 'user') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32. */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans from the QR code. */
export function buildOtpauthUrl(secret: string, account: string): string {
  return build(secret, account).toString();
}

/** A typed code without spaces or dashes, if it looks like a TOTP code at all. */
export function readTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The time step the code belongs to (now, or one step either side), or null
 * when it is wrong. Callers accept a step only once: see `claimTotpStep`.
 */
export function findTotpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  const token = readTotpCode(code);
  if (!token) return null;
  const delta = build(secret).validate({ token, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}
