import { describe, expect, it } from 'vitest';
import { createBatchLoader, NotFoundInBatchError } from './batch-loader';

/** A loader over a fixed table that records each call's keys. */
function recordingLoader(table: Record<string, string>, maxBatch = 100) {
  const calls: string[][] = [];
  const load = createBatchLoader(async (keys) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k] as string]));
  }, maxBatch);
  return { load, calls };
}

describe('createBatchLoader', () => {
  it('loads the keys asked for in one task with one call, each key once, and answers every caller', async () => {
    const { load, calls } = recordingLoader({ a: 'A', b: 'B', c: 'C' });
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('c')]);
    expect(answers).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('rejects a key the answer leaves out, and only that key', async () => {
    const { load } = recordingLoader({ a: 'A' });
    const [a, x] = await Promise.allSettled([load('a'), load('x')]);
    expect(a).toEqual({ status: 'fulfilled', value: 'A' });
    expect(x.status).toBe('rejected');
    expect((x as PromiseRejectedResult).reason).toBeInstanceOf(NotFoundInBatchError);
  });

  it('splits a large batch into calls of at most maxBatch keys', async () => {
    const table = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, `v${i}`]));
    const { load, calls } = recordingLoader(table, 2);
    expect(await Promise.all(Object.keys(table).map(load))).toEqual(Object.values(table));
    expect(calls).toEqual([['k0', 'k1'], ['k2', 'k3'], ['k4']]);
  });

  it('asks again in a later task, and a failed call rejects its keys with its error', async () => {
    const { load, calls } = recordingLoader({ a: 'A' });
    await load('a');
    await load('a');
    expect(calls).toHaveLength(2);
    const failing = createBatchLoader<string>(() => Promise.reject(new Error('offline')), 10);
    await expect(failing('a')).rejects.toThrow('offline');
  });
});
