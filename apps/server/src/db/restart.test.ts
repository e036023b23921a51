import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { authed, call, getToken } from '../test/test-app.js';
import { openDatabase } from './client.js';
import { seedIfEmpty } from '../seed/seed.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-data-'));
const baseUrl = process.env.TEST_DATABASE_URL;
const dbName = `cc_restart_${Date.now()}`;
let databaseUrl: string | undefined;

beforeAll(async () => {
  if (!baseUrl) return;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${dbName}` }).toString();
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (!baseUrl) return;
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
});

async function start() {
  const config = loadConfig({
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIR: '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  const seed = await database.withStartupLock((db) => seedIfEmpty(db, config));
  const app = await buildApp(config, database);
  return { app, seed };
}

describe(`restart on the same data (${baseUrl ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  it('generates the admin password once, keeps data and sessions across a restart', async () => {
    const first = await start();
    expect(first.seed.seeded).toBe(true);
    const password = first.seed.generatedAdminPassword ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const file = path.join(dir, 'initial-admin-password');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const token = await getToken(first.app, 'admin', password);

    if (!databaseUrl) {
      // PGlite has one owner: a second server on the same DATA_DIR is refused, not allowed to corrupt it.
      await expect(openDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }))).rejects.toThrow(/in use by another server/);
    }
    await first.app.close();

    const second = await start();
    expect(second.seed).toEqual({ seeded: false });
    const me = await call(second.app, { method: 'GET', url: '/api/user/currentUser', headers: authed(token) });
    expect(me.status).toBe(200);
    expect((me.body.data as { username: string }).username).toBe('admin');
    await second.app.close();
  });
});
