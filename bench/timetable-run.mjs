// One generator run in a process of its own, so its time and peak memory are its own:
//   node bench/timetable-run.mjs <plan.json> <seed> <timeLimitMs> <out.json>
// Writes {status, placements, softScore, stats, generateMs, peakRssMiB, heapPeakMiB} to out.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { generateTimetable } = await import(path.join(ROOT, 'packages/timetabling/dist/index.js'));

const [planFile, seed, limit, outFile] = process.argv.slice(2);
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
let heapPeak = process.memoryUsage().heapUsed;
const began = performance.now();
const result = generateTimetable(plan, {
  seed: Number(seed),
  timeLimitMs: Number(limit),
  progressIntervalMs: 100,
  onProgress: () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  },
});
const generateMs = performance.now() - began;
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
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    heapPeakMiB: heapPeak / 1024 / 1024,
  }),
);
