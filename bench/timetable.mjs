// npm run bench:timetable [-- --quick] [-- --runs N] [-- --limit S] [-- --only italy,brazil] [-- --no-write]
//
// The timetable generator beside FET's own command-line generator (fet-cl), on FET's example schools from
// the Debian package fet-data (read where the package installs them, never copied into the repository).
// For each school: import the .fet file into a plan, export the plan back to .fet, then, turn about, run
// fet-cl on that export and our generator on the plan (each in a process of its own, same time limit, same
// machine, one at a time), verify every timetable with the independent verifier against the exported file,
// and price both timetables' soft rules with the same evaluator. Writes bench/timetable-results.json and
// bench/timetable-results.md.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const isQuick = flag('quick');
const runs = Number(value('runs', isQuick ? 1 : 3));
const limitS = Number(value('limit', isQuick ? 20 : 60));
const only = value('only', '') ? new Set(value('only', '').split(',')) : null;

const EXAMPLES = ['/usr/share/doc/fet-data/examples', '/usr/share/fet/examples'].find((d) => fs.existsSync(d));

/** The schools: different sizes and countries; the last two are ones FET itself often cannot do in a minute. */
const INSTANCES = [
  { key: 'india', country: 'India', file: 'FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet' },
  { key: 'vietnam', country: 'Vietnam', file: 'FET-5-official/Vietnam/2-secondary-school/VietNamHungYen.fet' },
  { key: 'brazil', country: 'Brazil', file: 'FET-5-official/Brazil/1/Brazil.fet' },
  { key: 'spain', country: 'Spain', file: 'FET-5-official/Spain/1-school/school.fet' },
  { key: 'bulgaria', country: 'Bulgaria', file: 'FET-5-official/Bulgaria/Lom_high_school_2007-2008.fet' },
  { key: 'italy', country: 'Italy', file: 'FET-5-official/Italy/2007/simple/simpler-Italian.fet' },
  { key: 'namibia', country: 'Namibia', file: 'FET-5-official/Namibia/by-Bobby/set-2/MAPS.fet' },
  { key: 'romania', country: 'Romania', file: 'FET-5-official/Romania/Pedagogic-High-School-Tg-Mures/2007-2008_sem1-d.fet' },
  { key: 'belize', country: 'Belize', file: 'FET-5-official/Belize/Sacred-Heart-College/shc-2013/shc-2013.fet' },
  {
    key: 'germany',
    country: 'Germany',
    file: 'FET-5-official/Germany/secondary-school-1/constraints-min-days-100-few-0/German-100_and_0.fet',
  },
  { key: 'hungary', country: 'Hungary', file: 'FET-5-official/Hungary/Bethlen/2008-2009/2-newer/Bethlen-2008-2009.fet' },
];
const QUICK = new Set(['india', 'italy']);

const began = Date.now();
const log = (...a) => console.log(`[timetable ${((Date.now() - began) / 1000).toFixed(0).padStart(4)}s]`, ...a);

function newestMtime(dir) {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  const out = path.join(ROOT, 'packages/timetabling/dist/index.js');
  if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= newestMtime(path.join(ROOT, 'packages/timetabling/src'))) return;
  log('building packages/timetabling ...');
  execFileSync('npm', ['run', 'build', '-w', '@campus/timetabling'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x, digits = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(digits));

function runFet(fetFile, outDir, seed) {
  fs.rmSync(outDir, { recursive: true, force: true });
  const args = [
    `--inputfile=${fetFile}`,
    `--outputdir=${outDir}`,
    `--timelimitseconds=${limitS}`,
    '--htmllevel=0',
    // Only what is needed: FET writes <name>_activities.xml only along with the activity tags timetables.
    ...[
      'statistics',
      'dayshorizontal',
      'daysvertical',
      'timehorizontal',
      'timevertical',
      'subgroups',
      'groups',
      'years',
      'teachers',
      'teachersfreeperiods',
      'rooms',
      'subjects',
    ].map((w) => `--writetimetables${w}=false`),
    '--warnifusingnotperfectconstraints=false',
    '--warnsubgroupswiththesameactivities=false',
    ...['10', '11', '12', '20', '21', '22'].map((k, i) => `--randomseeds${k}=${1000 * (i + 1) + seed}`),
  ];
  const useTime = fs.existsSync('/usr/bin/time');
  const t0 = performance.now();
  const res = useTime
    ? spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', 'fet-cl', ...args], { encoding: 'utf8', timeout: (limitS + 60) * 1000 })
    : spawnSync('fet-cl', args, { encoding: 'utf8', timeout: (limitS + 60) * 1000 });
  const wallMs = performance.now() - t0;
  const stdout = res.stdout ?? '';
  const timeLine = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(res.stderr ?? '');
  const name = path.basename(fetFile, '.fet');
  const solutionFile = path.join(outDir, 'timetables', name, `${name}_activities.xml`);
  const searching = /Total searching time \(seconds\): (\d+)/.exec(stdout);
  return {
    solved: stdout.includes('Simulation successful') && fs.existsSync(solutionFile),
    wallMs,
    searchingS: searching ? Number(searching[1]) : null,
    cpuMs: timeLine ? (Number(timeLine[2]) + Number(timeLine[3])) * 1000 : null,
    peakRssMiB: timeLine ? Number(timeLine[4]) / 1024 : null,
    solutionFile,
  };
}

function runOurs(planFile, seed, outFile) {
  const t0 = performance.now();
  const res = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench/timetable-run.mjs'), planFile, String(seed), String(limitS * 1000), outFile],
    {
      encoding: 'utf8',
      timeout: (limitS + 60) * 1000,
    },
  );
  const wallMs = performance.now() - t0;
  if (res.status !== 0 || !fs.existsSync(outFile)) throw new Error(`generator run failed: ${res.stderr}`);
  return { ...JSON.parse(fs.readFileSync(outFile, 'utf8')), wallMs };
}

async function main() {
  if (!EXAMPLES) {
    console.error('fet-data examples not found (apt-get install fet-data)');
    process.exit(1);
  }
  ensureBuilt();
  const lib = await import(path.join(ROOT, 'packages/timetabling/dist/index.js'));
  const haveFet = hasCommand('fet-cl');
  const fetVersion = haveFet
    ? (spawnSync('fet-cl', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '').trim()
    : 'not installed';
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'timetable-bench-'));
  const cpus = os.cpus();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpuModel: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
      node: process.version,
      loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    },
    fet: fetVersion,
    options: { runs, limitS, quick: isQuick },
    instances: [],
  };
  log(`${fetVersion}; ${runs} run(s) each, ${limitS} s limit; load ${results.machine.loadAverageAtStart.join(' ')}`);

  for (const instance of INSTANCES) {
    if (only ? !only.has(instance.key) : isQuick && !QUICK.has(instance.key)) continue;
    const source = path.join(EXAMPLES, instance.file);
    const t0 = performance.now();
    const { plan, report } = lib.importFet(fs.readFileSync(source));
    const importMs = performance.now() - t0;
    const exported = lib.exportFet(plan);
    const fetFile = path.join(tmp, `${instance.key}.fet`);
    fs.writeFileSync(fetFile, exported.xml);
    const planFile = path.join(tmp, `${instance.key}.plan.json`);
    fs.writeFileSync(planFile, JSON.stringify(plan));
    const roomName = new Map(plan.rooms.map((r) => [r.id, r.name]));
    const row = {
      key: instance.key,
      country: instance.country,
      file: instance.file,
      activities: report.counts.activities,
      studentSets: report.counts.studentSets,
      teachers: report.counts.teachers,
      slots: report.counts.days * report.counts.periods,
      constraintsImported: report.constraints.imported,
      constraintsIgnored: report.constraints.ignored.reduce((s, t) => s + t.count, 0),
      importMs,
      fet: [],
      ours: [],
    };
    log(`${instance.key}: ${row.activities} activities, ${row.constraintsImported} constraints (${row.constraintsIgnored} ignored)`);
    for (let seed = 1; seed <= runs; seed++) {
      // Turn about: fet-cl, then ours, same seed number, nothing else of ours running.
      if (haveFet) {
        const fet = runFet(fetFile, path.join(tmp, `fet-${instance.key}-${seed}`), seed);
        let hard = null;
        let soft = null;
        if (fet.solved) {
          const xml = fs.readFileSync(fet.solutionFile, 'utf8');
          hard = lib.verifyFetTimetable(exported.xml, lib.readFetActivitiesXml(xml)).violations.length;
          soft = lib.evaluatePlacements(plan, lib.readFetSolution(xml, plan).placements).softScore;
        }
        row.fet.push({
          seed,
          solved: fet.solved,
          wallMs: fet.wallMs,
          cpuMs: fet.cpuMs,
          searchingS: fet.searchingS,
          peakRssMiB: fet.peakRssMiB,
          hardViolations: hard,
          softScore: soft,
        });
        log(
          `  fet-cl seed ${seed}: ${fet.solved ? 'solved' : 'NOT solved'} in ${fmt(fet.wallMs / 1000)} s${hard === null ? '' : `, verifier: ${hard} hard, soft ${fmt(soft)}`}`,
        );
      }
      const ours = runOurs(planFile, seed, path.join(tmp, `ours-${instance.key}-${seed}.json`));
      const verify = lib.verifyFetTimetable(
        exported.xml,
        ours.placements.map((p) => ({
          id: exported.fetIds.get(p.activityId),
          day: p.day - 1,
          hour: p.period - 1,
          ...(p.roomId ? { room: roomName.get(p.roomId) } : {}),
        })),
      );
      const solved = ours.status === 'solved' && verify.violations.length === 0;
      // The process as it would have been had it stopped at its first complete timetable, as fet-cl does.
      const firstWallMs =
        ours.firstCompleteSinceStartMs === null ? ours.wallMs : ours.wallMs - (ours.generateMs - ours.firstCompleteSinceStartMs);
      row.ours.push({
        seed,
        solved,
        status: ours.status,
        wallMs: ours.wallMs,
        cpuMs: ours.cpuMs,
        firstWallMs,
        firstCpuMs: ours.firstCompleteCpuMs ?? ours.cpuMs,
        generateMs: ours.generateMs,
        solvedAtMs: ours.stats.solvedAtMs,
        peakRssMiB: ours.peakRssMiB,
        heapPeakMiB: ours.heapPeakMiB,
        hardViolations: verify.violations.length,
        unplaced: ours.unplaced,
        softScore: ours.softScore,
      });
      log(
        `  ours   seed ${seed}: ${solved ? 'solved' : `NOT solved (${ours.unplaced} unplaced)`}: first complete at ${fmt(firstWallMs / 1000)} s, improved by ${fmt(ours.wallMs / 1000)} s; verifier: ${verify.violations.length} hard, soft ${fmt(ours.softScore)}, ${fmt(ours.peakRssMiB, 0)} MiB`,
      );
    }
    const fetSolved = row.fet.filter((r) => r.solved);
    const oursSolved = row.ours.filter((r) => r.solved);
    const asLimit = (r, key) => (r.solved ? r[key] : limitS * 1000);
    row.summary = {
      fetSolved: fetSolved.length,
      oursSolved: oursSolved.length,
      fetMedianS: median(fetSolved.map((r) => r.wallMs / 1000)),
      fetCpuMedianS: median(fetSolved.map((r) => (r.cpuMs ?? NaN) / 1000)),
      oursFirstMedianS: median(oursSolved.map((r) => r.firstWallMs / 1000)),
      oursFirstCpuMedianS: median(oursSolved.map((r) => r.firstCpuMs / 1000)),
      oursTotalMedianS: median(oursSolved.map((r) => r.wallMs / 1000)),
      fetSoftMedian: median(fetSolved.map((r) => r.softScore)),
      oursSoftMedian: median(oursSolved.map((r) => r.softScore)),
      oursPeakRssMiB: Math.max(...row.ours.map((r) => r.peakRssMiB)),
      oursHeapPeakMiB: Math.max(...row.ours.map((r) => r.heapPeakMiB)),
      fetPeakRssMiB: row.fet.length ? Math.max(...row.fet.map((r) => r.peakRssMiB ?? 0)) : null,
      oursHardViolations: Math.max(0, ...row.ours.map((r) => r.hardViolations)),
      fetHardViolations: Math.max(0, ...row.fet.filter((r) => r.solved).map((r) => r.hardViolations ?? 0)),
    };
    // Ratios of medians over all runs, a run not solved counting as the limit: wall and CPU, to first complete.
    const fetWall = median(row.fet.map((r) => asLimit(r, 'wallMs')));
    const fetCpu = median(row.fet.map((r) => (r.solved ? (r.cpuMs ?? NaN) : limitS * 1000)));
    row.summary.ratio = fetWall ? median(row.ours.map((r) => asLimit(r, 'firstWallMs'))) / fetWall : null;
    row.summary.cpuRatio = fetCpu ? median(row.ours.map((r) => asLimit(r, 'firstCpuMs'))) / fetCpu : null;
    results.instances.push(row);
  }
  results.elapsedS = (Date.now() - began) / 1000;
  const markdown = renderMarkdown(results);
  console.log(`\n${markdown}`);
  if (!flag('no-write') && !only) {
    const json = path.join(ROOT, 'bench/timetable-results.json');
    const md = path.join(ROOT, 'bench/timetable-results.md');
    fs.writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(md, markdown);
    try {
      execFileSync(path.join(ROOT, 'node_modules/.bin/prettier'), ['--write', json, md], { stdio: 'ignore' });
    } catch {
      // formatting is a nicety here
    }
    log('wrote bench/timetable-results.json and bench/timetable-results.md');
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

function renderMarkdown(results) {
  const m = results.machine;
  const lines = [
    '# Timetable generator beside fet-cl',
    '',
    `${results.date}; ${m.cpuModel}, ${m.cores} cores shared with other work, ${m.ramGiB} GiB, Node ${m.node}, load average at start ${m.loadAverageAtStart.join(' ')}; ${results.fet}.`,
    `${results.options.runs} run(s) per side and school (seeds 1..${results.options.runs}), taking turns, ${results.options.limitS} s limit each. Every time is a whole process: fet-cl reading the exported .fet and writing its timetable; ours reading the plan and writing placements.`,
    '',
    '| School | Activities | fet-cl solved | fet-cl s (CPU s) | ours solved | ours first complete s (CPU s) | ratio wall / CPU | ours with soft improving s | hard (verifier) fet / ours | soft fet-cl | soft ours | peak RSS fet-cl / ours MiB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results.instances) {
    const s = r.summary;
    lines.push(
      `| ${r.country} (${path.basename(r.file, '.fet')}) | ${r.activities} | ${s.fetSolved}/${r.fet.length} | ${fmt(s.fetMedianS)} (${fmt(s.fetCpuMedianS)}) | ${s.oursSolved}/${r.ours.length} | ${fmt(s.oursFirstMedianS)} (${fmt(s.oursFirstCpuMedianS)}) | ${fmt(s.ratio)} / ${fmt(s.cpuRatio)} | ${fmt(s.oursTotalMedianS)} | ${s.fetHardViolations} / ${s.oursHardViolations} | ${fmt(s.fetSoftMedian)} | ${fmt(s.oursSoftMedian)} | ${fmt(s.fetPeakRssMiB, 0)} / ${fmt(s.oursPeakRssMiB, 0)} |`,
    );
  }
  lines.push(
    '',
    'Times are medians of the solved runs. Ratios are ours over fet-cl, medians over all runs, to the first complete timetable (fet-cl stops there; an unsolved run counts as the limit). "With soft improving" is the whole default run, which goes on improving the soft score. Soft scores: both timetables priced by the library’s evaluator (sum of weight/100 × how far each soft rule is broken; lower is better). Hard: violations the independent verifier finds against the exported .fet.',
  );
  return `${lines.join('\n')}\n`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
