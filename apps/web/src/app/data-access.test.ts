import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Where the web reaches the server: through each area's api file (and the
 * shared clients in lib), never from a component; and under keys from a key
 * factory, never a literal array written where a query is made, so a key and
 * the invalidations that must match it cannot drift apart.
 */
const SRC = join(import.meta.dirname, '..');

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listSources(path);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** A call of the request client: `request.get(`, `http.post(`, ... */
const REQUEST_CALL = /\b(request|http)\.(get|post|put|delete|patch)\s*[<(]/;
/** A query key written inline: `queryKey: ['…'` or `queryKey={['…'`. */
const INLINE_KEY = /queryKey(:\s*|=\{)\[\s*['"]/;

function findOffenders(files: readonly { path: string; text: string }[]) {
  const requestCalls = files.filter((f) => f.path.endsWith('.tsx') && REQUEST_CALL.test(f.text)).map((f) => f.path);
  const inlineKeys = files.filter((f) => INLINE_KEY.test(f.text)).map((f) => f.path);
  return { requestCalls, inlineKeys };
}

describe('data access of the web app', () => {
  it('catches a component that calls the request client or writes its own query key (planted offenders)', () => {
    const planted = [
      { path: 'features/x/x-card.tsx', text: "const a = await request.get<X>('/x');" },
      { path: 'features/x/x-page.tsx', text: "useQuery({ queryKey: ['x', id], queryFn })" },
      { path: 'features/x/x-list.tsx', text: "<TreeTablePage queryKey={['x', 'table']} />" },
      { path: 'features/x/x-api.ts', text: "export const xKeys = { one: (id: number) => ['x', id] as const }; request.get('/x');" },
    ];
    expect(findOffenders(planted)).toEqual({
      requestCalls: ['features/x/x-card.tsx'],
      inlineKeys: ['features/x/x-page.tsx', 'features/x/x-list.tsx'],
    });
  });

  it('has no component calling the request client and no inline query key', () => {
    const files = listSources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(findOffenders(files)).toEqual({ requestCalls: [], inlineKeys: [] });
  });
});
