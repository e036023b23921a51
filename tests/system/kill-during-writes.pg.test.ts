import { afterAll, beforeAll, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/server-process.mjs';
import { createScratchDatabase, openPostgres, type ScratchDatabase } from './db-inspect.js';
import { runKillDuringWrites } from './kill-scenario.js';

const PASSWORD = 'System-Kill-Pass-2026';
let scratch: ScratchDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await scratch?.drop();
});

it('PostgreSQL: kill -9 during 200 concurrent creates loses no answered write and leaves nothing half-written', async () => {
  await runKillDuringWrites({
    password: PASSWORD,
    async start() {
      const server = await startServer({ adminPassword: PASSWORD, databaseUrl: scratch.url });
      servers.push(server);
      return server;
    },
    async inspect(_restarted, check) {
      const sql = await openPostgres(scratch.url);
      try {
        await check(sql);
      } finally {
        await sql.close();
      }
    },
  });
});
