import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The server's own figures for the monitor page, measured in memory: no
 * per-request write anywhere. Requests land in 5-second slots of a ring that
 * covers 15 minutes; each slot keeps a count, its 5xx answers and a latency
 * histogram with log-spaced buckets (1.25x apart, so a percentile read from it
 * is within a few per cent). Process figures (CPU, memory, event-loop delay)
 * are sampled into a ring of the same slots.
 */

export const SLOT_MS = 5_000;
export const WINDOW_MS = 15 * 60_000;
const SLOTS = WINDOW_MS / SLOT_MS;
const EVENT_LOOP_RESOLUTION_MS = 10;

/** Bucket upper bounds in ms: 0.1 ms … ~2 min, 1.25x apart. */
const BOUNDS: readonly number[] = (() => {
  const out: number[] = [];
  for (let b = 0.1; b < 120_000; b *= 1.25) out.push(b);
  out.push(Number.POSITIVE_INFINITY);
  return out;
})();

function bucketOf(ms: number): number {
  // Binary search: the first bound >= ms.
  let lo = 0;
  let hi = BOUNDS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ms <= BOUNDS[mid]!) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The q-quantile (0..1) of a histogram, interpolated inside its bucket. */
export function quantileOf(hist: ArrayLike<number>, total: number, q: number): number {
  if (!total) return 0;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    const n = hist[i] ?? 0;
    if (!n) continue;
    if (seen + n >= rank) {
      const lower = i === 0 ? 0 : BOUNDS[i - 1]!;
      const upper = Number.isFinite(BOUNDS[i]!) ? BOUNDS[i]! : lower * 1.25;
      return lower + ((upper - lower) * (rank - seen)) / n;
    }
    seen += n;
  }
  return BOUNDS[BOUNDS.length - 2]!;
}

interface ProcessSample {
  cpuPercent: number;
  rssBytes: number;
  heapUsedBytes: number;
  eventLoopLagMs: number;
}

export interface RequestWindowFigures {
  perMin: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors5xx: number;
  total: number;
}

export interface SeriesPoint extends ProcessSample {
  t: string;
  requests: number;
  errors5xx: number;
  p95Ms: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export class ServerMetrics {
  /** Slot start times (ms since epoch); 0: empty. */
  private readonly slotStart = new Float64Array(SLOTS);
  private readonly counts = new Uint32Array(SLOTS);
  private readonly errors = new Uint32Array(SLOTS);
  /** The slowest request of each slot: a percentile never reads above it. */
  private readonly maxMs = new Float64Array(SLOTS);
  private readonly hist = new Uint32Array(SLOTS * BOUNDS.length);
  private readonly samples: (ProcessSample | null)[] = new Array<ProcessSample | null>(SLOTS).fill(null);
  private readonly eventLoop: IntervalHistogram;
  private lastCpu = process.cpuUsage();
  private lastCpuAt = performance.now();
  private latest: ProcessSample;
  private timer: NodeJS.Timeout | undefined;
  readonly startedAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
    this.eventLoop = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    this.latest = this.readProcess(false);
  }

  start(): void {
    this.eventLoop.enable();
    this.armSampler();
  }

  /** Just after each slot boundary, so every slot gets one sample. */
  private armSampler(): void {
    const delay = SLOT_MS - (Date.now() % SLOT_MS) + 50;
    this.timer = setTimeout(() => {
      this.sample();
      this.armSampler();
    }, delay);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.eventLoop.disable();
  }

  private slotIndex(at: number): number {
    const start = at - (at % SLOT_MS);
    const i = Math.floor(start / SLOT_MS) % SLOTS;
    if (this.slotStart[i] !== start) {
      // A slot from 15 minutes ago (or never used) starts over.
      this.slotStart[i] = start;
      this.counts[i] = 0;
      this.errors[i] = 0;
      this.maxMs[i] = 0;
      this.hist.fill(0, i * BOUNDS.length, (i + 1) * BOUNDS.length);
      this.samples[i] = null;
    }
    return i;
  }

  record(durationMs: number, status: number): void {
    const i = this.slotIndex(this.now());
    this.counts[i]!++;
    if (status >= 500) this.errors[i]!++;
    if (durationMs > this.maxMs[i]!) this.maxMs[i] = durationMs;
    this.hist[i * BOUNDS.length + bucketOf(durationMs)]!++;
  }

  private readProcess(resetLoop: boolean): ProcessSample {
    const cpu = process.cpuUsage();
    const at = performance.now();
    const usedUs = cpu.user - this.lastCpu.user + (cpu.system - this.lastCpu.system);
    const elapsedMs = at - this.lastCpuAt;
    this.lastCpu = cpu;
    this.lastCpuAt = at;
    const mem = process.memoryUsage();
    // The histogram counts the timer's resolution in every delay; the lag is what comes on top.
    const p99 = this.eventLoop.count ? this.eventLoop.percentile(99) / 1e6 : EVENT_LOOP_RESOLUTION_MS;
    if (resetLoop) this.eventLoop.reset();
    return {
      // Of one core: the JavaScript thread and the threads it keeps busy (GC, crypto) can pass 100.
      cpuPercent: elapsedMs > 0 ? round((usedUs / 1000 / elapsedMs) * 100, 1) : 0,
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      eventLoopLagMs: round(Math.max(0, p99 - EVENT_LOOP_RESOLUTION_MS), 1),
    };
  }

  /** Takes the process figures of the slot that just ended. */
  sample(): void {
    this.latest = this.readProcess(true);
    const i = this.slotIndex(this.now() - 200);
    this.samples[i] = this.latest;
  }

  get process(): ProcessSample & { heapTotalBytes: number } {
    return { ...this.latest, heapTotalBytes: process.memoryUsage().heapTotal };
  }

  /** Requests of the last 15 minutes (or since start, when that is shorter). */
  requests(): RequestWindowFigures {
    const now = this.now();
    const from = now - WINDOW_MS;
    const merged = new Float64Array(BOUNDS.length);
    let total = 0;
    let errors5xx = 0;
    let max = 0;
    for (let i = 0; i < SLOTS; i++) {
      const start = this.slotStart[i]!;
      if (!start || start <= from) continue;
      total += this.counts[i]!;
      errors5xx += this.errors[i]!;
      max = Math.max(max, this.maxMs[i]!);
      for (let b = 0; b < BOUNDS.length; b++) merged[b]! += this.hist[i * BOUNDS.length + b]!;
    }
    const spanMin = Math.max(SLOT_MS, Math.min(WINDOW_MS, now - this.startedAt)) / 60_000;
    return {
      perMin: round(total / spanMin, 1),
      p50Ms: round(Math.min(max, quantileOf(merged, total, 0.5))),
      p95Ms: round(Math.min(max, quantileOf(merged, total, 0.95))),
      p99Ms: round(Math.min(max, quantileOf(merged, total, 0.99))),
      errors5xx,
      total,
    };
  }

  /** One point per 5-second slot of the window that has passed since start, oldest first. */
  series(): SeriesPoint[] {
    const now = this.now();
    const current = now - (now % SLOT_MS);
    const out: SeriesPoint[] = [];
    for (let k = SLOTS - 1; k >= 1; k--) {
      const start = current - k * SLOT_MS;
      if (start + SLOT_MS <= this.startedAt) continue;
      const i = Math.floor(start / SLOT_MS) % SLOTS;
      const live = this.slotStart[i] === start;
      const sample = (live ? this.samples[i] : null) ?? null;
      const n = live ? this.counts[i]! : 0;
      out.push({
        t: new Date(start).toISOString(),
        requests: n,
        errors5xx: live ? this.errors[i]! : 0,
        p95Ms: live
          ? round(Math.min(this.maxMs[i]!, quantileOf(this.hist.subarray(i * BOUNDS.length, (i + 1) * BOUNDS.length), n, 0.95)))
          : 0,
        cpuPercent: sample?.cpuPercent ?? 0,
        rssBytes: sample?.rssBytes ?? 0,
        heapUsedBytes: sample?.heapUsedBytes ?? 0,
        eventLoopLagMs: sample?.eventLoopLagMs ?? 0,
      });
    }
    return out;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
  }
  interface FastifyContextConfig {
    /** false: not counted (endless event streams would read as minutes-long requests). */
    metrics?: false;
  }
}

export function registerMetrics(app: FastifyInstance): void {
  const metrics = new ServerMetrics();
  app.decorate('metrics', metrics);
  metrics.start();
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.metrics === false) return;
    metrics.record(reply.elapsedTime, reply.statusCode);
  });
  app.addHook('onClose', async () => {
    metrics.stop();
  });
}
