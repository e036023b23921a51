import type { FastifyInstance, InjectOptions } from 'fastify';
import { multipartFile } from '../test-app.js';
import type { Req } from './valid-requests.js';

export interface Answer {
  status: number;
  /** Parsed when the answer is JSON; null otherwise (files, calendars, event streams). */
  json: { code: number; msg: string; data: unknown } | null;
  text: string;
  ms: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function queryString(query: Record<string, string> | undefined): string {
  if (!query) return '';
  const qs = new URLSearchParams(query).toString();
  return qs ? `?${qs}` : '';
}

function parse(status: number, text: string, contentType: string | undefined, started: number): Answer {
  let json: Answer['json'] = null;
  if (contentType?.includes('application/json')) {
    try {
      json = JSON.parse(text) as Answer['json'];
    } catch {
      json = null;
    }
  }
  return { status, json, text, ms: Date.now() - started };
}

/**
 * Sends `req` through app.inject. `rawBody` (text) replaces the JSON body when
 * a test needs bytes no serializer would write; `rawQuery` likewise for the query.
 */
export async function send(
  app: FastifyInstance,
  method: string,
  req: Req,
  headers: Record<string, string>,
  opts: { rawBody?: string; rawQuery?: string; contentType?: string; isStream?: boolean } = {},
): Promise<Answer> {
  const url = req.url + (opts.rawQuery !== undefined ? `?${opts.rawQuery}` : queryString(req.query));
  const inject: InjectOptions = { method: method as NonNullable<InjectOptions['method']>, url, headers: { ...headers } };
  if (opts.rawBody !== undefined) {
    inject.payload = opts.rawBody;
    inject.headers = { ...inject.headers, 'content-type': opts.contentType ?? 'application/json' };
  } else if (req.file) {
    const mp = multipartFile(req.file.name, req.file.content);
    inject.payload = mp.payload;
    inject.headers = { ...inject.headers, ...mp.headers };
  } else if (req.body !== undefined) {
    inject.payload = req.body as object;
  }
  const started = Date.now();
  if (opts.isStream) {
    // An open event stream never ends: take its head, then hang up.
    const abort = new AbortController();
    const res = await app.inject({ ...inject, payloadAsStream: true, signal: abort.signal });
    let text = '';
    if (res.statusCode !== 200) {
      for await (const chunk of res.stream()) text += String(chunk);
    }
    abort.abort();
    res.stream().on('error', () => undefined);
    return parse(res.statusCode, text, res.headers['content-type'] as string | undefined, started);
  }
  const res = await app.inject(inject);
  return parse(res.statusCode, res.body, res.headers['content-type'] as string | undefined, started);
}
