import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
// pino's own bookkeeping: the terminal line shows none of it.
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err', 'v']);

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * One pino JSON record as a line a person reads at a terminal:
 * `14:03:07 INFO  message key=value`, an error's stack indented below.
 * A line that is not a pino record passes through as it is.
 */
export function formatLogLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return json;
    record = parsed as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof record.time === 'number' ? new Date(record.time) : new Date();
  const clock = `${pad2(time.getHours())}:${pad2(time.getMinutes())}:${pad2(time.getSeconds())}`;
  const level = LEVELS[Number(record.level)] ?? 'INFO ';
  const extras = Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const parts = [clock, level, typeof record.msg === 'string' ? record.msg : '', ...extras].filter(Boolean);
  let line = parts.join(' ');
  const err = record.err as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const stack = typeof err.stack === 'string' ? err.stack : typeof err.message === 'string' ? err.message : '';
    line += `\n  ${stack.split('\n').join('\n  ')}`;
  }
  return line;
}

/** A pino destination that writes `formatLogLine` lines to `out`. */
export function createPrettyLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end >= 0) {
        const json = pending.slice(0, end);
        pending = pending.slice(end + 1);
        if (json.trim()) out.write(`${formatLogLine(json)}\n`);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}
