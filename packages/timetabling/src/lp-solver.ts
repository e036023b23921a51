import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
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

/** One solve asked of the solver thread. */
export interface LpSolverRequest {
  problem: Parameters<LpSolver>[0];
  timeLimitSeconds: number;
}
/** What the solver thread starts with (besides its end of the channel). */
export interface LpSolverThreadData {
  signal: SharedArrayBuffer;
}

/** How long past a solve's own time limit the caller waits for its answer before giving up on it. */
const ANSWER_GRACE_MS = 30_000;

/**
 * The endgame's MIP solver for a synchronous search, loaded only if the search asks for it (issue 20): the first
 * solve starts a thread that loads HiGHS (80-90 ms), and each solve posts its model there and waits with
 * `Atomics.wait` for the answer. Schools the search places without the endgame never pay for loading it, in time
 * or in memory. `close()` ends the thread, if one was started.
 */
export function openLpSolver(): { solve: LpSolver; close: () => Promise<void> } {
  let thread: { worker: Worker; port: MessagePort; flag: Int32Array } | null = null;
  const start = () => {
    const signal = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    // The built thread entry, whether this module runs built or from source (tests): the package's own export.
    const entry = createRequire(import.meta.url).resolve('@campus/timetabling/lp-solver-thread');
    const data: LpSolverThreadData & { port: MessagePort } = { signal, port: port2 };
    const worker = new Worker(entry, { workerData: data, transferList: [port2] });
    // A thread that crashes answers nothing: the caller's wait times out and drops it (a failed load answers null).
    worker.on('error', () => {});
    return { worker, port: port1, flag: new Int32Array(signal) };
  };
  const solve: LpSolver = (problem, timeLimitSeconds) => {
    thread ??= start();
    Atomics.store(thread.flag, 0, 0);
    const request: LpSolverRequest = { problem, timeLimitSeconds };
    thread.port.postMessage(request);
    const waited = Atomics.wait(thread.flag, 0, 0, timeLimitSeconds * 1000 + ANSWER_GRACE_MS);
    const answer = receiveMessageOnPort(thread.port);
    if (waited === 'timed-out' || !answer) {
      // Its answer could still come, to the next request: that thread is dropped and the next solve starts another.
      void thread.worker.terminate();
      thread = null;
      return null;
    }
    return answer.message as Float64Array | null;
  };
  const close = async () => {
    if (!thread) return;
    thread.port.close();
    await thread.worker.terminate();
    thread = null;
  };
  return { solve, close };
}
