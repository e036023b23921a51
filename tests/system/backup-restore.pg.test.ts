import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, startServer, studentBody, type ServerProcess } from '../support/server-process.mjs';
import { checksumTables, createScratchDatabase, openPostgres, type ScratchDatabase, type TableSum } from './db-inspect.js';
import { changedTables, runDbScript } from './run-script.js';
import { makeTempDir } from './temp-dir.js';

const PASSWORD = 'System-Backup-Pass-2026';
const temp = makeTempDir('backup-pg');
let scratch: ScratchDatabase;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await scratch?.drop();
  temp.remove();
});

async function snapshot(url: string): Promise<Record<string, TableSum>> {
  const sql = await openPostgres(url);
  try {
    return await checksumTables(sql);
  } finally {
    await sql.close();
  }
}

async function serve(seedDemo = false) {
  const server = await startServer({ adminPassword: PASSWORD, databaseUrl: scratch.url, seedDemo });
  servers.push(server);
  return { server, client: await signIn(server.url, PASSWORD) };
}

it('PostgreSQL: npm run backup / restore round trip gives back every table; restore refuses while a server is connected', async () => {
  const file = path.join(temp.dir, 'campus.dump');
  const first = await serve(true);
  expect((await first.client.call('POST', '/educate/students', studentBody('BK-0001'))).status).toBe(201);
  expect((await first.server.stop()).code).toBe(0);

  const before = await snapshot(scratch.url);
  expect(Object.values(before).filter((s) => s.rows > 0).length, 'the demo data fills most tables').toBeGreaterThanOrEqual(15);
  const backup = await runDbScript('backup', [file], { DATABASE_URL: scratch.url });
  expect(backup.code, backup.stderr).toBe(0);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

  // Change the data after the backup; with the server still connected, restore refuses.
  const second = await serve();
  expect((await second.client.call('POST', '/educate/students', studentBody('BK-0002'))).status).toBe(201);
  const refused = await runDbScript('restore', [file], { DATABASE_URL: scratch.url });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('server is connected');
  expect((await second.server.stop()).code).toBe(0);
  expect(changedTables(before, await snapshot(scratch.url))).toEqual(expect.arrayContaining(['public.students', 'public.oper_logs']));

  const wrongKind = await runDbScript('restore', [file], { DATA_DIR: path.join(temp.dir, 'data') });
  expect(wrongKind.code).toBe(2);
  expect(wrongKind.stderr).toContain('is a backup of a PostgreSQL database');

  const restore = await runDbScript('restore', [file], { DATABASE_URL: scratch.url });
  expect(restore.code, restore.stderr).toBe(0);
  expect(changedTables(before, await snapshot(scratch.url)), 'tables that differ from the backup after the restore').toEqual([]);

  const third = await serve();
  const found = await third.client.call('GET', '/educate/students?keyword=BK-&pageSize=10');
  expect(found.body.data.list.map((s: { studentNo: string }) => s.studentNo)).toEqual(['BK-0001']);
  expect((await third.server.stop()).code).toBe(0);
});
