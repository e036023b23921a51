import { API_BASE, type UnreadCount } from '@campus/contract';
import { getLocale } from './i18n';
import { buildHeaders } from './request';
import { getCurrentCamId, getToken } from './session';

export interface UnreadStreamHandlers {
  onCount: (count: UnreadCount) => void;
  /** true while the stream is open and delivering; false while it is down (the caller polls then). */
  onLiveChange: (isLive: boolean) => void;
}

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;

/** Splits server-sent-event text into complete events; returns them and the unfinished rest. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    return data.length ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

function isUnreadCount(value: unknown): value is UnreadCount {
  return typeof value === 'object' && value !== null && typeof (value as { total?: unknown }).total === 'number';
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function readStream(signal: AbortSignal, handlers: UnreadStreamHandlers): Promise<'ended' | 'refused'> {
  const token = getToken();
  if (!token) return 'refused';
  // EventSource cannot send the bearer token, hence fetch and a reader.
  const response = await fetch(`${API_BASE}/message/stream`, {
    headers: { ...buildHeaders(token, getCurrentCamId(), getLocale()), Accept: 'text/event-stream' },
    signal,
  });
  if (response.status === 401 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'ended';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      const parsed = parseEvents(buffer + value);
      buffer = parsed.rest;
      for (const item of parsed.events) {
        if (item.event !== 'unread') continue;
        const count: unknown = JSON.parse(item.data);
        if (isUnreadCount(count)) {
          handlers.onLiveChange(true);
          handlers.onCount(count);
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Follows the caller's unread count over the server's event stream, reconnecting
 * with exponential backoff; ends for good when stopped or when the session is gone.
 */
export function watchUnreadCount(handlers: UnreadStreamHandlers): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  void (async () => {
    let backoff = MIN_BACKOFF_MS;
    while (!signal.aborted) {
      const startedAt = Date.now();
      let outcome: 'ended' | 'refused' | 'failed';
      try {
        outcome = await readStream(signal, handlers);
      } catch {
        outcome = 'failed';
      }
      if (signal.aborted) return;
      handlers.onLiveChange(false);
      if (outcome === 'refused' || !getToken()) return;
      // A stream that stayed up a while was healthy: start the backoff over.
      if (Date.now() - startedAt > MAX_BACKOFF_MS) backoff = MIN_BACKOFF_MS;
      await wait(backoff, signal);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  })();
  return () => controller.abort();
}
