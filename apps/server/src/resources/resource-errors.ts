import { ResultCode, THING_LABELS, type Locale, type ThingKey } from '@campus/contract';
import { AppError } from '../lib/app-error.js';
import type { Reference, UniqueRule, Values } from './campus-resource.js';

function describeReferences(refs: Reference[], locale: Locale): string {
  return refs
    .map(
      (r) =>
        `${THING_LABELS[r.thing][locale]} ×${r.count}${r.examples.length ? ` (${r.examples.join(', ')}${r.count > r.examples.length ? ', …' : ''})` : ''}`,
    )
    .join('; ');
}

/** 409: the rows are still referred to; the message names what refers, in the caller's language. */
export function inUse(thing: ThingKey, refs: Reference[], locale: Locale): AppError {
  return new AppError(409, ResultCode.conflict, 'data.inUse', { thing, refs: describeReferences(refs, locale) }, { references: refs });
}

/** 409 naming the field whose value another row of the campus already has. */
export function duplicate(rule: UniqueRule, values: Values): AppError {
  return new AppError(
    409,
    ResultCode.conflict,
    'data.duplicate',
    { field: rule.field, value: JSON.stringify(values[rule.field] ?? '').replace(/^"|"$/g, '') },
    { field: rule.field },
  );
}

/** The constraint of a unique violation (23505) in an error or its causes; null for any other error. */
export function findUniqueViolation(err: unknown): string | null {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const e = cur as { code?: string; constraint?: string };
    if (e.code === '23505') return e.constraint ?? '';
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}
