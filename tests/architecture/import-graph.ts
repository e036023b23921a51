import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The repository's own import graph, read from the sources with the
// TypeScript compiler's pre-processor (static, type-only, re-exports and
// literal dynamic imports alike). Only relative imports make edges: packages
// are imported by name and never import back into an app.

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'data', 'test-results', 'playwright-report', '.artifacts']);

/** Every source file under `dirs` (relative to the root), as root-relative paths with `/`. */
export function listSourceFiles(dirs: readonly string[], root = ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (SKIP_DIRS.has(e.name)) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return out.sort();
}

/** The module specifiers a source names. */
export function readSpecifiers(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** The specifiers a source loads when it is loaded: value imports and re-exports, not types, not dynamic imports. */
export function readLoadedSpecifiers(source: string, fileName = 'x.ts'): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  for (const node of sf.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const isOnlyTypes =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!isOnlyTypes) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** A relative specifier of `from` as a file of `files` (`.js` naming its `.ts`, a folder its index); null when it is none. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.mjs`,
    `${stem}.js`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find((c) => files.has(c)) ?? null;
}

export type ImportGraph = Map<string, string[]>;

/** file → the files of the set it imports; `read` gives a file's text (the disk by default). */
export function buildImportGraph(files: readonly string[], read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8')): ImportGraph {
  const set = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = readSpecifiers(read(file)).flatMap((s) => resolveImport(file, s, set) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected components of two or more files, or one file importing itself. */
export function findCircles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indexOf.get(w) ?? 0));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return circles;
}
