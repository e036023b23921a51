import type { LpSolver } from './exact-repair.js';
import type { State } from './state.js';

export interface SearchControl {
  /** Checked every few hundred steps; true stops the search (cancel or time limit). */
  shouldStop: () => boolean;
  /** Called every few hundred steps with where the search is. */
  report: (phase: 'placing' | 'improving', state: State, bestPlaced: number, iterations: number) => void;
}

/** Knobs of the search, measured in bench/timetable.mjs and decision 017; the defaults are the measured best. */
export interface SearchTuning {
  /** Calls allowed to one recursive-swapping chain, per unit of the plan (FET: 2). */
  chainCallsPerUnit: number;
  /** Deepest level of a chain (FET: 14). */
  maxLevel: number;
  /** Levels below this try every start; deeper ones only the best (FET: 5). */
  wideLevels: number;
  /** Weight of soft costs when choosing among starts while placing... */
  softWeight: number;
  /** ... and while improving (chains re-placing displaced units). */
  improveSoftWeight: number;
  /** Steps without a new best before a ruin-and-recreate kick, per unit (at least 200). */
  patiencePerUnit: number;
  /** Weight, when choosing a start, of each empty period it leaves in a day that must stay compact. */
  holeWeight: number;
  /** On a restart, put the units evicted most in the last round first. */
  squeakyWheel: boolean;
  /** Placing steps a restart waits for, per unit, times Luby's sequence. */
  restartStepsPerUnit: number;
  /** While improving: share of one-unit-in-the-way moves made as chains rather than swaps. */
  chainMoveShare: number;
  /** Calls allowed to one improving chain. */
  chainMoveCalls: number;
  /** While improving: share of moves that place a unit again where the ranking, soft rules weighed in, puts it. */
  rankedMoveShare: number;
  /** While improving: share of moves that take out a unit and some of its neighbours and place them again... */
  ruinMoveShare: number;
  /** ... how many units that takes out. */
  ruinSize: number;
  /** Exact repair (with an lpSolver): tried before a restart when at most this many units are unplaced... */
  exactRepairMaxLeft: number;
  /** ... at most once per this many placing steps a unit (before a shake; a restart always tries)... */
  exactRepairEveryPerUnit: number;
  /** ... for at most this many MIP solves and seconds in all, each solve within the next figure, at first
   * freeing at most this many units. */
  exactRepairRounds: number;
  exactRepairBudgetSeconds: number;
  exactRepairSeconds: number;
  exactRepairMaxFree: number;
}

export const defaultTuning: SearchTuning = {
  chainCallsPerUnit: 2,
  maxLevel: 14,
  wideLevels: 2,
  softWeight: 1,
  improveSoftWeight: 10,
  patiencePerUnit: 1,
  holeWeight: 3,
  squeakyWheel: true,
  restartStepsPerUnit: 4,
  chainMoveShare: 0.3,
  chainMoveCalls: 40,
  rankedMoveShare: 0.5,
  ruinMoveShare: 0.3,
  ruinSize: 4,
  exactRepairMaxLeft: 8,
  exactRepairEveryPerUnit: 2,
  exactRepairRounds: 40,
  exactRepairBudgetSeconds: 8,
  exactRepairSeconds: 3,
  exactRepairMaxFree: 160,
};

export interface SearchOptions {
  seed: number;
  tuning?: Partial<SearchTuning>;
  /** Steps of the placing phase before giving up on a complete timetable (deterministic budget). */
  maxPlacingSteps: number;
  /** Steps of the soft improvement phase (an upper bound; the work budget below usually ends it first). */
  improvingSteps: number;
  /** Work for improving, as a multiple of the work placing took... */
  improveWorkRatio: number;
  /** ... and at least this much per unit. */
  improveWorkPerUnit: number;
  /** A MIP solver for the last few units when placing is stuck (decision 017, "Exact repair"); none: not tried. */
  lpSolver?: LpSolver;
  /** Wall-clock end of the run (ms since the epoch): the exact repair never runs past it. */
  deadline?: number;
}

export interface SearchOutcome {
  /** Work (moves priced) spent placing and improving. */
  placingWork: number;
  improvingWork: number;
  /** Best start per unit (-1 unplaced) and room per activity. */
  start: Int32Array;
  room: Int32Array;
  placedUnits: number;
  stoppedEarly: boolean;
  placingSteps: number;
  improvingSteps: number;
  /** Steps at which every unit was first placed without hard violations (-1 never). */
  solvedAtStep: number;
}

export const CHECK_EVERY = 128;

/** Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, 1, ... (i from 1). */
export function luby(i: number): number {
  let k = 1;
  while ((1 << k) - 1 < i) k++;
  while (i !== (1 << k) - 1) {
    i -= (1 << (k - 1)) - 1;
    k = 1;
    while ((1 << k) - 1 < i) k++;
  }
  return 1 << (k - 1);
}
