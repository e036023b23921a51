import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@campus/contract';
import { sendError } from './errors.js';
import { refuseWrongMethod } from './http-hygiene.js';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

/** A built file as the build compressed it (apps/web/scripts/compress-assets.mjs). */
interface HeldFile {
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

function readIfPresent(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

function holdFile(file: string): HeldFile | null {
  const type = TYPES[path.extname(file)];
  const br = readIfPresent(`${file}.br`);
  const gzip = readIfPresent(`${file}.gz`);
  if (!type || (!br && !gzip)) return null;
  const stat = fs.statSync(file);
  return { type, etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`, br, gzip };
}

/** The built assets' compressed bytes, keyed by URL path (~1.5 MB for the whole app). */
function holdAssets(webDir: string): Map<string, HeldFile> {
  const held = new Map<string, HeldFile>();
  const assetsDir = path.join(webDir, 'assets');
  if (!fs.existsSync(assetsDir)) return held;
  for (const name of fs.readdirSync(assetsDir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = holdFile(path.join(assetsDir, name));
    if (file) held.set(`/assets/${name}`, file);
  }
  return held;
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Sends the held bytes the client accepts; false when it accepts neither encoding. */
function sendHeld(request: FastifyRequest, reply: FastifyReply, file: HeldFile, cacheControl: string): boolean {
  const encoding = acceptedEncoding(request);
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined;
  if (!body || !encoding) return false;
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) {
    void reply.code(304).send();
    return true;
  }
  void reply.type(file.type).header('content-encoding', encoding).send(body);
  return true;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path the client router never serves: a dot-segment anywhere, or a last segment with a file extension. */
export function isNotAPage(url: string): boolean {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    return true;
  }
  const segments = decoded.split('/');
  return segments.some((s) => s.startsWith('.')) || /\.[A-Za-z0-9]{1,8}$/.test(segments[segments.length - 1] ?? '');
}

/**
 * Serves the built web app and answers every other GET with index.html so the
 * client router handles deep links; unknown /api paths get the 404 envelope.
 *
 * index.html and the hashed assets are read once at start-up and sent from
 * memory: from disk each cost ~2 ms of the one event loop, and the login page
 * asks for nine at once (issue 9's load budget). Held together, a running
 * server keeps answering for the build it started with, even if the build is
 * redone under it.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string,
  methodsAllowed: (path: string) => string[] = () => [],
): Promise<void> {
  const indexPath = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const held = hasWeb ? holdAssets(webDir) : new Map<string, HeldFile>();
  const index = hasWeb ? holdFile(indexPath) : null;
  if (hasWeb) {
    // Files the build did not compress (images, fonts) and clients that take no compression.
    await app.register(fastifyStatic, { root: webDir, serve: false, index: false, preCompressed: true, cacheControl: false });
    for (const name of fs.readdirSync(webDir)) {
      if (name === 'index.html' || name.startsWith('.') || /\.(br|gz)$/.test(name) || !fs.statSync(path.join(webDir, name)).isFile())
        continue;
      app.get(`/${name}`, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(name));
    }
    app.get('/assets/*', (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const file = held.get(`/assets/${name}`);
      if (file && sendHeld(request, reply, file, IMMUTABLE)) return reply;
      return reply.header('cache-control', IMMUTABLE).sendFile(`assets/${name}`);
    });
  } else {
    app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wrongMethod = refuseWrongMethod(request, reply, methodsAllowed(url));
    if (wrongMethod) return wrongMethod;
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, 404, ResultCode.notFound, 'http.notFound', { method: request.method, url: url.slice(0, 200) });
    }
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built. Run: npm run build');
    // A chunk of another build must fail as a missing script, not parse index.html as one.
    // Dotfiles (.env, .git/) and files that are not pages (/wp-login.php, /x.map) are missing, not the app.
    if (url.startsWith('/assets/') || isNotAPage(url))
      return reply.code(404).type('text/plain').header('cache-control', 'no-cache').send('Not found');
    if (index && sendHeld(request, reply, index, 'no-cache')) return reply;
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
