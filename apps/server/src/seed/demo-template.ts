import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/pglite';
import { hasTemplateKey, readTemplateKey, writeClusterTemplate } from '../db/pglite-durable.js';
import { schema } from '../db/schema/tables.js';
import { formatDate, toLocalDate } from './demo-calendar.js';
import { fillDemoTemplate } from './seed.js';

/**
 * A first start with the demo, made by `npm run build` beside the web app's build (`scripts/demo-template.mjs`):
 * the migrated cluster with the demo seeded as of that day, every password still to be set. The seed took
 * 1.6-2.2 s of a 6.4 s first start (issue 22's budget: 5 s); unpacking the larger template costs next to nothing
 * more. The demo is planned from the day (its current term, this week's lessons), so the template serves only a
 * first start on the day it was made; any other day seeds as before (docs/decisions/024-embedded-database.md).
 */
export const DEMO_TEMPLATE_FILE = path.join(import.meta.dirname, 'pglite-demo-template.tar.gz');

/**
 * The code the demo's rows come from: this folder (the seed), the tables' definitions and the contract (the
 * menus and the permission catalogue). A template made by other code is not used, however it came about.
 */
function readSeedCodeKey(): string {
  const contractDir = path.dirname(fileURLToPath(import.meta.resolve('@campus/contract')));
  const hash = createHash('sha256');
  for (const dir of [import.meta.dirname, path.join(import.meta.dirname, '../db/schema'), contractDir]) {
    // The contract's build is missing only where its source is read instead (the unit tests, before a build).
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (!/\.(js|ts)$/.test(name) || /\.test\.|\.d\.ts$/.test(name)) continue;
      hash.update(name).update(fs.readFileSync(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 24);
}

function readDemoTemplateKey(now: Date): string {
  return `${readTemplateKey()} demo ${formatDate(toLocalDate(now))} seed ${readSeedCodeKey()}`;
}

/** Whether `file` was made for this PGlite, these migrations, this seed and `now`'s day. */
export function isDemoTemplateCurrent(now = new Date(), file = DEMO_TEMPLATE_FILE): boolean {
  return hasTemplateKey(file, readDemoTemplateKey(now));
}

/** The demo template when it is current (isDemoTemplateCurrent). */
export function findDemoTemplate(now = new Date(), file = DEMO_TEMPLATE_FILE): string | undefined {
  return isDemoTemplateCurrent(now, file) ? file : undefined;
}

/** Makes the demo template as of `now`. */
export function writeDemoTemplate(file = DEMO_TEMPLATE_FILE, now = new Date()): Promise<void> {
  return writeClusterTemplate(file, readDemoTemplateKey(now), {
    fill: (client) => fillDemoTemplate(drizzle({ client, schema }), now),
  });
}
