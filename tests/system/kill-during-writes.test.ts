import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../support/server-process.mjs';
import { openPgliteDir } from './db-inspect.js';
import { runKillDuringWrites } from './kill-scenario.js';
import { makeTempDir } from './temp-dir.js';

const PASSWORD = 'System-Kill-Pass-2026';
const data = makeTempDir('kill-pglite');
afterAll(() => data.remove());

it('PGlite: kill -9 during 200 concurrent creates loses no answered write and leaves nothing half-written', async () => {
  await runKillDuringWrites({
    password: PASSWORD,
    start: () => startServer({ adminPassword: PASSWORD, dataDir: data.dir }),
    afterKill() {
      // The dead server's pid lock is still there; the restart must take it over.
      expect(fs.existsSync(path.join(data.dir, 'server.pid'))).toBe(true);
    },
    async inspect(restarted, check) {
      expect((await restarted.stop()).code).toBe(0);
      const sql = await openPgliteDir(data.dir);
      try {
        await check(sql);
      } finally {
        await sql.close();
      }
    },
  });
});
