import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOperlogWords } from '@campus/contract';
import { describeOperlogSpec } from '../../plugins/operlog.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Every row the log can hold reads in words in both languages: a route added
// without its words would show "educate:timetablePlan add" in the log (issue 24).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('operation log words', () => {
  it('has words for the (module, action) of every logged route of the route table', () => {
    const logged = t.app.routeTable.filter((r) => MUTATING.has(r.method) && r.operlog !== false);
    expect(logged.length).toBeGreaterThan(100);
    const missing = logged
      .map((r) => ({ route: `${r.method} ${r.url}`, spec: describeOperlogSpec({ operlog: r.operlog, access: r.access }, r.method) }))
      .filter(({ spec }) => findOperlogWords(spec.module, spec.action) === null)
      .map(({ route, spec }) => `${route} → ${spec.module} ${spec.action}`);
    expect(missing).toEqual([]);
  });

  it('has words for the events logged outside a route of their own', () => {
    const events: [string, string][] = [
      ['auth', 'recoveryCodeUsed'],
      ['auth', 'logout'],
    ];
    for (const [module, action] of events) expect(findOperlogWords(module, action), `${module} ${action}`).not.toBeNull();
  });
});
