import { expect } from 'vitest';
import { signIn, studentBody, type Client, type ServerProcess } from '../support/server-process.mjs';
import type { SqlConnection } from './db-inspect.js';

export const WRITES = 200;
/** SIGKILL lands when this many creates have been answered, so most are still in flight. */
const KILL_AFTER_ANSWERS = 40;

type Outcome = { kind: 'ok'; id: number } | { kind: 'refused'; status: number; msg: string } | { kind: 'network' };

export interface KillTarget {
  password: string;
  start(): Promise<ServerProcess>;
  /** Called between the kill and the restart (e.g. to look at the stale pid file). */
  afterKill?(): void;
  /**
   * Checks the data of the restarted server; `restarted` may be stopped first
   * (PGlite has one owner).
   */
  inspect(restarted: ServerProcess, check: (sql: SqlConnection) => Promise<void>): Promise<void>;
}

/**
 * 200 concurrent student creates, SIGKILL partway, restart on the same data:
 * every create answered 201 is there with its operation-log row, and every
 * student there is whole and logged (a write and its log commit together).
 */
export async function runKillDuringWrites(target: KillTarget): Promise<void> {
  const server = await target.start();
  const client = await signIn(server.url, target.password);
  const prefix = `K${Date.now().toString(36)}`;
  const numbers = Array.from({ length: WRITES }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  const outcomes = new Map<string, Outcome>();
  let answered = 0;
  let pendingAtKill = -1;

  const writes = numbers.map(async (no) => {
    let outcome: Outcome;
    try {
      const res = await client.call('POST', '/educate/students', studentBody(no));
      outcome =
        res.status === 201 && res.body.code === 0
          ? { kind: 'ok', id: (res.body.data as { id: number }).id }
          : { kind: 'refused', status: res.status, msg: res.body.msg };
    } catch {
      outcome = { kind: 'network' };
    }
    outcomes.set(no, outcome);
    if (outcome.kind !== 'network' && ++answered === KILL_AFTER_ANSWERS) {
      pendingAtKill = WRITES - outcomes.size;
      server.child.kill('SIGKILL');
    }
  });
  await Promise.all(writes);
  const exit = await server.exited;
  expect(exit.signal, 'the server died of SIGKILL, not of something else').toBe('SIGKILL');
  expect(pendingAtKill, 'the kill landed while creates were still in flight').toBeGreaterThan(0);

  const acked = numbers.filter((no) => outcomes.get(no)?.kind === 'ok');
  const refused = [...outcomes.values()].filter((o) => o.kind === 'refused');
  expect(refused, 'no create was refused before the kill').toEqual([]);
  expect(acked.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);

  target.afterKill?.();
  const restarted = await target.start();
  await checkServes(restarted, client, target.password, prefix);

  await target.inspect(restarted, async (sql) => {
    const rows = await sql.query<{
      id: number;
      student_no: string;
      name: string;
      gender: string;
      status: string;
      grade: string;
      class_name: string;
    }>(
      `select id, student_no, name, gender, status, grade, class_name from students where student_no like $1 || '-%' order by student_no`,
      [prefix],
    );
    const logs = await sql.query<{ no: string; n: number }>(
      `select params->'body'->>'studentNo' as no, count(*)::int as n from oper_logs
        where method = 'POST' and path = '/api/educate/students' and code = 0 and params->'body'->>'studentNo' like $1 || '-%'
        group by 1`,
      [prefix],
    );
    const present = new Map(rows.map((r) => [r.student_no, r]));
    const logged = new Map(logs.map((l) => [l.no, l.n]));

    const lost = acked.filter((no) => !present.has(no));
    expect(lost, 'creates answered 201 but missing after the restart').toEqual([]);
    for (const no of acked) {
      const outcome = outcomes.get(no);
      expect(present.get(no)?.id, `${no} kept the id it was answered with`).toBe(outcome?.kind === 'ok' ? outcome.id : -1);
    }
    // Whole rows: every column as sent, and a log row with each (same transaction).
    for (const [no, r] of present) {
      const sent = studentBody(no);
      expect({ name: r.name, gender: r.gender, status: r.status, grade: r.grade, className: r.class_name }).toEqual({
        name: sent.name,
        gender: sent.gender,
        status: sent.status,
        grade: sent.grade,
        className: sent.className,
      });
      expect(logged.get(no), `${no} has exactly one operation-log row`).toBe(1);
    }
    const orphanLogs = [...logged.keys()].filter((no) => !present.has(no));
    expect(orphanLogs, 'operation-log rows of creates that are not there').toEqual([]);
    console.info(
      `kill -9 during ${WRITES} creates: ${acked.length} answered 201, ${pendingAtKill} in flight at the kill, ` +
        `${present.size} present after restart (${present.size - acked.length} committed but unanswered)`,
    );
  });
}

/** The restarted server serves: the old session still works and a new write succeeds. */
async function checkServes(server: ServerProcess, before: Client, password: string, prefix: string): Promise<void> {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  const client = await signIn(server.url, password);
  const oldSession = await fetch(`${server.url}/api/user/currentUser`, { headers: { authorization: `Bearer ${before.token}` } });
  expect(oldSession.status, 'a session created before the kill survives it').toBe(200);
  const after = await client.call('POST', '/educate/students', studentBody(`${prefix}after`));
  expect(after.status, after.body.msg).toBe(201);
}
