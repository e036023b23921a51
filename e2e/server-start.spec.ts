import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { encryptLoginPassword } from '@campus/contract';

// A newcomer's first and second start: the built server in an empty folder,
// no environment but a free port; the printed URL and password must work.

const SERVER = path.resolve('apps/server/dist/server.js');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startServer(cwd: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' };
  for (const k of ['DATA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SEED_DEMO', 'WEB_DIR']) delete env[k];
  const child = spawn(process.execPath, [SERVER], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const poll = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve({ child, url: m[1], output: () => out });
      }
    }, 50);
    child.on('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function stop(s: Started): Promise<number | null> {
  return new Promise((resolve) => {
    s.child.on('exit', (code) => resolve(code));
    s.child.kill('SIGTERM');
  });
}

/** A sign-in on a connection of its own; `sent` resolves once the request is fully written. */
function postLogin(url: string, password: string): { sent: Promise<void>; code: Promise<number> } {
  let markSent = () => undefined as void;
  const sent = new Promise<void>((r) => (markSent = r));
  const body = new URLSearchParams({ username: 'admin', password: encryptLoginPassword(password) }).toString();
  const code = new Promise<number>((resolve, reject) => {
    const req = http.request(
      `${url}/api/login`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve((JSON.parse(text) as { code: number }).code));
      },
    );
    req.on('error', reject);
    req.on('finish', markSent);
    req.end(body);
  });
  return { sent, code };
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

    // In-flight requests finish on SIGTERM. Sign-ins are slow (argon2id), so ten of them, each on
    // its own connection and fully sent, are still being served when the signal lands.
    const inflight = Array.from({ length: 10 }, () => postLogin(first.url, password));
    await Promise.all(inflight.map((r) => r.sent));
    await new Promise((r) => setTimeout(r, 50));
    const exitCode = stop(first);
    const codes = await Promise.all(inflight.map((r) => r.code.catch((err: unknown) => String(err))));
    expect(codes).toEqual(Array.from({ length: 10 }, () => 0));
    // and after the signal, nobody new is served
    await expect(fetch(`${first.url}/api/health`).then((r) => r.status)).rejects.toThrow();
    expect(await exitCode).toBe(0);

    expect(fs.statSync(path.join(dir, 'data', 'initial-admin-password')).mode & 0o777).toBe(0o600);
    const second = await startServer(dir);
    expect(second.output()).not.toContain(password);
    const again = await signIn(second.url, password);
    expect(again.code).toBe(0);
    const me = await fetch(`${second.url}/api/user/currentUser`, { headers: { authorization: `Bearer ${login.data}` } });
    expect(me.status).toBe(200);
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
