import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  errorSchema,
  formatMessage,
  idParamsSchema,
  mfaStatusSchema,
  okSchema,
  passkeyRegisterBodySchema,
  passkeySchema,
  recoveryCodesSchema,
  recoveryRegenerateBodySchema,
  totpConfirmBodySchema,
  totpDisableBodySchema,
  totpEnrolmentSchema,
  decryptLoginPassword,
  type Passkey,
} from '@campus/contract';
import { passkeys, recoveryCodes, userTotp } from '../../db/schema/account.js';
import { users } from '../../db/schema/system.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { listPasskeys, loadMfaStatus, replaceRecoveryCodes, verifyUserCode, type PasskeyRow } from '../../lib/second-factor/factors.js';
import { buildRegistrationOptions, readSignedChallenge, relyingPartyOf, verifyRegistration } from '../../lib/second-factor/passkeys.js';
import { consumeChallenge, saveChallenge } from '../../lib/second-factor/tickets.js';
import { buildOtpauthUrl, createTotpSecret, findTotpStep } from '../../lib/second-factor/totp.js';
import { assertNotLockedOut, noteFailure } from '../../lib/sign-in-lockout.js';
import { resolveTodo } from '../../lib/todos.js';
import { getPrincipal, ownAccount } from '../../plugins/access.js';
import { revokeUserSessions } from '../../plugins/auth.js';
import { runLoggedTransaction } from '../../plugins/operlog.js';

const tags = ['user center'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const MAX_PASSKEYS = 10;
/** The todo an administrator's reset raises; enrolling again closes it. */
const MFA_TODO_SUBJECT = 'user:mfa';

const toPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  deviceType: p.deviceType,
  backedUp: p.backedUp,
});

/**
 * The signed-in user's second factors: the authenticator app (TOTP) with its
 * recovery codes, and passkeys. Open to a user who must enrol one. Every change
 * is in the operation log (one-time codes blanked); turning a factor off ends
 * the user's other sessions.
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  /** Re-authentication for turning things off: the password, typed again. */
  async function assertPassword(userId: number, encrypted: string): Promise<void> {
    const plain = decryptLoginPassword(encrypted, config.loginAesKey, config.loginAesIv);
    if (!plain) throw badRequest('password.undecryptable', { field: 'password' });
    const [row] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(row.hash, plain))) throw badRequest('account.passwordWrong');
  }

  app.get(
    '/user/mfa',
    {
      config: { access: ownAccount() },
      schema: {
        tags,
        summary: "The caller's second factors: authenticator app, recovery codes left, passkeys, whether a role requires one",
        response: { 200: envelopeSchema(mfaStatusSchema), ...errors },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await loadMfaStatus(app.db, getPrincipal(request).userId) }),
  );

  app.post(
    '/user/mfa/totp',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'totpStart' } },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret (RFC 6238, SHA-1, 6 digits, 30 s); nothing changes until confirmed',
        response: { 200: envelopeSchema(totpEnrolmentSchema), ...errors },
      },
    },
    async (request) => {
      const { userId, username } = getPrincipal(request);
      const [existing] = await app.db.select({ confirmedAt: userTotp.confirmedAt }).from(userTotp).where(eq(userTotp.userId, userId));
      if (existing?.confirmedAt) throw conflict('account.totpAlreadyOn');
      const secret = createTotpSecret();
      // A pending secret is replaced by a new start; a confirmed one never is (409 above).
      await runLoggedTransaction(request, async (tx) => {
        await tx
          .insert(userTotp)
          .values({ userId, secret })
          .onConflictDoUpdate({
            target: userTotp.userId,
            set: { secret, lastStep: 0, createdAt: new Date() },
            setWhere: isNull(userTotp.confirmedAt),
          });
      });
      return { code: 0, msg: 'ok', data: { secret, otpauthUrl: buildOtpauthUrl(secret, username) } };
    },
  );

  app.post(
    '/user/mfa/totp/confirm',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'totpEnable', secretKeys: ['code'] } },
      schema: {
        tags,
        summary: 'Turn the authenticator app on with a code from it; answers 10 single-use recovery codes, shown this once',
        body: totpConfirmBodySchema,
        response: { 200: envelopeSchema(recoveryCodesSchema), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const [pending] = await app.db.select().from(userTotp).where(eq(userTotp.userId, userId));
      if (!pending) throw badRequest('account.totpNotStarted');
      if (pending.confirmedAt) throw conflict('account.totpAlreadyOn');
      const step = findTotpStep(pending.secret, request.body.code);
      if (step === null) throw badRequest('account.codeWrong', { field: 'code' });
      const codes = await runLoggedTransaction(request, async (tx) => {
        const turnedOn = await tx
          .update(userTotp)
          .set({ confirmedAt: new Date(), lastStep: step })
          .where(and(eq(userTotp.userId, userId), isNull(userTotp.confirmedAt), eq(userTotp.secret, pending.secret)))
          .returning({ userId: userTotp.userId });
        if (!turnedOn.length) throw conflict('account.totpAlreadyOn');
        await resolveTodo(tx, userId, MFA_TODO_SUBJECT);
        return replaceRecoveryCodes(tx, userId);
      });
      return { code: 0, msg: formatMessage(request.locale, 'account.totpEnabled'), data: { recoveryCodes: codes } };
    },
  );

  app.delete(
    '/user/mfa/totp',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'totpDisable', secretKeys: ['code'] } },
      schema: {
        tags,
        summary: 'Turn the authenticator app off (password and a current or recovery code); recovery codes go too; other sessions end',
        body: totpDisableBodySchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = getPrincipal(request);
      const status = await loadMfaStatus(app.db, userId);
      if (!status.totp.enabled) throw badRequest('account.totpNotOn');
      await assertNotLockedOut(app.db, userId);
      await assertPassword(userId, request.body.password);
      if (!(await verifyUserCode(app.db, userId, request.body.code))) {
        // Guessing codes here is guessing them at sign-in: the same count, the same lock.
        await noteFailure(app.db, config, userId);
        throw badRequest('account.codeWrong', { field: 'code' });
      }
      await runLoggedTransaction(request, async (tx) => {
        await tx.delete(userTotp).where(eq(userTotp.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await revokeUserSessions(tx, userId, 'mfa_changed', sessionId);
      });
      return { code: 0, msg: formatMessage(request.locale, 'account.totpDisabled'), data: null };
    },
  );

  app.post(
    '/user/mfa/recovery-codes',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'recoveryRegenerate' } },
      schema: {
        tags,
        summary: 'New recovery codes (password typed again); the old ones stop working; shown this once',
        body: recoveryRegenerateBodySchema,
        response: { 200: envelopeSchema(recoveryCodesSchema), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const status = await loadMfaStatus(app.db, userId);
      if (!status.totp.enabled) throw badRequest('account.totpNotOn');
      await assertPassword(userId, request.body.password);
      const codes = await runLoggedTransaction(request, (tx) => replaceRecoveryCodes(tx, userId));
      return { code: 0, msg: formatMessage(request.locale, 'account.recoveryRegenerated'), data: { recoveryCodes: codes } };
    },
  );

  app.get(
    '/user/passkeys',
    {
      config: { access: ownAccount() },
      schema: { tags, summary: "The caller's passkeys", response: { 200: envelopeSchema(z.array(passkeySchema)), ...errors } },
    },
    async (request) => ({ code: 0, msg: 'ok', data: (await listPasskeys(app.db, getPrincipal(request).userId)).map(toPasskey) }),
  );

  app.post(
    '/user/passkeys/options',
    {
      config: { access: ownAccount(), operlog: false },
      schema: {
        tags,
        summary: 'WebAuthn options to register a new passkey (valid 5 minutes)',
        response: { 200: envelopeSchema(z.record(z.string(), z.unknown())), ...errors },
      },
    },
    async (request) => {
      const { userId } = getPrincipal(request);
      const existing = await listPasskeys(app.db, userId);
      if (existing.length >= MAX_PASSKEYS) throw badRequest('account.passkeyLimit', { max: MAX_PASSKEYS });
      const [user] = await app.db.select({ username: users.username, nickname: users.nickname }).from(users).where(eq(users.id, userId));
      const options = await buildRegistrationOptions(
        relyingPartyOf(request),
        { id: userId, username: user?.username ?? '', nickname: user?.nickname ?? '' },
        existing,
      );
      await saveChallenge(app.db, 'passkey_register', options.challenge, userId);
      return { code: 0, msg: 'ok', data: options as unknown as Record<string, unknown> };
    },
  );

  app.post(
    '/user/passkeys',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'passkeyAdd', secretKeys: ['response'] } },
      schema: {
        tags,
        summary: "Register a passkey: a name and the browser's answer to the options",
        body: passkeyRegisterBodySchema,
        response: { 201: envelopeSchema(passkeySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = getPrincipal(request);
      const { name, response } = request.body;
      const challenge = readSignedChallenge(response);
      if (!challenge || !(await consumeChallenge(app.db, 'passkey_register', challenge, userId))) {
        throw badRequest('account.passkeyChallengeGone');
      }
      const created = await verifyRegistration(relyingPartyOf(request), response, challenge);
      if (!created) throw badRequest('account.passkeyFailed');
      if ((await listPasskeys(app.db, userId)).length >= MAX_PASSKEYS) throw badRequest('account.passkeyLimit', { max: MAX_PASSKEYS });
      const row = await runLoggedTransaction(
        request,
        async (tx) => {
          const [inserted] = await tx
            .insert(passkeys)
            .values({ userId, name, ...created })
            .onConflictDoNothing({ target: passkeys.credentialId })
            .returning();
          if (!inserted) throw conflict('account.passkeyDuplicate');
          await resolveTodo(tx, userId, MFA_TODO_SUBJECT);
          return inserted;
        },
        201,
      );
      reply.code(201);
      return { code: 0, msg: formatMessage(request.locale, 'account.passkeyAdded'), data: toPasskey(row) };
    },
  );

  app.delete(
    '/user/passkeys/:id',
    {
      config: { access: ownAccount(), operlog: { module: 'user:mfa', action: 'passkeyRemove' } },
      schema: {
        tags,
        summary: "Remove one of the caller's passkeys; the caller's other sessions end",
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = getPrincipal(request);
      await runLoggedTransaction(request, async (tx) => {
        const gone = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, request.params.id), eq(passkeys.userId, userId)))
          .returning({ id: passkeys.id });
        if (!gone.length) throw notFound('passkey');
        // A passkey that may have been lost or stolen: whatever it signed in ends with it.
        await revokeUserSessions(tx, userId, 'mfa_changed', sessionId);
      });
      return { code: 0, msg: formatMessage(request.locale, 'account.passkeyRemoved'), data: null };
    },
  );
};
