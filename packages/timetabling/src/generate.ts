import { compilePlan } from './engine/compile.js';
import { diagnoseUnplaced, type UnplacedActivity } from './engine/diagnose.js';
import { loadState, placementsOf, reportSolution, type Violation } from './engine/report.js';
import { Search, type SearchTuning } from './engine/search.js';
import type { LpSolver } from './engine/exact-repair.js';
import type { Placement, Plan } from './model.js';

export interface GenerateProgress {
  phase: 'placing' | 'improving';
  /** Activities placed now, and the most placed at once so far (without hard violations). */
  placed: number;
  bestPlaced: number;
  total: number;
  /** Soft score of the current timetable (lower is better). */
  softScore: number;
  elapsedMs: number;
  steps: number;
}

export interface GenerateOptions {
  /** The same seed and plan give the same timetable (as long as no time limit cuts the run short). Default 1. */
  seed?: number;
  /** Wall-clock limit; the best timetable found by then is returned. Default 60 s. */
  timeLimitMs?: number;
  /** Cancels the run (in the same thread). */
  signal?: AbortSignal;
  /** Polled during the run; true cancels it. A worker thread reads a shared flag here (a message cannot arrive mid-run). */
  shouldCancel?: () => boolean;
  onProgress?: (progress: GenerateProgress) => void;
  /** At most one progress call per this many milliseconds. Default 200. */
  progressIntervalMs?: number;
  /**
   * How hard to work on the soft score once every lesson is placed, as a multiple of the work placing took
   * (deterministic: work is counted in moves priced, not in time). 0 stops at the first complete timetable.
   * Default 2 (about twice as long again as placing, and at least a little for every activity).
   */
  improveEffort?: number;
  /** Upper bound on improving steps per activity. Default 2000. */
  improveStepsPerActivity?: number;
  /** Placing steps per activity before giving up on a complete timetable. Default 2000. */
  placeStepsPerActivity?: number;
  /** Search knobs (for measuring; the defaults are the measured best). */
  tuning?: Partial<SearchTuning>;
  /**
   * A MIP solver (`loadLpSolver()`) for the last few lessons when placing is stuck (decision 017, "Exact repair").
   * Without one the search runs as before.
   */
  lpSolver?: LpSolver;
}

export type GenerateStatus = 'solved' | 'incomplete' | 'cancelled';

export interface GenerateResult {
  /** solved: every activity placed, no hard rule broken. incomplete: some could not be placed (see `unplaced`). */
  status: GenerateStatus;
  placements: Placement[];
  unplaced: UnplacedActivity[];
  /** Empty for a search result (kept for symmetry with `evaluatePlacements`). */
  hardViolations: Violation[];
  softViolations: Violation[];
  softScore: number;
  stats: {
    seed: number;
    elapsedMs: number;
    /** When every activity was first placed without hard violations (-1: never). */
    solvedAtMs: number;
    placingSteps: number;
    improvingSteps: number;
    /** Moves priced while placing and while improving (the search's own measure of work). */
    placingWork: number;
    improvingWork: number;
    stoppedBy: 'finished' | 'time' | 'cancel' | 'steps';
  };
}

/**
 * Generates a timetable for a plan. Synchronous and self-contained (run it in a worker thread to keep a
 * server responsive): progress through `onProgress`, cancel through `signal` / `shouldCancel`.
 */
export function generateTimetable(plan: Plan, options: GenerateOptions = {}): GenerateResult {
  const began = Date.now();
  const seed = (options.seed ?? 1) >>> 0;
  const timeLimitMs = options.timeLimitMs ?? 60_000;
  const progressIntervalMs = options.progressIntervalMs ?? 200;
  const problem = compilePlan(plan);
  const total = problem.nActs;
  const effort = options.improveEffort ?? 2;
  let lastProgress = -Infinity;
  const stop: { by: GenerateResult['stats']['stoppedBy'] } = { by: 'finished' };
  let solvedAtMs = -1;
  const search = new Search(
    problem,
    {
      seed,
      ...(options.tuning ? { tuning: options.tuning } : {}),
      maxPlacingSteps: Math.max(10_000, (options.placeStepsPerActivity ?? 2000) * problem.nUnits),
      improvingSteps: effort <= 0 ? 0 : Math.max(0, Math.round((options.improveStepsPerActivity ?? 2000) * problem.nUnits)),
      improveWorkRatio: effort,
      improveWorkPerUnit: 5000 * effort,
      ...(options.lpSolver ? { lpSolver: options.lpSolver, deadline: began + timeLimitMs } : {}),
    },
    {
      shouldStop: () => {
        if (options.signal?.aborted || options.shouldCancel?.()) {
          stop.by = 'cancel';
          return true;
        }
        if (Date.now() - began >= timeLimitMs) {
          stop.by = 'time';
          return true;
        }
        return false;
      },
      report: (phase, state, bestPlaced) => {
        if (phase === 'improving' && solvedAtMs < 0) solvedAtMs = Date.now() - began;
        if (!options.onProgress) return;
        const now = Date.now();
        if (now - lastProgress < progressIntervalMs) return;
        lastProgress = now;
        options.onProgress({
          phase,
          placed: countPlacedActs(problem.unitActs, state.start),
          bestPlaced: countPlacedActs(problem.unitActs, searchBest()),
          total,
          softScore: state.soft,
          elapsedMs: now - began,
          steps: search.stepsSoFar(),
        });
        void bestPlaced;
      },
    },
  );
  const searchBest = (): Int32Array => search.bestStarts();
  const outcome = search.run();
  if (outcome.solvedAtStep >= 0 && solvedAtMs < 0) solvedAtMs = Date.now() - began;
  if (!outcome.stoppedEarly && outcome.placedUnits < countUsable(problem)) stop.by = 'steps';
  const stoppedBy = stop.by;

  const report = reportSolution(problem, outcome.start, outcome.room);
  const unplacedUnits: number[] = [];
  for (let u = 0; u < problem.nUnits; u++) if ((outcome.start[u] ?? -1) < 0) unplacedUnits.push(u);
  const compileReasons = new Map<number, string[]>();
  for (const reason of problem.impossible) {
    const list = compileReasons.get(reason.activity);
    if (list) list.push(reason.reason);
    else compileReasons.set(reason.activity, [reason.reason]);
  }
  const unplaced =
    unplacedUnits.length > 0
      ? diagnoseUnplaced(problem, loadState(problem, outcome.start, outcome.room), unplacedUnits, compileReasons)
      : [];
  const status: GenerateStatus =
    stoppedBy === 'cancel' ? 'cancelled' : unplaced.length === 0 && report.hardViolations.length === 0 ? 'solved' : 'incomplete';
  if (options.onProgress) {
    options.onProgress({
      phase: 'improving',
      placed: total - unplaced.length,
      bestPlaced: total - unplaced.length,
      total,
      softScore: report.softScore,
      elapsedMs: Date.now() - began,
      steps: search.stepsSoFar(),
    });
  }
  return {
    status,
    placements: placementsOf(problem, outcome.start, outcome.room),
    unplaced,
    hardViolations: report.hardViolations,
    softViolations: report.softViolations,
    softScore: report.softScore,
    stats: {
      seed,
      elapsedMs: Date.now() - began,
      solvedAtMs,
      placingSteps: outcome.placingSteps,
      improvingSteps: outcome.improvingSteps,
      placingWork: outcome.placingWork,
      improvingWork: outcome.improvingWork,
      stoppedBy,
    },
  };
}

function countPlacedActs(unitActs: Int32Array[], start: Int32Array): number {
  let n = 0;
  for (let u = 0; u < unitActs.length; u++) if ((start[u] ?? -1) >= 0) n += unitActs[u]?.length ?? 0;
  return n;
}

function countUsable(problem: ReturnType<typeof compilePlan>): number {
  const impossible = new Set(problem.impossible.map((i) => i.activity));
  let n = 0;
  for (let u = 0; u < problem.nUnits; u++) {
    const acts = problem.unitActs[u] ?? new Int32Array(0);
    if ((problem.unitDomain[u]?.length ?? 0) > 0 && !acts.some((a) => impossible.has(a))) n++;
  }
  return n;
}

/** Checks a given timetable (e.g. moved by hand) against the plan: every broken rule, hard and soft. */
export function evaluatePlacements(
  plan: Plan,
  placements: Placement[],
): { hardViolations: Violation[]; softViolations: Violation[]; softScore: number; unplacedActivityIds: string[] } {
  const problem = compilePlan(plan);
  const byActivity = new Map(placements.map((pl) => [pl.activityId, pl]));
  const roomIndex = new Map(problem.roomIds.map((id, i) => [id, i]));
  const start = new Int32Array(problem.nUnits).fill(-1);
  const room = new Int32Array(problem.nActs).fill(-1);
  const extra: Violation[] = [];
  for (let u = 0; u < problem.nUnits; u++) {
    let unitStart = -1;
    for (const a of problem.unitActs[u] ?? []) {
      const placement = byActivity.get(problem.activityIds[a] ?? '');
      if (!placement) continue;
      const s = (placement.day - 1) * problem.nHours + (placement.period - 1);
      if (unitStart < 0) unitStart = s;
      else if (s !== unitStart) {
        extra.push({
          constraintIndex: -1,
          type: 'sameStartingTime',
          hard: true,
          weight: 100,
          amount: 1,
          cost: 1,
          activityIds: Array.from(problem.unitActs[u] ?? [], (b) => problem.activityIds[b] ?? ''),
          message: 'lessons that must start together do not',
        });
      }
      if (placement.roomId !== undefined) room[a] = roomIndex.get(placement.roomId) ?? -1;
    }
    start[u] = unitStart;
  }
  const report = reportSolution(problem, start, room);
  const unplacedActivityIds = problem.activityIds.filter((id) => !byActivity.has(id));
  // A start a hard time rule forbids (a search never picks one).
  for (let u = 0; u < problem.nUnits; u++) {
    const s = start[u] ?? -1;
    if (s < 0 || (problem.unitDomain[u] ?? new Int32Array(0)).includes(s)) continue;
    extra.push({
      constraintIndex: -1,
      type: 'preferredStartingTimes',
      hard: true,
      weight: 100,
      amount: 1,
      cost: 1,
      activityIds: Array.from(problem.unitActs[u] ?? [], (b) => problem.activityIds[b] ?? ''),
      message: 'a lesson at a time its hard time rules forbid (not available, break, allowed times)',
    });
  }
  return {
    hardViolations: [...extra, ...report.hardViolations],
    softViolations: report.softViolations,
    softScore: report.softScore,
    unplacedActivityIds,
  };
}
