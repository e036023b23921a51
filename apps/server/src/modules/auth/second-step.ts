import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  loginMfaBodySchema,
  loginMfaPasskeyOptionsBodySchema,
  loginResponseSchema,
  passkeyLoginBodySchema,
  ResultCode,
} from '@campus/contract';
import { AppError } from '../../lib/app-error.js';
import {
  findPasskeyByCredential,
  listPasskeys,
  recordPasskeyUse,
  verifyUserCode,
  type PasskeyRow,
} from '../../lib/second-factor/factors.js';
import {
  buildAuthenticationOptions,
  readCredentialId,
  readSignedChallenge,
  relyingPartyOf,
  verifyAuthentication,
} from '../../lib/second-factor/passkeys.js';
import { consumeChallenge, consumeMfaTicket, findMfaTicket, saveChallenge, setTicketChallenge } from '../../lib/second-factor/tickets.js';
import { publicRoute } from '../../plugins/access.js';
import { logEventAs } from '../../plugins/operlog.js';
import { assertAccountUsable, assertNotLocked, findAccount, noteFailure, recordLogin, type LoginAttempt } from './service.js';
import { describeAttempt, finishSignIn } from './sign-in.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };
const optionsSchema = envelopeSchema(z.record(z.string(), z.unknown()));

/** `data.mfaTicketExpired`: the client goes back to the password, rather than asking for another code. */
const ticketExpired = () => new AppError(401, ResultCode.noToken, 'auth.mfaTicketExpired', {}, { mfaTicketExpired: true });
const badCode = () => new AppError(401, ResultCode.noToken, 'auth.badCode');
const badPasskey = () => new AppError(401, ResultCode.noToken, 'auth.badPasskey');

/**
 * The sign-in's second step (a TOTP code, a recovery code or a passkey, with
 * the ticket a right password got) and sign-in with a passkey alone. Every
 * attempt goes to the login log; wrong codes and passkeys count toward the
 * same lockout as wrong passwords.
 */
export function registerSecondStepRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const signInConfig = {
    access: publicRoute(),
    // Sign-ins go to the login log; security events of their own (a recovery code used) to the operation log.
    operlog: false as const,
    rateLimit: { max: config.loginRatePerMin, timeWindow: '1 minute' },
  };

  // Attempts refused before a handler (rate limit, malformed body) are logged here, so every attempt is.
  const onSend = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.loginLogged || reply.statusCode < 400) return;
    const reason = reply.statusCode === 429 ? 'rate_limited' : 'invalid';
    await recordLogin(app.db, describeAttempt(request, ''), null, reason).catch((err: unknown) =>
      request.log.error({ err }, 'login log write failed'),
    );
  };

  /** The ticket's user, or the ticket-expired answer (logged). */
  async function openTicket(ticket: string, attempt: LoginAttempt) {
    const live = await findMfaTicket(app.db, ticket);
    const account = live ? await findAccount(app.db, live.userId) : undefined;
    if (!live || !account) {
      await recordLogin(app.db, attempt, null, 'mfa_expired');
      throw ticketExpired();
    }
    return { ticket: live, account };
  }

  app.post(
    '/login/mfa',
    {
      config: signInConfig,
      onSend,
      schema: {
        tags: ['auth'],
        summary:
          'Second step of a sign-in: the ticket of POST /api/login with a TOTP code, a recovery code or a passkey answer; answers what a successful POST /api/login answers',
        body: loginMfaBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { mfaTicket, code, passkey } = request.body;
      request.loginLogged = true;
      const anonymous = describeAttempt(request, '');
      const { ticket, account } = await openTicket(mfaTicket, anonymous);
      const attempt = describeAttempt(request, account.username);
      await assertNotLocked(app.db, attempt, account);

      let method: 'totp' | 'recovery' | 'passkey' | null = null;
      if (code !== undefined) {
        method = await verifyUserCode(app.db, account.id, code);
      } else if (passkey !== undefined && ticket.challenge) {
        const id = readCredentialId(passkey);
        const stored = id ? await findPasskeyByCredential(app.db, id) : undefined;
        if (stored && stored.userId === account.id) {
          const verified = await verifyAuthentication(relyingPartyOf(request), passkey, ticket.challenge, stored, false);
          if (verified) {
            await recordPasskeyUse(app.db, stored.id, verified.newCounter);
            method = 'passkey';
          }
        }
      }
      if (!method) {
        await noteFailure(app.db, config, account.id);
        await recordLogin(app.db, attempt, account.id, code !== undefined ? 'bad_code' : 'bad_passkey');
        throw code !== undefined ? badCode() : badPasskey();
      }
      // Single use: of two requests racing with one ticket, only one gets a session.
      if (!(await consumeMfaTicket(app.db, ticket.id))) {
        await recordLogin(app.db, attempt, account.id, 'mfa_expired');
        throw ticketExpired();
      }
      // Five minutes may have passed since the password: still active, still has a campus?
      await assertAccountUsable(app.db, attempt, account);
      if (method === 'recovery') {
        await logEventAs(
          request,
          app.db,
          { userId: account.id, username: account.username },
          {
            module: 'auth',
            action: 'recoveryCodeUsed',
            secretKeys: ['code', 'mfaTicket'],
          },
        );
      }
      return finishSignIn(request, attempt, account.id, method);
    },
  );

  app.post(
    '/login/mfa/passkey-options',
    {
      config: signInConfig,
      onSend,
      schema: {
        tags: ['auth'],
        summary: "Second step with a passkey: WebAuthn options for one of the ticket's user's passkeys",
        body: loginMfaPasskeyOptionsBodySchema,
        response: { 200: optionsSchema, ...errors },
      },
    },
    async (request) => {
      request.loginLogged = true;
      const anonymous = describeAttempt(request, '');
      const { ticket, account } = await openTicket(request.body.mfaTicket, anonymous);
      const keys: PasskeyRow[] = await listPasskeys(app.db, account.id);
      if (keys.length === 0) throw badPasskey();
      const options = await buildAuthenticationOptions(relyingPartyOf(request), keys);
      if (!(await setTicketChallenge(app.db, ticket.id, options.challenge))) throw ticketExpired();
      return { code: 0, msg: 'ok', data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/login/passkey/options',
    {
      config: signInConfig,
      onSend,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey alone: WebAuthn options for any passkey of this site (user verification required)',
        response: { 200: optionsSchema, ...errors },
      },
    },
    async (request) => {
      const options = await buildAuthenticationOptions(relyingPartyOf(request));
      await saveChallenge(app.db, 'passkey_login', options.challenge, null);
      return { code: 0, msg: 'ok', data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/login/passkey/verify',
    {
      config: signInConfig,
      onSend,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey alone: the browser’s answer; answers what a successful POST /api/login answers',
        body: passkeyLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { response } = request.body;
      request.loginLogged = true;
      const anonymous = describeAttempt(request, '');
      const challenge = readSignedChallenge(response);
      if (!challenge || !(await consumeChallenge(app.db, 'passkey_login', challenge, null))) {
        await recordLogin(app.db, anonymous, null, 'mfa_expired');
        throw ticketExpired();
      }
      const id = readCredentialId(response);
      const stored = id ? await findPasskeyByCredential(app.db, id) : undefined;
      const account = stored ? await findAccount(app.db, stored.userId) : undefined;
      if (!stored || !account) {
        await recordLogin(app.db, anonymous, null, 'bad_passkey');
        throw badPasskey();
      }
      const attempt = describeAttempt(request, account.username);
      await assertNotLocked(app.db, attempt, account);
      // Alone, the passkey is both factors: the device must have verified its user (PIN, biometrics).
      const verified = await verifyAuthentication(relyingPartyOf(request), response, challenge, stored, true);
      if (!verified) {
        await noteFailure(app.db, config, account.id);
        await recordLogin(app.db, attempt, account.id, 'bad_passkey');
        throw badPasskey();
      }
      await recordPasskeyUse(app.db, stored.id, verified.newCounter);
      await assertAccountUsable(app.db, attempt, account);
      return finishSignIn(request, attempt, account.id, 'passkeyOnly');
    },
  );
}
