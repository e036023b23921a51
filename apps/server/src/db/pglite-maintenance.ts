import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL in single-user mode: no autovacuum worker ever runs.
 * Without statistics the planner took a campus of 20 000 students for 21 rows
 * and read every row for each list page (18 ms a page; 1.4 ms once analyzed);
 * without VACUUM, dead rows, the visibility map and GIN pending lists go
 * untended. This does autovacuum's job by its own thresholds (50 rows + 10 %
 * changed: analyze; 50 + 20 % dead or 1 000 + 20 % inserted: vacuum), one table
 * at a time on the one connection.
 */
export interface PgliteMaintenance {
  /** Looks now (after a bulk write such as an import) instead of at the next tick. */
  runDue(): Promise<string[]>;
  /** No more passes; waits for one under way. */
  stop(): Promise<void>;
}

interface DueTable {
  relname: string;
  isVacuum: boolean;
}

// Vacuum also after many inserts (PostgreSQL 13+'s insert threshold, 1 000 + 20 %): besides the visibility map, it
// merges a GIN index's pending list. ANALYZE run by hand does not, and after an import of 20 000 students the grams
// index (decision 018) held a 4 MB pending list the planner rightly avoided: a new keyword read the whole table
// (106 ms in WebAssembly against 1 ms through the index).
const VACUUM_DUE = `(s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0))`;

const DUE_TABLES = `
  select s.relname, ${VACUUM_DUE} as "isVacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = 'public'
    and (c.reltuples < 0 and s.n_mod_since_analyze > 0
      or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or ${VACUUM_DUE})
  order by s.relname`;

/** Tables never analyzed (a new cluster, or counters lost with an unclean stop): analyzed once at start. */
const NEVER_ANALYZED = `
  select c.relname, false as "isVacuum" from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0
  order by c.relname`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function startPgliteMaintenance(
  client: PGlite,
  onError: (err: unknown) => void,
  { intervalMs = 30_000 }: { intervalMs?: number } = {},
): PgliteMaintenance {
  let isStopped = false;
  let running: Promise<string[]> | null = null;

  async function look(query: string, isStart: boolean): Promise<string[]> {
    const done: string[] = [];
    // A backend flushes its counters at most once a second, and in PGlite the timer that forces it never fires.
    if (!isStart) await client.query('select pg_stat_force_next_flush()');
    const due = (await client.query<DueTable>(query)).rows;
    for (const t of due) {
      if (isStopped) break;
      await client.exec(`${t.isVacuum ? 'vacuum (analyze)' : 'analyze'} ${quoteIdent(t.relname)}`);
      done.push(t.relname);
    }
    return done;
  }

  const runDue = (query = DUE_TABLES, isStart = false): Promise<string[]> => {
    // One pass at a time; a call during a pass waits for it and then looks again.
    const next = (running ?? Promise.resolve([] as string[])).catch(() => []).then(() => look(query, isStart));
    running = next;
    void next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  };

  runDue(NEVER_ANALYZED, true).catch(onError);
  const timer = setInterval(() => {
    if (!running) runDue().catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    runDue: () => runDue(),
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
