import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian's fet-data package puts FET's example schools (installed by .ci/run, never copied here). */
const exampleRoots = ['/usr/share/doc/fet-data/examples', '/usr/share/fet/examples'];

/** Absolute path of a FET example, e.g. "FET-5-official/Italy/2007/simple/simpler-Italian.fet". Throws when fet-data is missing. */
export function fetExample(relative: string): string {
  for (const root of exampleRoots) {
    const file = path.join(root, relative);
    if (fs.existsSync(file)) return file;
  }
  const listed = spawnSync('dpkg', ['-L', 'fet-data'], { encoding: 'utf8' });
  const hit = (listed.stdout ?? '').split('\n').find((line) => line.endsWith(relative));
  if (hit) return hit;
  throw new Error(`FET example ${relative} not found: install the Debian package fet-data (apt-get install fet-data)`);
}

/** Whether fet-cl (Debian package fet) is on PATH. */
export function hasFetCl(): boolean {
  return spawnSync('sh', ['-c', 'command -v fet-cl'], { encoding: 'utf8' }).status === 0;
}

export interface FetClRun {
  solved: boolean;
  stdout: string;
  /** FET's timetable (<name>_activities.xml) when solved. */
  activitiesXml?: string;
}

/** Runs fet-cl on a file with a time limit (and a hard stop a little later, so a test never hangs). */
export function runFetCl(fetFile: string, outDir: string, timeLimitS: number, seed = 1): FetClRun {
  fs.rmSync(outDir, { recursive: true, force: true });
  const result = spawnSync(
    'fet-cl',
    [
      `--inputfile=${fetFile}`,
      `--outputdir=${outDir}`,
      `--timelimitseconds=${timeLimitS}`,
      '--htmllevel=0',
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
      ...['10', '11', '12', '20', '21', '22'].map((k, i) => `--randomseeds${k}=${1000 * (i + 1) + seed}`),
    ],
    { encoding: 'utf8', timeout: (timeLimitS + 30) * 1000 },
  );
  const stdout = result.stdout ?? '';
  const name = path.basename(fetFile, '.fet');
  const solution = path.join(outDir, 'timetables', name, `${name}_activities.xml`);
  const solved = stdout.includes('Simulation successful') && fs.existsSync(solution);
  return solved ? { solved, stdout, activitiesXml: fs.readFileSync(solution, 'utf8') } : { solved, stdout };
}
