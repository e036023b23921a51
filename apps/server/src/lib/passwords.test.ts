import { describe, expect, it } from 'vitest';
import { hashPassword, limitParallel, verifyPassword } from './passwords.js';

describe('limitParallel', () => {
  it('runs at most max calls at once, all of them, in order of arrival', async () => {
    const limit = limitParallel(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limit(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the slot when a call fails', async () => {
    const limit = limitParallel(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('passwords through the limit', () => {
  it('hash and verify many at once, right and wrong', async () => {
    const hashed = await hashPassword('Correct-Horse-42');
    const checks = await Promise.all(Array.from({ length: 6 }, (_, i) => verifyPassword(hashed, i % 2 ? 'Correct-Horse-42' : 'wrong')));
    expect(checks).toEqual([false, true, false, true, false, true]);
  });
});
