// One generator run in a process of its own, so its time and peak memory are its own:
//   node bench/timetable-run.mjs <plan.json> <seed> <timeLimitMs> <out.json>
// Writes {status, placements, softScore, stats, generateMs, peakRssMiB, heapPeakMiB} to out.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The generator module alone, as the server's worker thread loads it (not the FET reader and its XML parser).
const { generateTimetable } = await import(path.join(ROOT, 'packages/timetabling/dist/generate.js'));
const { openLpSolver } = await import(path.join(ROOT, 'packages/timetabling/dist/lp-solver.js'));

const [planFile, seed, limit, outFile] = process.argv.slice(2);
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
let heapPeak = process.memoryUsage().heapUsed;
const began = performance.now();
// The MIP solver of the endgame, as the server's worker has it: its thread starts (inside the timed part) only if
// the search reaches the endgame.
const lpSolver = openLpSolver();
let firstCompleteCpu = null;
let firstCompleteWall = null;
const result = generateTimetable(plan, {
  seed: Number(seed),
  timeLimitMs: Number(limit),
  progressIntervalMs: 0,
  lpSolver: lpSolver.solve,
  onProgress: (progress) => {
    if (progress.phase === 'improving' && firstCompleteCpu === null) {
      // Every lesson placed: what this process had spent by then (to set beside fet-cl, which stops there).
      const cpu = process.cpuUsage();
      firstCompleteCpu = (cpu.user + cpu.system) / 1000;
      firstCompleteWall = performance.now();
    }
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  },
});
const generateMs = performance.now() - began;
await lpSolver.close();
heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
fs.writeFileSync(
  outFile,
  JSON.stringify({
    status: result.status,
    placements: result.placements,
    unplaced: result.unplaced.length,
    hardViolations: result.hardViolations.length,
    softScore: result.softScore,
    stats: result.stats,
    generateMs,
    firstCompleteCpuMs: firstCompleteCpu,
    firstCompleteSinceStartMs: firstCompleteWall === null ? null : firstCompleteWall - began,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    heapPeakMiB: heapPeak / 1024 / 1024,
  }),
);
