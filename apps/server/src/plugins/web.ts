import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResultCode } from '@campus/contract';
import { sendError } from './errors.js';

/**
 * Serves the built web app and answers every other GET with index.html so the
 * client router handles deep links; unknown /api paths get the 404 envelope.
 */
export async function registerWeb(app: FastifyInstance, webDir: string): Promise<void> {
  const indexPath = path.join(webDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/compress-assets.mjs).
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, 404, ResultCode.notFound, 'http.notFound', { method: request.method, url: url.slice(0, 200) });
    }
    if (!hasWeb) return reply.code(503).type('text/plain').send('The web app is not built. Run: npm run build');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
