import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Crockford's base32, lower case: no i, l, o or u to misread. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

/**
 * Ten characters of a 32-letter alphabet: 50 bits. Below ASVS's 112 bits for
 * lookup secrets, so each is stored with its own random 128-bit salt and
 * hashed (SHA-256); they are single-use and wrong ones count toward the lockout.
 */
export function createRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** The canonical form of a typed code (case, spaces, dashes and look-alikes forgiven), or null. */
export function normaliseRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  if (code.length !== LENGTH) return null;
  for (const ch of code) if (!ALPHABET.includes(ch)) return null;
  return code;
}

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function hashRecoveryCode(code: string): string {
  const normal = normaliseRecoveryCode(code);
  if (!normal) throw new Error('not a recovery code');
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(salt, normal)}`;
}

/** Whether a normalised code is the one a stored hash was made from (constant time). */
export function matchesRecoveryCode(stored: string, normalised: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(digest(salt, normalised), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
