import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimetableRun } from '@campus/contract';
import { followRun } from './run-stream';

const run = (status: TimetableRun['status'], placed: number): TimetableRun => ({
  id: 3,
  status,
  placed,
  bestPlaced: placed,
  total: 4,
  elapsedMs: 10,
  hardViolations: 0,
  softScore: 0,
  seed: 1,
  timeLimitS: 30,
  createdAt: '2030-01-01T00:00:00.000Z',
  finishedAt: status === 'running' ? null : '2030-01-01T00:00:01.000Z',
  unplaced: [],
  softViolations: [],
  error: null,
});

/** A fetch answering an event stream of these chunks. */
function streamOf(chunks: string[], status = 200) {
  return vi.fn(() =>
    Promise.resolve(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
            controller.close();
          },
        }),
        { status, headers: { 'content-type': 'text/event-stream' } },
      ),
    ),
  );
}

async function follow(fetchMock: ReturnType<typeof streamOf>) {
  vi.stubGlobal('fetch', fetchMock);
  const runs: TimetableRun[] = [];
  const live: boolean[] = [];
  followRun(7, 3, { onRun: (r) => runs.push(r), onLiveChange: (v) => live.push(v) });
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((r) => setTimeout(r, 50));
  return { runs, live, url: String(fetchMock.mock.calls[0]?.[0 as never]) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('followRun', () => {
  it('hands on each run event, across chunk boundaries, and stays live to the end', async () => {
    const a = `event: run\ndata: ${JSON.stringify(run('running', 2))}\n\n`;
    const b = `event: run\ndata: ${JSON.stringify(run('solved', 4))}\n\n`;
    const { runs, live, url } = await follow(streamOf(['retry: 2000\n\n: keep-alive\n\n', a.slice(0, 20), a.slice(20) + b]));
    expect(url).toContain('/educate/timetable-plans/7/runs/3/events');
    expect(runs.map((r) => [r.status, r.placed])).toEqual([
      ['running', 2],
      ['solved', 4],
    ]);
    expect(live).toEqual([true, true]);
  });

  it('says the stream is down when it breaks off before the run ended, or is refused', async () => {
    const cut = await follow(streamOf([`event: run\ndata: ${JSON.stringify(run('running', 1))}\n\n`]));
    expect(cut.live).toEqual([true, false]);
    const refused = await follow(streamOf([], 404));
    expect(refused.live).toEqual([false]);
  });
});
