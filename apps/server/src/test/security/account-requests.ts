import { sql } from 'drizzle-orm';
import { encryptLoginPassword } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { createSession } from '../../plugins/auth.js';
import { encodePng } from '../png.js';
import { INJECT_ORIGIN, SoftAuthenticator } from '../soft-authenticator.js';
import { authed, call, multipartFile } from '../test-app.js';
import { totpCode } from '../totp.js';
import type { RouteInputs } from './route-inputs.js';
import type { SessionUser, World } from './world.js';

// Valid requests of the user center, second-factor and online-session routes.
// Several need state first (a pending secret, a registered passkey, another
// session): the builder makes it through the API as the caller. For a caller
// whose session is refused (expired, ended, none) it cannot, and answers a
// request that is well formed all the same.

const PLACEHOLDER_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function asCaller(w: World, caller: SessionUser | null, method: string, url: string, payload?: object) {
  if (!caller) return null;
  const res = await call(w.t.app, { method, url, headers: authed(caller.token), ...(payload ? { payload } : {}) });
  return res.status < 300 ? res.body.data : null;
}

/** A pending authenticator app for the caller: its secret. */
async function startTotp(w: World, caller: SessionUser | null): Promise<string> {
  const data = (await asCaller(w, caller, 'POST', '/api/user/mfa/totp')) as { secret: string } | null;
  return data?.secret ?? PLACEHOLDER_SECRET;
}

/** The caller's authenticator app turned on: a recovery code to prove it again. */
async function enableTotp(w: World, caller: SessionUser | null): Promise<string> {
  const secret = await startTotp(w, caller);
  const data = (await asCaller(w, caller, 'POST', '/api/user/mfa/totp/confirm', { code: totpCode(secret) })) as {
    recoveryCodes: string[];
  } | null;
  return data?.recoveryCodes[0] ?? 'abcde-fghjk';
}

const device = new SoftAuthenticator(INJECT_ORIGIN);

/** A registration answer to options handed to the caller (or made up, without one). */
async function registrationFor(w: World, caller: SessionUser | null) {
  const options = (await asCaller(w, caller, 'POST', '/api/user/passkeys/options')) as Parameters<SoftAuthenticator['register']>[0] | null;
  return device.register(options ?? { challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
}

export const ACCOUNT_REQUESTS: Record<string, RouteInputs> = {
  'PUT /api/user/profile': {
    build: () => ({
      url: '/api/user/profile',
      body: {
        nickname: 'Valid nickname',
        email: 'me@example.edu',
        job: 'Teacher',
        introduction: 'Hello',
        personalWebsite: 'https://example.edu/',
      },
    }),
    foreign: 'noLeak',
  },
  'POST /api/user/avatar': {
    build: () => ({ url: '/api/user/avatar', file: { name: 'me.png', content: encodePng(48, 48) } }),
    foreign: 'noLeak',
  },
  'GET /api/user/sessions': { build: () => ({ url: '/api/user/sessions' }), foreign: 'noLeak' },
  'DELETE /api/user/sessions/:id': {
    build: async ({ w, caller }) => {
      if (!caller) return { url: '/api/user/sessions/1' };
      // Another session of the caller's, signed out from this one.
      await createSession(w.t.database.db, caller.userId, 3600, { ip: '127.0.0.2', userAgent: 'other device' });
      const [row] = await queryRows<{ id: number }>(
        w.t.database.db,
        sql`select id from sessions where user_id = ${caller.userId} order by id desc limit 1`,
      );
      return { url: `/api/user/sessions/${row?.id ?? 1}` };
    },
    foreign: 'noLeak',
  },
  'DELETE /api/user/sessions': { build: () => ({ url: '/api/user/sessions' }), foreign: 'noLeak' },
  'GET /api/user/login-history': {
    build: () => ({ url: '/api/user/login-history', query: { page: '1', pageSize: '10' } }),
    foreign: 'noLeak',
  },
  'GET /api/user/mfa': { build: () => ({ url: '/api/user/mfa' }), foreign: 'noLeak' },
  'POST /api/user/mfa/totp': { build: () => ({ url: '/api/user/mfa/totp' }), foreign: 'noLeak', consumesCaller: true },
  'POST /api/user/mfa/totp/confirm': {
    build: async ({ w, caller }) => ({ url: '/api/user/mfa/totp/confirm', body: { code: totpCode(await startTotp(w, caller)) } }),
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'DELETE /api/user/mfa/totp': {
    build: async ({ w, caller }) => ({
      url: '/api/user/mfa/totp',
      body: { password: encryptLoginPassword(caller?.password ?? 'not-the-password'), code: await enableTotp(w, caller) },
    }),
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'POST /api/user/mfa/recovery-codes': {
    build: async ({ w, caller }) => {
      await enableTotp(w, caller);
      return { url: '/api/user/mfa/recovery-codes', body: { password: encryptLoginPassword(caller?.password ?? 'not-the-password') } };
    },
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'GET /api/user/passkeys': { build: () => ({ url: '/api/user/passkeys' }), foreign: 'noLeak' },
  'POST /api/user/passkeys/options': { build: () => ({ url: '/api/user/passkeys/options' }), foreign: 'noLeak' },
  'POST /api/user/passkeys': {
    build: async ({ w, caller }) => ({ url: '/api/user/passkeys', body: { name: 'Laptop', response: await registrationFor(w, caller) } }),
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'DELETE /api/user/passkeys/:id': {
    build: async ({ w, caller }) => {
      const created = (await asCaller(w, caller, 'POST', '/api/user/passkeys', {
        name: 'To remove',
        response: await registrationFor(w, caller),
      })) as { id: number } | null;
      return { url: `/api/user/passkeys/${created?.id ?? 1}` };
    },
    foreign: 'noLeak',
    consumesCaller: true,
  },
  'DELETE /api/system/users/:id/mfa': {
    build: async ({ w }) => ({ url: `/api/system/users/${await w.make.user()}/mfa` }),
    foreign: 'noLeak',
  },
  'GET /api/monitor/sessions': {
    build: () => ({ url: '/api/monitor/sessions', query: { page: '1', pageSize: '10', keyword: 'matrix' } }),
    foreign: 'noLeak',
  },
  'DELETE /api/monitor/sessions/:id': {
    build: async ({ w }) => {
      const victim = await w.make.user();
      await createSession(w.t.database.db, victim, 3600, { ip: '127.0.0.3', userAgent: 'victim' });
      const [row] = await queryRows<{ id: number }>(w.t.database.db, sql`select id from sessions where user_id = ${victim}`);
      return { url: `/api/monitor/sessions/${row?.id ?? 1}` };
    },
    foreign: 'noLeak',
  },
  'DELETE /api/monitor/users/:userId/sessions': {
    build: ({ w }) => ({ url: `/api/monitor/users/${w.sys.userId}/sessions` }),
    foreign: 'noLeak',
  },
};

/** A user with the authenticator app on, at the second step of a sign-in: their ticket and a code of the next step. */
async function ticketWithTotp(w: World) {
  const user = await w.sessionFor([], [w.a.camId]);
  const secret = await startTotp(w, user);
  await asCaller(w, user, 'POST', '/api/user/mfa/totp/confirm', { code: totpCode(secret) });
  const res = await call(w.t.app, {
    method: 'POST',
    url: '/api/login',
    payload: { username: user.username, password: encryptLoginPassword(user.password) },
  });
  return { ticket: (res.body.data as { mfaTicket: string }).mfaTicket, code: totpCode(secret, Date.now(), 1) };
}

/** A user with a passkey on `device`. */
async function userWithPasskey(w: World, on: SoftAuthenticator) {
  const user = await w.sessionFor([], [w.a.camId]);
  const options = (await asCaller(w, user, 'POST', '/api/user/passkeys/options')) as Parameters<SoftAuthenticator['register']>[0];
  await asCaller(w, user, 'POST', '/api/user/passkeys', { name: 'Key', response: on.register(options) });
  return user;
}

/** The public routes of this area (sign-in steps, avatar links): a valid request for each, for the fuzz test. */
export const ACCOUNT_PUBLIC_REQUESTS: Record<string, RouteInputs> = {
  'POST /api/login/mfa': {
    build: async ({ w }) => {
      const { ticket, code } = await ticketWithTotp(w);
      return { url: '/api/login/mfa', body: { mfaTicket: ticket, code } };
    },
    foreign: 'noLeak',
  },
  'POST /api/login/mfa/passkey-options': {
    build: async ({ w }) => {
      const user = await userWithPasskey(w, new SoftAuthenticator(INJECT_ORIGIN));
      const res = await call(w.t.app, {
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: encryptLoginPassword(user.password) },
      });
      return { url: '/api/login/mfa/passkey-options', body: { mfaTicket: (res.body.data as { mfaTicket: string }).mfaTicket } };
    },
    foreign: 'noLeak',
  },
  'POST /api/login/passkey/options': { build: () => ({ url: '/api/login/passkey/options' }), foreign: 'noLeak' },
  'POST /api/login/passkey/verify': {
    build: async ({ w }) => {
      const key = new SoftAuthenticator(INJECT_ORIGIN);
      await userWithPasskey(w, key);
      const options = await call(w.t.app, { method: 'POST', url: '/api/login/passkey/options' });
      return {
        url: '/api/login/passkey/verify',
        body: { response: key.authenticate(options.body.data as Parameters<SoftAuthenticator['authenticate']>[0]) },
      };
    },
    foreign: 'noLeak',
  },
  'GET /api/user/avatar/:userId/:version/:exp/:sig': {
    build: async ({ w }) => {
      const user = await w.sessionFor([], [w.a.camId]);
      const res = await call(w.t.app, {
        method: 'POST',
        url: '/api/user/avatar',
        headers: { ...authed(user.token), ...multipart.headers },
        payload: multipart.payload,
      });
      return { url: (res.body.data as { headimgurl: string }).headimgurl };
    },
    foreign: 'noLeak',
  },
};

const multipart = multipartFile('me.png', encodePng(32, 32));
