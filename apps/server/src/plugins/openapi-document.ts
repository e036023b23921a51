import { z } from 'zod';
import { deptNodeSchema, menuItemSchema, menuNodeSchema } from '@campus/contract';
import type { RouteAccess, RouteEntry } from './access.js';

type Json = Record<string, unknown>;

// The finishing pass over /api/docs/json, so outside tools (swagger-parser,
// Redocly, Spectral, code generators, the docs page's "Try it out") read it
// as the server behaves: recursive schemas as named components, the access of
// each route as its security and campus header, operation ids, described
// tags, the real media types of files and streams, the error answers.

/** The contract's recursive schemas, named: each becomes a component its trees $ref. */
export const openApiRegistry = z.registry<{ id: string }>();
openApiRegistry.add(menuItemSchema, { id: 'MenuItem' });
openApiRegistry.add(menuNodeSchema, { id: 'SystemMenuNode' });
openApiRegistry.add(deptNodeSchema, { id: 'DeptNode' });

const fileAnswers = new WeakMap<object, { mediaTypes: readonly string[]; description: string }>();

/** The 200 answer of a route that sends a file or a stream: documented under these media types, not JSON. */
export function fileAnswer(mediaTypes: readonly string[], description: string): z.ZodType<unknown> {
  // Typed unknown: the handler sends a Buffer or a stream, which no JSON schema describes.
  const schema = z.unknown();
  fileAnswers.set(schema, { mediaTypes, description });
  return schema;
}

/** The OpenAPI response of a `fileAnswer` schema, or null for any other schema. */
export function describeFileAnswer(schema: unknown): Json | null {
  const answer = typeof schema === 'object' && schema !== null ? fileAnswers.get(schema) : undefined;
  if (!answer) return null;
  const content = Object.fromEntries(
    answer.mediaTypes.map((t) => [t, { schema: t.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } }]),
  );
  return { description: answer.description, content };
}

export const SPREADSHEET_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

export const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and the database in use; no sign-in.',
  auth: 'Sign-in (the password AES-encrypted with the key of GET /api/login/cipher), sign-out, the current user, their menus and password.',
  campus: "The caller's campuses and the current one.",
  system: 'System administration: users, roles, menus, permissions, departments, operation and login logs, scheduled jobs.',
  educate:
    'Campus-scoped school data: students, teachers, managers, rooms, terms, courses, enrolments, schedules, timetables and calendar feeds.',
  report: 'Campus reports and their exports.',
  dashboard: 'The Workplace: overview, today, enrolment trend, popular courses and teachers.',
  message: 'The message box: messages, notices, todos, read state and the live event stream.',
  calendar: 'Personal calendar feed URLs (iCalendar): create, rotate, revoke, and the feed itself for calendar apps.',
  monitor: "This server's figures (requests, latency, CPU, memory, event loop), its database and every live instance.",
  region: "China's administrative divisions (province, city, county): children of a region, search by name, one region with its path.",
};

interface Operation extends Json {
  summary?: string;
  tags?: string[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'Invalid input: `msg` names the field and the rule (`data.errors` lists every field).' },
  '401': { name: 'Unauthorized', description: 'No token (401), or an unknown (50008), ended (50012) or expired (50014) session.' },
  '403': { name: 'Forbidden', description: 'A permission is missing, or the campus of X-Access-Camid is not one of the caller’s.' },
  '404': { name: 'NotFound', description: 'No such thing (in this campus).' },
  '409': { name: 'Conflict', description: 'Duplicate key, capacity full or schedule clash (`data.conflicts`).' },
  '413': { name: 'TooLarge', description: 'Body or upload too large.' },
  '429': { name: 'TooMany', description: 'Too many attempts; see Retry-After.' },
  '500': { name: 'Internal', description: 'Unexpected; the body says nothing about internals.' },
};

const ERROR_ENVELOPE = {
  type: 'object',
  description: 'The envelope of every answer; a non-zero `code` is a refusal, `msg` says why in the caller’s language.',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} },
};

/** `get /api/educate/students/{id}` → `getEducateStudentsById`. */
export function toOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s) => {
      const param = /^\{(.+)\}$/.exec(s);
      const text = param ? `by-${param[1]}` : s;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

function describeAccess(access: RouteAccess): string {
  if (access.kind === 'public') return 'Access: public (no token).';
  const scope = access.scope === 'campus' ? ' in the campus named by the X-Access-Camid header' : '';
  if (access.kind === 'signedIn') return `Access: any signed-in user${scope}.`;
  return `Access: a signed-in user holding ${access.perms.map((p) => `\`${p}\``).join(' or ')}${scope}.`;
}

/** The document as the routes behave; `routes` is the access table (plugins/access.ts). */
export function finishOpenApiDocument(document: Json, routes: readonly RouteEntry[]): Json {
  const access = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
  const doc = document as Json & { paths?: Record<string, Record<string, Operation | undefined>>; components?: Json; info?: Json };
  doc.servers = [{ url: '/', description: 'The server that serves this document' }];
  doc.info = {
    ...doc.info,
    contact: { name: 'Campus Console' },
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  };
  const components = (doc.components ??= {}) as Json & { schemas?: Json; parameters?: Json; responses?: Json; securitySchemes?: Json };
  components.securitySchemes = {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'The token POST /api/login answers in `data`; paste it in Authorize to try the operations here.',
    },
  };
  components.schemas = { ...components.schemas, ErrorEnvelope: ERROR_ENVELOPE };
  components.parameters = {
    ...components.parameters,
    CampusId: {
      name: 'X-Access-Camid',
      in: 'header',
      required: true,
      description: 'The campus this request works in: one of the caller’s campuses (`cam_id` of GET /api/campus/list).',
      schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
    },
  };
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((r) => [
      r.name,
      { description: r.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );

  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const rule = access.get(`${method.toUpperCase()} ${url}`);
      op.operationId = toOperationId(method, path);
      for (const tag of op.tags ?? []) usedTags.add(tag);
      const summary = op.summary ?? '';
      op.description = [summary, rule ? describeAccess(rule) : ''].filter(Boolean).join('\n\n');
      const responses = (op.responses ??= {});
      if (rule?.kind === 'public' || !rule) op.security = [];
      else {
        op.security = [{ bearer: [] }];
        op['x-permissions'] = rule.kind === 'perm' ? [...rule.perms] : [];
        responses['401'] ??= {};
        if (rule.kind === 'perm' || rule.scope === 'campus') responses['403'] ??= {};
        if (rule.scope === 'campus') {
          const params = (op.parameters ??= []);
          params.push({ $ref: '#/components/parameters/CampusId' });
          // Without the header (or with a malformed one): 400.
          responses['400'] ??= {};
        }
      }
      if (path.includes('{')) responses['404'] ??= {};
      if (op.requestBody || (op.parameters ?? []).some((p) => p.in === 'query')) responses['400'] ??= {};
      responses['500'] ??= {};
      for (const [status, answer] of Object.entries(responses)) {
        const known = ERROR_RESPONSES[status];
        // Error answers all share the envelope: one named response each.
        if (known && (Object.keys(answer).length === 0 || status !== '200'))
          responses[status] = { $ref: `#/components/responses/${known.name}` };
        else if (answer.description === 'Default Response') answer.description = 'Success: `code` 0, the result in `data`.';
      }
    }
  }
  // The registry names each recursive schema for input and output; keep the ones something refers to.
  const text = JSON.stringify(doc.paths);
  for (const name of Object.keys(components.schemas)) {
    if (name !== 'ErrorEnvelope' && !text.includes(`"#/components/schemas/${name}"`)) delete components.schemas[name];
  }
  doc.tags = [...usedTags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return doc;
}
