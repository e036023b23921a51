import { afterEach, describe, expect, it } from 'vitest';
import { loadLpSolver, openLpSolver } from './lp-solver.js';

// Two binaries, one of them allowed: the better is x1. A second row makes it infeasible.
const PICK_ONE = 'Maximize\n obj: x0 + 2 x1\nSubject To\n c1: x0 + x1 <= 1\nBinary\n x0 x1\nEnd\n';
const NONE_FITS = 'Maximize\n obj: x0 + 2 x1\nSubject To\n c1: x0 + x1 >= 3\nBinary\n x0 x1\nEnd\n';

describe('the endgame solver in its own thread', () => {
  const opened: ReturnType<typeof openLpSolver>[] = [];
  const open = () => {
    const solver = openLpSolver();
    opened.push(solver);
    return solver;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((solver) => solver.close()));
  });

  it('answers synchronously what HiGHS answers in this thread', async () => {
    const here = await loadLpSolver();
    const { solve } = open();
    const problem = { lp: PICK_ONE, columns: 2 };
    const answer = solve(problem, 5);
    expect(answer && Array.from(answer)).toEqual([0, 1]);
    expect(Array.from(here(problem, 5) ?? [])).toEqual([0, 1]);
  });

  it('answers null when no point is feasible, and goes on answering after it', () => {
    const { solve } = open();
    expect(solve({ lp: NONE_FITS, columns: 2 }, 5)).toBeNull();
    // A first answer is taken as HiGHS' start; the optimum is still found.
    const answer = solve({ lp: PICK_ONE, columns: 2, start: [1, 0] }, 5);
    expect(answer && Array.from(answer)).toEqual([0, 1]);
  });

  it('starts a new thread after close', async () => {
    const solver = open();
    expect(Array.from(solver.solve({ lp: PICK_ONE, columns: 2 }, 5) ?? [])).toEqual([0, 1]);
    await solver.close();
    expect(Array.from(solver.solve({ lp: PICK_ONE, columns: 2 }, 5) ?? [])).toEqual([0, 1]);
  });
});
