import { encryptLoginPassword } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app.js';

// LOGIN_AES_KEY/IV are one setting: the server serves them to the sign-in form.

const KEY = 'Deploy-Key-0042!';
const IV = 'Deploy-IV-0042!!';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_AES_KEY: KEY, LOGIN_AES_IV: IV });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/login/cipher', () => {
  it('answers the configured key and IV without a token, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login/cipher' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { algorithm: 'AES-128-CBC', padding: 'PKCS7', key: KEY, iv: IV } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is what sign-in decrypts with: the served values work, the defaults do not', async () => {
    const { key, iv } = (await t.app.inject({ method: 'GET', url: '/api/login/cipher' })).json<{ data: { key: string; iv: string } }>()
      .data;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: encryptLoginPassword(ADMIN_PASSWORD, key, iv) },
    });
    expect(ok.json()).toMatchObject({ code: 0 });
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: encryptLoginPassword(ADMIN_PASSWORD) },
    });
    expect(stale.json<{ code: number }>().code).not.toBe(0);
  });
});
