import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed element: each child element name maps to its occurrences, text leaves as strings. */
export interface XmlElement {
  [child: string]: XmlValue[] | string | undefined;
}
export type XmlValue = XmlElement | string;

export type FetFileErrorCode = 'too-large' | 'not-utf8' | 'doctype' | 'malformed' | 'wrong-root' | 'invalid';

/** A .fet file refused: a code for programs, a message for people. */
export class FetFileError extends Error {
  readonly code: FetFileErrorCode;
  readonly line?: number;

  constructor(code: FetFileErrorCode, message: string, line?: number) {
    super(message);
    this.name = 'FetFileError';
    this.code = code;
    if (line !== undefined) this.line = line;
  }
}

/** The largest example FET ships is 6 MB; 20 MiB leaves room and keeps a hostile upload cheap to refuse. */
export const defaultMaxFetBytes = 20 * 1024 * 1024;

export interface ReadXmlOptions {
  maxBytes?: number;
  /** The element the document must have at its root ("fet" for a plan, "Activities_Timetable" for a solution). */
  root: string;
}

const predefinedEntities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five predefined XML entities and character references, nothing else: no DTD, no expansion. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return predefinedEntities[name] ?? '';
  });
}

function decodeInput(input: string | Uint8Array, maxBytes: number): string {
  if (typeof input === 'string') {
    // A JavaScript string of n UTF-16 units is at least n bytes as UTF-8: checked before encoding anything.
    if (input.length > maxBytes || utf8Length(input, maxBytes) > maxBytes) throw tooLarge(maxBytes);
    return input;
  }
  if (input.byteLength > maxBytes) throw tooLarge(maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    throw new FetFileError('not-utf8', 'The file is not UTF-8 text (FET writes UTF-8 .fet files)');
  }
}

/** UTF-8 byte length of a string, counting stops once past `limit`. */
function utf8Length(value: string, limit: number): number {
  let bytes = 0;
  for (let i = 0; i < value.length && bytes <= limit; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function tooLarge(maxBytes: number): FetFileError {
  return new FetFileError('too-large', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
}

/**
 * Reads an XML document safely: size checked first, any DOCTYPE or entity declaration refused (so no entity
 * expansion can happen), well-formedness checked with a line number, and the root element checked.
 */
export function readXml(input: string | Uint8Array, options: ReadXmlOptions): XmlElement {
  const maxBytes = options.maxBytes ?? defaultMaxFetBytes;
  let text = decodeInput(input, maxBytes);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (doctype) {
    const line = text.slice(0, doctype.index).split('\n').length;
    throw new FetFileError('doctype', 'The file declares a DOCTYPE or entities, which a .fet file never has; refused', line);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new FetFileError('malformed', `The file is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`, valid.err.line);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    htmlEntities: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
    tagValueProcessor: (_name, value) => decodeXmlText(value),
    attributeValueProcessor: (_name, value) => decodeXmlText(value),
    maxNestedTags: 64,
  });
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch (error) {
    throw new FetFileError('malformed', `The file is not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = Object.keys(document as object).filter((key) => !key.startsWith('?') && !key.startsWith('#'));
  const rootName = roots[0];
  if (roots.length !== 1 || rootName !== options.root) {
    throw new FetFileError('wrong-root', `The root element is <${rootName ?? ''}>, expected <${options.root}>`);
  }
  const rootValue = (document as Record<string, unknown[] | undefined>)[rootName]?.[0];
  return typeof rootValue === 'object' && rootValue !== null ? (rootValue as XmlElement) : {};
}

/** The child elements named `name` (none when absent). */
export function children(element: XmlElement, name: string): XmlElement[] {
  const value = element[name];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' ? {} : item));
}

/** The text of each child named `name`. */
export function texts(element: XmlElement, name: string): string[] {
  const value = element[name];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' ? item : typeof item['#text'] === 'string' ? item['#text'] : ''));
}

/** The text of the first child named `name`, or undefined when there is none. */
export function text(element: XmlElement, name: string): string | undefined {
  return texts(element, name)[0];
}

export function attribute(element: XmlElement, name: string): string | undefined {
  const value = element[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}
