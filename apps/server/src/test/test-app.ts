import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { memoryImageOptions } from './memory-image.js';
import { encryptLoginPassword } from '@campus/contract';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { seedIfEmpty } from '../seed/seed.js';

export const ADMIN_PASSWORD = 'Campus-Admin-Test-42';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set (CI runs the suite against both), a new PostgreSQL database dropped at close.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (baseUrl && !env.DATA_DIR) {
    const name = `cc_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const template = inject('templateDatabase');
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    DATA_DIR: ':memory:',
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent-web-dir',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase(config, undefined, config.inMemory ? memoryImageOptions() : {});
  await database.withStartupLock((db) => seedIfEmpty(db, config));
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await dropDb?.();
    },
  };
}

export const isPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export async function login(app: FastifyInstance, username: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { username, password: encryptLoginPassword(password) },
  });
}

/** Signs in and answers the token (fails the test on anything else). */
export async function getToken(app: FastifyInstance, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const res = await login(app, username, password);
  const body = res.json<{ code: number; data: string; msg: string }>();
  if (body.code !== 0) throw new Error(`login as ${username} failed: ${res.statusCode} ${body.msg}`);
  return body.data;
}

export function authed(token: string, camId?: number): Record<string, string> {
  const h: Record<string, string> = { authorization: `Bearer ${token}` };
  if (camId !== undefined) h['x-access-camid'] = String(camId);
  return h;
}

/** Tests name methods as the route table does (any string); the injector's type lists them. */
export type CallOptions = Omit<InjectOptions, 'method'> & { method?: string };

export async function call(app: FastifyInstance, opts: CallOptions) {
  const res = await app.inject(opts as InjectOptions);
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: unknown }>(), headers: res.headers };
}

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(filename: string, content: Buffer | string, field = 'file') {
  const boundary = `----cc${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls to /api/educate as one signed-in user in English; `ctx` is read on each
 * call, so files can fill the token and campus in beforeAll.
 */
export function educateClient(ctx: () => { app: FastifyInstance; token: string; camId: number }) {
  const api = (method: Method, url: string, payload?: unknown, cam?: number) => {
    const { app, token, camId } = ctx();
    return call(app, {
      method,
      url: `/api/educate${url}`,
      headers: { ...authed(token, cam ?? camId), 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  /** Creates a resource and answers its id; anything but 201 fails the test. */
  const create = async (path: string, body: Record<string, unknown>, cam?: number): Promise<number> => {
    const res = await api('POST', path, body, cam);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.body.msg}`);
    return (res.body.data as { id: number }).id;
  };
  return { api, create };
}
