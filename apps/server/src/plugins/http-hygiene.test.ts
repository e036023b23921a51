import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampusIds } from '../test/fixtures.js';
import { authed, createTestApp, getToken, type TestApp } from '../test/test-app.js';
import { pickEncoding, PERMISSIONS_POLICY } from './http-hygiene.js';
import { isNotAPage } from './web.js';

// Each HTTP hygiene point of issue 17, against the whole app with a web build in a temp folder.

let t: TestApp;
let token: string;
let cam: number;
let webDir: string;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(webDir, '.env'), 'SECRET=1');
  t = await createTestApp({ WEB_DIR: webDir });
  token = await getToken(t.app);
  [cam = 0] = await getCampusIds(t.database.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on authenticated answers, refusals and exports', async () => {
    const asks = [
      { url: '/api/user/currentUser', headers: authed(token) },
      { url: '/api/user/currentUser', headers: {} },
      { url: '/api/educate/students?page=1', headers: authed(token, cam) },
      { url: '/api/educate/students/export?format=csv', headers: authed(token, cam) },
      { url: '/api/educate/teachers/export?format=xlsx', headers: authed(token, cam) },
      { url: '/api/system/operlogs/export?format=csv', headers: authed(token) },
      { url: '/api/nothing-here', headers: {} },
    ];
    for (const ask of asks) {
      const res = await t.app.inject({ method: 'GET', ...ask });
      expect(res.headers['cache-control'], ask.url).toBe('no-store');
    }
  });
});

describe('robots.txt and files that are not pages', () => {
  it('serves a robots.txt that disallows everything', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
  });

  it.each([
    '/.env',
    '/.git/config',
    '/.well-known/security.txt',
    '/%2egit/HEAD',
    '/wp-login.php',
    '/x/y.map',
    '/favicon.ico',
    '/backup.zip',
  ])('%s is a 404, not the app page', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.body).not.toContain('SECRET');
  });

  it('still answers pages (deep links) with the app and real files with themselves', async () => {
    for (const url of ['/', '/login', '/educate/student', '/educate/course/12/edit']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
  });

  it('tells pages from files by the last segment', () => {
    expect(isNotAPage('/educate/student')).toBe(false);
    expect(isNotAPage('/a/.hidden/b')).toBe(true);
    expect(isNotAPage('/%E0%A4%A')).toBe(true);
  });
});

describe('405 with Allow', () => {
  it.each([
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['PUT', '/api/educate/students', 'GET, HEAD, POST, DELETE'],
    ['PATCH', '/api/educate/students/12', 'GET, HEAD, PUT, DELETE'],
    ['GET', '/api/login', 'POST'],
    ['POST', '/robots.txt', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toMatchObject({ code: 405, msg: expect.stringContaining(`does not take ${method}`) });
  });

  it('an unknown path is still a 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('JSON compression', () => {
  const big = { method: 'GET' as const, url: '/api/system/perms' };

  it('compresses JSON with br or gzip when asked, and says so', async () => {
    const plain = await t.app.inject({ ...big, headers: authed(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [asked, got, inflate] of [
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({ ...big, headers: { ...authed(token), 'accept-encoding': asked } });
      expect(res.headers['content-encoding'], asked).toBe(got);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(inflate(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves small answers and non-JSON alone', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/export?format=csv',
      headers: { ...authed(token, cam), 'accept-encoding': 'gzip' },
    });
    expect(csv.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as RFC 9110 does', () => {
    expect(pickEncoding('br')).toBe('br');
    expect(pickEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('Permissions-Policy and HSTS', () => {
  it('sends a Permissions-Policy on API answers and pages', async () => {
    for (const url of ['/api/health', '/login', '/robots.txt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()');
  });

  it('HSTS=always sends it on plain HTTP (behind a TLS proxy that does not say so), with the configured max-age', async () => {
    const always = await createTestApp({ HSTS: 'always', HSTS_MAX_AGE: '63072000' });
    try {
      const res = await always.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      await always.close();
    }
  });

  it('HSTS=off never sends it, even when a trusted proxy says HTTPS', async () => {
    const off = await createTestApp({ HSTS: 'off', TRUST_PROXY: 'true' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it('the default (auto) does not send it on plain HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
