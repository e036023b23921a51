import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { signIn, startServer, studentBody } from '../support/server-process.mjs';
import { checksumTables, openPgliteDir, type TableSum } from './db-inspect.js';
import { changedTables, runDbScript } from './run-script.js';
import { makeTempDir } from './temp-dir.js';

const PASSWORD = 'System-Backup-Pass-2026';
const data = makeTempDir('backup-pglite');
afterAll(() => data.remove());

async function snapshot(dataDir: string): Promise<Record<string, TableSum>> {
  const sql = await openPgliteDir(dataDir);
  try {
    return await checksumTables(sql);
  } finally {
    await sql.close();
  }
}

it('embedded database: npm run backup / restore round trip gives back every table, and both refuse while the server runs', async () => {
  const dataDir = path.join(data.dir, 'data');
  const file = path.join(data.dir, 'campus.backup.tgz');
  const server = await startServer({ adminPassword: PASSWORD, dataDir, seedDemo: true });
  const client = await signIn(server.url, PASSWORD);
  expect((await client.call('POST', '/educate/students', studentBody('BK-0001'))).status).toBe(201);

  const refused = await runDbScript('backup', [file], { DATA_DIR: dataDir });
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('in use by a running server');
  expect(fs.existsSync(file)).toBe(false);
  const refusedRestore = await runDbScript('restore', [file], { DATA_DIR: dataDir });
  expect(refusedRestore.code).toBe(2);
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  expect((await server.stop()).code).toBe(0);

  const before = await snapshot(dataDir);
  const populated = Object.entries(before).filter(([, s]) => s.rows > 0);
  expect(populated.length, 'the demo data fills most tables').toBeGreaterThanOrEqual(15);

  const backup = await runDbScript('backup', [file], { DATA_DIR: dataDir });
  expect(backup.code, backup.stderr).toBe(0);
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  // Change the data after the backup: the restore must undo it.
  const again = await startServer({ adminPassword: PASSWORD, dataDir });
  const c2 = await signIn(again.url, PASSWORD);
  expect((await c2.call('POST', '/educate/students', studentBody('BK-0002'))).status).toBe(201);
  expect((await again.stop()).code).toBe(0);
  const changed = changedTables(before, await snapshot(dataDir));
  expect(changed).toEqual(expect.arrayContaining(['public.students', 'public.oper_logs', 'public.sessions']));

  const wrongKind = await runDbScript('restore', [file], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  expect(wrongKind.code).toBe(2);
  expect(wrongKind.stderr).toContain('is a backup of an embedded database');

  const restore = await runDbScript('restore', [file], { DATA_DIR: dataDir });
  expect(restore.code, restore.stderr).toBe(0);
  expect(changedTables(before, await snapshot(dataDir)), 'tables that differ from the backup after the restore').toEqual([]);
  expect(fs.readdirSync(dataDir).some((n) => n.startsWith('pglite.before-restore-'))).toBe(true);

  // The restored directory serves: sign-in works, the post-backup student is gone.
  const restored = await startServer({ adminPassword: PASSWORD, dataDir });
  const c3 = await signIn(restored.url, PASSWORD);
  const found = await c3.call('GET', '/educate/students?keyword=BK-&pageSize=10');
  expect(found.body.data.list.map((s: { studentNo: string }) => s.studentNo)).toEqual(['BK-0001']);
  expect((await restored.stop()).code).toBe(0);
});
