// npm run bench:soak [-- --minutes 30] [-- --clients 20] [-- --sample 30] [-- --postgres]
//
// A long mixed read/write load (bench/lib/load-mix.mjs) on the built server,
// sampling the server's resident memory (RSS, /proc) every --sample seconds.
// Reports the growth after warm-up (first tenth of the run) and its rate per
// hour, writes bench/results/soak-<db>.json, and exits 1 on any request error.
// Opt-in: it takes --minutes (30 by default).
import { formatLoadResult, runMixedLoad, seedStudents } from './lib/load-mix.mjs';
import { prepareTarget, numberArg, writeResult } from './lib/load-target.mjs';
import { readRssKb, signIn, startServer } from '../tests/support/server-process.mjs';

const argv = process.argv.slice(2);
const minutes = numberArg(argv, 'minutes', 30);
const clients = numberArg(argv, 'clients', 20);
const sampleS = numberArg(argv, 'sample', 30);
const PASSWORD = 'Bench-Soak-Pass-2026';

/** Least-squares slope of y over x. @param {{ t: number, mib: number }[]} points */
function slopePerHour(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.mib, 0) / n;
  const num = points.reduce((s, p) => s + (p.t - mx) * (p.mib - my), 0);
  const den = points.reduce((s, p) => s + (p.t - mx) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 3600;
}

const target = await prepareTarget(argv.includes('--postgres'));
let server;
try {
  server = await startServer({ adminPassword: PASSWORD, ...target.options });
  const client = await signIn(server.url, PASSWORD);
  const prefix = `S${Date.now().toString(36)}`;
  const ids = await seedStudents(client, prefix, 100);
  const pid = server.pid;
  const began = performance.now();
  /** @type {{ t: number, mib: number }[]} */
  const samples = [];
  const sample = () => {
    const kb = readRssKb(pid);
    if (kb === null) return;
    const point = { t: Math.round((performance.now() - began) / 1000), mib: Math.round((kb / 1024) * 10) / 10 };
    samples.push(point);
    console.log(`  ${String(point.t).padStart(5)} s  RSS ${point.mib} MiB`);
  };
  console.log(`soak: ${clients} clients for ${minutes} min on ${target.label}, RSS every ${sampleS} s (server pid ${pid})`);
  sample();
  const timer = setInterval(sample, sampleS * 1000);
  const result = await runMixedLoad({ client, concurrency: clients, durationMs: minutes * 60_000, prefix, ids });
  clearInterval(timer);
  sample();

  const warmUpEnd = (minutes * 60) / 10;
  const steady = samples.filter((p) => p.t >= warmUpEnd);
  const first = steady[0] ?? samples[0];
  const last = samples.at(-1);
  const growthMiB = first && last ? Math.round((last.mib - first.mib) * 10) / 10 : 0;
  const peakMiB = Math.max(...samples.map((p) => p.mib));
  const rate = Math.round(slopePerHour(steady) * 10) / 10;
  console.log(formatLoadResult(result));
  console.log(
    `memory: ${first?.mib} MiB after warm-up (${first?.t} s) -> ${last?.mib} MiB at the end; growth ${growthMiB} MiB, trend ${rate} MiB/hour, peak ${peakMiB} MiB`,
  );
  const file = writeResult(`soak-${target.label.toLowerCase()}`, {
    date: new Date().toISOString(),
    database: target.label,
    clients,
    minutes,
    memory: { afterWarmUpMiB: first?.mib, endMiB: last?.mib, growthMiB, trendMiBPerHour: rate, peakMiB, samples },
    load: result,
  });
  console.log(`written to ${file}`);
  process.exitCode = result.errorCount === 0 ? 0 : 1;
} finally {
  await server?.stop();
  target.cleanUp();
}
