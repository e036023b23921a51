import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetablePlan, TimetableRun } from '@campus/contract';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, createTestApp, educateClient, getToken, type TestApp } from '../../test/test-app.js';

// A generation's progress pushed over server-sent events (decision 023, "Generation off the request thread").

let t: TestApp;
let token: string;
let camA: number;
let port: number;
let planId: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));
const plans = '/timetable-plans';

/** Every `run` event of a stream until the server ends it (or 30 s pass), and whether it ended by itself. */
function follow(path: string): Promise<{ status: number; events: TimetableRun[]; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const events: TimetableRun[] = [];
    const req = http.get({ host: '127.0.0.1', port, path: `/api/educate${path}`, headers: authed(token, camA) }, (res) => {
      let buffer = '';
      const giveUp = setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, events, ended: false });
      }, 30_000);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: run\ndata: (.*)$/m.exec(block);
          if (data?.[1]) events.push(JSON.parse(data[1]) as TimetableRun);
        }
      });
      res.on('end', () => {
        clearTimeout(giveUp);
        resolve({ status: res.statusCode ?? 0, events, ended: true });
      });
    });
    req.on('error', reject);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  token = await getToken(t.app);
  const termId = await create('/terms', { name: 'Stream', academicYear: '2034-2035', startDate: '2034-09-01', endDate: '2035-01-15' });
  const teacher = await create('/teachers', { staffNo: 'RS1', name: 'Ms Stream', gender: 'female', status: 'active' });
  planId = ((await api('POST', plans, { name: 'Streamed', termId })).body.data as TimetablePlan).id;
  const added = await api('POST', `${plans}/${planId}/activities`, { teacherIds: [teacher], durations: [1, 1, 1, 2] });
  expect(added.status, added.body.msg).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /timetable-plans/:id/runs/:runId/events', () => {
  it('pushes the run until it ends, then ends the stream; a finished run is one event', async () => {
    const started = await api('POST', `${plans}/${planId}/generate`, { timeLimitS: 20, seed: 11 });
    expect(started.status, started.body.msg).toBe(202);
    const runId = (started.body.data as { runId: number }).runId;
    const live = await follow(`${plans}/${planId}/runs/${runId}/events`);
    expect(live.status).toBe(200);
    expect(live.ended).toBe(true);
    const last = live.events.at(-1);
    expect(last).toMatchObject({ id: runId, status: 'solved', placed: 4, total: 4, hardViolations: 0 });
    // Every event before the last is of the running run, and the last is what GET /runs/:runId answers.
    expect(live.events.slice(0, -1).every((e) => e.status === 'running')).toBe(true);
    expect((await api('GET', `${plans}/${planId}/runs/${runId}`)).body.data).toEqual(last);

    const again = await follow(`${plans}/${planId}/runs/${runId}/events`);
    expect(again).toMatchObject({ status: 200, ended: true });
    expect(again.events).toEqual([last]);
  });

  it('answers 404 for a run that is not the plan’s, before any stream', async () => {
    const res = await api('GET', `${plans}/${planId}/runs/999999/events`);
    expect(res.status).toBe(404);
  });
});
