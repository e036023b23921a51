import type { IncomingMessage, ServerResponse } from 'node:http';

// Server-sent events on a hijacked reply, shared by the message stream and a
// generation's progress stream: the headers, a reconnect delay, keep-alive
// comments, one close that runs each owner's clean-up, and a push that sends
// only what changed and never reads twice at once.

export interface EventStream {
  send: (event: string, data: string) => void;
  isClosed: () => boolean;
  /** Ends the stream once, running every onClose; safe to call again (and to pass around unbound). */
  close: () => void;
  onClose: (fn: () => void) => void;
}

export function openEventStream(
  request: IncomingMessage,
  res: ServerResponse,
  { retryMs, keepAliveMs }: { retryMs: number; keepAliveMs: number },
): EventStream {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.write(`retry: ${retryMs}\n\n`);
  let closed = false;
  const cleanups: (() => void)[] = [];
  const ping = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, keepAliveMs);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    for (const fn of cleanups) fn();
    if (!res.writableEnded) res.end();
  };
  request.on('close', close);
  res.on('close', close);
  return {
    send: (event, data) => {
      if (!closed) res.write(`event: ${event}\ndata: ${data}\n\n`);
    },
    isClosed: () => closed,
    close,
    onClose: (fn) => void cleanups.push(fn),
  };
}

/**
 * A push that reads the current value and hands it on only when its JSON changed. A push asked for
 * while one is reading runs once more after it instead of reading in parallel.
 */
export function createChangePush(opts: {
  stream: EventStream;
  read: () => Promise<unknown>;
  deliver: (text: string) => void;
  onError: (err: unknown) => void;
  /** The text the client already has (sent before the push was made). */
  last?: string;
}): () => Promise<void> {
  const { stream } = opts;
  let last = opts.last ?? '';
  let busy = false;
  let again = false;
  return async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const text = JSON.stringify(await opts.read());
        if (!stream.isClosed() && text !== last) {
          last = text;
          opts.deliver(text);
        }
      } while (again && !stream.isClosed());
    } catch (err) {
      if (!stream.isClosed()) opts.onError(err);
    } finally {
      busy = false;
    }
  };
}
