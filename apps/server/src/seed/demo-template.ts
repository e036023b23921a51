import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { readTemplateKey, writeClusterTemplate } from '../db/pglite-durable.js';
import { schema } from '../db/schema/tables.js';
import { formatDate, toLocalDate } from './demo-calendar.js';
import { fillDemoTemplate } from './seed.js';

/**
 * A first start with the demo, made by the build (`scripts/copy-assets.mjs`): the migrated cluster with the
 * demo seeded as of that day, every password still to be set. The seed took 1.6-2.2 s of a 6.4 s first start
 * (issue 22's budget: 5 s); unpacking the larger template costs next to nothing more. The demo is planned
 * from the day (its current term, this week's lessons), so the template serves only a first start on the
 * day it was made; any other day seeds as before (docs/decisions/024-embedded-database.md).
 */
export const DEMO_TEMPLATE_FILE = path.join(import.meta.dirname, 'pglite-demo-template.tar.gz');

function readDemoTemplateKey(now: Date): string {
  return `${readTemplateKey()} demo ${formatDate(toLocalDate(now))}`;
}

/** The demo template when it was made for this PGlite, these migrations and `now`'s day. */
export function findDemoTemplate(now = new Date(), file = DEMO_TEMPLATE_FILE): string | undefined {
  try {
    return fs.readFileSync(`${file}.version`, 'utf8').trim() === readDemoTemplateKey(now) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Makes the demo template as of `now`. */
export function writeDemoTemplate(file = DEMO_TEMPLATE_FILE, now = new Date()): Promise<void> {
  return writeClusterTemplate(file, readDemoTemplateKey(now), {
    fill: (client) => fillDemoTemplate(drizzle({ client, schema }), now),
  });
}
