import type { LpSolver } from './engine/exact-repair.js';

interface HighsModel {
  readModel(source: { format: 'lp'; data: string }): unknown;
  readonly options: { set(values: Record<string, string | number | boolean>): unknown };
  readonly info: { get(name: string): number | bigint };
  setSolution(solution: { indices: Int32Array; values: Float64Array }): unknown;
  run(): unknown;
  getSolution(): { colValue: Float64Array };
}
type LoadHighs = () => Promise<{ withModel<T>(operation: (model: HighsModel) => T): T }>;

/** HiGHS' `primal_solution_status` of a feasible point. */
const FEASIBLE_POINT = 2;

/**
 * Loads HiGHS (a MIP solver compiled to WebAssembly, the `highs` package) for the search's endgame (decision 017,
 * "Exact repair"). Asynchronous because the WebAssembly module is; the search itself stays synchronous, so a
 * caller loads this once and passes it in `GenerateOptions.lpSolver`. Loading costs 80-90 ms, most of it
 * instantiating (compiling the 3.5 MB of WebAssembly beforehand and sharing the module saved only ~25 ms).
 */
export async function loadLpSolver(): Promise<LpSolver> {
  // The package's types describe its CommonJS build; its ESM build (what `import` loads) default-exports the loader.
  const { default: loadHighs } = (await import('highs')) as unknown as { default: LoadHighs };
  const highs = await loadHighs();
  return (problem, timeLimitSeconds) =>
    highs.withModel((model) => {
      model.readModel({ format: 'lp', data: problem.lp });
      // One thread and a fixed seed: the same model gives the same answer unless the time limit cuts in.
      // A smaller cut pool: the default one grew WebAssembly memory to 200+ MB on Germany's larger rounds (87 MB so).
      model.options.set({ time_limit: Math.max(0.05, timeLimitSeconds), output_flag: false, random_seed: 0, mip_pool_soft_limit: 1000 });
      if (problem.start) {
        // Where the lessons are now, as the first answer: a solve the time limit cuts is never worse.
        const indices = Int32Array.from({ length: problem.columns }, (_, i) => i);
        model.setSolution({ indices, values: Float64Array.from(problem.start) });
      }
      model.run();
      if (Number(model.info.get('primal_solution_status')) !== FEASIBLE_POINT) return null;
      return model.getSolution().colValue.slice(0, problem.columns);
    });
}
