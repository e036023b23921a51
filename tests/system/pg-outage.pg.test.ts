import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, studentBody, type Client, type ServerProcess } from '../support/server-process.mjs';
import { createScratchDatabase, openPostgres, type ScratchDatabase } from './db-inspect.js';
import { startOwnCluster, type OwnCluster } from './pg-cluster.js';
import { sleep, startLoadLoop, type Sample } from './request-log.js';

// A cluster of this file's own: the test stops and starts it under load.
const PASSWORD = 'System-Outage-Pass-2026';
const FAIL_FAST_MS = 5_000;
const RECOVER_MS = 10_000;

let cluster: OwnCluster;
const servers: ServerProcess[] = [];
const scratch: ScratchDatabase[] = [];

async function serve(env: Record<string, string> = {}): Promise<{ server: ServerProcess; client: Client; dbUrl: string }> {
  const db = await createScratchDatabase(cluster.url);
  scratch.push(db);
  const server = await startServer({ adminPassword: PASSWORD, databaseUrl: db.url, env });
  servers.push(server);
  return { server, client: await signIn(server.url, PASSWORD), dbUrl: db.url };
}

beforeAll(async () => {
  cluster = await startOwnCluster();
});
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  await cluster?.destroy();
});

const isEnvelope503 = (s: Sample) => s.status === 503 && typeof s.code === 'number' && s.code !== 0 && s.msg.length > 0;
const describeSample = (s: Sample) => `${s.op} ${s.status} ${Math.round(s.end - s.start)}ms ${s.error ?? s.msg}`;

describe('PostgreSQL outages', () => {
  it('database stopped under load: 503 envelopes within 5 s, the process stays up, service back within 10 s of the restart', async () => {
    const { server, client } = await serve();
    const prefix = `O${Date.now().toString(36)}`;
    const load = startLoadLoop(client, 20, (w, n) => {
      if (n % 3 === 0) return { op: 'create', method: 'POST', path: '/educate/students', body: studentBody(`${prefix}-${w}-${n}`) };
      if (n % 3 === 1) return { op: 'list', method: 'GET', path: '/educate/students?pageSize=20' };
      return { op: 'currentUser', method: 'GET', path: '/user/currentUser' };
    });
    await sleep(2_000);
    const stopping = performance.now();
    await cluster.stop();
    const down = performance.now();
    await sleep(4_000);
    expect(server.child.exitCode, `the server died with the database:\n${server.output().slice(-4000)}`).toBeNull();
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    const starting = performance.now();
    await cluster.start();
    const up = performance.now();
    await sleep(RECOVER_MS + 3_000);
    await load.stop();

    const all = load.samples;
    const hangsOrDrops = all.filter((s) => s.error !== null);
    expect(hangsOrDrops.map(describeSample), 'every request got an HTTP answer').toEqual([]);
    const odd = all.filter((s) => !(s.status >= 200 && s.status < 300) && !isEnvelope503(s));
    expect(odd.map(describeSample), 'answers are 2xx or a 503 envelope').toEqual([]);

    const before = all.filter((s) => s.end < stopping);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status < 300)).toBe(true);

    const duringOutage = all.filter((s) => s.start > down && s.end < starting);
    expect(duringOutage.length, 'requests were made while the database was down').toBeGreaterThan(0);
    expect(duringOutage.filter((s) => s.status !== 503).map(describeSample)).toEqual([]);
    const slow = all.filter((s) => s.status === 503 && s.end - s.start >= FAIL_FAST_MS);
    expect(slow.map(describeSample), '503s answer within 5 s').toEqual([]);
    expect(server.child.exitCode, 'the server process stays up').toBeNull();

    const afterRecovery = all.filter((s) => s.start > up + RECOVER_MS);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((s) => s.status >= 300).map(describeSample), 'all well 10 s after the restart').toEqual([]);
    const lastFailure = Math.max(...all.filter((s) => s.status >= 300).map((s) => s.end));
    console.info(
      `outage: ${duringOutage.length} requests answered 503 while down (max ${Math.round(Math.max(...duringOutage.map((s) => s.end - s.start)))} ms); ` +
        `last failure ${Math.round(lastFailure - up)} ms after the database was back; ${all.length} requests in all`,
    );
  });

  it('pool exhaustion: waits are bounded and end in 503, never a hang; service resumes when the blocker goes', async () => {
    const { server, client, dbUrl } = await serve({ DB_POOL_MAX: '2', DB_CONNECT_TIMEOUT_MS: '1000', DB_STATEMENT_TIMEOUT_MS: '2000' });
    const blocker = await openPostgres(dbUrl);
    try {
      // Every student query now waits on the lock, holding a pool connection while it does.
      await blocker.query('begin');
      await blocker.query('lock table students in access exclusive mode');
      const answers = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const start = performance.now();
          try {
            const res = await client.call('GET', '/educate/students?pageSize=5', undefined, AbortSignal.timeout(20_000));
            return { status: res.status, code: res.body.code, msg: res.body.msg, ms: performance.now() - start, error: null };
          } catch (err) {
            return { status: 0, code: null, msg: '', ms: performance.now() - start, error: String(err) };
          }
        }),
      );
      expect(answers.filter((a) => a.error !== null || a.status !== 503 || typeof a.code !== 'number' || !a.msg)).toEqual([]);
      // Bounded: a pool wait (1 s) and a statement timeout (2 s) at most, with room for a busy machine.
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(10_000);
      console.info(`pool exhaustion: 30 requests, all 503, slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms`);
    } finally {
      await blocker.query('rollback');
      await blocker.close();
    }
    const after = await client.call('GET', '/educate/students?pageSize=5');
    expect(after.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
