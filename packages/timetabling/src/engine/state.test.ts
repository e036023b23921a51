import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plantedPlanArbitrary } from '../test-support/random-plan.js';
import { compilePlan } from './compile.js';
import { firstGapsOfDay, gapsOfDay, popcount, runExcess, State } from './state.js';

function naiveBits(mask: number): number[] {
  return Array.from({ length: 31 }, (_, h) => h).filter((h) => (mask >>> h) & 1);
}

describe('day mask arithmetic', () => {
  it('counts, gaps, first gaps and runs agree with a loop over the periods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 12 - 1 }),
        fc.integer({ min: 0, max: 2 ** 12 - 1 }),
        fc.integer({ min: 0, max: 6 }),
        (mask, avail, max) => {
          const hours = naiveBits(mask);
          expect(popcount(mask)).toBe(hours.length);
          const usable = (h: number): boolean => ((avail >>> h) & 1) === 1;
          if (hours.length === 0) {
            expect(gapsOfDay(mask, avail)).toBe(0);
            expect(firstGapsOfDay(mask, avail)).toBe(0);
            expect(runExcess(mask, max)).toBe(0);
            return;
          }
          const first = Math.min(...hours);
          const last = Math.max(...hours);
          let gaps = 0;
          for (let h = first; h <= last; h++) if (!hours.includes(h) && usable(h)) gaps++;
          let before = 0;
          for (let h = 0; h < first; h++) if (usable(h)) before++;
          let excess = 0;
          let run = 0;
          for (let h = 0; h <= 31; h++) {
            if (hours.includes(h)) run++;
            else {
              if (run > max) excess += run - max;
              run = 0;
            }
          }
          expect(gapsOfDay(mask, avail)).toBe(gaps);
          expect(firstGapsOfDay(mask, avail)).toBe(before);
          expect(runExcess(mask, max)).toBe(excess);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('incremental state', () => {
  it('prices every move exactly as making it changes the totals, and the totals equal a recount', () => {
    const made = { swaps: 0, places: 0, removals: 0 };
    fc.assert(
      fc.property(
        plantedPlanArbitrary('small'),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 60 }),
        ({ plan }, moves) => {
          const p = compilePlan(plan);
          const state = new State(p);
          // Start from most units placed, so moves and swaps meet full days.
          for (let u = 0; u < p.nUnits; u++) {
            for (const s of p.unitDomain[u] ?? []) {
              state.evaluate(u, s);
              if (state.evConflictCount === 0 && state.evRoomMissing === 0 && state.evHard <= 0) {
                state.place(u, s);
                break;
              }
            }
          }
          for (const [a, b, c, d] of moves) {
            if (p.nUnits === 0) return;
            const u = a % p.nUnits;
            const domain = p.unitDomain[u] ?? new Int32Array(0);
            const kind = b % 5;
            const hardBefore = state.hard;
            const softBefore = state.soft;
            if (kind === 0 || domain.length === 0) {
              if ((state.start[u] ?? -1) < 0) continue;
              state.evaluate(u, -1);
              const { evHard, evSoft } = state;
              state.remove(u);
              made.removals++;
              expect(state.hard - hardBefore).toBeCloseTo(evHard, 6);
              expect(state.soft - softBefore).toBeCloseTo(evSoft, 6);
            } else if (kind >= 3) {
              // A swap of two placed units (each to the other's start), when nothing else is in the way.
              // Prefer a unit sharing a teacher or students: the swaps that matter.
              const partners: number[] = [];
              for (const r of p.unitClashResources[u] ?? []) for (const act of p.resActs[r] ?? []) partners.push(p.actUnit[act] ?? 0);
              const v = partners.length > 0 ? (partners[c % partners.length] ?? 0) : c % p.nUnits;
              const su = state.start[u] ?? -1;
              const sv = state.start[v] ?? -1;
              if (v === u || su < 0 || sv < 0 || p.unitDomain[u]?.includes(sv) !== true || p.unitDomain[v]?.includes(su) !== true) continue;
              state.evaluate(u, sv, v, su);
              if (state.evConflictCount > 0 || state.evRoomMissing > 0) continue;
              const { evHard, evSoft } = state;
              state.placePair(u, sv, v, su);
              made.swaps++;
              expect(state.hard - hardBefore).toBeCloseTo(evHard, 6);
              expect(state.soft - softBefore).toBeCloseTo(evSoft, 6);
            } else {
              const s = domain[d % domain.length] ?? 0;
              state.evaluate(u, s);
              if (state.evConflictCount > 0) {
                // Make room the way the search does, then price again.
                for (const other of Array.from(state.evConflicts.subarray(0, state.evConflictCount))) state.remove(other);
                state.evaluate(u, s);
              }
              if (state.evRoomMissing > 0 || state.evConflictCount > 0) continue;
              const before = { hard: state.hard, soft: state.soft };
              const { evHard, evSoft } = state;
              state.place(u, s);
              made.places++;
              expect(state.hard - before.hard).toBeCloseTo(evHard, 6);
              expect(state.soft - before.soft).toBeCloseTo(evSoft, 6);
            }
            const recount = state.recomputeTotals();
            expect(state.hard).toBeCloseTo(recount.hard, 6);
            expect(state.soft).toBeCloseTo(recount.soft, 6);
            // Nobody double-booked: each teacher / subgroup / room slot holds at most the activity recorded there.
            for (let unit = 0; unit < p.nUnits; unit++) {
              const start = state.start[unit] ?? -1;
              if (start < 0) continue;
              for (const act of p.unitActs[unit] ?? []) {
                for (const r of p.actClashResources[act] ?? []) {
                  for (let k = 0; k < (p.actDuration[act] ?? 1); k++) expect(state.occ[r * p.nSlots + start + k]).toBe(act);
                }
              }
            }
          }
        },
      ),
      { numRuns: 250 },
    );
    // The property exercised every kind of move (a run that only skipped would prove nothing).
    expect(made.swaps).toBeGreaterThan(80);
    expect(made.places).toBeGreaterThan(50);
    expect(made.removals).toBeGreaterThan(50);
  });

  it('rolls back a chain of moves to exactly the state before it', () => {
    fc.assert(
      fc.property(
        plantedPlanArbitrary('small'),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 30 }),
        ({ plan }, moves) => {
          const p = compilePlan(plan);
          const state = new State(p);
          for (let u = 0; u < p.nUnits; u += 2) {
            const s = p.unitDomain[u]?.[0];
            if (s === undefined) continue;
            state.evaluate(u, s);
            if (state.evConflictCount === 0 && state.evRoomMissing === 0) state.place(u, s);
          }
          const start = Int32Array.from(state.start);
          const room = Int32Array.from(state.room);
          const totals = { hard: state.hard, soft: state.soft };
          const mark = state.mark();
          for (const [a, b] of moves) {
            if (p.nUnits === 0) break;
            const u = a % p.nUnits;
            const domain = p.unitDomain[u] ?? new Int32Array(0);
            if (domain.length === 0) continue;
            const s = domain[b % domain.length] ?? 0;
            state.evaluate(u, s);
            for (const other of Array.from(state.evConflicts.subarray(0, state.evConflictCount))) state.remove(other);
            state.evaluate(u, s);
            if (state.evConflictCount === 0 && state.evRoomMissing === 0) state.place(u, s);
          }
          state.rollback(mark);
          state.commit();
          expect(Array.from(state.start)).toEqual(Array.from(start));
          expect(Array.from(state.room)).toEqual(Array.from(room));
          expect(state.hard).toBeCloseTo(totals.hard, 6);
          expect(state.soft).toBeCloseTo(totals.soft, 6);
        },
      ),
      { numRuns: 100 },
    );
  });
});
