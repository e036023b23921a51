import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup of this library's tests and the server's: worker threads (the server's generator run, the
 * endgame's solver thread) run the library's build, since a thread needs JavaScript, so the build is brought up to
 * date first (a no-op when it is).
 */
export default function setup() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const config = fileURLToPath(new URL('../../tsconfig.build.json', import.meta.url));
  execFileSync(process.execPath, [tsc, '-b', config], { stdio: 'inherit' });
}
