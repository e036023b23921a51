import { afterAll, expect, it } from 'vitest';
import { formatLoadResult, runMixedLoad, seedStudents } from '../../bench/lib/load-mix.mjs';
import { signIn, startServer } from '../support/server-process.mjs';
import { makeTempDir } from './temp-dir.js';

// The short form of bench/load.mjs (60 s there): 50 clients mixing reads and writes, zero errors.
const PASSWORD = 'System-Load-Pass-2026';
const DURATION_MS = 8_000;
const data = makeTempDir('load');
afterAll(() => data.remove());

it('50 concurrent clients mixing lists, gets, current user, creates and updates: no errors', async () => {
  const server = await startServer({ adminPassword: PASSWORD, dataDir: data.dir });
  try {
    const client = await signIn(server.url, PASSWORD);
    const prefix = `L${Date.now().toString(36)}`;
    const ids = await seedStudents(client, prefix, 20);
    const result = await runMixedLoad({ client, concurrency: 50, durationMs: DURATION_MS, prefix, ids });
    console.info(`load (PGlite, 50 clients, ${DURATION_MS / 1000} s):\n${formatLoadResult(result)}`);
    expect(result.errors).toEqual([]);
    expect(result.errorCount).toBe(0);
    expect(result.total).toBeGreaterThan(50);
    expect(result.created).toBeGreaterThan(0);
    expect(Object.keys(result.byOp).sort()).toEqual(['create', 'currentUser', 'get', 'list', 'search', 'update']);
    // The created students are all there: the list's total agrees with what was answered.
    const listed = await client.call('GET', `/educate/students?keyword=${prefix}&pageSize=1`);
    expect(listed.body.data.total).toBe(20 + result.created);
  } finally {
    expect((await server.stop()).code).toBe(0);
  }
});
