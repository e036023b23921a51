import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Features do not import each other: shared code moves down into resources/,
// plugins/, lib/ or the contract (docs/architecture.md, decision 013).

const MODULES = import.meta.dirname;

function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listSources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** `file -> specifier` for each relative import of a module's file that reaches into another module. */
function findCrossModuleImports(files: readonly { file: string; source: string }[]): string[] {
  const offenders: string[] = [];
  for (const { file, source } of files) {
    const own = path.relative(MODULES, file).split(path.sep)[0];
    for (const m of source.matchAll(/from\s+'(\.\.?\/[^']+)'/g)) {
      const target = path.relative(MODULES, path.resolve(path.dirname(file), m[1] ?? ''));
      const [first] = target.split(path.sep);
      if (!target.startsWith('..') && first !== own && target.includes(path.sep))
        offenders.push(`${path.relative(MODULES, file)} -> ${m[1]}`);
    }
  }
  return offenders;
}

describe('module boundaries', () => {
  it('no module imports another module', () => {
    const files = listSources(MODULES).map((file) => ({ file, source: fs.readFileSync(file, 'utf8') }));
    expect(findCrossModuleImports(files)).toEqual([]);
  });

  it('catches a planted offender (the pattern is not vacuous)', () => {
    const planted = [
      { file: path.join(MODULES, 'rooms', 'planted.ts'), source: "import { studentSpec } from '../students/routes.js';" },
      {
        file: path.join(MODULES, 'rooms', 'fine.ts'),
        source: "import { roomSpec } from './routes.js';\nimport { x } from '../../lib/app-error.js';",
      },
    ];
    expect(findCrossModuleImports(planted)).toEqual([`rooms${path.sep}planted.ts -> ../students/routes.js`]);
  });
});
