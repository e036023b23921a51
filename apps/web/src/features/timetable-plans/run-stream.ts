import { API_BASE, timetableRunSchema, type TimetableRun } from '@campus/contract';
import { getLocale } from '../../lib/i18n';
import { buildHeaders } from '../../lib/request';
import { getCurrentCamId, getToken } from '../../lib/session';
import { parseEvents } from '../../lib/unread-stream';

export interface RunStreamHandlers {
  onRun: (run: TimetableRun) => void;
  /** true while events arrive; false once the stream is down before the run ended (the page polls then). */
  onLiveChange: (isLive: boolean) => void;
}

/**
 * Follows a generation over the server's event stream (GET /runs/:runId/events) until the run ends. No
 * reconnecting: when the stream fails the caller's polling takes over.
 */
export function followRun(planId: number, runId: number, handlers: RunStreamHandlers): () => void {
  const controller = new AbortController();
  void (async () => {
    let hasEnded = false;
    try {
      // EventSource cannot send the bearer token and campus header, hence fetch and a reader.
      const response = await fetch(`${API_BASE}/educate/timetable-plans/${planId}/runs/${runId}/events`, {
        headers: { ...buildHeaders(getToken(), getCurrentCamId(), getLocale()), Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseEvents(buffer + value);
        buffer = parsed.rest;
        for (const item of parsed.events) {
          const run = item.event === 'run' ? timetableRunSchema.safeParse(JSON.parse(item.data)) : null;
          if (!run?.success) continue;
          handlers.onLiveChange(true);
          handlers.onRun(run.data);
          if (run.data.status !== 'running') hasEnded = true;
        }
      }
    } catch {
      // Aborted or cut: polling answers from here.
    } finally {
      if (!controller.signal.aborted && !hasEnded) handlers.onLiveChange(false);
    }
  })();
  return () => controller.abort();
}
