import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults (docs/api-conventions.md)', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.sessionTtlS).toBe(259_200);
    expect(c.loginAesKey).toBe('CampusConsoleKey');
    expect(c.databaseUrl).toBeUndefined();
    // The built web app beside the server, wherever the config module sits in the server's floors.
    expect(c.webDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('names every bad variable and the rule it breaks', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SEED_DEMO: 'perhaps', LOGIN_AES_KEY: 'short', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'abc' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const msg = (error as Error).message;
    for (const name of ['PORT="eighty"', 'SEED_DEMO="perhaps"', 'LOGIN_AES_KEY="short"', 'DATABASE_URL="mysql://x"', 'ADMIN_PASSWORD'])
      expect(msg).toContain(name);
    expect(msg).toContain('16 bytes');
    expect(msg).toContain('postgres://');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('accepts a libpq multi-host DATABASE_URL and refuses a bad one naming the variable, the rule and no password', () => {
    const good = 'postgres://app:pw@10.0.0.2:5432,10.0.0.3:5432/campus?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: good }).databaseUrl).toBe(good);
    for (const [url, rule] of [
      ['postgres://app:pw@h1:5432,:5432/campus', 'host 2 of the list is not host[:port]'],
      ['postgres://app:pw@h1:5432,h2:99999/campus', 'port of h2 must be 1–65535'],
      ['postgres://app:pw@h1,h2/campus?target_session_attrs=standby', 'target_session_attrs must be read-write or primary'],
    ] as const) {
      let error: unknown;
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (err) {
        error = err;
      }
      expect(error, url).toBeInstanceOf(ConfigError);
      const msg = (error as Error).message;
      expect(msg).toContain('DATABASE_URL="postgres://app:***@');
      expect(msg).toContain(rule);
      expect(msg).not.toContain(':pw@');
    }
  });
});

describe('LOG_FORMAT', () => {
  it('is pretty on a terminal and JSON otherwise, unless set', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT="xml"/);
  });
});
