import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Whether FET's command-line generator (`fet-cl`, Debian package `fet`) is installed. */
export function hasFetCl(): boolean {
  return spawnSync('fet-cl', ['--version'], { stdio: 'ignore' }).status === 0;
}

export interface FetRun {
  /** fet-cl's exit status (0 = a timetable was generated). */
  status: number | null;
  elapsedMs: number;
  /** `<name>_activities.xml` (each activity's day, hour and room), when FET wrote one. */
  activitiesXml: string | null;
  /** `<name>_data_and_timetable.fet`, when FET wrote one. */
  dataAndTimetable: string | null;
  /** logs/result.txt: FET's own account of the run. */
  log: string;
}

/**
 * Runs `fet-cl` on a `.fet` text in `dir` (written there as `<name>.fet`) and reads its result files:
 * FET writes them into `<dir>/out/timetables/<name>/`.
 */
export async function runFetCl(fet: string, dir: string, opts: { name?: string; timeLimitSeconds: number }): Promise<FetRun> {
  const name = opts.name ?? 'tkb';
  await mkdir(dir, { recursive: true });
  const input = path.join(dir, `${name}.fet`);
  const outDir = path.join(dir, 'out');
  await writeFile(input, fet, 'utf8');
  const t0 = performance.now();
  const status = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      'fet-cl',
      [
        `--inputfile=${input}`,
        `--outputdir=${outDir}`,
        `--timelimitseconds=${opts.timeLimitSeconds}`,
        '--htmllevel=0',
        '--writetimetablesdayshorizontal=false',
        '--writetimetablesdaysvertical=false',
        '--writetimetablestimehorizontal=false',
        '--writetimetablestimevertical=false',
      ],
      { stdio: 'ignore' },
    );
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
  const elapsedMs = performance.now() - t0;
  const base = path.join(outDir, 'timetables', name);
  const read = async (f: string) => (existsSync(f) ? readFile(f, 'utf8') : null);
  return {
    status,
    elapsedMs,
    activitiesXml: await read(path.join(base, `${name}_activities.xml`)),
    dataAndTimetable: await read(path.join(base, `${name}_data_and_timetable.fet`)),
    log: (await read(path.join(outDir, 'logs', 'result.txt'))) ?? '',
  };
}
