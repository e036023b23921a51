import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_EXTERNAL } from '../../apps/server/scripts/bundle-externals.mjs';
import { listSourceFiles, readLoadedSpecifiers, resolveImport, ROOT } from './import-graph.js';

// Packages a server loads on first use, never at start (issue 22, decision 024):
// each held megabytes of every server's memory for a call most days never make.
// A value import of one of them on the server's static path from server.ts would
// load it at start again; a type-only import or an `await import()` does not.
const DEFERRED = ['sharp', '@simplewebauthn/server', '@zxcvbn-ts/language-common', '@campus/timetabling', 'exceljs'];

const packageOf = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
};

/** Each package the server's start loads, with the chain of files that loads it. */
function findStartPackages(): Map<string, string[]> {
  const files = new Set(listSourceFiles(['apps/server/src']).filter((f) => !/\.test\.ts$/.test(f)));
  const entry = 'apps/server/src/server.ts';
  const via = new Map<string, string[]>([[entry, [entry]]]);
  const packages = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift() ?? entry;
    const chain = via.get(file) ?? [file];
    for (const spec of readLoadedSpecifiers(fs.readFileSync(path.join(ROOT, file), 'utf8'), file)) {
      if (spec.startsWith('.')) {
        const target = resolveImport(file, spec, files);
        if (target && !via.has(target)) {
          via.set(target, [...chain, target]);
          queue.push(target);
        }
      } else if (!spec.startsWith('node:') && !packages.has(packageOf(spec))) {
        packages.set(packageOf(spec), chain);
      }
    }
  }
  return packages;
}

describe('packages loaded on first use', () => {
  it('tells loading imports from type-only and dynamic ones', () => {
    const source = [
      "import sharp from 'sharp';",
      "import type { Plan } from '@campus/timetabling';",
      "import { type A, type B } from 'only-types';",
      "import { type C, d } from 'one-value';",
      "export { e } from './e.js';",
      "export type { F } from './f.js';",
      "import './side-effect.js';",
      "const lazy = await import('exceljs');",
    ].join('\n');
    expect(readLoadedSpecifiers(source)).toEqual(['sharp', 'one-value', './e.js', './side-effect.js']);
  });

  it('none of them is loaded by the server at start', () => {
    const loaded = findStartPackages();
    // The walk does reach the server's own packages (the test would be empty otherwise).
    expect(loaded.has('fastify')).toBe(true);
    expect(loaded.has('@electric-sql/pglite')).toBe(true);
    const offenders = DEFERRED.filter((p) => loaded.has(p)).map((p) => `${p} via ${(loaded.get(p) ?? []).join(' → ')}`);
    expect(offenders).toEqual([]);
  });

  it('stay out of the server bundle, so a start still does not load them', () => {
    // Bundled, an `await import()` of one would be inlined and parsed with the rest at every start.
    expect(DEFERRED.filter((p) => !BUNDLE_EXTERNAL.includes(p))).toEqual([]);
  });
});
