import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { describeFileAnswer, finishOpenApiDocument, openApiRegistry } from './openapi-document.js';

/** The object behind a request schema, through preprocess pipes, defaults and refinements. */
function objectShape(schema: unknown): Record<string, z.ZodType> | null {
  let cur = schema as z.ZodType | undefined;
  for (let i = 0; i < 6 && cur?._zod; i++) {
    const def = cur._zod.def as { type: string; out?: z.ZodType; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
    if (def.type === 'object') return def.shape ?? null;
    cur = def.type === 'pipe' ? def.out : def.innerType;
  }
  return null;
}

/**
 * The JSON schema of a preprocessed field (ids and numbers that also come as
 * text) reads as optional; the document says what the validator does: a field
 * is required when leaving it out is refused.
 */
function withRequired(zodSchema: unknown, json: unknown): void {
  const shape = objectShape(zodSchema);
  const target = json as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!shape || !target?.properties) return;
  const required = Object.keys(shape).filter((k) => !shape[k]?.safeParse(undefined).success);
  if (required.length) target.required = required;
  else delete target.required;
}

/** The OpenAPI document at /api/docs/json, generated from the contract's zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const zodConfig = { unrepresentable: 'any' as const };
  const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: openApiRegistry, zodToJsonConfig: zodConfig });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: openApiRegistry, zodToJsonConfig: zodConfig });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campus Console API',
        version: '0.1.0',
        description:
          'Every answer is `{code, msg, data}`; code 0 is success. Sign in with POST /api/login, then send `Authorization: Bearer <token>`; campus-scoped routes also need `X-Access-Camid`.',
      },
    },
    // Security, campus header, operation ids, tags, media types, error answers: openapi-document.ts.
    transformObject: (documentObject) =>
      finishOpenApiDocument(zodTransformObject(documentObject) as Record<string, unknown>, app.routeTable) as ReturnType<
        typeof zodTransformObject
      >,
    transform: (document) => {
      const result = zodTransform(document);
      const source = document.schema as { body?: unknown; querystring?: unknown } | undefined;
      const target = result.schema as { body?: unknown; querystring?: unknown } | undefined;
      withRequired(source?.body, target?.body);
      withRequired(source?.querystring, target?.querystring);
      // Files and streams: their media types, not JSON.
      const responses = (document.schema as { response?: Record<string, unknown> } | undefined)?.response;
      const described = (result.schema as { response?: Record<string, unknown> } | undefined)?.response;
      for (const [status, schema] of Object.entries(responses ?? {})) {
        const file = describeFileAnswer(schema);
        if (file && described) described[status] = file;
      }
      return result;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Try it out: the token pasted in Authorize survives a reload of the page. With ~290 operations
    // the UI drew every one at once and took minutes; the areas start folded, with a filter by tag.
    uiConfig: { persistAuthorization: true, tryItOutEnabled: false, docExpansion: 'none', filter: true },
    staticCSP: true,
    // The UI bundle sets inline styles; scripts stay 'self' plus the plugin's hashes.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, (_m, v: string) => `style-src ${v} 'unsafe-inline'`),
  });
}
