import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../db/migrations-dir.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a fresh, migrated in-memory database (createTestApp starts from it). */
    memoryImageFile: string | undefined;
    /** On PostgreSQL, a migrated database each test database is created from. */
    templateDatabase: string | undefined;
  }
}

/**
 * Vitest global setup of the server's tests: one migrated embedded database, dumped to a file, that every test app
 * on PGlite loads instead of running initdb and the migrations again (~8 s a database on a busy two-core host, the
 * load ~2 s); on PostgreSQL, a migrated template database. Made at every run from the migrations in the tree, so it
 * is never stale; seeding stays per app (its admin password and demo switch differ between tests).
 */
export default async function setup(project: TestProject) {
  // On PostgreSQL too: a few tests open an in-memory database of their own beside the suite's.
  const baseUrl = process.env.TEST_DATABASE_URL;
  const template = baseUrl ? await createTemplateDatabase(baseUrl) : undefined;
  project.provide('templateDatabase', template?.name);
  const client = await PGlite.create();
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(os.tmpdir(), `campus-test-db-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('memoryImageFile', file);
  return async () => {
    fs.rmSync(file, { force: true });
    await template?.drop();
  };
}

async function createTemplateDatabase(baseUrl: string) {
  const name = `cc_test_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await pool.end();
  }
  return {
    name,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
