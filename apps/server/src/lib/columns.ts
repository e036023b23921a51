import { eq, getTableColumns, type SQL, type Table } from 'drizzle-orm';

// Lists of a table's columns named as the table names them: a select's fields,
// a sort allow-list, equality filters. Spelling each as `name: table.name`
// again and again hid the few that differ.

type ColumnsOf<T extends Table> = T['_']['columns'];

/** These columns of `table`, under their own names, in the order given. */
export function pickColumns<T extends Table, K extends keyof ColumnsOf<T> & string>(table: T, names: readonly K[]): Pick<ColumnsOf<T>, K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<ColumnsOf<T>, K>;
}

/**
 * `column = value` for each named field the query gives a value for (an empty
 * string, 0 or false gives none), undefined for the others, in the order given.
 */
export function equalityFilters<T extends Table>(
  query: Record<string, unknown>,
  table: T,
  names: readonly (keyof ColumnsOf<T> & string)[],
): (SQL | undefined)[] {
  const all = getTableColumns(table);
  return names.map((name) => (query[name] ? eq(all[name]!, query[name]) : undefined));
}
