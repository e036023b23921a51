// The built server (or another Node script) as a child process, and a
// signed-in HTTP client for it. The one helper of its kind: shared by the
// system tests (tests/system), the e2e start-up spec (e2e/server-start.spec.ts)
// and the benchmarks (bench/).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { encryptLoginPassword } from '@campus/contract';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// CAMPUS_SERVER_JS: another build of the server (e.g. a private copy while the tree is being rebuilt).
export const SERVER_JS = path.resolve(process.env.CAMPUS_SERVER_JS ?? path.join(ROOT, 'apps/server/dist/server.js'));
const OUTPUT_KEEP = 256 * 1024;

/**
 * @typedef {object} ServerOptions
 * @property {string} [adminPassword] required unless isBare
 * @property {boolean} [isBare] only the port (and `env`): no admin password, seed, log level or sign-in rate of ours, as a newcomer starts it
 * @property {string} [script] the Node script to run (default: the built server, SERVER_JS)
 * @property {string} [cwd] its working directory (default: the repository)
 * @property {string[]} [nodeFlags] flags for node before the script
 * @property {number} [port] default 0: any free port, read from the URL the server prints
 * @property {string} [logFile] output appended to this file instead of kept (output() is then empty); ready once
 *   /api/health answers on `port`, which must be given
 * @property {number} [stopTimeoutMs] stop() sends SIGKILL when the signal has not ended the process in this time
 * @property {string} [dataDir] PGlite data directory (ignored when databaseUrl is set)
 * @property {string} [databaseUrl] PostgreSQL instead of PGlite
 * @property {boolean} [seedDemo]
 * @property {Record<string, string>} [env] more variables (DB_POOL_MAX, ...)
 * @property {number} [startTimeoutMs]
 * @property {(line: string) => void} [onLine] every line the server prints (stdout and stderr)
 */

/**
 * @typedef {object} ServerProcess
 * @property {string} url base URL, e.g. http://127.0.0.1:40123
 * @property {number} startMs from spawn to ready
 * @property {number} pid
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output stdout and stderr so far (the tail)
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {(signal?: NodeJS.Signals) => Promise<{ code: number | null, signal: NodeJS.Signals | null }>} stop sends the signal (SIGTERM) and waits for the exit
 */

/**
 * Starts the server (or `opts.script`) and resolves once it listens: on the URL
 * it prints, or with `logFile` once /api/health answers.
 * @param {ServerOptions} opts
 * @returns {Promise<ServerProcess>}
 */
export function startServer(opts) {
  const script = opts.script ? path.resolve(ROOT, opts.script) : SERVER_JS;
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run npm run build first`);
  if (opts.logFile && !opts.port) throw new Error('a server logging to a file needs a port of its own');
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const k of ['DATA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SEED_DEMO', 'PORT', 'HOST', 'TEST_DATABASE_URL']) delete env[k];
  if (opts.isBare) {
    delete env.WEB_DIR;
    Object.assign(env, { PORT: String(opts.port ?? 0), ...opts.env });
  } else {
    Object.assign(env, {
      PORT: String(opts.port ?? 0),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: opts.adminPassword ?? '',
      SEED_DEMO: opts.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      // Load tests and restarts sign in more often than a person would.
      LOGIN_RATE_PER_MIN: '100000',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : { DATA_DIR: opts.dataDir ?? '' }),
      ...opts.env,
    });
  }
  const logFd = opts.logFile ? fs.openSync(opts.logFile, 'a') : null;
  const began = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), script], {
    cwd: opts.cwd ?? ROOT,
    env,
    stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== null) fs.closeSync(logFd);
  let out = '';
  const partial = { stdout: '', stderr: '' };
  /** @param {'stdout' | 'stderr'} stream */
  const append = (stream) => (/** @type {Buffer} */ d) => {
    const text = d.toString();
    out += text;
    if (out.length > OUTPUT_KEEP * 2) out = out.slice(-OUTPUT_KEEP);
    if (!opts.onLine) return;
    const lines = (partial[stream] + text).split('\n');
    partial[stream] = lines.pop() ?? '';
    for (const line of lines) opts.onLine(line);
  };
  child.stdout?.on('data', append('stdout'));
  child.stderr?.on('data', append('stderr'));
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  // 'close', not 'exit': the output is complete by then.
  const exited = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  /** @param {string} url @returns {ServerProcess} */
  const started = (url) => ({
    url,
    startMs: performance.now() - began,
    pid: child.pid ?? 0,
    child,
    output: () => out,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        if (opts.stopTimeoutMs !== undefined) {
          const timer = setTimeout(() => child.kill('SIGKILL'), opts.stopTimeoutMs);
          void exited.then(() => clearTimeout(timer));
        }
      }
      return exited;
    },
  });
  return new Promise((resolve, reject) => {
    let isWaiting = true;
    const timer = setTimeout(() => {
      isWaiting = false;
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, opts.startTimeoutMs ?? 120_000);
    const ready = (/** @type {string} */ url) => {
      if (!isWaiting) return;
      isWaiting = false;
      clearTimeout(timer);
      clearInterval(poll);
      resolve(started(url));
    };
    const healthUrl = `http://127.0.0.1:${opts.port}`;
    const poll = setInterval(
      () => {
        if (opts.logFile) {
          fetch(`${healthUrl}/api/health`).then(
            (res) => res.ok && ready(healthUrl),
            () => undefined,
          );
          return;
        }
        const m = /running at (http:\/\/\S+)/.exec(out);
        if (m?.[1]) ready(m[1].replace('://localhost', '://127.0.0.1'));
      },
      opts.logFile ? 100 : 50,
    );
    void exited.then(({ code, signal }) => {
      if (!isWaiting) return;
      isWaiting = false;
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {{ code: number, msg: string, data: any }} body
 * @property {number} ms
 */

/**
 * @typedef {object} Client
 * @property {string} token
 * @property {number} camId
 * @property {(method: string, path: string, body?: unknown, signal?: AbortSignal) => Promise<Answer>} call
 *   a JSON call to /api with the token and campus; rejects only on network errors
 */

/**
 * Signs in as admin and answers a client for the first campus.
 * @param {string} url
 * @param {string} password
 * @returns {Promise<Client>}
 */
export async function signIn(url, password) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptLoginPassword(password) }),
  });
  /** @type {{ code: number, msg: string, data: string, extra?: { campusList: { cam_id: number }[] } }} */
  const body = /** @type {any} */ (await res.json());
  if (body.code !== 0) throw new Error(`sign-in failed: ${res.status} ${body.msg}`);
  const camId = body.extra?.campusList[0]?.cam_id;
  if (camId === undefined) throw new Error('admin has no campus');
  return createClient(url, body.data, camId);
}

/**
 * @param {string} url
 * @param {string} token
 * @param {number} camId
 * @returns {Client}
 */
export function createClient(url, token, camId) {
  return {
    token,
    camId,
    async call(method, p, body, signal) {
      const started = performance.now();
      const res = await fetch(`${url}/api${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-access-camid': String(camId),
          'accept-language': 'en-US',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
      const text = await res.text();
      /** @type {any} */
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { code: -1, msg: `not JSON: ${text.slice(0, 200)}`, data: null };
      }
      return { status: res.status, body: parsed, ms: performance.now() - started };
    },
  };
}

/** A student create body with a unique number. @param {string} studentNo */
export function studentBody(studentNo) {
  return { studentNo, name: `Load ${studentNo}`, gender: 'female', status: 'enrolled', grade: 'G1', className: 'C1' };
}

/** Resident set size of a process in KiB (Linux /proc), or null. @param {number} pid */
export function readRssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
