import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Features do not import each other: shared code moves down into lib/, plugins/
// or the contract (code style of the project; see docs/architecture.md).

const MODULES = import.meta.dirname;

function listSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listSources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('module boundaries', () => {
  it('no module imports another module', () => {
    const offenders: string[] = [];
    for (const file of listSources(MODULES)) {
      const own = path.relative(MODULES, file).split(path.sep)[0];
      const source = fs.readFileSync(file, 'utf8');
      for (const m of source.matchAll(/from\s+'(\.\.?\/[^']+)'/g)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(file), m[1] ?? ''));
        const [first] = target.split(path.sep);
        if (!target.startsWith('..') && first !== own && target.includes(path.sep))
          offenders.push(`${path.relative(MODULES, file)} -> ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
