import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import { createPrettyLogStream, formatLogLine } from './log-format.js';
import { memoryImageOptions } from '../test/memory-image.js';

describe('formatLogLine', () => {
  it('writes time, level, message and the record own fields, without pino bookkeeping', () => {
    const time = new Date(2026, 10, 25, 14, 3, 7).getTime();
    const line = formatLogLine(
      JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', reqId: 'req-1', msg: 'slow query', ms: 812, sql: 'select 1' }),
    );
    expect(line).toBe('14:03:07 WARN  slow query ms=812 sql="select 1"');
  });

  it('indents an error stack under its line', () => {
    const line = formatLogLine(
      JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { message: 'x', stack: 'Error: x\n    at f (a.js:1:1)' } }),
    );
    expect(line.split('\n')).toEqual([expect.stringMatching(/ERROR boom$/), '  Error: x', '      at f (a.js:1:1)']);
  });

  it('passes through a line that is not a record', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
  });
});

describe('pretty logs at a terminal', () => {
  it('keeps request lines out of the info level and shows them at debug', async () => {
    const run = async (level: string) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (c: Buffer) => (text += c.toString()));
      const config = loadConfig({
        DATA_DIR: ':memory:',
        LOG_LEVEL: level,
        LOG_FORMAT: 'pretty',
        WEB_DIR: '/nonexistent-web-dir',
        SEED_DEMO: 'false',
      });
      const database = await openDatabase(config, undefined, memoryImageOptions());
      const app = await buildApp(config, database, { logStream: createPrettyLogStream(out) });
      await app.inject({ method: 'GET', url: '/api/health' });
      await app.close();
      return text;
    };
    const info = await run('info');
    expect(info).not.toContain('/api/health');
    expect(info).not.toContain('{"level"');
    const debug = await run('debug');
    expect(debug).toMatch(/DEBUG GET \/api\/health 200 \d+ ms/);
    expect(debug).not.toContain('incoming request');
  });
});
