const SECRET_KEY = /pass(word)?|pwd|token|secret|authorization|cookie/i;
const MAX_STRING = 1_000;
const MAX_DEPTH = 6;
const MAX_KEYS = 100;

/**
 * A copy of request params safe to keep in the operation log: secret-looking
 * fields blanked, long strings cut, deep or wide structures trimmed.
 */
export function redactParams(value: unknown, depth = 0, extraSecretKeys: readonly string[] = []): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length})` : value;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_KEYS).map((v) => redactParams(v, depth + 1, extraSecretKeys));
    if (value.length > MAX_KEYS) items.push(`…(${value.length})`);
    return items;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (n++ >= MAX_KEYS) {
      out['…'] = 'truncated';
      break;
    }
    out[k] = SECRET_KEY.test(k) || extraSecretKeys.includes(k) ? '******' : redactParams(v, depth + 1, extraSecretKeys);
  }
  return out;
}

/** A request URL for the logs: the secret of a calendar feed URL (/api/calendar/<secret>.ics) blanked. */
export function redactUrl(url: string): string {
  return url.replace(/^(\/api\/calendar\/)[^/?#]+/, '$1******.ics');
}

/** The request as the logs show it (Fastify's default fields), the feed secret blanked. */
export function serializeLoggedRequest(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
