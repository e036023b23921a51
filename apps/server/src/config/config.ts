import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LOGIN_AES_IV, DEFAULT_LOGIN_AES_KEY, PASSWORD_MIN_LENGTH } from '@campus/contract';
import { DatabaseUrlError, parseDatabaseUrl, redactDatabaseUrl, type UrlUse } from './database-url.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const aes16 = z.string().refine((s) => Buffer.byteLength(s, 'utf8') === 16, 'must be exactly 16 bytes');
/** A (multi-host) PostgreSQL URL, read the way the database client will read it. */
const databaseUrl = (use: UrlUse) =>
  z.string().superRefine((url, ctx) => {
    try {
      parseDatabaseUrl(url, use);
    } catch (err) {
      if (!(err instanceof DatabaseUrlError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
    }
  });

const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl('write').optional(),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).optional(),
  SEED_DEMO: bool.default(true),
  LOGIN_AES_KEY: aes16.default(DEFAULT_LOGIN_AES_KEY),
  LOGIN_AES_IV: aes16.default(DEFAULT_LOGIN_AES_IV),
  SESSION_TTL_S: int(60, 365 * 24 * 3600).default(259_200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  BODY_LIMIT: int(1024, 100 * 1024 * 1024).default(1024 * 1024),
  DB_POOL_MAX: int(1, 200).default(10),
  DB_CONNECT_TIMEOUT_MS: int(100, 60_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: int(100, 600_000).default(15_000),
  LOGIN_LOCK_THRESHOLD: int(1, 100).default(5),
  LOGIN_LOCK_MINUTES: int(1, 24 * 60).default(10),
  LOGIN_IP_MAX_FAILURES: int(1, 100_000).default(30),
  LOGIN_IP_WINDOW_MINUTES: int(1, 24 * 60).default(15),
  TRUST_PROXY: bool.default(false),
  HSTS: z.enum(['auto', 'always', 'off']).default('auto'),
  HSTS_MAX_AGE: int(0, 2 * 365 * 24 * 3600).default(31_536_000),
  WEB_DIR: z.string().min(1).optional(),
  SHUTDOWN_TIMEOUT_MS: int(100, 600_000).default(10_000),
  LOGIN_RATE_PER_MIN: int(1, 1_000_000).default(60),
  OPERLOG_RETENTION_DAYS: int(1, 36_500).default(365),
  SESSION_CACHE_TTL_S: int(0, 3600).default(30),
  SESSION_CACHE_MAX: int(1, 1_000_000).default(10_000),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Keep the embedded database in memory (tests). */
  inMemory: boolean;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  loginAesKey: string;
  loginAesIv: string;
  sessionTtlS: number;
  logLevel: string;
  /**
   * pretty: one short line per event for a person at a terminal, request lines
   * at debug; json: pino's lines for log collectors. `auto` picks pretty on a TTY.
   */
  logFormat: 'pretty' | 'json';
  bodyLimit: number;
  dbPoolMax: number;
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  loginLockThreshold: number;
  loginLockMinutes: number;
  loginIpMaxFailures: number;
  loginIpWindowMinutes: number;
  trustProxy: boolean;
  /** auto: HSTS over TLS only (directly or per a trusted proxy); always: on every answer; off. */
  hsts: 'auto' | 'always' | 'off';
  hstsMaxAgeS: number;
  webDir: string;
  shutdownTimeoutMs: number;
  /** Sign-in requests (any outcome) one IP may make per minute. */
  loginRatePerMin: number;
  /** Operation-log rows older than this are purged (at start-up, then daily). */
  operlogRetentionDays: number;
  /** Seconds a resolved session stays cached (a safety net: changes evict at once); 0 turns the cache off. */
  sessionCacheTtlS: number;
  sessionCacheMax: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env, isTty = process.stdout.isTTY === true): AppConfig {
  // An empty variable means "unset", as shells and .env files produce them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      const value = cleaned[key] ?? '';
      return `  ${key}=${JSON.stringify(key.startsWith('DATABASE_') ? redactDatabaseUrl(value) : value)}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === ':memory:' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    inMemory: e.DATA_DIR === ':memory:',
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    loginAesKey: e.LOGIN_AES_KEY,
    loginAesIv: e.LOGIN_AES_IV,
    sessionTtlS: e.SESSION_TTL_S,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (isTty ? 'pretty' : 'json') : e.LOG_FORMAT,
    bodyLimit: e.BODY_LIMIT,
    dbPoolMax: e.DB_POOL_MAX,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    loginLockThreshold: e.LOGIN_LOCK_THRESHOLD,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginIpMaxFailures: e.LOGIN_IP_MAX_FAILURES,
    loginIpWindowMinutes: e.LOGIN_IP_WINDOW_MINUTES,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS,
    hstsMaxAgeS: e.HSTS_MAX_AGE,
    webDir: path.resolve(e.WEB_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loginRatePerMin: e.LOGIN_RATE_PER_MIN,
    operlogRetentionDays: e.OPERLOG_RETENTION_DAYS,
    sessionCacheTtlS: e.SESSION_CACHE_TTL_S,
    sessionCacheMax: e.SESSION_CACHE_MAX,
  };
}
