import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's response headers for `options`, worked out once. They do not depend
 * on the request; @fastify/helmet rebuilt the helmet middleware (CSP parsing
 * included) on every request, a quarter of the CPU of a simple GET.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure instanceof Error) throw failure;
  if (failure) throw new Error('helmet refused its options');
  return headers;
}

/** Sets the security headers on every answer (API, static files, not-found), as @fastify/helmet's global hook did. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
