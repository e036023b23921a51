import type { LpSolver } from './engine/exact-repair.js';

type LoadHighs = () => Promise<{
  solve(lp: string, options: Record<string, string | number | boolean>): { Status: string; Columns: Record<string, unknown> };
}>;

/**
 * Loads HiGHS (a MIP solver compiled to WebAssembly, the `highs` package) for the search's endgame (decision 017,
 * "Exact repair"). Asynchronous because the WebAssembly module is; the search itself stays synchronous, so a
 * caller loads this once and passes it in `GenerateOptions.lpSolver`.
 */
export async function loadLpSolver(): Promise<LpSolver> {
  // The package's types describe its CommonJS build; its ESM build (what `import` loads) default-exports the loader.
  const { default: loadHighs } = (await import('highs')) as unknown as { default: LoadHighs };
  const highs = await loadHighs();
  return (lp, timeLimitSeconds) => {
    // One thread and a fixed seed: the same model gives the same answer unless the time limit cuts in.
    const solution = highs.solve(lp, { time_limit: Math.max(0.05, timeLimitSeconds), output_flag: false, threads: 1, random_seed: 0 });
    if (solution.Status !== 'Optimal' && solution.Status !== 'Time limit reached') return null;
    const values = new Map<string, number>();
    for (const [name, column] of Object.entries(solution.Columns)) {
      const value = (column as { Primal?: number }).Primal;
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
      values.set(name, value);
    }
    return values;
  };
}
