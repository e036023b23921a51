import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

// HSTS pins a host to HTTPS for a year: it must go out over TLS (directly or
// behind a trusted proxy) and never on plain HTTP, where it would mean nothing.

const HSTS = /^max-age=(\d+); includeSubDomains$/;

/** A self-signed pair made for this test only (CN=127.0.0.1, valid for a century). */
const TLS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test', 'tls');

describe('HSTS behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is sent when the proxy says the client came over HTTPS, on answers and refusals alike', async () => {
    for (const url of ['/api/health', '/api/user/currentUser']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      const value = String(res.headers['strict-transport-security'] ?? '');
      expect(value, url).toMatch(HSTS);
      expect(Number(HSTS.exec(value)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
    }
  });

  it('is not sent when the client came over plain HTTP', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.headers['strict-transport-security'], JSON.stringify(headers)).toBeUndefined();
    }
  });
});

describe('HSTS without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ignores a client-supplied X-Forwarded-Proto on plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on a real TLS connection', async () => {
    const key = path.join(TLS_DIR, 'key.pem');
    const cert = path.join(TLS_DIR, 'cert.pem');
    // The app's own router behind a TLS listener: the socket is encrypted, as when Node terminates TLS itself.
    const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => t.app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false }, (res) => {
            res.resume();
            resolve(res.headers);
          })
          .on('error', reject);
      });
      expect(String(headers['strict-transport-security'] ?? '')).toMatch(HSTS);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
