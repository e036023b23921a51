import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from './migrations-dir.js';
import { createDurablePglite, isTemplateCurrent, openEmbeddedCluster, writePgliteTemplate } from './pglite-durable.js';

let dir: string;
let db: PGlite;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-durable-'));
  db = await createDurablePglite(path.join(dir, 'pglite'));
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('runs with fsync and synchronous commit on, flushing the WAL with fsync()', async () => {
  const show = async (name: string) => (await db.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
  expect(await show('fsync')).toBe('on');
  expect(await show('synchronous_commit')).toBe('on');
  expect(await show('full_page_writes')).toBe('on');
  expect(await show('wal_sync_method')).toBe('fsync');
});

it('each commit reaches the disk: a real fsync per committed transaction', async () => {
  await db.exec('create table durable_probe (id serial primary key, v text)');
  const spy = vi.spyOn(fs, 'fsyncSync');
  try {
    for (let i = 0; i < 5; i++) await db.query('insert into durable_probe (v) values ($1)', [`v${i}`]);
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(5);
  } finally {
    spy.mockRestore();
  }
});

describe('a first start', () => {
  it('skips fsync until it is finished, then syncs and drops its marker', async () => {
    const clusterDir = path.join(dir, 'first');
    const marker = `${clusterDir}.first-start-unfinished`;
    const cluster = await openEmbeddedCluster(clusterDir);
    try {
      expect(cluster.isNew).toBe(true);
      expect(fs.existsSync(marker)).toBe(true);
      const spy = vi.spyOn(fs, 'fsyncSync');
      try {
        await cluster.client.exec('create table early (id int); insert into early values (1)');
        expect(spy).not.toHaveBeenCalled();
        await cluster.finishFirstStart();
        expect(fs.existsSync(marker)).toBe(false);
        spy.mockClear();
        await cluster.client.query('insert into early values (2)');
        expect(spy.mock.calls.length).toBeGreaterThanOrEqual(1);
      } finally {
        spy.mockRestore();
      }
    } finally {
      await cluster.client.close();
    }
    const again = await openEmbeddedCluster(clusterDir);
    expect(again.isNew).toBe(false);
    expect((await again.client.query<{ n: number }>('select count(*)::int as n from early')).rows[0]?.n).toBe(2);
    await again.client.close();
  });

  it('that never finished is made again from empty on the next start', async () => {
    const clusterDir = path.join(dir, 'unfinished');
    const cluster = await openEmbeddedCluster(clusterDir);
    await cluster.client.exec('create table half_seeded (id int)');
    await cluster.client.close(); // the process died before finishFirstStart
    const again = await openEmbeddedCluster(clusterDir);
    expect(again.isNew).toBe(true);
    expect((await again.client.query(`select 1 from pg_class where relname = 'half_seeded'`)).rows).toEqual([]);
    await again.finishFirstStart();
    await again.client.close();
  });
});

describe('the template of a new cluster', () => {
  it('holds every migration applied, and is stale once a migration changes', async () => {
    const file = path.join(dir, 'template.tar.gz');
    const migrations = path.join(dir, 'migrations');
    fs.cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    expect(isTemplateCurrent(file, migrations)).toBe(false);
    await writePgliteTemplate(file, migrations);
    expect(isTemplateCurrent(file, migrations)).toBe(true);

    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const unpacked = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      const applied = async () =>
        (await unpacked.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n;
      expect(await applied()).toBe(journal.entries.length);
      expect((await unpacked.query(`select 1 from pg_class where relname = 'students'`)).rows).toHaveLength(1);
      // A start on it finds nothing left to apply.
      await migrate(drizzle({ client: unpacked }), { migrationsFolder: migrations });
      expect(await applied()).toBe(journal.entries.length);
    } finally {
      await unpacked.close();
    }

    const last =
      fs
        .readdirSync(migrations)
        .filter((n) => n.endsWith('.sql'))
        .sort()
        .at(-1) ?? '';
    fs.appendFileSync(path.join(migrations, last), '\n-- changed\n');
    expect(isTemplateCurrent(file, migrations)).toBe(false);
  }, 60_000);
});
