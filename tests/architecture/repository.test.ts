import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && fs.existsSync(path.join(ROOT, f)));

const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js|css|sh)$/;
/** Tests, test support and suites: their length follows what they prove. Migrations are generated. */
const TEST = /(\.test\.tsx?$|\.spec\.ts$|(^|\/)(test|tests|e2e)\/|\/migrations\/)/;
const MAX_LINES = 500;

/** Source files longer than MAX_LINES lines. */
function findLongFiles(files: readonly string[], linesOf: (f: string) => number): string[] {
  return files.filter((f) => SOURCE.test(f) && !TEST.test(f) && linesOf(f) > MAX_LINES);
}

// Names of documents that live outside the repository, spelled so this file does not name them itself.
const OUTSIDE = [['NOTES', 'DESIGN', 'API', 'SPEC'].map((n) => `\\b${n}\\.md\\b`).join('|'), ['\\.\\.', 'shared'].join('/')].join('|');

/** `file: line` for every mention of a document outside the repository. */
function findOutsideReferences(files: readonly string[], textOf: (f: string) => string): string[] {
  const pattern = new RegExp(OUTSIDE);
  return files.flatMap((f) =>
    textOf(f)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])),
  );
}

describe('the repository', () => {
  it('has no source file over 500 lines (tests and migrations aside)', () => {
    expect(findLongFiles(tracked, (f) => read(f).split('\n').length)).toEqual([]);
  });

  it('catches a planted long file', () => {
    const lines: Record<string, number> = { 'apps/server/src/lib/long.ts': 501, 'apps/server/src/lib/long.test.ts': 900, 'e2e/x.ts': 900 };
    expect(findLongFiles(Object.keys(lines), (f) => lines[f] ?? 0)).toEqual(['apps/server/src/lib/long.ts']);
  });

  it('names no document outside itself (what the code relies on is in docs/)', () => {
    const texts = tracked.filter((f) => !/\.(png|jpg|ico|woff2?|xlsx|pem)$/.test(f) && f !== 'package-lock.json');
    expect(findOutsideReferences(texts, read)).toEqual([]);
  });

  it('catches a planted reference to an outside document', () => {
    const planted = `see ${'NOTES'}.md for the machine`;
    const shared = `the spec in ${'../'}shared/`;
    const fine = 'docs/api-conventions.md and openapi.md';
    const texts: Record<string, string> = { a: planted, b: shared, c: fine };
    expect(findOutsideReferences(Object.keys(texts), (f) => texts[f] ?? '')).toEqual([`a:1: ${planted}`, `b:1: ${shared}`]);
  });
});
