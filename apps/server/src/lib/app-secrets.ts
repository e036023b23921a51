import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { queryRows } from '../db/query.js';

const loaded = new WeakMap<object, Map<string, Promise<Buffer>>>();

async function readOrCreate(db: Executor, name: string): Promise<Buffer> {
  // The first instance to ask makes it; every other instance reads the same one.
  await db.execute(
    sql`insert into app_secrets (name, value) values (${name}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`,
  );
  const [row] = await queryRows<{ value: string }>(db, sql`select value from app_secrets where name = ${name}`);
  if (!row) throw new Error(`app secret ${name} missing after insert`);
  return Buffer.from(row.value, 'base64url');
}

/**
 * A 256-bit key shared by every instance on one database (e.g. for signing
 * links), made at random on first use and kept in memory afterwards.
 */
export function getAppSecret(db: Executor, name: string): Promise<Buffer> {
  let byName = loaded.get(db);
  if (!byName) {
    byName = new Map();
    loaded.set(db, byName);
  }
  let secret = byName.get(name);
  if (!secret) {
    secret = readOrCreate(db, name);
    // A failed read (database down) is tried again next time, not remembered.
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}
