import { z } from 'zod';
import { text } from './fields.js';

// Mainland China phone numbers as people write them: a mobile (11 digits from
// 13x to 19x), a landline with its area code (010-12345678, (0755) 8765 4321,
// an extension after "-", "转" or "ext"), or a 400/800 service number; each
// may carry the country code as +86, 86 or 0086. Spaces, hyphens and dots
// between the groups are the writer's choice and are kept as typed.

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;

/** Full-width ASCII (０-９, ＋, －, （）) and ideographic spaces as their plain forms. */
export function toHalfWidth(s: string): string {
  return s.replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

const MOBILE = /^1[3-9]\d{9}$/;
// Area codes: 010 and 02x are three digits, the rest four (0xxx); the local part is 7 or 8 digits.
const LANDLINE = /^0(?:10|2\d|[3-9]\d{2})\d{7,8}$/;
const SERVICE = /^[48]00\d{7}$/;

function matchNumber(s: string, isExtended: boolean): boolean {
  if (!/^\+?[\d(][\d\s\-.()]*$/.test(s)) return false;
  const hasPlus = s.startsWith('+');
  const digits = s.replace(/\D/g, '');
  let national = digits;
  let isInternational = true;
  if (hasPlus) {
    if (!digits.startsWith('86')) return false;
    national = digits.slice(2);
  } else if (digits.startsWith('0086')) national = digits.slice(4);
  else if (digits.startsWith('86') && digits.length >= 12) national = digits.slice(2);
  else isInternational = false;
  // After the country code a landline drops its trunk 0 (+86 10 12345678), though many still write it.
  const landline = isInternational && !national.startsWith('0') ? `0${national}` : national;
  if (isExtended) return LANDLINE.test(landline);
  return MOBILE.test(national) || SERVICE.test(national) || LANDLINE.test(landline);
}

/** True when `value` is a mainland mobile, landline or 400/800 number, with or without +86. */
export function isChinesePhone(value: string): boolean {
  const s = toHalfWidth(value).trim();
  if (matchNumber(s, false)) return true;
  // A landline with an extension: 010-12345678-123, 010-12345678转123, (0755) 8765 4321 ext. 12
  const m = /^(.+?)(?:\s*(?:转|分机|ext\.?|x)\s*|-)(\d{1,6})$/i.exec(s);
  return m?.[1] !== undefined && matchNumber(m[1], true);
}

/**
 * An account's phone (users, the user center's profile): empty clears it (null), otherwise a number `isChinesePhone`
 * accepts. One rule for both: the profile once took "12345", which the user page then refused to save.
 */
export function accountPhoneField() {
  return z
    .preprocess(
      (v: unknown) => (v === '' ? null : v),
      text()
        .transform((v) => toHalfWidth(v).trim())
        .pipe(z.string().max(32).refine(isChinesePhone, { message: 'rule.phone' }))
        .nullable(),
    )
    .optional();
}

/** An optional phone field: empty, or a number `isChinesePhone` accepts (stored trimmed, as typed). */
export function phoneNumberField() {
  return text()
    .transform((s) => toHalfWidth(s).trim())
    .pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .max(32)
          .refine((s) => isChinesePhone(s), { message: 'rule.phone' }),
      ]),
    )
    .optional();
}
