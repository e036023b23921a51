// tsc does not copy non-TS files; the migrations travel with the build.
import { cpSync, readFileSync } from 'node:fs';

cpSync(new URL('../src/db/migrations', import.meta.url), new URL('../dist/db/migrations', import.meta.url), { recursive: true });

// A fresh embedded cluster to unpack on first start instead of running initdb (db/pglite-durable.ts).
const { PGLITE_TEMPLATE_FILE, readPgliteVersion, writePgliteTemplate } = await import('../dist/db/pglite-durable.js');
const isCurrent = (() => {
  try {
    return readFileSync(`${PGLITE_TEMPLATE_FILE}.version`, 'utf8').trim() === readPgliteVersion();
  } catch {
    return false;
  }
})();
if (!isCurrent) await writePgliteTemplate();
