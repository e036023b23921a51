import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeForm } from './form-encoding';

// The server parses bodies and queries with qs: the text must be what qs writes and read back as sent.
const SAMPLES: Record<string, unknown>[] = [
  { username: 'li', password: 'a+b=/?#&%', remember: true, age: 0 },
  { name: '王小明 Ａ', note: "it's (a) test! *~-_.", emoji: '📚' },
  { ids: [1, 2, 3], empty: [], blank: '', none: null, skipped: undefined },
  { nested: { x: 1, y: { z: 'deep' } }, list: [{ a: 1 }, { a: 2, b: [true, false] }] },
  { 'key with space[0]': 'v', when: new Date(Date.UTC(2026, 10, 22, 8, 30)) },
];

describe('encodeForm', () => {
  it.each(SAMPLES.map((sample) => [sample]))('writes what qs writes for %o', (sample) => {
    expect(encodeForm(sample)).toBe(qs.stringify(sample));
    expect(encodeForm(sample, { arrayFormat: 'repeat', skipNulls: true })).toBe(
      qs.stringify(sample, { arrayFormat: 'repeat', skipNulls: true }),
    );
  });

  it('reads back through qs as the same values', () => {
    const sent = { username: 'li', ids: ['1', '2'], filter: { status: '1', q: '王 & co' } };
    expect(qs.parse(encodeForm(sent))).toEqual(sent);
  });

  it('sends null empty unless told to skip it', () => {
    expect(encodeForm({ a: null, b: 1 })).toBe('a=&b=1');
    expect(encodeForm({ a: null, b: 1 }, { skipNulls: true })).toBe('b=1');
  });
});
