import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/server-process.mjs';

/** A fresh directory under .tmp/system for one test's data, removed by the returned function. */
export function makeTempDir(label: string): { dir: string; remove(): void } {
  const base = path.join(ROOT, '.tmp', 'system');
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, `${label}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
