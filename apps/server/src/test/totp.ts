import { createHmac } from 'node:crypto';

// RFC 6238 written out with node:crypto, so the tests compute codes without
// the server's library (otpauth): a bug shared by both could not pass unseen.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP with SHA-1 and 6 digits. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The TOTP code of a base32 secret at `atMs` (30-second steps), or of the step `stepOffset` away. */
export function totpCode(secret: string, atMs = Date.now(), stepOffset = 0): string {
  return hotp(decodeBase32(secret), Math.floor(atMs / 1000 / 30) + stepOffset);
}

/** A code that is right for none of the accepted steps (now and one either side). */
export function wrongTotpCode(secret: string, atMs = Date.now()): string {
  const taken = new Set([-1, 0, 1].map((o) => totpCode(secret, atMs, o)));
  for (let n = 0; ; n++) {
    const candidate = String((123_456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}
