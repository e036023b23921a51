import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Database } from './client.js';
import { queryRows } from './query.js';
import { users } from './schema/system.js';
import { seedIfEmpty } from '../seed/seed.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { memoryImageOptions } from '../test/memory-image.js';

let t: TestApp;
const extra: Database[] = [];
afterAll(async () => {
  for (const d of extra) await d.close();
  await t?.close();
});

describe('start-up: migrate and seed', () => {
  it('is safe to run twice and when two instances start at once: one seed, migrations applied once', async () => {
    t = await createTestApp();
    const url = t.config.databaseUrl;
    // PostgreSQL: two more pools, as two more instances would open. PGlite: one owner, so the same handle.
    const others = url
      ? await Promise.all(
          [0, 1].map(() => openDatabase(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Another-admin-pass-1' }))),
        )
      : [t.database, t.database];
    if (url) extra.push(...others);
    const results = await Promise.all(others.map((d) => d.withStartupLock((db) => seedIfEmpty(db, t.config))));
    expect(results.every((r) => !r.seeded)).toBe(true);
    const [n] = await t.database.db.select({ n: count() }).from(users);
    expect(n?.n).toBe(1);
    const migrations = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const files = fs.readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) => f.endsWith('.sql'));
    expect(migrations[0]?.n).toBe(files.length);
  });

  it('seeds exactly once when two instances race on an empty database', async () => {
    const url = t.config.databaseUrl;
    if (!url) {
      // PGlite has one owner process (the pid lock); two concurrent seeds on it must still give one admin.
      const fresh = await openDatabase(
        loadConfig({ DATA_DIR: ':memory:', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Race-admin-pass-1' }),
        undefined,
        memoryImageOptions(),
      );
      extra.push(fresh);
      const cfg = loadConfig({ DATA_DIR: ':memory:', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Race-admin-pass-1' });
      const results = await Promise.all([fresh, fresh].map((d) => d.withStartupLock((db) => seedIfEmpty(db, cfg))));
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const [n] = await fresh.db.select({ n: count() }).from(users);
      expect(n?.n).toBe(1);
      return;
    }
    const admin = await openDatabase(loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }));
    extra.push(admin);
    const name = `cc_race_${Date.now()}`;
    await admin.db.execute(sql.raw(`create database ${name}`));
    const raceUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
    const cfg = loadConfig({ DATABASE_URL: raceUrl, SEED_DEMO: 'false', ADMIN_PASSWORD: 'Race-admin-pass-1', LOG_LEVEL: 'silent' });
    const dbs = await Promise.all([0, 1, 2].map(() => openDatabase(cfg)));
    try {
      const results = await Promise.all(dbs.map((d) => d.withStartupLock((db) => seedIfEmpty(db, cfg))));
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const [n] = await dbs[0]!.db.select({ n: count() }).from(users);
      expect(n?.n).toBe(1);
    } finally {
      for (const d of dbs) await d.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    }
  });
});
