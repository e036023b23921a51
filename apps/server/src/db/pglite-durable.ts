import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR, readMigrationsKey } from './migrations-dir.js';

/**
 * PGlite as shipped is not durable on disk: it starts PostgreSQL with -F
 * (fsync off), Emscripten's fdatasync is a no-op and its Node file system has
 * no fsync. A commit reaches the OS page cache (it survives kill -9) but not
 * the disk (an OS crash or power loss can take it). Here fsync is on, the WAL
 * is flushed with fsync(), and the file system's fsync calls the real one.
 * Cost measured: about 4 ms per commit on the CI disk.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

/**
 * PostgreSQL's defaults size a server of its own; in PGlite every buffer lives in
 * this process's WebAssembly heap, which never shrinks. Shared buffers at 128 MB
 * (the default) held ~120 MiB of RSS from the start; 16 MB holds a campus of
 * 20 000 students' hot pages, the rest comes from the OS page cache
 * (docs/decisions/024-embedded-database.md has the figures).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

function memoryStartParams(sharedBuffers: string): string[] {
  return ['-c', `shared_buffers=${sharedBuffers}`, '-c', 'temp_buffers=2MB', '-c', 'effective_cache_size=256MB'];
}

/**
 * V8 compiles PostgreSQL's hot WebAssembly functions again, optimised, on
 * background threads; each thread's allocator kept what its compiles used
 * (~40 MiB of RSS over a 20 000-student load). One compile thread keeps the
 * optimised code and the speed, not the memory (docs/decisions/024).
 * It must be set before the module is compiled.
 */
function limitWasmCompileThreads(): void {
  v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
}

export interface DurablePgliteOptions extends Omit<PGliteOptions, 'fs' | 'startParams'> {
  /** PostgreSQL's shared_buffers for this database (a size such as `16MB`). */
  sharedBuffers?: string;
  /**
   * A new cluster's contents instead of the migrated template (the demo's, seed/demo-template.ts): asked only
   * when this start makes the cluster, so a restart does not check the template's key.
   */
  findTemplate?: () => string | undefined;
}

/**
 * A new cluster with every migration applied, made once at build time
 * (`apps/server/scripts/copy-assets.mjs`): initdb inside WebAssembly took 5-6 s
 * and peaked at ~800 MiB RSS that the process kept, and the migrations took
 * another ~1.1 s of a first start; unpacking this copy takes ~1 s. Used only by
 * the PGlite version and the migrations it was made with (readTemplateKey).
 */
export const PGLITE_TEMPLATE_FILE = path.join(import.meta.dirname, 'pglite-template.tar.gz');

function readPgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What the template must have been made from to be used: this PGlite and these migrations. */
export function readTemplateKey(migrationsDir = MIGRATIONS_DIR): string {
  return `pglite ${readPgliteVersion()} migrations ${readMigrationsKey(migrationsDir)}`;
}

/** Whether `file` is a template made with `key` (written beside it by writeClusterTemplate). */
export function hasTemplateKey(file: string, key: string): boolean {
  try {
    return fs.readFileSync(`${file}.version`, 'utf8').trim() === key;
  } catch {
    return false;
  }
}

/** Whether `file` is a template made for this PGlite and these migrations. */
export function isTemplateCurrent(file = PGLITE_TEMPLATE_FILE, migrationsDir = MIGRATIONS_DIR): boolean {
  return hasTemplateKey(file, readTemplateKey(migrationsDir));
}

/** A template for a new data folder: the one given (already checked), else the migrated one when current. */
function readTemplate(templateFile?: string): Blob | undefined {
  const file = templateFile ?? (isTemplateCurrent() ? PGLITE_TEMPLATE_FILE : undefined);
  if (!file) return undefined;
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/**
 * Makes a template: a new cluster in a scratch folder (started from the migrated template when there is
 * one), migrated, filled by `fill`, checkpointed and dumped, with `key` beside it.
 */
export async function writeClusterTemplate(
  file: string,
  key: string,
  { migrationsDir = MIGRATIONS_DIR, fill }: { migrationsDir?: string; fill?: (client: PGlite) => Promise<void> } = {},
): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-pglite-template-'));
  try {
    const base = fill && migrationsDir === MIGRATIONS_DIR ? readTemplate() : undefined;
    const db = await PGlite.create({ dataDir: scratch, ...(base ? { loadDataDir: base } : {}) });
    await migrate(drizzle({ client: db }), { migrationsFolder: migrationsDir });
    await fill?.(db);
    // Every page in the data files, so a first start has no WAL to replay.
    await db.query('checkpoint');
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(`${file}.version`, `${key}\n`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Makes the migrated template. */
export function writePgliteTemplate(file = PGLITE_TEMPLATE_FILE, migrationsDir = MIGRATIONS_DIR): Promise<void> {
  return writeClusterTemplate(file, readTemplateKey(migrationsDir), { migrationsDir });
}

interface NodefsStreamOps {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
}

class SyncingNodeFS extends NodeFS {
  /** While true, fsync is skipped: a first start syncs the whole folder once at its end instead. */
  isSyncDeferred = false;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      (mod) => {
        (mod.NODEFS as unknown as NodefsStreamOps).stream_ops.fsync = (stream) => {
          if (!this.isSyncDeferred) fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
      ...preRun,
    ];
    return result;
  }
}

/**
 * Everything under `dir` to disk. One syncfs(2) (`sync -f`, coreutils on Linux)
 * took 70 ms where an fsync per file of a new cluster's 1 100 took 1-3 s; other
 * systems fsync each file.
 */
export function syncFolder(dir: string): void {
  if (process.platform === 'linux' && spawnSync('sync', ['-f', dir], { stdio: 'ignore' }).status === 0) return;
  fsyncTree(dir);
}

/** fsync every file and folder under `dir` (and `dir` itself). */
function fsyncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(p);
    else if (entry.isFile()) fsyncPath(p);
  }
  fsyncPath(dir);
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** `loadDataDir` given (a restore) wins over the template of a new cluster. */
function startOptions(syncing: SyncingNodeFS, options: DurablePgliteOptions, isNew: boolean): PGliteOptions {
  const { sharedBuffers = DEFAULT_PGLITE_SHARED_BUFFERS, loadDataDir, findTemplate, ...rest } = options;
  const contents = loadDataDir ?? (isNew ? readTemplate(findTemplate?.()) : undefined);
  return {
    ...rest,
    fs: syncing,
    startParams: [...DURABLE_START_PARAMS, ...memoryStartParams(sharedBuffers)],
    ...(contents ? { loadDataDir: contents } : {}),
  };
}

const hasCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Opens (or creates) the PGlite database in `dir` with fsync on and honoured.
 * The backup/restore scripts (scripts/lib/db-tools.mjs) open it here.
 */
export function createDurablePglite(dir: string, options: DurablePgliteOptions = {}): Promise<PGlite> {
  limitWasmCompileThreads();
  return PGlite.create(startOptions(new SyncingNodeFS(dir), options, !hasCluster(dir)));
}

export interface EmbeddedCluster {
  client: PGlite;
  /** This start made the cluster: migrations and the seed run on an empty database. */
  isNew: boolean;
  /** Ends a new cluster's first start: everything on disk, fsync on from here. No-op otherwise. */
  finishFirstStart(): Promise<void>;
}

/**
 * The server's way in. A first start (unpack, migrations, seed: thousands of
 * small commits) skips fsync and syncs the whole folder once when done: it took
 * 5-6 s of fsync otherwise. Until then a marker beside the folder says the
 * cluster is unfinished, and a start that finds it begins again from empty;
 * there is nothing of the school's in it yet.
 */
export async function openEmbeddedCluster(dir: string, options: DurablePgliteOptions = {}): Promise<EmbeddedCluster> {
  const marker = `${dir}.first-start-unfinished`;
  if (fs.existsSync(marker)) fs.rmSync(dir, { recursive: true, force: true });
  const isNew = !hasCluster(dir);
  if (isNew) {
    fs.writeFileSync(marker, 'A first start did not finish; the next start makes the database again.\n');
    fsyncPath(path.dirname(dir));
  }
  const syncing = new SyncingNodeFS(dir);
  syncing.isSyncDeferred = isNew;
  limitWasmCompileThreads();
  const client = await PGlite.create(startOptions(syncing, options, isNew));
  return {
    client,
    isNew,
    async finishFirstStart() {
      if (!syncing.isSyncDeferred) return;
      await client.query('checkpoint');
      syncing.isSyncDeferred = false;
      syncFolder(dir);
      fs.rmSync(marker);
      fsyncPath(path.dirname(dir));
    },
  };
}
