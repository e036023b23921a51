import { describe, expect, it } from 'vitest';
import { PrincipalCache } from './principal-cache.js';

function makeCache(maxEntries = 3, ttlMs = 1000) {
  let now = 1_000_000;
  const cache = new PrincipalCache<string>({ maxEntries, ttlMs, now: () => now });
  cache.setLive(true);
  return { cache, tick: (ms: number) => (now += ms), now: () => now };
}

const FAR = Number.MAX_SAFE_INTEGER;

describe('PrincipalCache', () => {
  it('stores and answers while live; answers and stores nothing while not', () => {
    const { cache } = makeCache();
    cache.store('a', 1, 'alice', FAR, cache.startRead());
    expect(cache.get('a')).toBe('alice');
    cache.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', 1, 'alice', FAR, cache.startRead());
    expect(cache.size).toBe(0);
    cache.setLive(true);
    // Coming back live does not resurrect what was cached before the outage.
    expect(cache.get('a')).toBeUndefined();
  });

  it('is off with a TTL of 0', () => {
    const cache = new PrincipalCache<string>({ maxEntries: 10, ttlMs: 0 });
    cache.setLive(true);
    cache.store('a', 1, 'alice', FAR, cache.startRead());
    expect(cache.isLive).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries at the TTL or at the session expiry, whichever is first', () => {
    const { cache, tick, now } = makeCache(10, 1000);
    cache.store('ttl', 1, 'alice', FAR, cache.startRead());
    cache.store('session', 2, 'bob', now() + 100, cache.startRead());
    tick(100);
    expect(cache.get('session')).toBeUndefined();
    expect(cache.get('ttl')).toBe('alice');
    tick(900);
    expect(cache.get('ttl')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const { cache } = makeCache(3);
    for (const k of ['a', 'b', 'c']) cache.store(k, 1, k, FAR, cache.startRead());
    expect(cache.get('a')).toBe('a'); // a is now the most recent
    cache.store('d', 2, 'd', FAR, cache.startRead());
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('a');
    expect(cache.get('d')).toBe('d');
  });

  it('evicts one user by notification, everyone on "*" or on anything it does not understand', () => {
    const { cache } = makeCache(10);
    cache.store('a1', 1, 'alice', FAR, cache.startRead());
    cache.store('a2', 1, 'alice', FAR, cache.startRead());
    cache.store('b1', 2, 'bob', FAR, cache.startRead());
    cache.invalidate('u:1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')).toBe('bob');
    cache.invalidate('*');
    expect(cache.size).toBe(0);
    cache.store('b1', 2, 'bob', FAR, cache.startRead());
    cache.invalidate('garbage');
    expect(cache.size).toBe(0);
  });

  it('does not store a read that started before an invalidation (it may be stale)', () => {
    const { cache } = makeCache(10);
    const before = cache.startRead();
    cache.invalidate('u:1');
    cache.store('a', 1, 'alice (old)', FAR, before);
    expect(cache.get('a')).toBeUndefined();
    const after = cache.startRead();
    cache.store('a', 1, 'alice', FAR, after);
    expect(cache.get('a')).toBe('alice');
  });
});
