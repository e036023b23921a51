import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { signIn, startServer, studentBody } from '../support/server-process.mjs';
import { openPgliteDir } from './db-inspect.js';
import { sleep, startLoadLoop, type Sample } from './request-log.js';
import { makeTempDir } from './temp-dir.js';

const PASSWORD = 'System-Sigterm-Pass-2026';
const IMPORT_ROWS = 2_000;
const data = makeTempDir('sigterm');
afterAll(() => data.remove());

/**
 * A CSV import of generated students sent in two halves: the server starts on
 * it with the first (its log says "incoming request"), the rest follows on `finish()`.
 */
function postImportInTwoHalves(url: string, token: string, camId: number, prefix: string) {
  const lines = ['studentNo,name,gender,status'];
  for (let i = 0; i < IMPORT_ROWS; i++) lines.push(`${prefix}${String(i).padStart(5, '0')},Import ${i},male,enrolled`);
  const boundary = 'ccSigtermBoundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\n')}\r\n--${boundary}--\r\n`,
  );
  const half = Math.floor(body.length / 2);
  let req: http.ClientRequest | undefined;
  const answer = new Promise<{ status: number; code: number; msg: string; data?: { created: number } }>((resolve, reject) => {
    req = http.request(
      `${url}/api/educate/students/import?dryRun=false`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'x-access-camid': String(camId),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(JSON.parse(text) as { code: number; msg: string }) }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, half));
  });
  return { answer, finish: () => req?.end(body.subarray(half)) };
}

const CONNECTION_ERROR = /ECONNREFUSED|ECONNRESET|other side closed|socket hang up|UND_ERR_SOCKET/;
const describeSample = (s: Sample) => `${s.op} ${s.status} ${Math.round(s.end - s.start)}ms ${s.error ?? s.msg}`;

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { url: string };
  res?: { statusCode: number };
}

/**
 * What the server says it did, from its own request log: "incoming request"
 * when it starts on a request, "request completed" once the answer is written.
 */
function watchRequestLog() {
  const events: LogLine[] = [];
  return {
    events,
    onLine: (line: string) => {
      if (!line.startsWith('{')) return;
      try {
        events.push(JSON.parse(line) as LogLine);
      } catch {
        // not a log line
      }
    },
    started: (urlPart: string) => events.filter((e) => e.msg === 'incoming request' && e.req?.url.includes(urlPart)).length,
  };
}

it('SIGTERM under concurrent load: every request the server started is finished and delivered; nothing answered is lost', async () => {
  const log = watchRequestLog();
  const server = await startServer({
    adminPassword: PASSWORD,
    dataDir: data.dir,
    env: { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '120000' },
    onLine: log.onLine,
  });
  const client = await signIn(server.url, PASSWORD);
  const prefix = `T${Date.now().toString(36)}`;
  const load = startLoadLoop(client, 20, (w, n) => {
    if (n % 3 === 0)
      return { op: `create:${prefix}-${w}-${n}`, method: 'POST', path: '/educate/students', body: studentBody(`${prefix}-${w}-${n}`) };
    if (n % 3 === 1) return { op: 'list', method: 'GET', path: '/educate/students?pageSize=20' };
    return { op: 'currentUser', method: 'GET', path: '/user/currentUser' };
  });
  await sleep(1_000);
  // An upload in progress is a request in flight for sure: the signal lands once
  // the server has started on the import, and the rest of the file follows it.
  const upload = postImportInTwoHalves(server.url, client.token, client.camId, `${prefix}a`);
  while (log.started('/import') < 1) await sleep(20);
  const signalled = performance.now();
  const exit = server.stop('SIGTERM');
  while (!log.events.some((e) => e.msg?.startsWith('shutting down'))) await sleep(20);
  upload.finish();
  const answers = [await upload.answer.catch((err: unknown) => ({ status: 0, code: -1, msg: String(err) }) as const)];
  expect(await exit, server.output().slice(-3000)).toEqual({ code: 0, signal: null });
  await load.stop();

  // The server's view: every request it started before the signal it finished (2xx).
  const shutdownAt = log.events.findIndex((e) => e.msg?.startsWith('shutting down'));
  expect(shutdownAt).toBeGreaterThan(0);
  const startedBefore = new Set(
    log.events
      .slice(0, shutdownAt)
      .filter((e) => e.msg === 'incoming request')
      .map((e) => e.reqId),
  );
  const completed = new Map(log.events.filter((e) => e.msg === 'request completed').map((e) => [e.reqId, e.res?.statusCode ?? 0]));
  const unfinished = [...startedBefore].filter((id) => !((completed.get(id) ?? 0) >= 200 && (completed.get(id) ?? 0) < 300));
  expect(unfinished, 'requests started before the signal and not finished 2xx').toEqual([]);
  const finishedAfter = log.events.slice(shutdownAt).filter((e) => e.msg === 'request completed' && startedBefore.has(e.reqId));
  expect(finishedAfter.length, 'requests were in flight at the signal').toBeGreaterThanOrEqual(1);

  // The clients' view: the imports (in flight) got their answers; every 2xx the
  // server wrote reached its client; the rest is a 503 envelope or no connection.
  for (const a of answers) {
    expect(a.code, a.msg).toBe(0);
    expect('data' in a ? a.data?.created : 0).toBe(IMPORT_ROWS);
  }
  const samples = load.samples;
  const bad = samples.filter(
    (s) =>
      !(s.status >= 200 && s.status < 300) &&
      !(s.status === 503 && typeof s.code === 'number' && s.msg) &&
      !(s.error !== null && CONNECTION_ERROR.test(s.error)),
  );
  expect(bad.map(describeSample), 'answers are 2xx, a 503 envelope, or no connection (never a hang or a 500)').toEqual([]);
  const serverOk = log.events.filter((e) => e.msg === 'request completed' && e.req === undefined && (e.res?.statusCode ?? 0) < 300).length;
  const clientOk = samples.filter((s) => s.status >= 200 && s.status < 300).length + answers.filter((a) => a.code === 0).length;
  // +1: the sign-in, answered before the load.
  expect(clientOk + 1, 'every 2xx the server wrote reached its client').toBe(serverOk);
  const inFlight = samples.filter((s) => s.start < signalled && s.end > signalled);
  console.info(
    `SIGTERM: ${samples.length} load requests; the server had ${finishedAfter.length} in progress at the signal and finished them all; ` +
      `clients saw ${inFlight.filter((s) => s.status === 503).length} × 503 and ${samples.filter((s) => s.error).length} refused/reset connections (never started by the server)`,
  );

  const created = samples.filter((s) => s.op.startsWith('create:') && s.status === 201).map((s) => s.op.slice('create:'.length));
  const sql = await openPgliteDir(data.dir);
  try {
    const rows = await sql.query<{ student_no: string }>(`select student_no from students where student_no like $1 || '-%'`, [prefix]);
    const present = new Set(rows.map((r) => r.student_no));
    expect(
      created.filter((no) => !present.has(no)),
      'creates answered 201 are there after the shutdown',
    ).toEqual([]);
    const [imported] = await sql.query<{ n: number }>(
      `select count(*)::int as n from students where student_no like $1 || 'a%' or student_no like $1 || 'b%'`,
      [prefix],
    );
    expect(imported?.n).toBe(IMPORT_ROWS);
  } finally {
    await sql.close();
  }
});
