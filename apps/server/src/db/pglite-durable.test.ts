import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDurablePglite, openEmbeddedCluster } from './pglite-durable.js';

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
