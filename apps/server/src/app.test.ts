import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, call, createTestApp, getToken, type TestApp } from './test/test-app.js';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Campus Console</title><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIR: webDir, BODY_LIMIT: '2048' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('HTTP surface', () => {
  it('answers the health check without a token', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' } });
  });

  it('answers unknown /api paths with the 404 envelope naming the URL', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/no/such/thing?x=1', headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(res.body.msg).toContain('/api/no/such/thing');
    const post = await call(t.app, { method: 'POST', url: '/api/nothing' });
    expect(post.status).toBe(404);
  });

  it('serves index.html for any other GET path (SPA fallback) and assets with long caching', async () => {
    for (const url of ['/', '/login', '/educate/student?page=2', '/system/role/3/perm']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed asset the client accepts, and the plain one otherwise', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps sending the build it started with when the files change under it, and answers revalidation with 304', async () => {
    const brFile = path.join(webDir, 'assets', 'app-abc123.js.br');
    const original = fs.readFileSync(brFile);
    fs.writeFileSync(brFile, zlib.brotliCompressSync('console.log(2)'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
      const etag = String(res.headers.etag);
      expect(etag).not.toBe('undefined');
      const again = await t.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'br', 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    } finally {
      fs.writeFileSync(brFile, original);
    }
  });

  it('answers a missing asset with 404, not index.html, and serves the other built files', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/assets/old-build-xyz.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
    // A file beside the web root must stay out of reach, however the path is spelt.
    const secret = path.join(path.dirname(webDir), `${path.basename(webDir)}-secret.txt`);
    fs.writeFileSync(secret, 'not for the web');
    try {
      const name = path.basename(secret);
      for (const url of [
        `/assets/../../${name}`,
        `/assets/%2e%2e/%2e%2e/${name}`,
        `/assets/..%2f..%2f${name}`,
        `/assets/..%5c..%5c${name}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.body, url).not.toContain('not for the web');
        expect(res.statusCode, url).toBeLessThan(500);
      }
    } finally {
      fs.rmSync(secret);
    }
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('sends security headers and no x-powered-by; CSP forbids inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/user/currentUser', '/api/user/menuList', '/api/health']),
    );
    expect(json.paths['/api/login']?.post?.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('refuses a body over the limit with 413 and bad JSON with 400, in the envelope', async () => {
    const big = await call(t.app, { method: 'POST', url: '/api/login', payload: { username: 'a'.repeat(5000), password: 'x' } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(413);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });

  it('refuses unknown fields in a body, naming them', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en-US' },
      payload: { username: 'admin', password: 'x', cam_id: 2 },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('cam_id');
  });

  it('answers 503 in the envelope to new requests once shutdown has begun', async () => {
    const token = await getToken(t.app);
    t.app.isClosing = true;
    try {
      const res = await call(t.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(503);
      expect(res.headers.connection).toBe('close');
    } finally {
      t.app.isClosing = false;
    }
  });
});
