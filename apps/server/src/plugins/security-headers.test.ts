import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { computeSecurityHeaders } from './security-headers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it("are helmet's: its defaults, the CSP asked for, no HSTS when turned off", () => {
    const headers = computeSecurityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      hsts: false,
    });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'") as string,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
    });
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(computeSecurityHeaders({})['strict-transport-security']).toMatch(/max-age=/);
  });

  it('refuses a bad directive at start-up, not per request', () => {
    expect(() => computeSecurityHeaders({ contentSecurityPolicy: { directives: { 'default-src': ["'self';"] } } })).toThrow();
  });

  it('come with every answer: API, not-found, static fallback', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});
