import type { RegionDetail } from '@campus/contract';
import { describe, expect, it, vi } from 'vitest';

const get = vi.hoisted(() => vi.fn());
vi.mock('./request', () => ({ request: { get } }));

const { fetchRegion } = await import('./regions-api');

const detail = (id: string, name: string): RegionDetail => ({ id, pid: null, name, path: [{ id, name }] });

describe('fetchRegion', () => {
  it("asks for a task's codes in one request, and a malformed code fails alone", async () => {
    get.mockImplementation((_url: string, params: { codes: string }) =>
      Promise.resolve({ data: params.codes.split(',').map((c) => detail(c, `name of ${c}`)) }),
    );
    const [a, bad, b] = await Promise.allSettled([fetchRegion('110105'), fetchRegion('12ab'), fetchRegion('330106')]);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/regions/paths', { codes: '110105,330106' }, { errorHandling: 'silent' });
    expect(a).toMatchObject({ status: 'fulfilled', value: { name: 'name of 110105' } });
    expect(b).toMatchObject({ status: 'fulfilled', value: { name: 'name of 330106' } });
    expect(bad.status).toBe('rejected');
  });
});
