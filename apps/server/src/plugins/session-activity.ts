import type { FastifyInstance } from 'fastify';
import { SessionActivity } from '../lib/session-activity.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Last-seen times of this instance's sessions, written once a minute (lib/session-activity.ts). */
    sessionActivity: SessionActivity;
  }
}

const FLUSH_INTERVAL_MS = 60_000;

/** Notes every signed-in request's session as seen; register after the access guard, which resolves it. */
export function registerSessionActivity(app: FastifyInstance): void {
  const activity = new SessionActivity(app.db, (err) => app.log.warn({ err }, 'could not write session last-seen times'));
  app.decorate('sessionActivity', activity);
  app.addHook('onRequest', async (request) => {
    if (request.principal) activity.touch(request.principal.sessionId);
  });
  activity.start(FLUSH_INTERVAL_MS);
  // preClose: onClose hooks run newest first, and the database closes in one of them.
  app.addHook('preClose', async () => activity.stop());
}
