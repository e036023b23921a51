import type { Client } from '../support/server-process.mjs';

/** One request of a load loop, with when it ran (ms, performance.now()). */
export interface Sample {
  op: string;
  start: number;
  end: number;
  status: number;
  code: number | null;
  msg: string;
  /** Network error or abort (no HTTP answer). */
  error: string | null;
}

export interface LoadLoop {
  samples: Sample[];
  /** Stops the loops and waits for their last requests. */
  stop(): Promise<void>;
}

/**
 * `concurrency` loops, each one request at a time, until stopped; every request
 * is aborted after `abortMs`, so a hang shows as an error instead of a stuck test.
 */
export function startLoadLoop(
  client: Client,
  concurrency: number,
  next: (worker: number, n: number) => { op: string; method: string; path: string; body?: unknown },
  abortMs = 15_000,
): LoadLoop {
  const samples: Sample[] = [];
  let running = true;
  const loop = async (worker: number) => {
    for (let n = 0; running; n++) {
      const { op, method, path, body } = next(worker, n);
      const start = performance.now();
      const sample: Sample = { op, start, end: 0, status: 0, code: null, msg: '', error: null };
      try {
        const res = await client.call(method, path, body, AbortSignal.timeout(abortMs));
        Object.assign(sample, {
          status: res.status,
          code: typeof res.body.code === 'number' ? res.body.code : null,
          msg: String(res.body.msg),
        });
      } catch (err) {
        // fetch puts the socket error (ECONNREFUSED, ...) in the cause.
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        sample.error = err instanceof Error ? `${err.name}: ${err.message} ${cause?.code ?? ''} ${cause?.message ?? ''}` : String(err);
      }
      sample.end = performance.now();
      samples.push(sample);
      // A refused connection answers at once; do not spin.
      if (sample.error) await new Promise((r) => setTimeout(r, 20));
    }
  };
  const loops = Array.from({ length: concurrency }, (_, i) => loop(i));
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
