import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTimetable } from '../generate.js';
import { loadLpSolver, openLpSolver } from '../lp-solver.js';
import type { Plan } from '../model.js';
import { naiveHardViolations } from '../test-support/naive-check.js';
import { plantedPlanArbitrary } from '../test-support/random-plan.js';
import { compilePlan } from './compile.js';
import { buildRepairModel } from './exact-repair-model.js';
import { repairExactly, type LpSolver } from './exact-repair.js';
import { placementsOf } from './report.js';
import { Rng } from './rng.js';
import { Search } from './search.js';

let solve: LpSolver;
beforeAll(async () => {
  solve = await loadLpSolver();
});
// The search as the server's worker runs it: HiGHS in a thread of its own, asked synchronously.
const threaded = openLpSolver();
afterAll(() => threaded.close());

/** Unit starts and rooms of a planted timetable. */
function startsOf(plan: Plan, planted: { activityId: string; day: number; period: number; roomId?: string }[]) {
  const p = compilePlan(plan);
  const start = new Int32Array(p.nUnits).fill(-1);
  const room = new Int32Array(p.nActs).fill(-1);
  for (const placement of planted) {
    const a = p.activityIds.indexOf(placement.activityId);
    start[p.actUnit[a] ?? 0] = (placement.day - 1) * p.nHours + placement.period - 1;
    if (placement.roomId) room[a] = p.roomIds.indexOf(placement.roomId);
  }
  return { p, start, room };
}

/** A planted timetable with up to `count` units taken out, chosen by the seed's generator (returned for more). */
function withUnitsOut(plan: Plan, planted: Parameters<typeof startsOf>[1], seed: number, count: number) {
  const { p, start, room } = startsOf(plan, planted);
  const rng = new Rng(seed);
  for (let k = 0; k < count; k++) {
    const u = Math.floor(rng.next() * p.nUnits);
    start[u] = -1;
    for (const a of p.unitActs[u] ?? []) room[a] = -1;
  }
  return { p, start, room, rng };
}

const usableOf = (nUnits: number, domain: Int32Array[]): Uint8Array =>
  Uint8Array.from({ length: nUnits }, (_, u) => ((domain[u]?.length ?? 0) > 0 ? 1 : 0));

/** The search with its state and best open to the test. */
class RepairProbe extends Search {
  loadBest(start: Int32Array, room: Int32Array): void {
    this.state.assignAll(start, room);
    this.saveBest();
  }
  repairNow(): boolean {
    let total = 0;
    for (let u = 0; u < this.p.nUnits; u++) total += this.usable[u] ?? 0;
    return this.repairBestExactly(total);
  }
  current(): { start: Int32Array; room: Int32Array; hard: number; placed: number } {
    return { start: this.state.start, room: this.state.room, hard: this.state.hard, placed: this.state.placedUnits };
  }
}

describe('exact repair of the last few lessons', () => {
  it('inside the search: a best timetable a few lessons short becomes the complete state', () => {
    let completed = 0;
    fc.assert(
      fc.property(plantedPlanArbitrary('small'), fc.integer({ min: 1, max: 1000 }), ({ plan, planted }, seed) => {
        const { p, start, room } = withUnitsOut(plan, planted, seed, 2);
        if (p.nUnits < 3) return;
        const search = new RepairProbe(
          p,
          {
            seed,
            maxPlacingSteps: 0,
            improvingSteps: 0,
            improveWorkRatio: 0,
            improveWorkPerUnit: 0,
            lpSolver: threaded.solve,
            deadline: Date.now() + 60_000,
          },
          { shouldStop: () => false, report: () => undefined },
        );
        search.loadBest(start, room);
        expect(search.repairNow()).toBe(true);
        const now = search.current();
        expect(now.hard).toBe(0);
        expect(now.placed).toBe(p.nUnits);
        expect(naiveHardViolations(plan, placementsOf(p, now.start, now.room))).toEqual([]);
        completed++;
      }),
      { numRuns: 25 },
    );
    expect(completed).toBeGreaterThan(10);
  });

  it('puts back lessons taken out of a timetable, and what it returns breaks no hard rule (independent check)', () => {
    let repaired = 0;
    fc.assert(
      fc.property(plantedPlanArbitrary('small'), fc.integer({ min: 1, max: 1000 }), ({ plan, planted }, seed) => {
        // Up to three lessons (units) taken out, chosen by the seed.
        const { p, start, room, rng } = withUnitsOut(plan, planted, seed, 3);
        if (p.nUnits < 2) return;
        const result = repairExactly(p, start, room, {
          solve,
          rng,
          fixed: new Uint8Array(p.nUnits),
          usable: usableOf(p.nUnits, p.unitDomain),
          rounds: 12,
          budgetSeconds: 20,
          secondsPerSolve: 10,
          deadline: Date.now() + 60_000,
          maxFree: 1000,
        });
        // The planted timetable is an answer of each round's model (one class of stuck lessons a round), so the repair always finds one.
        expect(result?.isComplete).toBe(true);
        if (!result) return;
        repaired++;
        const placements = placementsOf(p, result.start, result.room);
        expect(placements).toHaveLength(plan.activities.length);
        expect(naiveHardViolations(plan, placements)).toEqual([]);
      }),
      { numRuns: 40 },
    );
    expect(repaired).toBeGreaterThan(20);
  });

  it('admits the timetable it starts from: every freed lesson can stay where it is', () => {
    fc.assert(
      fc.property(plantedPlanArbitrary('small'), ({ plan, planted }) => {
        const { p, start, room } = startsOf(plan, planted);
        const free = new Set<number>();
        for (let u = 0; u < p.nUnits; u += 2) free.add(u);
        const model = buildRepairModel(p, start, room, free);
        expect(model).not.toBeNull();
        if (!model) return;
        const values = solve({ lp: model.lp, columns: model.vars.length }, 10);
        expect(values).not.toBeNull();
        let placed = 0;
        model.vars.forEach((_, i) => {
          if ((values?.[i] ?? 0) > 0.5) placed++;
        });
        expect(placed).toBe(free.size);
      }),
      { numRuns: 30 },
    );
  });

  it('says nothing (no model) for a hard rule it does not write, so the search goes on without it', () => {
    const plan: Plan = {
      name: 'min hours',
      days: [{ name: 'Mon' }, { name: 'Tue' }],
      periods: [{ name: '1' }, { name: '2' }, { name: '3' }],
      subjects: [{ id: 's', name: 'S' }],
      activityTags: [],
      teachers: [{ id: 't', name: 'T' }],
      studentSets: [{ id: 'c', name: 'C', kind: 'year', parentIds: [] }],
      buildings: [],
      rooms: [],
      activities: ['a1', 'a2', 'a3'].map((id) => ({
        id,
        teacherIds: ['t'],
        studentSetIds: ['c'],
        tagIds: [],
        duration: 1,
        subjectId: 's',
      })),
      constraints: [{ type: 'minHoursDaily', weight: 100, target: { kind: 'teacher', teacherId: 't' }, minHours: 2, allowEmptyDays: true }],
    };
    const p = compilePlan(plan);
    const start = new Int32Array(p.nUnits).fill(-1);
    expect(buildRepairModel(p, start, new Int32Array(p.nActs).fill(-1), new Set([0, 1, 2]))).toBeNull();
    // The generator still solves it, with the solver given.
    const result = generateTimetable(plan, { seed: 3, lpSolver: solve, improveEffort: 0 });
    expect(result.status).toBe('solved');
    expect(naiveHardViolations(plan, result.placements)).toEqual([]);
  });
});
