import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDurablePglite } from './pglite-durable.js';

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
