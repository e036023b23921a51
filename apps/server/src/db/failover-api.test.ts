import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase } from './client.js';

// A multi-host DATABASE_URL none of whose hosts answers (the moment between a
// primary's death and a standby's promotion): the app answers 503 with
// Retry-After at once, and health says the database is unavailable.

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const CONNECT_TIMEOUT_MS = 1_000;
let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  const [a, b] = [await closedPort(), await closedPort()];
  const config = loadConfig({
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent-web-dir',
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${a},127.0.0.1:${b}/campus?target_session_attrs=read-write`,
  });
  const database = await openDatabase(config, (level, msg) => void logs.push(`${level} ${msg}`));
  app = await buildApp(config, database);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('no host accepts writes', () => {
  it('health answers 503 with Retry-After, well within the connect timeout', async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 500);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
  });

  it('a request that needs the database answers the 503 envelope with Retry-After, fast once the hosts are known down', async () => {
    await app.inject({ method: 'GET', url: '/api/health' });
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/user/currentUser', headers: { authorization: `Bearer ${'a'.repeat(43)}` } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
  });

  it('says so in the log once, not once per attempt', async () => {
    await new Promise((r) => setTimeout(r, 1_500));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^warn database: no host with target_session_attrs=read-write among 127\.0\.0\.1:\d+, 127\.0\.0\.1:\d+ yet/);
  });
});
