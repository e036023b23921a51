import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document at /api/docs/json, generated from the contract's zod schemas, and its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Campus Console API',
        version: '0.1.0',
        description:
          'Every answer is `{code, msg, data}`; code 0 is success. Sign in with POST /api/login, then send `Authorization: Bearer <token>`; campus-scoped routes also need `X-Access-Camid`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          campus: { type: 'apiKey', in: 'header', name: 'X-Access-Camid' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } }),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The UI bundle sets inline styles; scripts stay 'self' plus the plugin's hashes.
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*)/, (_m, v: string) => `style-src ${v} 'unsafe-inline'`),
  });
}
