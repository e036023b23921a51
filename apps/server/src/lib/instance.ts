import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * This server process as other instances see it: the monitor's per-instance
 * figures and the scheduled jobs' runs name it. The random part tells a
 * restarted process from its predecessor when the pid is reused (containers).
 */
export interface InstanceInfo {
  id: string;
  host: string;
  pid: number;
  version: string;
  startedAt: Date;
}

function readVersion(): string {
  try {
    // src/lib and dist/lib are both two folders below the server package.
    const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function createInstanceInfo(): InstanceInfo {
  const host = os.hostname().slice(0, 100);
  return {
    id: `${host}:${process.pid}:${randomBytes(3).toString('hex')}`,
    host,
    pid: process.pid,
    version: readVersion(),
    startedAt: new Date(),
  };
}
