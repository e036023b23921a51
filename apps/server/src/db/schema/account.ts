import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './system.js';

// Second factor and user center (issue 18).

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A user's authenticator app: pending until confirmed with a code. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret (RFC 6238, SHA-1, 6 digits, 30 s). */
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step accepted: a code of this step or an earlier one is a replay. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as salted SHA-256. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hex salt ':' hex sha256(salt || code). */
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

export const passkeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** base64url credential id, as the browser reports it. */
    credentialId: varchar('credential_id', { length: 1400 }).notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: varchar('device_type', { length: 16 }).notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use sign-in state shared by every instance: the ticket
 * between the password and the second step (`mfa`, found by its hash), and the
 * challenges of passkey ceremonies (`passkey_register`, `passkey_login`, found
 * by the challenge the browser signed).
 */
export const authTickets = pgTable(
  'auth_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: varchar('challenge', { length: 128 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tickets_challenge_idx').on(t.challenge), index('auth_tickets_expires_idx').on(t.expiresAt)],
);

/** Uploaded avatars, re-encoded by the server; served through signed links. */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  contentType: varchar('content_type', { length: 32 }).notNull(),
  /** First 16 hex of the image's sha256: part of its URL. */
  version: varchar('version', { length: 16 }).notNull(),
  updatedAt: updatedAt(),
});

/** Keys every instance shares (e.g. for signing avatar links), made once at random. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 128 }).notNull(),
  createdAt: createdAt(),
});
