import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The migrations, beside the compiled code (scripts/copy-assets.mjs copies them there). */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * What a set of migrations is: a hash of the journal and every migration's SQL. The embedded database's
 * template is made with the migrations already applied and is used only while this stays the same
 * (db/pglite-durable.ts).
 */
export function readMigrationsKey(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(dir, 'meta', '_journal.json')));
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(`\0${name}\0`);
    hash.update(fs.readFileSync(path.join(dir, name)));
  }
  return hash.digest('hex').slice(0, 24);
}
