import { describe, expect, it } from 'vitest';
import { DatabaseUrlError, parseDatabaseUrl, redactDatabaseUrl, type HostAddress } from '../config/database-url.js';
import { DatabaseUnavailableError, HostLocator, qualifies, type HostRole } from './multi-host.js';

const PRIMARY: HostRole = { isStandby: false, isReadOnly: false };
const STANDBY: HostRole = { isStandby: true, isReadOnly: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('parseDatabaseUrl', () => {
  it('leaves a one-host URL as it was: no locator, no role check', () => {
    const url = 'postgres://app:secret@db.school.lan:6432/campus?sslmode=require';
    const parsed = parseDatabaseUrl(url, 'write');
    expect(parsed.hosts).toEqual([{ host: 'db.school.lan', port: 6432 }]);
    expect(parsed.needsLocator).toBe(false);
    expect(parsed.urlFor(parsed.hosts[0]!)).toBe(url);
  });

  it('reads a libpq host list: default port, IPv6, the role, other parameters kept for every host', () => {
    const parsed = parseDatabaseUrl(
      'postgresql://app:p%40ss@h1:5433,h2,[::1]:5434/campus?application_name=x&target_session_attrs=read-write&sslmode=disable',
      'write',
    );
    expect(parsed.hosts).toEqual([
      { host: 'h1', port: 5433 },
      { host: 'h2', port: 5432 },
      { host: '::1', port: 5434 },
    ]);
    expect(parsed.sessionAttrs).toBe('read-write');
    expect(parsed.needsLocator).toBe(true);
    expect(parsed.urlFor(parsed.hosts[1]!)).toBe('postgresql://app:p%40ss@h2:5432/campus?application_name=x&sslmode=disable');
    expect(parsed.urlFor(parsed.hosts[2]!)).toBe('postgresql://app:p%40ss@[::1]:5434/campus?application_name=x&sslmode=disable');
  });

  it('several hosts for the server mean read-write unless said; a read URL takes any role', () => {
    expect(parseDatabaseUrl('postgres://u@a:1,b:2/db', 'write').sessionAttrs).toBe('read-write');
    expect(parseDatabaseUrl('postgres://u@a:1,b:2/db?target_session_attrs=primary', 'write').sessionAttrs).toBe('primary');
    expect(parseDatabaseUrl('postgres://u@a:1,b:2/db', 'read').sessionAttrs).toBe('any');
    expect(parseDatabaseUrl('postgres://u@a:1,b:2/db?target_session_attrs=prefer-standby', 'read').sessionAttrs).toBe('prefer-standby');
    // One host with a role to check still goes through the locator.
    expect(parseDatabaseUrl('postgres://u@a/db?target_session_attrs=read-write', 'write').needsLocator).toBe(true);
  });

  it.each([
    ['mysql://u@a/db', 'postgres://'],
    ['postgres://u@a:1,,b:2/db', 'host 2 of the list is empty'],
    ['postgres://u@a:0,b/db', 'port of a must be 1–65535'],
    ['postgres://u@a:70000/db', 'port of a must be 1–65535'],
    ['postgres://u@a:x1,b/db', 'not host[:port]'],
    ['postgres://u@a,b/db?target_session_attrs=leader', 'target_session_attrs must be one of'],
    ['postgres://u@a,b/db?target_session_attrs=read-only', 'must be read-write or primary'],
    ['postgres://u@a,b/db?target_session_attrs=prefer-standby', 'prefer-standby could land on a standby'],
    ['postgres://u@a,b/db?port=5433', 'cannot be combined'],
    ['postgres://u@a,b/db?target_session_attrs=any', 'must be read-write or primary'],
  ])('refuses %s', (url, message) => {
    expect(() => parseDatabaseUrl(url, 'write')).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl(url, 'write')).toThrow(message);
  });

  it('blanks the password in messages', () => {
    expect(redactDatabaseUrl('postgres://app:s3cret@h1,h2/db')).toBe('postgres://app:***@h1,h2/db');
    expect(redactDatabaseUrl('postgres://app@h1/db')).toBe('postgres://app@h1/db');
  });
});

describe('qualifies', () => {
  it('matches libpq: read-write needs writes, standby/prefer-standby a server in recovery', () => {
    const readOnlyPrimary: HostRole = { isStandby: false, isReadOnly: true };
    expect([PRIMARY, STANDBY, readOnlyPrimary].map((r) => qualifies('read-write', r))).toEqual([true, false, false]);
    expect([PRIMARY, STANDBY, readOnlyPrimary].map((r) => qualifies('primary', r))).toEqual([true, false, true]);
    expect([PRIMARY, STANDBY, readOnlyPrimary].map((r) => qualifies('read-only', r))).toEqual([false, true, true]);
    expect([PRIMARY, STANDBY].map((r) => qualifies('standby', r))).toEqual([false, true]);
    expect([PRIMARY, STANDBY].map((r) => qualifies('any', r))).toEqual([true, true]);
  });
});

/** A fake cluster: what each host answers now (null: down; 'hang': never answers). */
function createWorld(roles: Record<string, HostRole | null | 'hang'>) {
  const probes: string[] = [];
  const logs: string[] = [];
  const probe = async (h: HostAddress) => {
    probes.push(h.host);
    const role = roles[h.host];
    if (role === 'hang') return new Promise<HostRole | null>(() => undefined);
    return role ?? null;
  };
  return { roles, probes, logs, log: (level: string, msg: string) => void logs.push(`${level} ${msg}`), probe };
}

function createLocator(world: ReturnType<typeof createWorld>, url = 'postgres://u@standby:5432,primary:5432/db', connectTimeoutMs = 200) {
  return new HostLocator({
    url: parseDatabaseUrl(url, url.includes('prefer-standby') ? 'read' : 'write'),
    connectTimeoutMs,
    log: world.log,
    applicationName: 'test',
    minBackoffMs: 20,
    maxBackoffMs: 80,
    probe: world.probe,
  });
}

describe('HostLocator', () => {
  it('finds the primary though a standby is listed first, and says so once', async () => {
    const world = createWorld({ standby: STANDBY, primary: PRIMARY });
    const locator = createLocator(world);
    expect(await locator.pick(1_000)).toEqual({ host: 'primary', port: 5432 });
    expect(await locator.pick(1_000)).toEqual({ host: 'primary', port: 5432 });
    expect(world.logs).toEqual(['info database: using primary:5432 (read-write)']);
    locator.close();
  });

  it('after the primary is lost: fails at once while no host accepts writes, retries with back-off, follows the promoted standby', async () => {
    const world = createWorld({ standby: STANDBY, primary: PRIMARY });
    const locator = createLocator(world);
    await locator.pick(1_000);
    world.roles.primary = null; // killed
    locator.reportLost({ host: 'primary', port: 5432 }, 'ECONNREFUSED');
    await sleep(5);
    const started = performance.now();
    const refused = await locator.pick(1_000).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DatabaseUnavailableError);
    expect((refused as DatabaseUnavailableError).code).toBe('08001');
    expect(performance.now() - started).toBeLessThan(50);

    const probesBefore = world.probes.length;
    await sleep(250);
    // Back-off 20, 40, 80, 80 ms: a handful of rounds of two probes, not a busy loop.
    const rounds = (world.probes.length - probesBefore) / 2;
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(rounds).toBeLessThanOrEqual(6);

    world.roles.standby = PRIMARY; // promoted
    await sleep(200);
    expect(await locator.pick(1_000)).toEqual({ host: 'standby', port: 5432 });
    expect(world.logs.slice(1)).toEqual([
      expect.stringMatching(/^warn database: lost primary:5432 \(ECONNREFUSED\); looking for a host with target_session_attrs=read-write/),
      expect.stringMatching(/^warn database: switched to standby:5432 \(read-write\) after \d+\.\d s without one; was primary:5432$/),
    ]);
    locator.close();
  });

  it('a lost report about a host it no longer uses changes nothing', async () => {
    const world = createWorld({ standby: STANDBY, primary: PRIMARY });
    const locator = createLocator(world);
    await locator.pick(1_000);
    locator.reportLost({ host: 'standby', port: 5432 }, 'late');
    expect(locator.host).toEqual({ host: 'primary', port: 5432 });
    locator.close();
  });

  it('recheck keeps the host while it still answers, and moves when it does not', async () => {
    const world = createWorld({ standby: STANDBY, primary: PRIMARY });
    const locator = createLocator(world);
    await locator.pick(1_000);
    locator.recheck({ host: 'primary', port: 5432 });
    expect(locator.host).toEqual({ host: 'primary', port: 5432 });
    await sleep(20);
    expect(world.logs).toHaveLength(1);
    // A switchover: the old primary was demoted, the standby promoted.
    world.roles.primary = STANDBY;
    world.roles.standby = PRIMARY;
    locator.recheck({ host: 'primary', port: 5432 });
    await sleep(20);
    expect(locator.host).toEqual({ host: 'standby', port: 5432 });
    expect(world.logs[1]).toMatch(/switched to standby:5432/);
    locator.close();
  });

  it('a caller waits for a search in flight no longer than its timeout', async () => {
    const world = createWorld({ standby: 'hang', primary: 'hang' });
    const locator = createLocator(world);
    const started = performance.now();
    await expect(locator.pick(100)).rejects.toThrow(DatabaseUnavailableError);
    expect(performance.now() - started).toBeLessThan(400);
    locator.close();
  });

  it('the first host to answer with the role wins, a hung one does not hold it up', async () => {
    const world = createWorld({ standby: 'hang', primary: PRIMARY });
    const locator = createLocator(world);
    expect(await locator.pick(1_000)).toEqual({ host: 'primary', port: 5432 });
    locator.close();
  });

  it('prefer-standby takes a standby, else falls back to the primary', async () => {
    const url = 'postgres://u@primary:5432,standby:5432/db?target_session_attrs=prefer-standby';
    const both = createLocator(createWorld({ standby: STANDBY, primary: PRIMARY }), url);
    expect(await both.pick(1_000)).toEqual({ host: 'standby', port: 5432 });
    both.close();
    const onlyPrimary = createLocator(createWorld({ standby: null, primary: PRIMARY }), url);
    expect(await onlyPrimary.pick(1_000)).toEqual({ host: 'primary', port: 5432 });
    onlyPrimary.close();
  });
});
