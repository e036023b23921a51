import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/config.js';
import { openDatabase, type Database } from '../db/client.js';
import { queryRows } from '../db/query.js';
import { verifyPassword } from '../lib/passwords.js';
import { findDemoTemplate, writeDemoTemplate } from './demo-template.js';
import { PENDING_PASSWORD_HASH, seedIfEmpty } from './seed.js';

// A fixed day and time, so the template and the seeded copy plan the same demo.
const NOW = new Date('2026-10-14T03:20:00Z');
const PASSWORD = 'Template-admin-pass-1';

/**
 * What a demo database holds, table by table: equal contents give equal digests. The times a row was
 * written (column defaults: the template's were written at build time) are left out.
 */
async function digest(database: Database): Promise<Record<string, string>> {
  const tables = ['campuses', 'depts', 'users', 'roles', 'menus', 'perms', 'terms', 'rooms', 'teachers', 'managers', 'grades', 'classes'];
  const out: Record<string, string> = {};
  for (const table of [...tables, 'students', 'courses', 'schedule_entries', 'enrolments', 'timetable_plans', 'timetable_activities']) {
    const rows = await queryRows<{ r: string }>(
      database.db,
      sql.raw(
        `select count(*) || ' ' || coalesce(md5(string_agg((to_jsonb(t) - 'created_at' - 'updated_at')::text, ',' order by t.id)), '') as r from ${table} t`,
      ),
    );
    out[table] = rows[0]?.r ?? '';
  }
  return out;
}

let dir: string;
let file: string;
const opened: Database[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-demo-template-'));
  file = path.join(dir, 'demo.tar.gz');
  await writeDemoTemplate(file, NOW);
}, 120_000);
afterAll(async () => {
  for (const d of opened) await d.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function open(name: string, env: Record<string, string>, template?: string): Promise<Database> {
  const config = loadConfig({ DATA_DIR: path.join(dir, name), LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase(config, undefined, { findNewClusterTemplate: () => template });
  opened.push(database);
  return database;
}

describe('the demo template', () => {
  it('serves only a first start on the day it was made', () => {
    expect(findDemoTemplate(NOW, file)).toBe(file);
    expect(findDemoTemplate(new Date(NOW.getTime() + 6 * 3600_000), file)).toBe(file);
    expect(findDemoTemplate(new Date(NOW.getTime() + 24 * 3600_000), file)).toBeUndefined();
    expect(findDemoTemplate(NOW, path.join(dir, 'missing.tar.gz'))).toBeUndefined();
    // Made by other seed code (a build whose template step did not run again): not used.
    const other = path.join(dir, 'other.tar.gz');
    fs.copyFileSync(file, other);
    fs.writeFileSync(`${other}.version`, fs.readFileSync(`${file}.version`, 'utf8').replace(/seed \w+/, 'seed 0123456789ab'));
    expect(findDemoTemplate(NOW, other)).toBeUndefined();
  });

  it('holds no password that verifies: its accounts carry the pending mark', async () => {
    expect(await verifyPassword(PENDING_PASSWORD_HASH, '')).toBe(false);
    expect(await verifyPassword(PENDING_PASSWORD_HASH, PENDING_PASSWORD_HASH)).toBe(false);
  });

  it('a first start from it has exactly the demo a seeded first start has, with the password set', async () => {
    const env = { ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'true' };
    const fromTemplate = await open('from-template', env, file);
    const result = await fromTemplate.withStartupLock((db) => seedIfEmpty(db, loadConfig({ DATA_DIR: path.join(dir, 'x'), ...env }), NOW));
    expect(result).toEqual({ seeded: true });

    const seeded = await open('seeded', env);
    await seeded.withStartupLock((db) => seedIfEmpty(db, loadConfig({ DATA_DIR: path.join(dir, 'y'), ...env }), NOW));

    const hashes = await queryRows<{ username: string; password_hash: string }>(
      fromTemplate.db,
      sql`select username, password_hash from users order by id`,
    );
    expect(hashes.map((r) => r.username)).toEqual(['admin', 'headteacher']);
    for (const row of hashes) expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);

    const [a, b] = await Promise.all([digest(fromTemplate), digest(seeded)]);
    // Users differ by their hashes' salts alone.
    const { users: usersA, ...restA } = a;
    const { users: usersB, ...restB } = b;
    expect(restA).toEqual(restB);
    expect(usersA).not.toEqual(usersB);
    const strip = async (d: Database) =>
      queryRows(d.db, sql`select to_jsonb(u) - 'password_hash' - 'created_at' - 'updated_at' as r from users u order by id`);
    expect(await strip(fromTemplate)).toEqual(await strip(seeded));

    // A restart is an ordinary start: nothing seeded, the password kept.
    expect(await fromTemplate.withStartupLock((db) => seedIfEmpty(db, loadConfig({ DATA_DIR: path.join(dir, 'x'), ...env }), NOW))).toEqual(
      {
        seeded: false,
      },
    );
  }, 120_000);

  it('without ADMIN_PASSWORD the first start makes one, prints it once and keeps it in the data folder', async () => {
    const dataDir = path.join(dir, 'generated');
    const database = await open('generated', { SEED_DEMO: 'true' }, file);
    const result = await database.withStartupLock((db) => seedIfEmpty(db, loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true' }), NOW));
    expect(result.seeded).toBe(true);
    expect(result.generatedAdminPassword).toMatch(/.{12,}/);
    expect(fs.readFileSync(path.join(dataDir, 'initial-admin-password'), 'utf8').trim()).toBe(result.generatedAdminPassword);
    const pending = await queryRows(database.db, sql`select 1 from users where password_hash = ${PENDING_PASSWORD_HASH}`);
    expect(pending).toHaveLength(0);
  }, 120_000);
});
