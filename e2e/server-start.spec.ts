import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { encryptLoginPassword } from '@campus/contract';
import { startServer as startServerProcess, type ServerProcess } from '../tests/support/server-process.mjs';

// A newcomer's first and second start: the built server in an empty folder,
// no environment but a free port; the printed URL and password must work.

const SERVER = path.resolve('apps/server/dist/server.js');

/** The built server in `cwd` with nothing but a free port, as a newcomer starts it. */
const startServer = (cwd: string) => startServerProcess({ isBare: true, cwd, startTimeoutMs: 60_000 });

async function stop(s: ServerProcess): Promise<number | null> {
  return (await s.stop()).code;
}

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { url?: string };
}

/** The server's JSON log lines so far (the banner and other text are skipped). */
function logLines(s: ServerProcess): LogLine[] {
  return s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

/** Waits, polling every 10 ms, for a log line matching `match`. */
async function waitForLog(s: ServerProcess, match: (l: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = logLines(s).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such log line in time:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A student import of `rows` generated rows; `sent` resolves once the whole upload is written. */
function postImport(url: string, token: string, camId: number, rows: number) {
  let markSent = () => undefined as void;
  const sent = new Promise<void>((r) => (markSent = r));
  const lines = ['studentNo,name,gender,status'];
  for (let i = 0; i < rows; i++) lines.push(`SIG${String(i).padStart(6, '0')},学生${i},male,enrolled`);
  const boundary = 'ccShutdownBoundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\n')}\r\n--${boundary}--\r\n`,
  );
  const answer = new Promise<{ code: number; msg: string; data?: { created: number } }>((resolve, reject) => {
    const req = http.request(
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
        res.on('end', () => resolve(JSON.parse(text) as { code: number; msg: string; data?: { created: number } }));
      },
    );
    req.on('error', reject);
    req.on('finish', markSent);
    req.end(body);
  });
  return { sent, answer };
}

async function signIn(url: string, password: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: encryptLoginPassword(password) }),
  });
  return (await res.json()) as { code: number; data: string; extra: { campusList: unknown[] } };
}

test('first start prints a working URL and admin password; the second start reuses the data', async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-newcomer-'));
  try {
    const first = await startServer(dir);
    const password = /password: (\S+)/.exec(first.output())?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const page = await fetch(`${first.url}/dashboard/workplace`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const login = await signIn(first.url, password);
    expect(login.code).toBe(0);
    expect(login.extra.campusList.length).toBeGreaterThanOrEqual(2);

    // In-flight requests finish on SIGTERM: a 20 000-row import takes seconds to serve, so the
    // signal lands while it runs; it must still get its answer, and its rows must be there.
    const camId = (login.extra.campusList[0] as { cam_id: number }).cam_id;
    const importing = postImport(first.url, login.data, camId, 20_000);
    await importing.sent;
    // Signal as soon as the server has taken the request in (its request log says so): a request
    // still unread in the socket when the signal lands would be a new one, not an in-flight one.
    await waitForLog(first, (l) => l.msg === 'incoming request' && String(l.req?.url).includes('/students/import'));
    const exitCode = stop(first);
    const answer = await importing.answer;
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data?.created).toBe(20_000);
    // (That it was still running when the signal landed depends on this machine's speed;
    // tests/system/sigterm-under-load.test.ts proves the in-flight case from the server's request log.)
    await waitForLog(first, (l) => String(l.msg).startsWith('shutting down'));
    // and after the signal, nobody new is served
    const late = await fetch(`${first.url}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(await exitCode).toBe(0);

    expect(fs.statSync(path.join(dir, 'data', 'initial-admin-password')).mode & 0o777).toBe(0o600);
    const second = await startServer(dir);
    expect(second.output()).not.toContain(password);
    const again = await signIn(second.url, password);
    expect(again.code).toBe(0);
    const me = await fetch(`${second.url}/api/user/currentUser`, { headers: { authorization: `Bearer ${login.data}` } });
    expect(me.status).toBe(200);
    const imported = await fetch(`${second.url}/api/educate/students?keyword=SIG&pageSize=1`, {
      headers: { authorization: `Bearer ${login.data}`, 'x-access-camid': String(camId) },
    });
    expect(((await imported.json()) as { data: { total: number } }).data.total).toBe(20_000);
    expect(await stop(second)).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a bad configuration stops start-up with a message naming the variable', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-badcfg-'));
  try {
    const child = spawn(process.execPath, [SERVER], {
      cwd: dir,
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(err).toContain('PORT="eighty"');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
