import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the server runs the timetable generator from the library's build (a worker thread
 * needs JavaScript), so the build is brought up to date first (a no-op when it is).
 */
export default function setup() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const config = fileURLToPath(new URL('../../../../packages/timetabling/tsconfig.build.json', import.meta.url));
  execFileSync(process.execPath, [tsc, '-b', config], { stdio: 'inherit' });
}
