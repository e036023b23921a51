import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './db-inspect.js';
import { DURABLE, readDurabilitySettings } from './durability-settings.js';

let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
});
afterAll(async () => {
  await scratch?.drop();
});

it('PostgreSQL connections of the server run with fsync, synchronous_commit and full_page_writes on', async () => {
  expect(await readDurabilitySettings({ DATABASE_URL: scratch.url })).toEqual(DURABLE);
});
