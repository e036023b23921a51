import { z } from 'zod';

// Form-encoded bodies and query strings carry every value as text; these
// fields accept both the JSON type and its text form, and reject anything else.

const INT_TEXT = /^-?\d{1,15}$/;
const NUM_TEXT = /^-?\d{1,15}(\.\d+)?$/;

function fromText(pattern: RegExp) {
  return (v: unknown) => (typeof v === 'string' && pattern.test(v.trim()) ? Number(v.trim()) : v);
}

/** Text without NUL characters (PostgreSQL text cannot hold them). */
export function text() {
  return z.string().refine((s) => !s.includes('\u0000'), { message: 'rule.noNullBytes' });
}

export function intField() {
  return z.preprocess(fromText(INT_TEXT), z.number().int());
}

export function numberField() {
  return z.preprocess(fromText(NUM_TEXT), z.number());
}

/** A database id: a positive 32-bit integer. */
export function idField() {
  return z.preprocess(fromText(INT_TEXT), z.number().int().min(1).max(2_147_483_647));
}

export function boolField() {
  return z.preprocess((v) => {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return v;
  }, z.boolean());
}

/** A list from JSON (`[1,2]`) or from qs (`ids[0]=1`, `ids[]=1`, `ids=1`). */
export function listField<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === null) return v;
    if (Array.isArray(v)) return v as unknown[];
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
    return [v];
  }, z.array(item));
}

/** A list in a query string, comma-separated (`codes=1,2`) or as listField takes it (`codes=1&codes=2`). */
export function commaListField<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v), listField(item));
}

export const dateField = () => z.iso.date();
/** `HH:mm`. */
export const timeField = () => z.iso.time({ precision: -1 });
