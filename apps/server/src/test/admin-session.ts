import type { FastifyInstance } from 'fastify';
import { authed, call, createTestApp, getToken, type TestApp } from './test-app.js';

/** A fresh app and the seeded admin's token: the setup most API test files start from. */
export interface AdminSession extends TestApp {
  adminToken: string;
}

export async function createAdminSession(env: Record<string, string> = {}): Promise<AdminSession> {
  const t = await createTestApp(env);
  return Object.assign(t, { adminToken: await getToken(t.app) });
}

export type Caller = (method: string, url: string, payload?: object) => ReturnType<typeof call>;

/**
 * Calls to the app as the holder of `token`, with `headers` on each call
 * (Accept-Language, ...). `app` is read on each call, so a file can fill it in beforeAll.
 */
export function callAs(app: () => FastifyInstance, token: string, headers: Record<string, string> = {}): Caller {
  return (method, url, payload) =>
    call(app(), { method: method, url, headers: { ...authed(token), ...headers }, ...(payload ? { payload } : {}) });
}
