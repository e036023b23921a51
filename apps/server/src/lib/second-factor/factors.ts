import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, type MfaMethod, type MfaStatus } from '@campus/contract';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { passkeys, recoveryCodes, userTotp } from '../../db/schema/account.js';
import { createRecoveryCode, hashRecoveryCode, matchesRecoveryCode, normaliseRecoveryCode } from './recovery-codes.js';
import { findTotpStep, readTotpCode } from './totp.js';
import type { StoredPasskey } from './passkeys.js';

// A user's second factors as stored: the authenticator app (user_totp), its
// recovery codes, and passkeys. Shared by the sign-in (modules/auth), the
// user's own settings (modules/mfa) and the administrator's reset (modules/users).

/** The ways this user can give a second factor at sign-in; empty: none, the password is enough. */
export async function listSecondFactorMethods(db: Executor, userId: number): Promise<MfaMethod[]> {
  const [row] = await queryRows<{ totp: boolean; recovery: boolean; passkey: boolean }>(
    db,
    sql`select exists (select 1 from user_totp where user_id = ${userId} and confirmed_at is not null) as totp,
               exists (select 1 from user_recovery_codes where user_id = ${userId} and used_at is null) as recovery,
               exists (select 1 from user_passkeys where user_id = ${userId}) as passkey`,
  );
  const methods: MfaMethod[] = [];
  if (row?.totp) methods.push('totp');
  if (row?.totp && row.recovery) methods.push('recovery');
  if (row?.passkey) methods.push('passkey');
  return methods;
}

export async function loadMfaStatus(db: Executor, userId: number): Promise<MfaStatus> {
  const [row] = await queryRows<{ confirmed_at: Date | null; codes_left: number; passkeys: number; required: boolean }>(
    db,
    sql`select (select confirmed_at from user_totp where user_id = ${userId}) as confirmed_at,
               (select count(*)::int from user_recovery_codes where user_id = ${userId} and used_at is null) as codes_left,
               (select count(*)::int from user_passkeys where user_id = ${userId}) as passkeys,
               exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.status = 'active' and r.require_mfa
                       where ur.user_id = ${userId}) as required`,
  );
  const confirmedAt = row?.confirmed_at ? new Date(row.confirmed_at).toISOString() : null;
  return {
    totp: { enabled: confirmedAt !== null, confirmedAt },
    recoveryCodesLeft: confirmedAt ? (row?.codes_left ?? 0) : 0,
    passkeys: row?.passkeys ?? 0,
    required: row?.required ?? false,
  };
}

/**
 * Accepts a TOTP time step once: the step must be later than the last one
 * accepted, so a code cannot be replayed within its window (one statement,
 * so two requests with the same code cannot both pass).
 */
async function claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`update user_totp set last_step = ${step}
        where user_id = ${userId} and confirmed_at is not null and last_step < ${step} returning user_id`,
  );
  return rows.length > 0;
}

/** Uses up one of the user's recovery codes; false when none matches (or it was just used). */
async function useRecoveryCode(db: Executor, userId: number, typed: string): Promise<boolean> {
  const normal = normaliseRecoveryCode(typed);
  if (!normal) return false;
  const rows = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  // Every stored code is compared, so the time taken does not tell which one matched.
  let matchId: number | null = null;
  for (const r of rows) if (matchesRecoveryCode(r.codeHash, normal) && matchId === null) matchId = r.id;
  if (matchId === null) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, matchId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/**
 * Checks a code typed at the second step or to turn the app off: six digits
 * are a TOTP code (each time step accepted once), anything else a recovery
 * code (each used once). Answers which it was, or null when it is wrong.
 */
export async function verifyUserCode(db: Executor, userId: number, typed: string, nowMs = Date.now()): Promise<'totp' | 'recovery' | null> {
  const [totp] = await db
    .select({ secret: userTotp.secret, confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, userId));
  if (!totp?.confirmedAt) return null;
  if (readTotpCode(typed)) {
    const step = findTotpStep(totp.secret, typed, nowMs);
    return step !== null && (await claimTotpStep(db, userId, step)) ? 'totp' : null;
  }
  return (await useRecoveryCode(db, userId, typed)) ? 'recovery' : null;
}

/** Makes a fresh set of recovery codes (the old ones stop working); answers them in clear, to be shown once. */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, createRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  return codes;
}

export interface PasskeyRow extends StoredPasskey {
  id: number;
  userId: number;
  name: string;
  deviceType: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const passkeyColumns = {
  id: passkeys.id,
  userId: passkeys.userId,
  name: passkeys.name,
  credentialId: passkeys.credentialId,
  publicKey: passkeys.publicKey,
  counter: passkeys.counter,
  transports: passkeys.transports,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

export async function listPasskeys(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.select(passkeyColumns).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

export async function findPasskeyByCredential(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select(passkeyColumns).from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function recordPasskeyUse(db: Executor, id: number, newCounter: number): Promise<void> {
  await db.update(passkeys).set({ counter: newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

/** Removes every second factor of a user (an administrator's reset). */
export async function removeAllFactors(db: Executor, userId: number): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}
