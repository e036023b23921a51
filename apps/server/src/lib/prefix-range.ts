/**
 * The strings that start with a prefix, as a half-open range [lo, hi) in the
 * byte order of `text_pattern_ops` (UTF-8 byte order is code point order): hi
 * is the prefix with its last code point raised by one; null when nothing is
 * above it (a prefix of U+10FFFF only). A range is an index condition under any
 * collation, needs no wildcard escaping and, unlike LIKE, no re-check of every
 * index entry, so a prefix count reads only the index.
 */
export interface PrefixRange {
  lo: string;
  hi: string | null;
}

export function prefixRange(keyword: unknown): PrefixRange | null {
  if (typeof keyword !== 'string' || keyword === '') return null;
  const points = Array.from(keyword, (ch) => ch.codePointAt(0) ?? 0);
  while (points.length && points[points.length - 1] === 0x10ffff) points.pop();
  const last = points.pop();
  if (last === undefined) return { lo: keyword, hi: null };
  // The next code point that UTF-8 can carry: surrogates are not characters.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return { lo: keyword, hi: String.fromCodePoint(...points, next) };
}
