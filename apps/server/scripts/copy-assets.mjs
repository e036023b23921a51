// tsc does not copy non-TS files; the migrations travel with the build.
import { cpSync } from 'node:fs';

cpSync(new URL('../src/db/migrations', import.meta.url), new URL('../dist/db/migrations', import.meta.url), { recursive: true });

// A migrated embedded cluster to unpack on first start instead of running initdb and the migrations
// (db/pglite-durable.ts); made again when PGlite or the migrations change.
const { isTemplateCurrent, writePgliteTemplate } = await import('../dist/db/pglite-durable.js');
if (!isTemplateCurrent()) await writePgliteTemplate();
