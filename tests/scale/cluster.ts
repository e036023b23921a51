import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Two (or more) real server processes on one PostgreSQL behind a real nginx,
// all on loopback, everything in one temporary directory. Nothing is skipped:
// a missing nginx or PostgreSQL fails loudly.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/server.ts');

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  logFile: string;
}

export interface Cluster {
  dir: string;
  databaseUrl: string;
  instances: Instance[];
  /** nginx in front of every instance, round robin. */
  proxyUrl: string;
  nginxErrorLog: string;
  stop(): Promise<void>;
}

export function findNginx(): string {
  const candidates = [process.env.NGINX_BIN, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx not found: apt-get install -y nginx (or set NGINX_BIN). The scale test needs it and does not skip.');
  }
}

/** TEST_DATABASE_URL, or a throwaway PostgreSQL started with scripts/pg-local.sh (stopped by the caller). */
export function findPostgres(): { url: string; stop: () => void } {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => undefined };
  const port = process.env.SCALE_PG_PORT ?? '54339';
  const env = { ...process.env, PG_LOCAL_PORT: port };
  // One already running there (someone else's) is used and left running.
  const wasRunning = fs.existsSync(path.join(process.env.PG_LOCAL_DIR ?? `/tmp/campus-console-pg-${port}`, 'postmaster.pid'));
  let url: string;
  try {
    url = execFileSync('bash', [path.join(ROOT, 'scripts/pg-local.sh'), 'start'], { env, encoding: 'utf8' }).trim();
  } catch (err) {
    throw new Error(`no PostgreSQL: set TEST_DATABASE_URL or install postgresql for scripts/pg-local.sh (${String(err)})`);
  }
  return {
    url,
    stop: () => {
      if (!wasRunning) execFileSync('bash', [path.join(ROOT, 'scripts/pg-local.sh'), 'destroy'], { env });
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cc_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function waitForHealth(url: string, timeoutMs = 90_000, isAlive: () => boolean = () => true): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (!isAlive()) throw new Error(`${url} exited before it was healthy`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not healthy in ${timeoutMs} ms (${last})`);
}

function startInstance(name: string, port: number, dir: string, env: Record<string, string>): Instance {
  const logFile = path.join(dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, logFile };
}

export function nginxConfig(dir: string, listenPort: number, upstreams: readonly number[]): string {
  const proxied = `
      proxy_pass http://campus;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;`;
  return `# generated by tests/scale/cluster.ts
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/nginx-tmp/body;
  proxy_temp_path ${dir}/nginx-tmp/proxy;
  fastcgi_temp_path ${dir}/nginx-tmp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-tmp/uwsgi;
  scgi_temp_path ${dir}/nginx-tmp/scgi;
  client_max_body_size 25m;
  upstream campus {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listenPort};
    # Server-sent events: no buffering, a long read timeout (the server sends a keep-alive comment every 20 s).
    location = /api/message/stream {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {${proxied}
    }
  }
}
`;
}

/**
 * Starts `count` instances on a fresh database of `baseUrl` at the same time
 * (they race for the start-up lock), then nginx in front of them.
 */
export async function startCluster(baseUrl: string, count: number, env: Record<string, string>): Promise<Cluster> {
  const nginx = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-scale-'));
  // nginx started as root runs its worker as nobody: it must reach the temp dir.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'nginx-tmp'));
  const database = await createDatabase(baseUrl);
  const instances: Instance[] = [];
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    await Promise.all(instances.map((i) => stopProcess(i.process)));
    if (proxy) await stopProcess(proxy);
    await database.drop().catch(() => undefined);
    // Logs stay for a look with SCALE_KEEP_DIR=1.
    if (!process.env.SCALE_KEEP_DIR) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const serverEnv = {
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(dir, 'no-web'),
      // Behind nginx: the client address comes from X-Forwarded-For.
      TRUST_PROXY: 'true',
      DB_POOL_MAX: '5',
      ...env,
    };
    for (let i = 0; i < count; i++) instances.push(startInstance(String.fromCharCode(65 + i), await freePort(), dir, serverEnv));
    await Promise.all(instances.map((i) => waitForHealth(i.url, 120_000, () => i.process.exitCode === null)));
    const proxyPort = await freePort();
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      nginxConfig(
        dir,
        proxyPort,
        instances.map((i) => i.port),
      ),
    );
    const out = fs.openSync(path.join(dir, 'nginx-stdout.log'), 'a');
    proxy = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')], { stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const started = proxy;
    await waitForHealth(proxyUrl, 30_000, () => started.exitCode === null);
    return { dir, databaseUrl: database.url, instances, proxyUrl, nginxErrorLog: path.join(dir, 'nginx-error.log'), stop };
  } catch (err) {
    const logs = [...instances.map((i) => i.logFile), path.join(dir, 'nginx-error.log')]
      .filter((f) => fs.existsSync(f))
      .map((f) => `--- ${f}\n${fs.readFileSync(f, 'utf8').slice(-3000)}`)
      .join('\n');
    await stop();
    throw new Error(`${String(err)}\n${logs}`);
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
