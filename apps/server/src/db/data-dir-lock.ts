import fs from 'node:fs';
import path from 'node:path';

/** Another live process holds the data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR ${dataDir} is in use by another server (pid ${pid}); stop it first or set DATA_DIR elsewhere.`);
  }
}

/**
 * PGlite is a single-process database: a second process opening the same
 * directory would corrupt it. A pid file refuses that with a clear message,
 * and a stale one (its process gone, e.g. after kill -9) is taken over.
 * The server and the backup/restore scripts take the same lock. Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || isAlive(pid))) throw new DataDirInUseError(dataDir, pid);
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
