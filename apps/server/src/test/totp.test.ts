import { describe, expect, it } from 'vitest';
import { decodeBase32, hotp, totpCode } from './totp.js';

describe('the tests’ own RFC 6238', () => {
  it('matches the RFC 4226 appendix D values', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, i) => hotp(key, i))).toEqual(expected);
  });

  it('matches the RFC 6238 appendix B SHA-1 values (last 6 digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of "12345678901234567890"
    expect(decodeBase32(secret).toString('ascii')).toBe('12345678901234567890');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(secret, 20_000_000_000_000)).toBe('353130');
  });
});
