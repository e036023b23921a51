import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { ResultCode } from '@campus/contract';
import { sendError } from './errors.js';

// What any HTTP client, crawler or proxy meets besides the API itself:
// answers that are never cached when they carry someone's data, a robots.txt,
// 405 with Allow on a known path, JSON compressed when asked, HSTS by
// setting, and a Permissions-Policy that turns off what the console never uses.

export type HstsMode = 'auto' | 'always' | 'off';

export interface HygieneOptions {
  /** auto: over TLS only (directly, or per a trusted proxy); always: on every answer (a TLS proxy that does not say so); off. */
  hsts: HstsMode;
  hstsMaxAgeS: number;
}

export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), xr-spatial-tracking=(), browsing-topics=()';

/** Below this a compressed JSON answer saves less than the work costs. */
const COMPRESS_MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** br or gzip when the client takes it (q > 0), br first. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (typeof header !== 'string') return null;
  let hasGzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') hasGzip = true;
  }
  return hasGzip ? 'gzip' : null;
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Registers the hooks and routes; call before the modules so every route
 * is seen, and use `methodsAllowed` in the not-found handler.
 */
export function registerHttpHygiene(app: FastifyInstance, options: HygieneOptions): { methodsAllowed: (path: string) => string[] } {
  // A second router holding every route's path, asked only when Fastify found nothing for the method.
  const paths = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      const method = String(m).toUpperCase();
      if (!(METHODS as readonly string[]).includes(method)) continue;
      try {
        paths.on(method as (typeof METHODS)[number], route.url, () => undefined);
      } catch {
        // the same path registered twice (HEAD beside GET): already known
      }
    }
  });
  const methodsAllowed = (path: string) => METHODS.filter((m) => paths.find(m, path) !== null);

  const hsts = `max-age=${options.hstsMaxAgeS}; includeSubDomains`;
  // onSend: every answer gets these, refusals of the access hook and 404s included.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (options.hsts === 'always' || (options.hsts === 'auto' && request.protocol === 'https'))
      reply.header('strict-transport-security', hsts);
    const url = request.url;
    // Everything under /api is someone's data or a refusal: never stored by a browser or a shared cache.
    // The one exception is a route's own deliberate answer: an avatar behind a signed, expiring link is
    // `private` and immutable (its URL changes with the image), so it says so itself.
    const isApi = (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs/static/');
    const ownCaching = reply.statusCode === 200 && String(reply.getHeader('cache-control') ?? '').startsWith('private');
    if (isApi && !ownCaching) reply.header('cache-control', 'no-store');
    if (request.method === 'HEAD' || !isJson(reply) || reply.getHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : await gzip(payload, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });

  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );

  return { methodsAllowed };
}

/** The 405 of a known path asked with another method; null when no route has the path. */
export function refuseWrongMethod(request: FastifyRequest, reply: FastifyReply, allowed: string[]): FastifyReply | null {
  if (!allowed.length || allowed.includes(request.method)) return null;
  const allow = allowed.join(', ');
  const url = (request.url.split('?')[0] ?? '/').slice(0, 200);
  reply.header('allow', allow);
  return sendError(request, reply, 405, ResultCode.methodNotAllowed, 'http.methodNotAllowed', { method: request.method, url, allow });
}
