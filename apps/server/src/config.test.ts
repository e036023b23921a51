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
});
