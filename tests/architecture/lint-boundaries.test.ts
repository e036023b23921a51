import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../../scripts/lint/feature-boundaries.mjs';
import { ROOT } from './import-graph.js';

// The lint rule that refuses imports between web features and between server
// modules, proven on planted offenders, and proven to be on in the real config.

const RULE = 'campus/feature-boundaries';

function lint(filename: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const config: Linter.Config[] = [{ files: ['**/*.{ts,tsx}'], plugins: { campus: boundaries }, rules: { [RULE]: 'error' } }];
  return linter.verify(code, config, { filename: `${ROOT}/${filename}` }).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the feature-boundaries lint rule', () => {
  it('refuses a web feature importing another feature, statically or lazily', () => {
    const from = 'apps/web/src/features/report/summary-page.ts';
    expect(lint(from, "import { StudentPage } from '../educate/student-page';")).toEqual([
      `${RULE}: The web feature 'report' imports '../educate/student-page' of the web feature 'educate': web features do not import each other; move what they share down.`,
    ]);
    expect(lint(from, "export * from '../system/user-page';")).toHaveLength(1);
    expect(lint(from, "export { x } from '../system/user-page';")).toHaveLength(1);
    expect(lint(from, "const page = import('../dashboard/workplace-page');")).toHaveLength(1);
  });

  it('refuses a server module importing another module', () => {
    expect(lint('apps/server/src/modules/rooms/routes.ts', "import { studentSpec } from '../students/routes.js';")).toEqual([
      `${RULE}: The server module 'rooms' imports '../students/routes.js' of the server module 'students': server modules do not import each other; move what they share down.`,
    ]);
  });

  it('lets a feature import its own files and what lies below', () => {
    const ok = [
      "import { x } from './student-form';",
      "import { request } from '../../lib/request';",
      "import { Perm } from '@campus/contract';",
      "import { listRoute } from '../../resources/read-routes.js';",
    ].join('\n');
    expect(lint('apps/web/src/features/educate/student-page.ts', ok)).toEqual([]);
    expect(lint('apps/server/src/modules/students/routes.ts', ok)).toEqual([]);
    // Outside the feature folders the rule has nothing to say.
    expect(lint('apps/web/src/app/router.ts', "import { A } from '../features/educate/student-page';")).toEqual([]);
  });

  it('is on in the repository config for web features and server modules', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of ['apps/web/src/features/educate/student-page.tsx', 'apps/server/src/modules/students/routes.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as Linter.Config;
      expect(config.rules?.[RULE], file).toEqual([2]);
    }
  });
});
