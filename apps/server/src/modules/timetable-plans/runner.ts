import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GenerateProgress, GenerateResult, Plan } from '@campus/timetabling';
import { toRunResult } from './run-result.js';
import { timetableRuns } from '../../db/schema/campus.js';
import { conflict } from '../../lib/app-error.js';
import { createCampusScope } from '../../lib/campus-scope.js';

/** Generations one server instance runs at once; each takes a core while it runs. */
export const MAX_RUNS = 2;
/** How often a running generation writes its progress (and reads a cancel asked on another instance). */
const PERSIST_EVERY_MS = 1000;

interface Live {
  camId: number;
  worker: Worker;
  cancel: Int32Array;
  progress: GenerateProgress | null;
  lastPersist: number;
  done: Promise<void>;
}

export interface LaunchInput {
  runId: number;
  camId: number;
  plan: Plan;
  /** The stored constraints' ids in plan order: a violation's index below their count is theirs. */
  constraintIds: number[];
  externalIds: Map<number, number | null>;
  seed: number;
  timeLimitS: number;
}

export type Runner = ReturnType<typeof createRunner>;

/**
 * Generations of this server instance, each in a worker thread (the search is synchronous and would
 * otherwise hold the event loop for its whole time limit). The run row is the truth other instances read.
 */
export function createRunner(app: FastifyInstance) {
  const live = new Map<number, Live>();
  /** Who follows a run of this instance (the event stream): told of each progress and, once written, of the end. */
  const watchers = new Map<number, Set<() => void>>();
  const tell = (runId: number) => watchers.get(runId)?.forEach((fn) => fn());
  const workerPath = createRequire(import.meta.url).resolve('@campus/timetabling/worker');

  const persist = async (runId: number, camId: number, set: Partial<typeof timetableRuns.$inferInsert>) => {
    const scope = createCampusScope(app.db, camId);
    const rows = await scope
      .update(timetableRuns, { ...set, updatedAt: new Date() }, eq(timetableRuns.id, runId), sql`${timetableRuns.status} = 'running'`)
      .returning({ cancel: timetableRuns.cancelRequested });
    return rows[0]?.cancel ?? false;
  };

  const launch = (input: LaunchInput) => {
    if (live.size >= MAX_RUNS) throw conflict('timetable.runBusy', { max: MAX_RUNS });
    const shared = new SharedArrayBuffer(4);
    const cancel = new Int32Array(shared);
    const worker = new Worker(workerPath, {
      workerData: { plan: input.plan, options: { seed: input.seed, timeLimitMs: input.timeLimitS * 1000 }, cancel: shared },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    const entry: Live = { camId: input.camId, worker, cancel, progress: null, lastPersist: 0, done };
    live.set(input.runId, entry);
    let finished = false;
    const finish = async (set: Partial<typeof timetableRuns.$inferInsert>) => {
      if (finished) return;
      finished = true;
      live.delete(input.runId);
      try {
        await persist(input.runId, input.camId, { ...set, finishedAt: new Date() });
      } catch (err) {
        app.log.error({ err, runId: input.runId }, 'timetable run result not saved');
      } finally {
        settle();
        tell(input.runId);
        void worker.terminate();
      }
    };
    worker.on('message', (msg: { kind: 'progress'; progress: GenerateProgress } | { kind: 'result'; result: GenerateResult }) => {
      if (msg.kind === 'progress') {
        entry.progress = msg.progress;
        tell(input.runId);
        const now = Date.now();
        if (now - entry.lastPersist < PERSIST_EVERY_MS) return;
        entry.lastPersist = now;
        const p = msg.progress;
        persist(input.runId, input.camId, {
          placed: p.placed,
          bestPlaced: p.bestPlaced,
          total: p.total,
          elapsedMs: p.elapsedMs,
          softScore: p.softScore,
        })
          .then((asked) => {
            if (asked) Atomics.store(cancel, 0, 1);
          })
          .catch((err: unknown) => app.log.warn({ err }, 'timetable progress not saved'));
        return;
      }
      const r = msg.result;
      const result = toRunResult(r, input);
      const placed = r.placements.length;
      void finish({
        status: r.status === 'solved' ? 'solved' : r.status === 'cancelled' ? 'cancelled' : 'failed',
        placed,
        bestPlaced: placed,
        total: placed + r.unplaced.length,
        elapsedMs: r.stats.elapsedMs,
        hardViolations: r.hardViolations.length,
        softScore: r.softScore,
        result,
      });
    });
    worker.on('error', (err) => {
      app.log.error({ err, runId: input.runId }, 'timetable worker failed');
      void finish({ status: 'failed', error: String(err.message).slice(0, 500) });
    });
    worker.on('exit', (code) => {
      if (!finished) void finish({ status: code === 0 ? 'cancelled' : 'failed', error: code === 0 ? null : `worker exited with ${code}` });
    });
  };

  return {
    launch,
    /** Asks a local run to stop (it ends with its best timetable so far, marked cancelled). */
    cancel(runId: number): boolean {
      const entry = live.get(runId);
      if (!entry) return false;
      Atomics.store(entry.cancel, 0, 1);
      return true;
    },
    progress(runId: number): GenerateProgress | null | undefined {
      return live.get(runId)?.progress;
    },
    isLocal: (runId: number) => live.has(runId),
    /** Calls `fn` on each progress of a local run and once its end is written; answers the unsubscribe. */
    watch(runId: number, fn: () => void): () => void {
      const set = watchers.get(runId) ?? new Set<() => void>();
      set.add(fn);
      watchers.set(runId, set);
      return () => {
        set.delete(fn);
        if (!set.size) watchers.delete(runId);
      };
    },
    /** Resolves when the run has ended and its row is written (tests, shutdown). */
    async settled(runId: number): Promise<void> {
      await live.get(runId)?.done;
    },
    async stopAll(): Promise<void> {
      for (const entry of live.values()) Atomics.store(entry.cancel, 0, 1);
      await Promise.all([...live.values()].map((e) => e.done));
    },
  };
}
