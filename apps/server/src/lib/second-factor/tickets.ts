import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { createToken, hashToken, isWellFormedToken } from '../tokens.js';

/** The second step must come within 5 minutes of the password. */
export const MFA_TICKET_TTL_S = 300;
/** A passkey ceremony must end within 5 minutes of its options. */
export const CHALLENGE_TTL_S = 300;

export type ChallengeKind = 'passkey_register' | 'passkey_login';

/** Tickets and challenges past their time are deleted a day later (they are kept a while for nothing but tracing). */
async function dropStale(db: Executor): Promise<void> {
  await db.execute(sql`delete from auth_tickets where expires_at < now() - interval '1 day'`);
}

/**
 * A single-use ticket between a right password and the second step. Only its
 * hash is stored, like a session token's; it is no session and opens nothing else.
 */
export async function createMfaTicket(db: Executor, userId: number): Promise<string> {
  await dropStale(db);
  const { token, tokenHash } = createToken();
  await db.execute(
    sql`insert into auth_tickets (kind, token_hash, user_id, expires_at)
        values ('mfa', ${tokenHash}, ${userId}, now() + make_interval(secs => ${MFA_TICKET_TTL_S}))`,
  );
  return token;
}

export interface MfaTicket {
  id: number;
  userId: number;
  /** The passkey challenge asked for with this ticket, if any. */
  challenge: string | null;
}

/** The live (unused, unexpired) ticket, or null. */
export async function findMfaTicket(db: Executor, ticket: string): Promise<MfaTicket | null> {
  if (!isWellFormedToken(ticket)) return null;
  const [row] = await queryRows<{ id: number; user_id: number; challenge: string | null }>(
    db,
    sql`select id, user_id, challenge from auth_tickets
        where kind = 'mfa' and token_hash = ${hashToken(ticket)} and used_at is null and expires_at > now()`,
  );
  return row ? { id: Number(row.id), userId: row.user_id, challenge: row.challenge } : null;
}

/** Uses a ticket up; false when another request already did (or it expired meanwhile). */
export async function consumeMfaTicket(db: Executor, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update auth_tickets set used_at = now() where id = ${id} and used_at is null and expires_at > now() returning id`,
  );
  return rows.length > 0;
}

/** Binds a passkey challenge to a live ticket (a new one replaces the old). */
export async function setTicketChallenge(db: Executor, id: number, challenge: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update auth_tickets set challenge = ${challenge} where id = ${id} and used_at is null and expires_at > now() returning id`,
  );
  return rows.length > 0;
}

/** Remembers a passkey challenge the server handed out, so any instance can check the answer. */
export async function saveChallenge(db: Executor, kind: ChallengeKind, challenge: string, userId: number | null): Promise<void> {
  await dropStale(db);
  await db.execute(
    sql`insert into auth_tickets (kind, user_id, challenge, expires_at)
        values (${kind}, ${userId}, ${challenge}, now() + make_interval(secs => ${CHALLENGE_TTL_S}))`,
  );
}

/**
 * Uses up a challenge the server handed out (for `userId`, or to anyone when
 * null); false when it is unknown, someone else's, used or expired. One
 * statement, so two answers to one challenge cannot both pass.
 */
export async function consumeChallenge(db: Executor, kind: ChallengeKind, challenge: string, userId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update auth_tickets set used_at = now()
        where id = (select id from auth_tickets
                    where kind = ${kind} and challenge = ${challenge} and used_at is null and expires_at > now()
                      and ${userId === null ? sql`user_id is null` : sql`user_id = ${userId}`}
                    limit 1)
          and used_at is null
        returning id`,
  );
  return rows.length > 0;
}
