import { eq, getTableColumns, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CampusScope, CampusTable } from '../lib/campus-scope.js';
import type { CampusCrudSpec, UniqueRule, Values } from './campus-resource.js';
import { duplicate, findUniqueViolation } from './resource-errors.js';

/** 409 before writing when another row of the campus holds a unique value of the body (`existingId`: the row itself). */
export async function assertUnique<T extends CampusTable>(
  scope: CampusScope,
  spec: CampusCrudSpec<T>,
  body: Values,
  values: Values,
  existingId: number | null,
) {
  for (const rule of spec.uniques) {
    const value = values[columnKey(spec.table, rule.column)];
    if (value === undefined) continue;
    const found = await scope
      .select(spec.table, { id: spec.table.id }, eq(rule.column, value), existingId === null ? undefined : ne(spec.table.id, existingId))
      .limit(1);
    if (found.length) throw duplicate(rule, body);
  }
}

/** The property name of a column in its table (e.g. studentNo for student_no). */
export function columnKey(table: CampusTable, column: PgColumn): string {
  for (const [key, c] of Object.entries(getTableColumns(table))) if (c === column) return key;
  throw new Error(`column ${column.name} is not in the table`);
}

/** Runs a logged write; a unique index's refusal (two writes racing past assertUnique) becomes the 409 naming its field. */
export async function guardUnique<T>(spec: { uniques: UniqueRule[] }, body: Values, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const constraint = findUniqueViolation(err);
    const rule = constraint === null ? undefined : spec.uniques.find((u) => u.constraint === constraint);
    if (rule) throw duplicate(rule, body);
    throw err;
  }
}
