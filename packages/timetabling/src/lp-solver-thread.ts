import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { loadLpSolver } from './lp-solver.js';
import type { LpSolverRequest, LpSolverThreadData } from './lp-solver.js';

/**
 * The solver thread of `openLpSolver()`: loads HiGHS once, then answers each request on `port`, and only after
 * posting the answer wakes the caller (which waits on `signal` with `Atomics.wait`).
 */
async function serve(): Promise<void> {
  if (!parentPort) return;
  const { port, signal } = workerData as LpSolverThreadData & { port: MessagePort };
  const flag = new Int32Array(signal);
  // A solver that cannot load answers every request with null at once: the caller is blocked in Atomics.wait and
  // would otherwise sit out its whole grace period (requests posted meanwhile wait in the port).
  const solve = await loadLpSolver().catch(() => null);
  port.on('message', (request: LpSolverRequest) => {
    let values: Float64Array | null = null;
    try {
      values = solve ? solve(request.problem, request.timeLimitSeconds) : null;
    } finally {
      port.postMessage(values);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    }
  });
}

void serve();
