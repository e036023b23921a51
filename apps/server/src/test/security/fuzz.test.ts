import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptLoginPassword, formatMessage } from '@campus/contract';
import { createSession } from '../../plugins/auth.js';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../test-app.js';
import { changedTables, takeChecksums, type Checksums } from './db-checksum.js';
import {
  BAD_PATH_IDS,
  bodyFieldCases,
  DEEP_PLACEHOLDER,
  deepArray,
  listOperations,
  queryFieldCases,
  UNKNOWN_FIELD,
  type Expect,
  type OpenApiDoc,
  type Operation,
} from './fuzz-cases.js';
import { ACCOUNT_PUBLIC_REQUESTS } from './account-requests.js';
import { send, type Answer } from './send.js';
import { calendarFeeds } from '../../db/schema/system.js';
import { createToken } from '../../lib/tokens.js';
import { routeKey, VALID_REQUESTS, type Req, type RouteInputs } from './valid-requests.js';
import { buildWorld, type SessionUser, type World } from './world.js';

// Every operation of the OpenAPI document gets malformed path ids, query
// parameters and bodies derived from its schema. A fixed seed picks the sample
// (FUZZ_SEED to change it, FUZZ_PER_OP=0 to send every case).

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_214);
const PER_OP = Number(process.env.FUZZ_PER_OP ?? 12);
const UNKNOWN_PARAM = 'zzUnknownParam';
const CJK = /[\u4e00-\u9fff]/;

/** The routes outside the matrix (public): a valid request for each. */
const PUBLIC_REQUESTS: Record<string, RouteInputs> = {
  'GET /api/health': { build: () => ({ url: '/api/health' }), foreign: 'noLeak' },
  'GET /api/login/cipher': { build: () => ({ url: '/api/login/cipher' }), foreign: 'noLeak' },
  'GET /api/calendar/:file': {
    build: async ({ w }) => {
      await w.make.teacherOf(w.adminId);
      const { token, tokenHash } = createToken();
      await t.database.db.insert(calendarFeeds).values({ userId: w.adminId, kind: 'own', secretHash: tokenHash });
      return { url: `/api/calendar/${token}.ics` };
    },
    foreign: 'noLeak',
  },
  'POST /api/login': {
    build: () => ({ url: '/api/login', body: { username: 'admin', password: encryptLoginPassword(ADMIN_PASSWORD) } }),
    foreign: 'noLeak',
  },
  ...ACCOUNT_PUBLIC_REQUESTS,
};

/**
 * Refusals that write on purpose: a failed sign-in step counts against the
 * account (lockout), and so does a wrong code when turning the app off.
 */
const COUNTS_FAILURES: Record<string, (status: number) => boolean> = {
  'POST /api/login': (status) => status !== 400,
  'POST /api/login/mfa': (status) => status !== 400,
  'POST /api/login/passkey/verify': (status) => status !== 400,
  'DELETE /api/user/mfa/totp': () => true,
};

interface Case {
  kind: string;
  /** The field the message must name; 'body' for the body as a whole. */
  field: string;
  expect: Expect;
  req: Req;
  rawBody?: string;
  rawQuery?: string;
  contentType?: string;
}

let t: TestApp;
let w: World;
let ops: Operation[];
let admin: SessionUser;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  admin = { userId: w.adminId, token: w.adminToken, username: 'admin', password: ADMIN_PASSWORD, perms: ['*'] };
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  ops = listOperations(res.json<OpenApiDoc>());
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const inputsFor = (op: Operation): RouteInputs | undefined =>
  VALID_REQUESTS[routeKey(op.method, op.url)] ?? PUBLIC_REQUESTS[routeKey(op.method, op.url)];

function encodeQuery(query: Record<string, string> | undefined, except?: string): string[] {
  return Object.entries(query ?? {})
    .filter(([k]) => k !== except)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
}

/** Every malformed request of one operation, built on its valid request. */
function casesOf(op: Operation, base: Req): Case[] {
  const cases: Case[] = [];
  // Path ids: the segments that are parameters in the route's pattern.
  const pattern = op.url.split('/');
  const concrete = base.url.split('/');
  pattern.forEach((seg, i) => {
    if (!seg.startsWith(':')) return;
    for (const bad of BAD_PATH_IDS) {
      const parts = [...concrete];
      parts[i] = bad;
      cases.push({ kind: 'bad path id', field: seg.slice(1), expect: 'reject', req: { ...base, url: parts.join('/') } });
    }
  });
  // Query parameters.
  for (const q of op.query) {
    for (const c of queryFieldCases(q.name, q.schema, q.required)) {
      const parts = encodeQuery(base.query, q.name);
      if (c.fragment) parts.push(c.fragment);
      cases.push({ kind: c.kind, field: c.field, expect: c.expect, req: base, rawQuery: parts.join('&') });
    }
  }
  cases.push({
    kind: 'unknown field',
    field: UNKNOWN_PARAM,
    // Routes that declare a query refuse strangers; the rest ignore the query string.
    expect: op.query.length ? 'reject' : 'any',
    req: base,
    rawQuery: [...encodeQuery(base.query), `${UNKNOWN_PARAM}=1`].join('&'),
  });
  // JSON body.
  const body = op.body;
  if (body && base.body !== undefined) {
    const valid = base.body as Record<string, unknown>;
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      for (const c of bodyFieldCases(name, schema, (body.required ?? []).includes(name))) {
        const mutated: Record<string, unknown> = { ...valid };
        if (c.kind === 'missing') delete mutated[name];
        else mutated[name] = c.value;
        const text = JSON.stringify(mutated).replace(JSON.stringify(DEEP_PLACEHOLDER), deepArray());
        cases.push({ kind: c.kind, field: name, expect: c.expect, req: base, rawBody: text });
      }
    }
    cases.push({
      kind: 'unknown field',
      field: UNKNOWN_FIELD,
      expect: 'reject',
      req: base,
      rawBody: JSON.stringify({ ...valid, [UNKNOWN_FIELD]: 1 }),
    });
    cases.push({ kind: 'deep nesting', field: 'body', expect: 'reject', req: base, rawBody: deepArray() });
    cases.push({ kind: 'json syntax', field: 'body', expect: 'reject', req: base, rawBody: '{"name": "x",' });
    cases.push({ kind: 'wrong type', field: 'body', expect: 'reject', req: base, rawBody: '"just a string"' });
    cases.push({
      kind: 'form nesting',
      field: Object.keys(valid)[0] ?? 'body',
      expect: 'reject',
      req: base,
      rawBody: `${encodeURIComponent(Object.keys(valid)[0] ?? 'x')}${'[a]'.repeat(30)}=1`,
      contentType: 'application/x-www-form-urlencoded',
    });
  }
  if (base.file) {
    cases.push({ kind: 'wrong content type', field: 'file', expect: 'reject', req: base, rawBody: '{"file":"x.csv"}' });
  }
  return cases;
}

/** One case of each kind first, then a seeded sample of the rest, up to PER_OP. */
function sample(cases: Case[], seed: number): Case[] {
  if (PER_OP <= 0 || cases.length <= PER_OP) return cases;
  const shuffled =
    fc.sample(fc.shuffledSubarray(cases, { minLength: cases.length, maxLength: cases.length }), { seed, numRuns: 1 })[0] ?? cases;
  const picked: Case[] = [];
  const kinds = new Set<string>();
  for (const c of shuffled) {
    if (!kinds.has(c.kind)) {
      kinds.add(c.kind);
      picked.push(c);
    }
  }
  for (const c of shuffled) {
    if (picked.length >= Math.max(PER_OP, kinds.size)) break;
    if (!picked.includes(c)) picked.push(c);
  }
  return picked;
}

const GENERIC = new Set([formatMessage('zh-CN', 'http.badRequest'), formatMessage('en-US', 'http.badRequest')]);

/** Why an answer breaks the rules, or null. */
function judge(c: Case, res: Answer, locale: 'zh-CN' | 'en-US'): string | null {
  if (res.status >= 500) return 'a 5xx';
  if (res.status >= 400 || res.json) {
    if (!res.json) return 'no JSON envelope';
    if (typeof res.json.code !== 'number' || typeof res.json.msg !== 'string' || !('data' in res.json))
      return 'envelope lacks code, msg or data';
  }
  if (res.status >= 400) {
    if (!res.json?.msg) return 'empty msg';
    const hasCjk = CJK.test(res.json.msg);
    if (locale === 'zh-CN' && !hasCjk) return 'msg is not in zh-CN';
    if (locale === 'en-US' && hasCjk) return 'msg is not in en-US';
  }
  if (c.expect === 'any') return null;
  if (res.status < 400 || res.status === 401 || res.status === 403) return `expected a refusal of the input, got ${res.status}`;
  if (res.status !== 400) return null;
  const msg = res.json?.msg ?? '';
  if (GENERIC.has(msg)) return 'msg names neither field nor rule';
  const namesField = c.field === 'body' ? /body|请求体/.test(msg) : msg.includes(c.field);
  if (!namesField) return `msg does not name ${c.field}`;
  if (msg.replace(c.field, '').replace(/[\s:：;]/g, '').length < 4) return 'msg names no rule';
  return null;
}

describe('fuzz from the OpenAPI document', () => {
  it('documents every route of the table, and nothing else', () => {
    const documented = new Set(ops.map((o) => routeKey(o.method, o.url)));
    const table = new Set(t.app.routeTable.map((r) => routeKey(r.method, r.url)));
    expect(documented).toEqual(table);
  });

  it('answers malformed input to every operation with a 4xx naming the field, and writes nothing', async () => {
    const db = t.database.db;
    const failures: string[] = [];
    const counts: Record<string, number> = {};
    const fuzzed = new Set<string>();
    let baseline: Checksums = await takeChecksums(db);
    for (const [index, op] of ops.entries()) {
      const key = routeKey(op.method, op.url);
      const inputs = inputsFor(op);
      if (!inputs) {
        failures.push(`${key}: no valid request to derive cases from`);
        continue;
      }
      // A route that ends its caller's sessions (sign-out, password change) gets a caller of its own.
      const caller = inputs.consumesCaller ? await w.sessionFor([], [w.a.camId]) : admin;
      const base = await inputs.build({ w, path: w.a, ref: w.a, caller });
      const cases = sample(casesOf(op, base), SEED + index);
      // Builders may have made records: start this operation from what is there now.
      baseline = await takeChecksums(db);
      const locales = fc.sample(fc.constantFrom<'zh-CN' | 'en-US'>('zh-CN', 'en-US'), { seed: SEED + index, numRuns: cases.length });
      for (const [i, c] of cases.entries()) {
        const locale = locales[i] ?? 'zh-CN';
        let token = w.adminToken;
        if (inputs.consumesCaller) {
          token = await createSession(db, caller.userId, 600, { ip: '127.0.0.1', userAgent: 'fuzz' });
          baseline = await takeChecksums(db);
        }
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-access-camid': String(w.a.camId) };
        if (locale === 'en-US') headers['accept-language'] = 'en-US';
        const res = await send(t.app, op.method, c.req, headers, {
          rawBody: c.rawBody,
          rawQuery: c.rawQuery,
          contentType: c.contentType,
          isStream: inputs.isStream,
        });
        counts[c.kind] = (counts[c.kind] ?? 0) + 1;
        if (process.env.FUZZ_DEBUG) console.info(key, c.kind, c.field, res.status, res.text.slice(0, 120));
        const where = `${key} ${c.kind} ${c.field} (${locale}, seed ${SEED + index})`;
        const problem = judge(c, res, locale);
        if (problem) failures.push(`${where}: ${problem} — ${res.status} ${res.text.slice(0, 160)}`);
        // A generation a case started writes its run when it ends: let it end before comparing.
        await w.make.runsIdle();
        const after = await takeChecksums(db);
        if (res.status >= 400) {
          const changed = changedTables(baseline, after);
          // A failed sign-in counts against the account (lockout): that write is the point.
          const allowed = COUNTS_FAILURES[key]?.(res.status) ? ['users'] : [];
          const unexpected = changed.filter((n) => !allowed.includes(n));
          if (unexpected.length) failures.push(`${where}: answered ${res.status} but changed ${unexpected.join(', ')}`);
        }
        baseline = after;
      }
      fuzzed.add(key);
    }
    console.info(`fuzz: ${Object.values(counts).reduce((a, b) => a + b, 0)} requests, seed ${SEED}`, counts);
    expect(failures).toEqual([]);
    expect(fuzzed).toEqual(new Set(ops.map((o) => routeKey(o.method, o.url))));
  }, 600_000);
});
