import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_JS } from '../support/server-process.mjs';

interface BuiltServer {
  loadConfig(env: Record<string, string>): unknown;
  openDatabase(
    config: unknown,
  ): Promise<{ db: { execute(q: string): Promise<{ rows: Record<string, string>[] }> }; close(): Promise<void> }>;
}

/** The durability settings on a connection opened by the built server's own code (config + db/client). */
export async function readDurabilitySettings(env: Record<string, string>): Promise<Record<string, string | undefined>> {
  const dist = path.dirname(SERVER_JS);
  const { loadConfig } = (await import(pathToFileURL(path.join(dist, 'config/config.js')).href)) as Pick<BuiltServer, 'loadConfig'>;
  const { openDatabase } = (await import(pathToFileURL(path.join(dist, 'db/client.js')).href)) as Pick<BuiltServer, 'openDatabase'>;
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  try {
    const out: Record<string, string | undefined> = {};
    for (const name of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      out[name] = (await database.db.execute(`show ${name}`)).rows[0]?.[name];
    }
    return out;
  } finally {
    await database.close();
  }
}

export const DURABLE = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' };
