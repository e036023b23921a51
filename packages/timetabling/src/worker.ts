import { parentPort, workerData } from 'node:worker_threads';
import { generateTimetable, type GenerateOptions } from './generate.js';
import { openLpSolver } from './lp-solver.js';
import type { Plan } from './model.js';

/**
 * A worker-thread entry (`@campus/timetabling/worker`): generates one timetable off the caller's thread.
 * workerData: {plan, options, cancel} where `cancel` is a SharedArrayBuffer of one Int32 the caller sets to 1
 * to stop the run (a message could not arrive while the synchronous search runs). Posts
 * {kind: 'progress', progress} while running and {kind: 'result', result} once, at the end.
 */
export interface WorkerInput {
  plan: Plan;
  options: Pick<GenerateOptions, 'seed' | 'timeLimitMs' | 'improveEffort' | 'progressIntervalMs'>;
  cancel: SharedArrayBuffer;
}

async function run(): Promise<void> {
  if (!parentPort) return;
  const port = parentPort;
  const input = workerData as WorkerInput;
  const flag = new Int32Array(input.cancel);
  // HiGHS only if the search reaches its endgame: most schools are placed without it.
  const lpSolver = openLpSolver();
  try {
    const result = generateTimetable(input.plan, {
      ...input.options,
      lpSolver: lpSolver.solve,
      shouldCancel: () => Atomics.load(flag, 0) === 1,
      onProgress: (progress) => port.postMessage({ kind: 'progress', progress }),
    });
    port.postMessage({ kind: 'result', result });
  } finally {
    await lpSolver.close();
  }
}

void run();
