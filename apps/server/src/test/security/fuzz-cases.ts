// Malformed inputs derived from the OpenAPI document: for each operation, its
// path, query and body fields, what a hostile client could send instead.

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

interface DocParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface DocOperation {
  parameters?: DocParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, DocOperation>>;
}

export interface Operation {
  method: string;
  /** As the route table spells it: `/api/x/:id`. */
  url: string;
  pathParams: string[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

export function listOperations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

/** What a field holds, read through nullable and "'' or format" unions. */
export type FieldKind = 'string' | 'enum' | 'date' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'unknown';

export function kindOf(schema: JsonSchema): FieldKind {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const real = branches.filter((b) => b.type !== 'null' && !(b.enum && b.enum.length === 1 && b.enum[0] === ''));
    if (real.some((b) => b.format === 'date' || b.format === 'date-time')) return 'date';
    const first = real[0];
    return first ? kindOf(first) : 'unknown';
  }
  if (schema.format === 'date' || schema.format === 'date-time') return 'date';
  if (schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
      return type;
    default:
      return 'unknown';
  }
}

/**
 * reject — the input is wrong: a 4xx, and a 400 names the field and the rule;
 * any — the input may be legal (metacharacters in a name): anything but a 5xx.
 */
export type Expect = 'reject' | 'any';

/** Replaced in the serialized body by a 10 000-level nested array (no serializer would write one). */
export const DEEP_PLACEHOLDER = '__fuzz_deep_nesting__';
export const DEEP_LEVELS = 10_000;
export const deepArray = (levels = DEEP_LEVELS) => '['.repeat(levels) + ']'.repeat(levels);

export const HUGE_STRING = 'x'.repeat(1_000_000);
export const SQL_TEXT = "' OR 1=1 --";
export const HTML_TEXT = '<script>alert(1)</script><img src=x onerror=alert(1)>';
export const NULL_BYTE_TEXT = 'ab\u0000cd';
export const UNKNOWN_FIELD = 'zzUnknownField';

export interface FieldCase {
  /** What kind of malformation, for sampling and for the report. */
  kind: string;
  field: string;
  /** `undefined` with kind 'missing' removes the field. */
  value: unknown;
  expect: Expect;
}

/** Malformed values for one JSON body field. */
export function bodyFieldCases(field: string, schema: JsonSchema, required: boolean): FieldCase[] {
  const kind = kindOf(schema);
  const cases: FieldCase[] = [];
  const add = (k: string, value: unknown, expect: Expect = 'reject') => cases.push({ kind: k, field, value, expect });
  if (required) add('missing', undefined);
  add('deep nesting', DEEP_PLACEHOLDER);
  if (kind !== 'object' && kind !== 'unknown') add('wrong type', { nested: { object: true } });
  switch (kind) {
    case 'string':
    case 'enum':
    case 'date':
      add('wrong type', 12345);
      add('wrong type', [['a']]);
      add('1 MB string', HUGE_STRING);
      add('null byte', NULL_BYTE_TEXT);
      add('sql', SQL_TEXT, kind === 'string' ? 'any' : 'reject');
      add('html', HTML_TEXT, kind === 'string' ? 'any' : 'reject');
      if (kind === 'date') {
        add('bad date', '2026-02-30');
        add('bad date', '9999999-01-01');
      }
      break;
    case 'integer':
    case 'number':
      add('wrong type', 'abc');
      add('wrong type', true);
      add('huge number', 1e308);
      add('huge number', 2 ** 63);
      add('huge number', -(2 ** 63));
      add('huge number', 'NaN');
      add('huge number', -0, 'any');
      add('sql', `1${SQL_TEXT}`);
      break;
    case 'boolean':
      add('wrong type', 'maybe');
      add('wrong type', 2);
      break;
    case 'array': {
      add('wrong type', true);
      const item = schema.items ? kindOf(schema.items) : 'unknown';
      add('wrong type', item === 'integer' || item === 'number' ? ['abc'] : [{ a: 1 }]);
      if (item === 'integer' || item === 'number') {
        add('huge number', [1e308]);
        add('huge number', [2 ** 63]);
      } else {
        add('1 MB string', [HUGE_STRING]);
        add('null byte', [NULL_BYTE_TEXT]);
      }
      break;
    }
    default:
      add('wrong type', 'abc', 'any');
  }
  return cases;
}

export interface QueryCase {
  kind: string;
  field: string;
  /** The raw query-string fragment replacing the field (already encoded). */
  fragment: string | null;
  expect: Expect;
}

const enc = encodeURIComponent;

/** Malformed values for one query parameter, as query-string text. */
export function queryFieldCases(field: string, schema: JsonSchema, required: boolean): QueryCase[] {
  const kind = kindOf(schema);
  const cases: QueryCase[] = [];
  const add = (k: string, fragment: string | null, expect: Expect = 'reject') => cases.push({ kind: k, field, fragment, expect });
  const value = (k: string, v: string, expect: Expect = 'reject') => add(k, `${field}=${enc(v)}`, expect);
  if (required) add('missing', null);
  // qs turns brackets into objects; deeper than its limit, the rest stays one key.
  add('deep nesting', `${field}${'[a]'.repeat(20)}=1`);
  add('wrong type', `${field}[x]=1`);
  switch (kind) {
    case 'string':
    case 'enum':
    case 'date':
      value('1 MB string', HUGE_STRING);
      value('null byte', NULL_BYTE_TEXT);
      value('sql', SQL_TEXT, kind === 'string' ? 'any' : 'reject');
      value('html', HTML_TEXT, kind === 'string' ? 'any' : 'reject');
      if (kind === 'date') {
        value('bad date', '2026-02-30');
        value('bad date', '9999999-01-01');
      }
      break;
    case 'integer':
    case 'number':
      value('wrong type', 'abc');
      value('wrong type', '1.5');
      value('huge number', '1e308');
      value('huge number', String(2n ** 63n));
      value('huge number', '99999999999999999999');
      value('huge number', 'NaN');
      value('huge number', '-0', 'any');
      value('sql', `1;select pg_sleep(5)`);
      break;
    case 'boolean':
      value('wrong type', 'maybe');
      break;
    case 'array':
      value('wrong type', 'abc');
      value('huge number', '1e308');
      break;
    default:
      value('wrong type', 'abc', 'any');
  }
  return cases;
}

/** Bad values of a path id. */
export const BAD_PATH_IDS = ['0', '-1', '1.5', '99999999999999999999', 'abc', "1' OR '1'='1", '1%00', '%3Cscript%3E'];
