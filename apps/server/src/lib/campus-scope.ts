import { and, count, eq, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '../db/client.js';
import {
  classes,
  courses,
  enrolments,
  grades,
  managers,
  promotions,
  rooms,
  scheduleEntries,
  students,
  teachers,
  terms,
  timetableActivities,
  timetableConstraints,
  timetablePlans,
  timetableRuns,
} from '../db/schema/campus.js';

/**
 * Every table that belongs to one campus. Modules reach them only through a
 * CampusScope (campus-scope.test.ts fails the build otherwise), so no query
 * can forget its `cam_id`.
 */
export const CAMPUS_TABLES = {
  terms,
  students,
  teachers,
  managers,
  rooms,
  courses,
  enrolments,
  scheduleEntries,
  timetablePlans,
  timetableActivities,
  timetableConstraints,
  timetableRuns,
  grades,
  classes,
  promotions,
} as const;

export type CampusTable = (typeof CAMPUS_TABLES)[keyof typeof CAMPUS_TABLES];

/** The chain of a scoped select that modules use, typed by the selected fields; also usable as a subquery. */
export interface ScopedSelect<R> extends PromiseLike<R[]>, SQLWrapper {
  orderBy(...columns: (PgColumn | SQL)[]): ScopedSelect<R>;
  limit(n: number | Placeholder): ScopedSelect<R>;
  offset(n: number | Placeholder): ScopedSelect<R>;
  for(strength: 'update' | 'share'): ScopedSelect<R>;
  groupBy(...columns: (PgColumn | SQL)[]): ScopedSelect<R>;
  /** Join another campus table; `on` should come from `scope.on`. */
  innerJoin(table: CampusTable, on: SQL): ScopedSelect<R>;
  leftJoin(table: CampusTable, on: SQL): ScopedSelect<R>;
  /** The query built once; `sql.placeholder` values are bound on each execute. */
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R[]> };
}

export interface CampusScope {
  readonly camId: number;
  readonly db: Executor;
  /** `cam_id = camId AND ...conds` for `table`. */
  where(table: CampusTable, ...conds: (SQL | undefined)[]): SQL;
  /** `select fields from table where cam_id = camId and ...`; chain orderBy/limit/offset. */
  select<F extends SelectedFields>(table: CampusTable, fields: F, ...conds: (SQL | undefined)[]): ScopedSelect<SelectResultFields<F>>;
  /** Counts the rows of `table` in this campus matching `conds`. */
  count(table: CampusTable, ...conds: (SQL | undefined)[]): Promise<number>;
  /** Inserts rows stamped with this campus; a `camId` in the values is overwritten. */
  insert<T extends CampusTable>(table: T, values: Omit<T['$inferInsert'], 'camId'>[]): ReturnType<typeof insertInto<T>>;
  update<T extends CampusTable>(
    table: T,
    set: Partial<Omit<T['$inferInsert'], 'camId' | 'id'>>,
    ...conds: (SQL | undefined)[]
  ): ReturnType<typeof updateIn<T>>;
  delete<T extends CampusTable>(table: T, ...conds: (SQL | undefined)[]): ReturnType<typeof deleteFrom<T>>;
  /** A join condition that also keeps the joined table in this campus. */
  on(column: PgColumn, other: PgColumn | SQL, joined: CampusTable): SQL;
}

function selectFrom<T extends CampusTable, F extends SelectedFields>(db: Executor, table: T, fields: F, where: SQL) {
  return (
    db
      .select(fields)
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc cannot resolve drizzle's conditional type for a generic T
      .from(table as PgTable)
      .where(where)
      .$dynamic()
  );
}

function insertInto<T extends CampusTable>(db: Executor, table: T, rows: T['$inferInsert'][]) {
  return db.insert(table).values(rows as never);
}

function updateIn<T extends CampusTable>(db: Executor, table: T, set: Partial<T['$inferInsert']>, where: SQL) {
  return db
    .update(table)
    .set(set as never)
    .where(where);
}

function deleteFrom<T extends CampusTable>(db: Executor, table: T, where: SQL) {
  return db.delete(table).where(where);
}

export function createCampusScope(db: Executor, camId: number): CampusScope {
  if (!Number.isInteger(camId) || camId <= 0) throw new Error(`campus scope needs a campus id, got ${camId}`);
  const where = (table: CampusTable, ...conds: (SQL | undefined)[]): SQL => and(eq(table.camId, camId), ...conds) as SQL;
  return {
    camId,
    db,
    where,
    select: <F extends SelectedFields>(table: CampusTable, fields: F, ...conds: (SQL | undefined)[]) =>
      selectFrom(db, table, fields, where(table, ...conds)) as unknown as ScopedSelect<SelectResultFields<F>>,
    async count(table, ...conds) {
      const rows: { n: number }[] = await db
        .select({ n: count() })
        .from(table)
        .where(where(table, ...conds));
      return rows[0]?.n ?? 0;
    },
    insert: (table, values) =>
      insertInto(
        db,
        table,
        values.map((v) => ({ ...v, camId }) as (typeof table)['$inferInsert']),
      ),
    update: (table, set, ...conds) =>
      updateIn(db, table, { ...set, camId } as Partial<(typeof table)['$inferInsert']>, where(table, ...conds)),
    delete: (table, ...conds) => deleteFrom(db, table, where(table, ...conds)),
    on: (column, other, joined) => and(eq(column, other), eq(joined.camId, camId)) as SQL,
  };
}
