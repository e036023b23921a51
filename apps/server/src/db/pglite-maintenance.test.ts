import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startPgliteMaintenance, type PgliteMaintenance } from './pglite-maintenance.js';

let db: PGlite;
let maintenance: PgliteMaintenance | undefined;
const errors: unknown[] = [];

beforeEach(async () => {
  db = await PGlite.create();
  await db.exec(`create table pupils (id serial primary key, cam_id int not null, name text not null);
    create index pupils_cam_idx on pupils (cam_id)`);
});
afterEach(async () => {
  await maintenance?.stop();
  maintenance = undefined;
  await db.close();
  expect(errors).toEqual([]);
});

const reltuples = async () =>
  (await db.query<{ n: number }>(`select reltuples::int as n from pg_class where relname = 'pupils'`)).rows[0]?.n;
const planOf = async (sql: string) =>
  (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');

it('analyzes a table never analyzed at start, so the planner knows its size and picks the index', async () => {
  await db.exec(`insert into pupils (cam_id, name) select g % 50, 'p' || g from generate_series(1, 5000) g`);
  expect(await reltuples()).toBe(-1);
  maintenance = startPgliteMaintenance(db, (e) => errors.push(e), { intervalMs: 60_000 });
  await maintenance.runDue();
  expect(await reltuples()).toBe(5000);
  expect(await planOf('select * from pupils where cam_id = 7')).toMatch(/Index Scan|Bitmap Index Scan/);
});

it('analyzes after enough rows changed and vacuums after enough died, as autovacuum would', async () => {
  await db.exec(`insert into pupils (cam_id, name) select g % 50, 'p' || g from generate_series(1, 1000) g`);
  maintenance = startPgliteMaintenance(db, (e) => errors.push(e), { intervalMs: 60_000 });
  await maintenance.runDue();
  expect(await reltuples()).toBe(1000);
  // Below the threshold (50 + 10 % of 1 000): nothing to do.
  await db.exec(`insert into pupils (cam_id, name) select 1, 'q' || g from generate_series(1, 100) g`);
  expect(await maintenance.runDue()).toEqual([]);
  await db.exec(`insert into pupils (cam_id, name) select 1, 'r' || g from generate_series(1, 2000) g`);
  expect(await maintenance.runDue()).toEqual(['pupils']);
  expect(await reltuples()).toBe(3100);
  await db.exec(`delete from pupils where id % 2 = 0`);
  expect(await maintenance.runDue()).toEqual(['pupils']);
  const stat = (
    await db.query<{ dead: number; vacuumed: boolean }>(
      `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'pupils'`,
    )
  ).rows[0];
  expect(stat).toEqual({ dead: 0, vacuumed: true });
});

it('vacuums after many inserts, as autovacuum would: the pending list of a GIN index is merged and the planner uses it', async () => {
  // A contains-search index as the lists have (decision 018): many keys a row, fast update on (the default).
  await db.exec(`create table people (id serial primary key, grams text[] not null);
    create index people_grams_idx on people using gin (grams)`);
  maintenance = startPgliteMaintenance(db, (e) => errors.push(e), { intervalMs: 60_000 });
  await maintenance.runDue();
  // An import: 8 000 rows of 40 keys each go to the index's pending list, not into its tree.
  await db.exec(`insert into people (grams)
    select array(select 'k' || ((g * 7 + k * 131) % 50000) from generate_series(1, 40) k) from generate_series(1, 8000) g`);
  expect(await maintenance.runDue()).toContain('people');
  const vacuumed = await db.query<{ vacuumed: boolean }>(
    `select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'people'`,
  );
  expect(vacuumed.rows[0]?.vacuumed).toBe(true);
  expect(await planOf(`select count(*) from people where grams @> array['k123']`)).toMatch(/Bitmap Index Scan on people_grams_idx/);
});
