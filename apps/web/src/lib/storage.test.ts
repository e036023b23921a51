import { STORAGE_TTL_S } from '@campus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getStored, removeStored, setStored } from './storage';

afterEach(() => localStorage.clear());

describe('stored values with expiry', () => {
  it('returns what was stored before it expires', () => {
    setStored('k', { a: 1 }, 60, 1_000);
    expect(getStored('k', 1_000 + 59_999)).toEqual({ a: 1 });
  });

  it('defaults to three days', () => {
    setStored('k', 'v', undefined, 0);
    expect(JSON.parse(localStorage.getItem('k') ?? '{}')).toEqual({ data: 'v', expire: STORAGE_TTL_S * 1000 });
    expect(getStored('k', STORAGE_TTL_S * 1000 - 1)).toBe('v');
    expect(getStored('k', STORAGE_TTL_S * 1000)).toBeNull();
  });

  it('treats expired values as absent and removes them', () => {
    setStored('k', 'v', 10, 0);
    expect(getStored('k', 10_000)).toBeNull();
    expect(localStorage.getItem('k')).toBeNull();
  });

  it.each([
    ['not json', '{oops'],
    ['a bare string', '"token"'],
    ['no expiry', JSON.stringify({ data: 'v' })],
    ['no data', JSON.stringify({ expire: Date.now() + 1e9 })],
    ['null data', JSON.stringify({ data: null, expire: Date.now() + 1e9 })],
    ['text expiry', JSON.stringify({ data: 'v', expire: '9999999999999' })],
  ])('treats a malformed value (%s) as absent', (_label, raw) => {
    localStorage.setItem('k', raw);
    expect(getStored('k')).toBeNull();
  });

  it('removes values', () => {
    setStored('k', 1);
    removeStored('k');
    expect(getStored('k')).toBeNull();
  });
});
