import { execFile } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../support/server-process.mjs';
import type { TableSum } from './db-inspect.js';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.mjs (what `npm run <name> -- <args>` runs) with only the given database variables. */
export function runDbScript(
  name: 'backup' | 'restore',
  args: string[],
  env: { DATA_DIR?: string; DATABASE_URL?: string },
): Promise<ScriptRun> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATA_DIR;
  delete childEnv.DATABASE_URL;
  Object.assign(childEnv, env);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', `${name}.mjs`), ...args],
      { cwd: ROOT, env: childEnv },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Tables whose count or checksum differ between two snapshots. */
export function changedTables(a: Record<string, TableSum>, b: Record<string, TableSum>): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((n) => a[n]?.rows !== b[n]?.rows || a[n]?.md5 !== b[n]?.md5).sort();
}
