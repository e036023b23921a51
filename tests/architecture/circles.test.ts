import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCircles, listSourceFiles, readSpecifiers } from './import-graph.js';

// No import circle anywhere, type-only imports included: a circle makes the
// load order matter and hides which of two files is the lower one.
const ROOTS = ['apps', 'packages', 'bench', 'e2e', 'scripts', 'tests'];

describe('import circles', () => {
  it('reads every kind of import', () => {
    const source = [
      "import a from './a.js';",
      "import type { B } from './b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "import './e.css';",
      "const f = await import('./f.js');",
      '// import { g } from "./g.js" in a comment is no import',
    ].join('\n');
    expect(readSpecifiers(source)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.css', './f.js']);
  });

  it('finds a planted circle, type-only included, and nothing in a tree', () => {
    const files: Record<string, string> = {
      'x/messages.ts': "import { A } from './messages-a.js';\nexport type Texts = Record<string, string>;",
      'x/messages-a.ts': "import type { Texts } from './messages.js';\nexport const A: Texts = {};",
      'x/leaf.ts': 'export const leaf = 1;',
      'x/user.ts': "import { leaf } from './leaf.js';",
    };
    const graph = buildImportGraph(Object.keys(files), (f) => files[f] ?? '');
    expect(findCircles(graph)).toEqual([['x/messages-a.ts', 'x/messages.ts']]);
  });

  it('has none in the repository', () => {
    const files = listSourceFiles(ROOTS);
    expect(files.length).toBeGreaterThan(300);
    expect(findCircles(buildImportGraph(files))).toEqual([]);
  });
});
