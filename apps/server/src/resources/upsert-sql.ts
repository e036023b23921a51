import { is, sql, SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CampusTable } from '../lib/campus-scope.js';
import type { Values } from './campus-resource.js';

/**
 * One chunk of an import as one upsert on (cam_id, key), the rows passed as a
 * single jsonb parameter that PostgreSQL unpacks: binding every cell as its own
 * parameter (17 000 per chunk of students) cost the query builder and the
 * driver more than the database's own work. A cell the row lacks takes the
 * column's default, as a multi-row insert would.
 */
export function buildUpsert(
  table: CampusTable,
  camId: number,
  key: PgColumn,
  written: { field: string; column: PgColumn }[],
  rows: Values[],
): SQL {
  const id = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
  const records = rows.map((row) =>
    Object.fromEntries(
      written.map(({ field, column }) => {
        const fallback = column.default === undefined || is(column.default, SQL) ? null : column.default;
        return [column.name, row[field] ?? fallback];
      }),
    ),
  );
  const names = sql.join(
    written.map(({ column }) => id(column.name)),
    sql`, `,
  );
  const types = sql.join(
    written.map(({ column }) => sql`${id(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const picked = sql.join(
    written.map(({ column }) => sql`r.${id(column.name)}`),
    sql`, `,
  );
  const updates = written.filter(({ column }) => column !== key).map(({ column }) => sql`${id(column.name)} = excluded.${id(column.name)}`);
  return sql`insert into ${table} (cam_id, ${names})
    select ${camId}::int, ${picked} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${types})
    on conflict (cam_id, ${id(key.name)}) do update set ${sql.join([...updates, sql`updated_at = now()`], sql`, `)}
    returning (xmax = 0) as inserted`;
}
