import type { OperlogChange, OperlogTarget } from '@campus/contract';
import type { CampusTable } from '../lib/campus-scope.js';
import type { CampusCrudSpec, Values } from './campus-resource.js';

const SKIPPED = new Set(['id', 'camId', 'createdAt', 'updatedAt']);

/** A value as the log stores it: dates as text, everything else as JSON has it. */
function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

const scalarText = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : null);

/** The fields of `values` that differ from the row before: [{field, before, after}]. */
export function diffValues(existing: Values, values: Values): OperlogChange[] {
  const changes: OperlogChange[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (SKIPPED.has(field) || value === undefined) continue;
    const before = loggable(existing[field]);
    const after = loggable(value);
    // Numbers held as text by the driver (numeric columns) compare by value.
    const isSame = before === after || (scalarText(before) !== null && scalarText(before) === scalarText(after));
    if (!isSame) changes.push({ field, before, after });
  }
  return changes;
}

/** The log's target for one row of a resource. */
export function targetOf<T extends CampusTable>(spec: CampusCrudSpec<T>, row: T['$inferSelect']): OperlogTarget {
  const { name, code } = spec.describeRow(row);
  return { thing: spec.thing, id: (row as { id: number }).id, name, ...(code ? { code } : {}) };
}
