import { decryptLoginPassword } from '@campus/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The key and IV come from the server (GET /api/login/cipher), not from the bundle.
const KEY = 'OtherKey-16bytes';
const IV = 'OtherIV-16-bytes';
const get = vi.fn((_url: string) =>
  Promise.resolve({ code: 0, msg: 'ok', data: { algorithm: 'AES-128-CBC', padding: 'PKCS7', key: KEY, iv: IV } }),
);
vi.mock('./request', () => ({ request: { get: (url: string) => get(url) } }));

afterEach(() => get.mockClear());

describe('encryptPassword', () => {
  it("encrypts with the running server's key and IV, asked once", async () => {
    const { encryptPassword } = await import('./crypto');
    const cipher = await encryptPassword('s3cret-Pass!');
    expect(cipher).not.toContain('s3cret');
    expect(decryptLoginPassword(cipher, KEY, IV)).toBe('s3cret-Pass!');
    expect(decryptLoginPassword(cipher)).not.toBe('s3cret-Pass!');
    await encryptPassword('again-Pass-1');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/login/cipher');
  });
});
