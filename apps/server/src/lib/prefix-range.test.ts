import { describe, expect, it } from 'vitest';
import { prefixRange } from './prefix-range.js';

// The keyword search trusts this range to select exactly the strings that
// start with the keyword, compared byte by byte as text_pattern_ops does.

const bytes = (s: string) => Buffer.from(s, 'utf8');
function isInRange(s: string, range: { lo: string; hi: string | null }) {
  return Buffer.compare(bytes(s), bytes(range.lo)) >= 0 && (range.hi === null || Buffer.compare(bytes(s), bytes(range.hi)) < 0);
}

/** Characters around the edges: ASCII, the end of the BMP before surrogates, CJK, astral, the last code point. */
const ALPHABET = [
  'a',
  'b',
  'z',
  '~',
  '\u007f',
  '\u0080',
  '\u07ff',
  '\u0800',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '王',
  '玌',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
];

function createRandom(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe('prefixRange', () => {
  it('is null for no keyword', () => {
    expect(prefixRange(undefined)).toBeNull();
    expect(prefixRange('')).toBeNull();
  });

  it('raises the last code point, skipping surrogates and dropping a trailing U+10FFFF', () => {
    expect(prefixRange('王')).toEqual({ lo: '王', hi: '玌' });
    expect(prefixRange('S00')).toEqual({ lo: 'S00', hi: 'S01' });
    expect(prefixRange('a\ud7ff')).toEqual({ lo: 'a\ud7ff', hi: 'a\ue000' });
    expect(prefixRange('a\u{10ffff}')).toEqual({ lo: 'a\u{10ffff}', hi: 'b' });
    expect(prefixRange('\u{10ffff}')).toEqual({ lo: '\u{10ffff}', hi: null });
    expect(prefixRange('100%_')).toEqual({ lo: '100%_', hi: '100%`' });
  });

  it('holds exactly the strings that start with the keyword (20 000 random pairs)', () => {
    const random = createRandom(9);
    const word = (max: number) =>
      Array.from({ length: Math.floor(random() * max) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const keyword = word(3) || 'a';
      // Half the strings start with the keyword, so both answers are tried.
      const s = random() < 0.5 ? keyword + word(3) : word(5);
      const range = prefixRange(keyword);
      expect(range).not.toBeNull();
      if (range && isInRange(s, range) !== s.startsWith(keyword)) {
        throw new Error(`keyword ${JSON.stringify(keyword)} and ${JSON.stringify(s)}: range ${JSON.stringify(range)}`);
      }
    }
  });
});
