import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';

// LOGIN_AES_KEY/LOGIN_AES_IV are one setting: a server started with other
// values than the defaults still signs in through the browser, because the
// sign-in form encrypts with what the server serves, not with the bundle's defaults.

const SERVER = path.resolve('apps/server/dist/server.js');
const KEY = 'E2e-Deploy-Key-7';
const IV = 'E2e-Deploy-IV-77';
const PASSWORD = 'Aes-Setting-Pass-2026';

let child: ChildProcess | undefined;
let baseUrl = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-aes-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'false',
    LOGIN_AES_KEY: KEY,
    LOGIN_AES_IV: IV,
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const poll = setInterval(() => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(m[1].replace(/\/$/, ''));
      }
    }, 50);
    child?.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child?.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('signs in through the browser on a server with a non-default LOGIN_AES_KEY/IV', async ({ page }) => {
  const cipher = await page.request.get(`${baseUrl}/api/login/cipher`);
  expect((await cipher.json()) as unknown).toMatchObject({ data: { key: KEY, iv: IV } });
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(PASSWORD);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/login') && r.request().method() === 'POST');
  await page.locator('input[name="password"]').press('Enter');
  expect(((await (await login).json()) as { code: number }).code).toBe(0);
  await expect(page).toHaveURL(/\/dashboard\/workplace$/);
});
