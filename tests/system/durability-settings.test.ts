import { afterAll, expect, it } from 'vitest';
import { DURABLE, readDurabilitySettings } from './durability-settings.js';
import { makeTempDir } from './temp-dir.js';

const data = makeTempDir('durability');
afterAll(() => data.remove());

it('the embedded database runs with fsync, synchronous_commit and full_page_writes on', async () => {
  expect(await readDurabilitySettings({ DATA_DIR: data.dir })).toEqual(DURABLE);
});
