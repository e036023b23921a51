import SwaggerParser from '@apidevtools/swagger-parser';
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

// /api/docs/json as three outside validators read it: zero errors in each.
// Warnings are printed, not failed on, except the ones pinned below.

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
  components: { securitySchemes: Record<string, unknown>; parameters: Record<string, unknown> };
};

let t: TestApp;
let text: string;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  text = res.body;
  doc = JSON.parse(text) as Doc;
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document in outside validators', () => {
  it('swagger-parser validates it (schema and every $ref)', async () => {
    await expect(SwaggerParser.validate(JSON.parse(text) as never)).resolves.toBeTruthy();
  });

  it("Redocly's recommended rules find no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintDocument({
      document: makeDocumentFromString(text, '/openapi.json'),
      config,
      externalRefResolver: new BaseResolver(),
    });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    // Public health and cipher answers have no 4xx of their own; anything else would be new.
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => `${p.ruleId} @ ${p.location[0]?.pointer ?? ''}`);
    expect(warnings.filter((w) => !/operation-4xx-response @ #\/paths\/~1api~1(health|login~1cipher)\//.test(w))).toEqual([]);
  });

  it("Spectral's OAS ruleset finds no error (nor warning)", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    const results = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, '/openapi.json'));
    const problems = results.filter((r) => Number(r.severity) <= 1).map((r) => `${r.code}: ${r.message} @ ${r.path.join('.')}`);
    expect(problems).toEqual([]);
  });
});

describe('what the document says', () => {
  it('every operation has a unique operationId and described tags', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const described = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { op } of operations()) for (const tag of op.tags ?? []) expect(described.get(tag)?.length, tag).toBeGreaterThan(10);
  });

  it("declares each route's access: bearer on non-public operations, the campus header where campus-scoped", () => {
    for (const entry of t.app.routeTable) {
      const path = entry.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[entry.method.toLowerCase()];
      expect(op, `${entry.method} ${entry.url}`).toBeDefined();
      if (!op) continue;
      const key = `${entry.method} ${entry.url}`;
      if (entry.access.kind === 'public') expect(op.security, key).toEqual([]);
      else {
        expect(op.security, key).toEqual([{ bearer: [] }]);
        expect(op.responses['401'], key).toBeDefined();
      }
      const hasCampusHeader = (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/CampusId');
      expect(hasCampusHeader, key).toBe(entry.access.kind !== 'public' && entry.access.scope === 'campus');
    }
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearer']);
    expect(doc.components.parameters.CampusId).toMatchObject({ name: 'X-Access-Camid', in: 'header', required: true });
  });

  it('recursive trees are real $refs to named components', () => {
    expect(text).not.toContain('schema0');
    expect(text).toContain('"#/components/schemas/SystemMenuNode"');
    expect(text).toContain('"#/components/schemas/DeptNode"');
  });

  it('files and streams have their media types', () => {
    const content = (path: string) => Object.keys(doc.paths[path]?.get?.responses['200']?.content ?? {});
    expect(content('/api/educate/students/export')).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(content('/api/educate/timetable.ics')).toEqual(['text/calendar']);
    const sse = operations().find(({ op }) => Object.keys(op.responses['200']?.content ?? {}).includes('text/event-stream'));
    expect(sse).toBeDefined();
  });
});
