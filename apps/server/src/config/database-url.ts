/**
 * Reading a libpq multi-host URL (`postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`)
 * the way the database client will (db/multi-host.ts): config validates it at start-up with this, so a
 * bad URL stops the server naming the variable.
 */

export const SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const;
export type SessionAttrs = (typeof SESSION_ATTRS)[number];

export interface HostAddress {
  host: string;
  port: number;
}

export interface DatabaseUrl {
  /** As listed; empty when the URL names no host (the driver's default). */
  hosts: HostAddress[];
  sessionAttrs: SessionAttrs;
  /** Several hosts, or a role to check: connections go through a HostLocator. */
  needsLocator: boolean;
  /** The URL of one host, as the driver reads it (without target_session_attrs, which it does not know). */
  urlFor(host: HostAddress): string;
}

/** Where the URL is used: the main pools must write; a read URL may name standbys. */
export type UrlUse = 'write' | 'read';

export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

export const DEFAULT_PORT = 5432;
const WRITE_ATTRS: readonly SessionAttrs[] = ['read-write', 'primary'];

function parseHost(entry: string, index: number): HostAddress {
  const m = /^\[([^\]]+)\](?::(\d*))?$/.exec(entry) ?? /^([^:[\]]+)(?::(\d*))?$/.exec(entry);
  if (!entry || !m?.[1]) throw new DatabaseUrlError(`host ${index + 1} of the list is ${entry ? `not host[:port]: "${entry}"` : 'empty'}`);
  const port = m[2] ? Number(m[2]) : DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new DatabaseUrlError(`port of ${m[1]} must be 1–65535`);
  return { host: decodeURIComponent(m[1]), port };
}

export const formatHost = (h: HostAddress) => `${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}`;
export const describeHosts = (hosts: readonly HostAddress[]) => hosts.map(formatHost).join(', ');

/**
 * Reads a (multi-host) PostgreSQL URL. For `write`, several hosts mean
 * read-write unless said otherwise, and only read-write/primary are accepted.
 */
export function parseDatabaseUrl(url: string, use: UrlUse): DatabaseUrl {
  const m = /^(postgres(?:ql)?:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/s.exec(url);
  if (!m) throw new DatabaseUrlError('must start with postgres:// or postgresql://');
  const [, scheme = '', authority = '', pathPart = '', query = ''] = m;
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hostList = authority.slice(at + 1);
  const params = query.replace(/^\?/, '').split('&').filter(Boolean);
  const attrParams = params.filter((p) => p.startsWith('target_session_attrs='));
  const kept = params.filter((p) => !p.startsWith('target_session_attrs='));
  const hosts = hostList ? hostList.split(',').map(parseHost) : [];
  if (hosts.length > 1 && kept.some((p) => /^(host|hostaddr|port)=/.test(p)))
    throw new DatabaseUrlError('a host list cannot be combined with host=, hostaddr= or port= parameters');

  const given = attrParams.length ? decodeURIComponent(attrParams[attrParams.length - 1]!.split('=')[1] ?? '') : undefined;
  if (given !== undefined && !(SESSION_ATTRS as readonly string[]).includes(given))
    throw new DatabaseUrlError(`target_session_attrs must be one of ${SESSION_ATTRS.join(', ')}`);
  const sessionAttrs = (given as SessionAttrs | undefined) ?? (use === 'write' && hosts.length > 1 ? 'read-write' : 'any');
  // One host and no role asked: as before, whatever that host is.
  const isPlainSingle = hosts.length <= 1 && sessionAttrs === 'any';
  if (use === 'write' && !isPlainSingle && !WRITE_ATTRS.includes(sessionAttrs))
    throw new DatabaseUrlError(
      `the server writes here, so target_session_attrs must be read-write or primary (${sessionAttrs} could land on a standby)`,
    );

  const rest = `${pathPart}${kept.length ? `?${kept.join('&')}` : ''}`;
  const urlFor = (h: HostAddress) => (hosts.length ? `${scheme}${userinfo}${formatHost(h)}${rest}` : `${scheme}${userinfo}${rest}`);
  try {
    new URL(urlFor(hosts[0] ?? { host: 'localhost', port: DEFAULT_PORT }));
  } catch {
    throw new DatabaseUrlError('is not a valid URL');
  }
  return { hosts, sessionAttrs, needsLocator: hosts.length > 1 || sessionAttrs !== 'any', urlFor };
}

/** The URL with its password blanked, for messages. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:/@?#]*:)[^@/?#]*@/, '$1***@');
}

/** What a probe found a server to be. */
