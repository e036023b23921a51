import chardet from 'chardet';
import iconv from 'iconv-lite';
import { badRequest, type AppError } from './app-error.js';

// The text of an uploaded CSV, whatever Excel or another program saved it as:
// UTF-8 with or without a BOM, GBK/GB18030 (Excel's "CSV (逗号分隔)" on Chinese
// Windows), UTF-16 with a BOM (Excel's "Unicode text", tab-separated). Text is
// only ever decoded strictly: a file that does not decode cleanly in the
// encoding found is refused, so no replacement character is ever stored.

export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'GB18030';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** The file could not be read as text: `found` names what detection saw, `row` the first bad line when known. */
export class TextDecodeError extends Error {
  override name = 'TextDecodeError';
  constructor(
    readonly found: string,
    readonly row: number | null,
  ) {
    super(`text does not decode (${found}${row ? `, row ${row}` : ''})`);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(data: Uint8Array): string | null {
  try {
    return strictUtf8.decode(data);
  } catch {
    return null;
  }
}

/** The line (1-based) holding byte `offset`. */
function lineAt(data: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < data.length; i++) if (data[i] === 0x0a) line++;
  return line;
}

/**
 * Checks GB18030's byte structure (one, two or four byte sequences) and
 * answers the offset of the first invalid sequence, or -1. iconv-lite would
 * decode a broken sequence to U+FFFD without a word; this is the strict check.
 */
export function findInvalidGb18030(data: Uint8Array): number {
  let i = 0;
  while (i < data.length) {
    const b = data[i] ?? 0;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    if (b === 0x80 || b === 0xff) return i;
    const b2 = data[i + 1];
    if (b2 === undefined) return i;
    if ((b2 >= 0x40 && b2 <= 0x7e) || (b2 >= 0x80 && b2 <= 0xfe)) {
      i += 2;
      continue;
    }
    if (b2 >= 0x30 && b2 <= 0x39) {
      const b3 = data[i + 2];
      const b4 = data[i + 3];
      if (b3 === undefined || b4 === undefined || b3 < 0x81 || b3 > 0xfe || b4 < 0x30 || b4 > 0x39) return i;
      i += 4;
      continue;
    }
    return i;
  }
  return -1;
}

/**
 * How much of the file's non-ASCII text sits where Chinese text lives in GB
 * encodings: two-byte characters of the GB2312 rows (lead 0xA1-0xF7, trail
 * 0xA1-0xFE) that everyday names, places and words use. Text in another
 * legacy code page (Shift_JIS, Latin-1) decodes as rare or no characters.
 */
function gbCommonShare(data: Uint8Array): number {
  let pairs = 0;
  let common = 0;
  for (let i = 0; i < data.length;) {
    const b = data[i] ?? 0;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    const b2 = data[i + 1] ?? 0;
    if (b2 >= 0x30 && b2 <= 0x39) {
      pairs += 1;
      i += 4;
      continue;
    }
    pairs += 1;
    if (b >= 0xa1 && b <= 0xf7 && b2 >= 0xa1 && b2 <= 0xfe) common += 1;
    i += 2;
  }
  return pairs ? common / pairs : 0;
}

const OTHER_CJK = new Set(['Big5', 'EUC-JP', 'EUC-KR', 'Shift_JIS', 'ISO-2022-JP', 'ISO-2022-KR', 'ISO-2022-CN']);

function detectedName(data: Uint8Array): string {
  const [best] = chardet.analyse(data);
  return best ? best.name : 'unknown';
}

/**
 * Decodes an uploaded text file. BOMs decide first; then strict UTF-8 (plain
 * ASCII included); then GB18030 (a superset of GBK and GB2312) when the bytes
 * are valid GB18030 and read as Chinese, unless the detector is surer of
 * another East Asian encoding. Anything else throws TextDecodeError.
 */
export function decodeText(data: Uint8Array): DecodedText {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    const text = decodeUtf8(data.subarray(3));
    if (text === null) throw new TextDecodeError('UTF-8', null);
    return { text, encoding: 'UTF-8' };
  }
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff)) {
    const encoding: TextEncodingName = data[0] === 0xff ? 'UTF-16LE' : 'UTF-16BE';
    try {
      const text = new TextDecoder(encoding.toLowerCase(), { fatal: true, ignoreBOM: false }).decode(data);
      return { text, encoding };
    } catch {
      throw new TextDecodeError(encoding, null);
    }
  }
  const utf8 = decodeUtf8(data);
  if (utf8 !== null) return { text: utf8, encoding: 'UTF-8' };

  const analysis = chardet.analyse(data);
  const best = analysis[0];
  const gbConfidence = analysis.find((a) => a.name === 'GB18030')?.confidence ?? 0;
  const invalidAt = findInvalidGb18030(data);
  const otherIsSurer = best !== undefined && OTHER_CJK.has(best.name) && best.confidence > gbConfidence && best.confidence >= 50;
  const looksChinese = gbConfidence >= 50 || gbCommonShare(data) >= 0.9;
  if (invalidAt < 0 && looksChinese && !otherIsSurer) {
    return { text: iconv.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 'gb18030'), encoding: 'GB18030' };
  }
  if (invalidAt >= 0 && gbConfidence >= 50) throw new TextDecodeError('GB18030', lineAt(data, invalidAt));
  throw new TextDecodeError(detectedName(data), null);
}

/** The delimiter of a delimited text file, read from its first line: comma, tab (Excel's "Unicode text") or semicolon. */
export function sniffDelimiter(text: string): ',' | '\t' | ';' {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best: ',' | '\t' | ';' = ',';
  let bestCount = 0;
  for (const d of [',', '\t', ';'] as const) {
    let count = 0;
    let isQuoted = false;
    for (const ch of firstLine) {
      if (ch === '"') isQuoted = !isQuoted;
      else if (ch === d && !isQuoted) count += 1;
    }
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The text of a delimited file (CSV, Excel's "Unicode text"); binary data
 * (NUL bytes outside UTF-16) is an Error, an unreadable encoding a TextDecodeError.
 */
export function readDelimitedText(data: Uint8Array): string {
  const isUtf16 = (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff);
  if (!isUtf16 && data.subarray(0, 65_536).includes(0)) throw new Error('binary data');
  const { text } = decodeText(data);
  if (text.includes('\u0000')) throw new Error('binary data');
  return text;
}

/** The 400 an unreadable file gets: the encoding found, and the row when one line is at fault. */
export function describeDecodeError(err: TextDecodeError): AppError {
  return err.row === null
    ? badRequest('import.encodingUnknown', { found: err.found })
    : badRequest('import.encodingBroken', { found: err.found, row: err.row });
}
