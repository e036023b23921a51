import { describe, expect, it } from 'vitest';
import type { Activity, Constraint, Plan } from '../model.js';
import { compilePlan } from './compile.js';
import { Search } from './search.js';

/** Five days of three periods, teachers T1..T2, classes C1..C3. */
function school(activities: Activity[], constraints: Constraint[]): Plan {
  return {
    name: 'pruning',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((name) => ({ name })),
    periods: ['1', '2', '3'].map((name) => ({ name })),
    subjects: [{ id: 'math', name: 'Math' }],
    activityTags: [],
    teachers: ['T1', 'T2'].map((id) => ({ id, name: id })),
    studentSets: ['C1', 'C2', 'C3'].map((id) => ({ id, name: id, kind: 'year' as const, parentIds: [] })),
    buildings: [],
    rooms: [],
    activities,
    constraints,
  };
}

const lesson = (id: string, teacher: string, set: string): Activity => ({
  id,
  teacherIds: [teacher],
  studentSetIds: [set],
  tagIds: [],
  duration: 1,
  subjectId: 'math',
});

const lockAt = (id: string, day: number, period: number): Constraint => ({
  type: 'preferredStartingTimes',
  weight: 100,
  activities: { activityIds: [id] },
  slots: [{ day, period }],
  locked: true,
});

/** The search with its ranking open to the test; everything placed where the plan locks it. */
class RankingProbe extends Search {
  placeLocked(): void {
    for (let u = 0; u < this.p.nUnits; u++) {
      const domain = this.p.unitDomain[u];
      if (domain?.length === 1) this.state.place(u, domain[0] ?? 0);
    }
  }
  unitOf(activityId: string): number {
    return this.p.actUnit[this.p.activityIds.indexOf(activityId)] ?? -1;
  }
  /** Days (1-based) on which a chain would rank starts of the activity: not closed, no locked partner broken. */
  rankedDays(activityId: string): number[] {
    const u = this.unitOf(activityId);
    this.chainStamp++;
    const closed = this.closedDays(u);
    const days = new Set<number>();
    for (const slot of this.p.unitDomain[u] ?? []) {
      const day = Math.floor(slot / this.p.nHours);
      if (closed & (1 << day) || this.state.breaksLockedGroup(u, slot, this.chainMark, this.chainStamp, this.fixed)) continue;
      days.add(day + 1);
    }
    return [...days];
  }
}

function probe(plan: Plan): RankingProbe {
  const search = new RankingProbe(
    compilePlan(plan),
    { seed: 1, maxPlacingSteps: 0, improvingSteps: 0, improveWorkRatio: 0, improveWorkPerUnit: 0 },
    { shouldStop: () => false, report: () => undefined },
  );
  search.placeLocked();
  return search;
}

describe('starts a chain could never repair are not tried', () => {
  it('a teacher at a hard max days a week, whose working days hold only locked lessons: no start on another day', () => {
    const plan = school(
      [lesson('mon', 'T1', 'C1'), lesson('tue', 'T1', 'C2'), lesson('free', 'T1', 'C3')],
      [
        lockAt('mon', 1, 1),
        lockAt('tue', 2, 1),
        { type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: 'T1' }, maxDays: 2 },
      ],
    );
    expect(new Set(probe(plan).rankedDays('free'))).toEqual(new Set([1, 2]));
  });

  it('the same teacher with a movable lesson on one of those days: every day may still be tried', () => {
    const plan = school(
      [lesson('mon', 'T1', 'C1'), lesson('tue', 'T1', 'C2'), lesson('free', 'T1', 'C3')],
      [lockAt('mon', 1, 1), { type: 'maxDaysPerWeek', weight: 100, target: { kind: 'teacher', teacherId: 'T1' }, maxDays: 2 }],
    );
    const search = probe(plan);
    // Put the movable lesson on Tuesday by hand: the teacher works two days, one of which can be cleared.
    const tue = search.unitOf('tue');
    search.state.evaluate(tue, search.p.nHours);
    search.state.place(tue, search.p.nHours);
    expect(new Set(search.rankedDays('free'))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('a hard same starting day with a locked partner: only the partner’s day; a soft one: any day', () => {
    const activities = [lesson('partner', 'T1', 'C1'), lesson('free', 'T2', 'C2')];
    const hard = school(activities, [lockAt('partner', 3, 2), { type: 'sameStartingDay', weight: 100, activityIds: ['partner', 'free'] }]);
    expect(new Set(probe(hard).rankedDays('free'))).toEqual(new Set([3]));
    const soft = school(activities, [lockAt('partner', 3, 2), { type: 'sameStartingDay', weight: 90, activityIds: ['partner', 'free'] }]);
    expect(new Set(probe(soft).rankedDays('free'))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

/** The improving moves, open to the test. */
class MoveProbe extends RankingProbe {
  moveRanked(activityId: string): boolean {
    this.improving = true;
    return this.rankedMove(this.unitOf(activityId), 1e-6);
  }
  moveRuined(activityId: string): boolean {
    this.improving = true;
    return this.ruinMove(this.unitOf(activityId), 1e-6);
  }
  putAt(activityId: string, day: number, period: number): void {
    const u = this.unitOf(activityId);
    const slot = (day - 1) * this.p.nHours + (period - 1);
    this.state.evaluate(u, slot);
    this.state.place(u, slot);
  }
}

const wish = (id: string, day: number, period: number): Constraint => ({
  type: 'preferredStartingTimes',
  weight: 90,
  activities: { activityIds: [id] },
  slots: [{ day, period }],
});

function moveProbe(plan: Plan, tuning: Record<string, number> = {}): MoveProbe {
  return new MoveProbe(
    compilePlan(plan),
    { seed: 1, tuning, maxPlacingSteps: 0, improvingSteps: 0, improveWorkRatio: 0, improveWorkPerUnit: 0 },
    { shouldStop: () => false, report: () => undefined },
  );
}

describe('improving moves', () => {
  it('a ranked move puts a lesson where its soft wish holds', () => {
    const search = moveProbe(school([lesson('x', 'T1', 'C1')], [wish('x', 3, 2)]));
    search.putAt('x', 1, 1);
    expect(search.state.soft).toBeGreaterThan(0);
    expect(search.moveRanked('x')).toBe(true);
    expect(search.state.soft).toBe(0);
    expect(search.state.start[search.unitOf('x')]).toBe(2 * 3 + 1);
  });

  it('ruin and recreate puts two lessons of a class, each on the other’s wished start, both right', () => {
    const plan = school([lesson('x', 'T1', 'C1'), lesson('y', 'T2', 'C1')], [wish('x', 2, 1), wish('y', 4, 3)]);
    const search = moveProbe(plan, { ruinSize: 2 });
    search.putAt('x', 4, 3);
    search.putAt('y', 2, 1);
    expect(search.moveRuined('x')).toBe(true);
    expect(search.state.soft).toBe(0);
    expect(search.state.hard).toBe(0);
  });
});
