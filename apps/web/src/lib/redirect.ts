import { DEFAULT_ROUTE_PATH } from '@campus/contract';

export const LOGIN_PATH = '/login';
// Any origin works: it only exists to tell same-origin paths from everything else.
const PROBE_ORIGIN = 'https://campus.invalid';
const MAX_DECODE_ROUNDS = 5;

function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

function isUnsafePath(value: string): boolean {
  // `//host` and `/\host` are protocol-relative to browsers; control characters
  // (tabs, newlines) are stripped by URL parsers and can turn `/\t/host` into `//host`.
  return !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value);
}

/**
 * The path of this app that `raw` names, or null when it could leave the app
 * (other origins, protocol-relative or backslash paths, `javascript:` and
 * their percent-encoded forms) or would loop back to the login page.
 */
export function sanitizeRedirectPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  const decoded = decodeFully(raw);
  if (decoded === null || isUnsafePath(raw) || isUnsafePath(decoded)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * Where to go after signing in. `redirect` holds a route name (what the guard
 * stores) or a path (what the request client stores); the other query
 * parameters belong to the target and travel with it.
 */
export function resolveLoginRedirect(search: URLSearchParams, findPathByName: (name: string) => string | null): string {
  const redirect = search.get('redirect');
  const rest = new URLSearchParams(search);
  rest.delete('redirect');
  const byName = redirect ? findPathByName(redirect) : null;
  const target = (byName && byName !== LOGIN_PATH ? byName : null) ?? sanitizeRedirectPath(redirect) ?? DEFAULT_ROUTE_PATH;
  const extra = rest.toString();
  if (!extra) return target;
  return target.includes('?') ? `${target}&${extra}` : `${target}?${extra}`;
}

/** `/login?redirect=...` plus the target's own query parameters. */
export function buildLoginPath(redirect: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, redirect });
  return `${LOGIN_PATH}?${params.toString()}`;
}
