import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { changedTables, takeChecksums } from './db-checksum.js';
import { kindOf, listOperations, type OpenApiDoc, type Operation } from './fuzz-cases.js';
import { send, type Answer } from './send.js';
import { routeKey, VALID_REQUESTS } from './valid-requests.js';
import { buildWorld, type World } from './world.js';

// Sort, filter and keyword parameters of every list route get SQL: a sort
// outside the allow-list is a 400, a filter is matched as text (no extra
// rows) or refused by its own rule, and nothing runs: a 5 s sleep that executed would show in the time.

const SLEEP_S = 5;
/** Well under the sleep: a correctness bound (the sleep did not run), not a speed target. */
const NO_SLEEP_MS = 2_500;

const PAYLOADS = [
  'case when (select 1)=1 then id else name end',
  `id;select pg_sleep(${SLEEP_S})`,
  `name desc nulls first, (select pg_sleep(${SLEEP_S}))`,
  `name:asc;select pg_sleep(${SLEEP_S})`,
  `name:asc,(select pg_sleep(${SLEEP_S}))`,
  `'; select pg_sleep(${SLEEP_S}); --`,
  `' || (select pg_sleep(${SLEEP_S}))::text || '`,
  `1) or pg_sleep(${SLEEP_S}) is not null --`,
  "%' or '1'='1",
  "' or 1=1 --",
  '\\',
  '%',
  '_',
  '"; drop table users; --',
];
/** Matches no record of the world: the baseline a filter payload is compared with. */
const NO_MATCH = 'zqzq-matches-nothing';

let t: TestApp;
let w: World;
let ops: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  ops = listOperations(res.json<OpenApiDoc>());
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** Records in an answer: objects with an id anywhere in the JSON, or CSV rows. */
function countRows(res: Answer): number {
  if (!res.json) return res.text.trim().split('\n').length - 1;
  let n = 0;
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if ('id' in v) n++;
      Object.values(v).forEach(walk);
    }
  };
  walk(res.json.data);
  return n;
}

interface Target {
  op: Operation;
  param: string;
  /** sort and enums: the allow-list refuses; free text: matched as text. */
  isAllowList: boolean;
}

function targets(): Target[] {
  const list: Target[] = [];
  for (const op of ops) {
    if (op.method !== 'GET') continue;
    for (const q of op.query) {
      const kind = kindOf(q.schema);
      if (q.name === 'sort' || q.name === 'order') list.push({ op, param: q.name, isAllowList: true });
      else if (kind === 'string') list.push({ op, param: q.name, isAllowList: false });
    }
  }
  return list;
}

describe('SQL in sort, filter and keyword parameters', () => {
  it('finds the list routes in the document', () => {
    const found = targets();
    const sorts = found.filter((x) => x.param === 'sort').map((x) => x.op.url);
    // Every paged list of the educate and system areas sorts by an allow-list.
    expect(sorts).toEqual(
      expect.arrayContaining(['/api/educate/students', '/api/educate/courses', '/api/system/users', '/api/system/roles']),
    );
    expect(found.filter((x) => x.param === 'keyword').length).toBeGreaterThan(10);
  });

  it('refuses a sort outside the allow-list, matches filters as text, and runs none of it', async () => {
    const failures: string[] = [];
    const before = await takeChecksums(t.database.db);
    let sent = 0;
    for (const { op, param, isAllowList } of targets()) {
      const key = routeKey(op.method, op.url);
      const inputs = VALID_REQUESTS[key];
      if (!inputs) {
        failures.push(`${key}: no valid request`);
        continue;
      }
      const base = await inputs.build({ w, path: w.a, ref: w.a, caller: null });
      const query = { ...base.query };
      if (op.query.some((q) => q.name === 'format')) query.format = 'csv';
      delete query[param];
      const headers = { authorization: `Bearer ${w.adminToken}`, 'x-access-camid': String(w.a.camId), 'accept-language': 'en-US' };
      const baseline = isAllowList ? null : await send(t.app, 'GET', { ...base, query: { ...query, [param]: NO_MATCH } }, headers);
      // A parameter with a grammar of its own (a cron expression, a time zone) refuses text outside it: then every payload must be refused too.
      const isStrict = baseline?.status === 400 && Boolean(baseline.json?.msg.includes(param));
      if (baseline && baseline.status !== 200 && !isStrict) {
        failures.push(`${key} ${param}=${NO_MATCH}: ${baseline.status} ${baseline.text.slice(0, 120)}`);
        continue;
      }
      for (const payload of PAYLOADS) {
        const res = await send(t.app, 'GET', { ...base, query: { ...query, [param]: payload } }, headers);
        sent++;
        const where = `${key} ${param}=${payload}`;
        if (res.ms >= NO_SLEEP_MS) failures.push(`${where}: took ${res.ms} ms (did the sleep run?)`);
        if (isAllowList || isStrict) {
          if (res.status !== 400 || !res.json?.msg.includes(param))
            failures.push(`${where}: expected a 400 naming ${param}, got ${res.status} ${res.text.slice(0, 120)}`);
        } else if (res.status === 400) {
          // Refused by the field's own rule (length, format): fine when the message says which.
          if (!res.json?.msg.includes(param)) failures.push(`${where}: a 400 not naming ${param}: ${res.text.slice(0, 120)}`);
        } else if (res.status !== 200) {
          failures.push(`${where}: expected 200 or a 400 naming ${param}, got ${res.status} ${res.text.slice(0, 120)}`);
        } else if (baseline && countRows(res) > countRows(baseline)) {
          failures.push(`${where}: ${countRows(res)} rows where a text that matches nothing gets ${countRows(baseline)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect(changedTables(before, await takeChecksums(t.database.db))).toEqual([]);
  }, 300_000);

  it('counts rows the way the check above relies on (a matching keyword finds the record)', async () => {
    // Guards the guard: the comparison is only meaningful if a real match shows up as rows.
    const headers = { authorization: `Bearer ${w.adminToken}`, 'x-access-camid': String(w.a.camId) };
    const hit = await send(t.app, 'GET', { url: '/api/educate/students', query: { keyword: 'SA' } }, headers);
    const miss = await send(t.app, 'GET', { url: '/api/educate/students', query: { keyword: NO_MATCH } }, headers);
    expect(countRows(hit)).toBeGreaterThan(countRows(miss));
  });
});
