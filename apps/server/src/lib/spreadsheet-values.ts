import type { z } from 'zod';
import { formatMessage, toHalfWidth, VALUE_LABELS, type Locale, type ValueLabelSet } from '@campus/contract';

// Cells as people type them in spreadsheets, turned into the values the
// contract's schemas take: dates in the shapes Excel shows them, enum values
// by code or by label in either language, full-width digits and spaces.

type Label = Record<Locale, string>;

export type FieldKind = 'date' | 'enum' | 'number' | 'boolean' | 'text';

export interface FieldInfo {
  kind: FieldKind;
  /** The codes of an enum field. */
  options: readonly string[];
}

interface ZodDefLike {
  type: string;
  format?: string;
  entries?: Record<string, unknown>;
  innerType?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}

/** What a field of a create schema holds, looked up through optional, nullable, preprocess and pipe wrappers. */
export function describeField(schema: z.ZodType | undefined): FieldInfo {
  let cur = schema;
  for (let depth = 0; depth < 10 && cur; depth++) {
    const def = cur._zod.def as unknown as ZodDefLike;
    switch (def.type) {
      case 'string':
        return { kind: def.format === 'date' ? 'date' : 'text', options: [] };
      case 'enum':
        return { kind: 'enum', options: Object.keys(def.entries ?? {}) };
      case 'number':
      case 'int':
        return { kind: 'number', options: [] };
      case 'boolean':
        return { kind: 'boolean', options: [] };
      case 'pipe':
        cur = def.out;
        break;
      default:
        cur = def.innerType;
    }
  }
  return { kind: 'text', options: [] };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? `${y}-${pad2(m)}-${pad2(d)}` : null;
}

/** Excel's day 1 is 1900-01-01 and it counts a 29 February 1900 that never was (serial 60). */
export function excelSerialToDate(serial: number): string | null {
  const day = Math.floor(serial);
  if (day < 1 || day > 2_958_465 || day === 60) return null;
  const base = Date.UTC(1899, 11, day < 60 ? 31 : 30);
  const d = new Date(base + day * 86_400_000);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/**
 * A date as typed in a spreadsheet: 2010-05-06, 2010/5/6, 2010.5.6,
 * 2010年5月6日, 20100506, an Excel serial (40304), or a timestamp whose date
 * part is taken. Null when it is none of these or not a calendar date.
 */
export function parseSpreadsheetDate(value: string): string | null {
  const s = toHalfWidth(value).trim();
  let m =
    /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{1,7}(\.\d+)?$/.test(s)) return excelSerialToDate(Number(s));
  return null;
}

/** The code an enum cell names: the code itself or its label in either language, any case. */
export function findEnumCode(value: string, options: readonly string[], set: ValueLabelSet | undefined): string | null {
  const wanted = toHalfWidth(value).trim().toLowerCase();
  const labels = set ? (VALUE_LABELS[set] as Record<string, Label>) : {};
  for (const code of options) {
    if (code.toLowerCase() === wanted) return code;
    const l = labels[code];
    if (l && (l['zh-CN'].toLowerCase() === wanted || l['en-US'].toLowerCase() === wanted)) return code;
  }
  return null;
}

/** The values of an enum as a reader of `locale` writes them (男, 女, 其他 / Male, Female, Other). */
export function describeEnumValues(options: readonly string[], set: ValueLabelSet | undefined, locale: Locale): string {
  const labels = set ? (VALUE_LABELS[set] as Record<string, Label>) : {};
  return options.map((code) => labels[code]?.[locale] ?? code).join(locale === 'zh-CN' ? '、' : ', ');
}

const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;

/** Full-width digits and ideographic spaces as their plain forms; other characters untouched. */
export function normaliseDigitsAndSpaces(s: string): string {
  return s.replace(FULL_WIDTH_DIGIT, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

export type CellReading = { ok: true; value: string } | { ok: false; msg: string };

export interface CellContext {
  field: string;
  /** The column as the file's header writes it: messages name it. */
  column: string;
  info: FieldInfo;
  schema: z.ZodType | undefined;
  labelSet: ValueLabelSet | undefined;
  locale: Locale;
}

/**
 * One non-empty cell as the value its field's schema should see, or a message
 * naming the column when it cannot be read. Free text keeps every character
 * but full-width digits and spaces; a code-like value typed in full width
 * (Ｓ００１) is taken in half width when only that form passes the field's rule.
 */
export function readCell(raw: string, ctx: CellContext): CellReading {
  if (raw.includes('\uFFFD')) return { ok: false, msg: formatMessage(ctx.locale, 'import.replacementChar', { field: ctx.column }) };
  const value = normaliseDigitsAndSpaces(raw).trim();
  switch (ctx.info.kind) {
    case 'date': {
      const date = parseSpreadsheetDate(value);
      return date ? { ok: true, value: date } : { ok: false, msg: formatMessage(ctx.locale, 'import.badDate', { field: ctx.column }) };
    }
    case 'enum': {
      const code = findEnumCode(value, ctx.info.options, ctx.labelSet);
      if (code) return { ok: true, value: code };
      const values = describeEnumValues(ctx.info.options, ctx.labelSet, ctx.locale);
      return { ok: false, msg: formatMessage(ctx.locale, 'import.notOneOf', { field: ctx.column, values }) };
    }
    case 'number':
    case 'boolean':
      return { ok: true, value: toHalfWidth(value).trim() };
    default: {
      const half = toHalfWidth(value);
      if (half !== value && ctx.schema && !ctx.schema.safeParse(value).success && ctx.schema.safeParse(half).success) {
        return { ok: true, value: half };
      }
      return { ok: true, value };
    }
  }
}

/** A message that starts with the field's API name, restated with the column as the file names it. */
export function nameColumnInMessage(msg: string, field: string, column: string): string {
  for (const separator of [': ', '：'])
    if (msg.startsWith(field + separator)) return column + separator + msg.slice(field.length + separator.length);
  return msg;
}
