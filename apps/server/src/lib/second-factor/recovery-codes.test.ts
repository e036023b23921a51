import { describe, expect, it } from 'vitest';
import { createRecoveryCode, hashRecoveryCode, matchesRecoveryCode, normaliseRecoveryCode } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are ten characters of an unambiguous alphabet, shown in two groups', () => {
    const codes = Array.from({ length: 200 }, createRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('forgive case, spaces, dashes and look-alike letters when typed', () => {
    expect(normaliseRecoveryCode('AB1CD-EF0GH')).toBe('ab1cdef0gh');
    expect(normaliseRecoveryCode(' ab ic d e f o g h ')).toBe('ab1cdef0gh');
    expect(normaliseRecoveryCode('abcde')).toBeNull();
    expect(normaliseRecoveryCode('abcde-fghu!')).toBeNull();
  });

  it('are stored salted: the same code hashes differently, and only the code matches', () => {
    const code = createRecoveryCode();
    const a = hashRecoveryCode(code);
    const b = hashRecoveryCode(code);
    expect(a).not.toBe(b);
    expect(a).not.toContain(code.replace('-', ''));
    const normal = normaliseRecoveryCode(code) ?? '';
    expect(matchesRecoveryCode(a, normal)).toBe(true);
    expect(matchesRecoveryCode(b, normal)).toBe(true);
    expect(matchesRecoveryCode(a, normaliseRecoveryCode(createRecoveryCode()) ?? '')).toBe(false);
    expect(matchesRecoveryCode('garbage', normal)).toBe(false);
  });
});
