import { describe, expect, it } from 'vitest';
import { buildImportGraph, listSourceFiles, type ImportGraph } from './import-graph.js';

// The floors of the server (docs/architecture.md, decision 013), top first. A
// file may import a file of a lower floor, or of its own room; never upwards,
// never sideways into another room of its floor (app.ts and seed/ do not import
// each other; no module imports another module).
const FLOORS: readonly (readonly string[])[] = [
  ['server.ts'],
  ['app.ts', 'seed/'],
  ['modules/*/'],
  ['resources/'],
  ['plugins/'],
  ['lib/'],
  ['db/'],
  ['config/'],
];

const SRC = 'apps/server/src/';

interface Place {
  floor: number;
  room: string;
}

/** The floor and room of a server source (a path under apps/server/src); null for test files and test support. */
function placeOf(file: string): Place | null {
  const rel = file.slice(SRC.length);
  if (/\.test\.tsx?$/.test(rel) || rel.startsWith('test/')) return null;
  for (const [floor, rooms] of FLOORS.entries()) {
    for (const room of rooms) {
      if (room === 'modules/*/') {
        const m = /^modules\/([^/]+)\//.exec(rel);
        if (m) return { floor, room: `modules/${m[1]}/` };
      } else if (room.endsWith('/') ? rel.startsWith(room) : rel === room) {
        return { floor, room };
      }
    }
  }
  throw new Error(`${file} is on no floor: add its folder to FLOORS (and to docs/architecture.md)`);
}

/** Every import that runs up a floor or across rooms of one floor, as `from -> to`. */
function findFloorBreaks(graph: ImportGraph): string[] {
  const breaks: string[] = [];
  for (const [from, targets] of graph) {
    const a = placeOf(from);
    if (!a) continue;
    for (const to of targets) {
      const b = placeOf(to);
      if (!b) {
        breaks.push(`${from} -> ${to} (production code importing test support)`);
        continue;
      }
      if (b.floor > a.floor || (b.floor === a.floor && b.room === a.room)) continue;
      breaks.push(`${from} -> ${to}`);
    }
  }
  return breaks;
}

describe('the floors of apps/server/src', () => {
  const files = listSourceFiles(['apps/server/src']);

  it('places every source file on a floor', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const f of files) placeOf(f);
  });

  it('has no import that runs back up a floor or sideways across rooms', () => {
    expect(findFloorBreaks(buildImportGraph(files))).toEqual([]);
  });

  it('catches a planted offender of each kind (the check is not vacuous)', () => {
    const planted: ImportGraph = new Map([
      [`${SRC}lib/planted.ts`, [`${SRC}plugins/access.ts`]],
      [`${SRC}db/planted.ts`, [`${SRC}lib/passwords.ts`]],
      [`${SRC}modules/rooms/planted.ts`, [`${SRC}modules/students/routes.ts`]],
      [`${SRC}seed/planted.ts`, [`${SRC}app.ts`]],
      [`${SRC}plugins/planted.ts`, [`${SRC}test/test-app.ts`]],
      [`${SRC}modules/rooms/fine.ts`, [`${SRC}modules/rooms/routes.ts`, `${SRC}resources/read-routes.ts`, `${SRC}lib/app-error.ts`]],
    ]);
    expect(findFloorBreaks(planted)).toEqual([
      `${SRC}lib/planted.ts -> ${SRC}plugins/access.ts`,
      `${SRC}db/planted.ts -> ${SRC}lib/passwords.ts`,
      `${SRC}modules/rooms/planted.ts -> ${SRC}modules/students/routes.ts`,
      `${SRC}seed/planted.ts -> ${SRC}app.ts`,
      `${SRC}plugins/planted.ts -> ${SRC}test/test-app.ts (production code importing test support)`,
    ]);
  });
});
