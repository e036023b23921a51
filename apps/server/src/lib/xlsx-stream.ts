import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import zlib from 'node:zlib';

// A streaming XLSX writer: rows go out as they are produced, deflated into a
// zip stream, so an export of any length holds one chunk of rows in memory.
// Written here rather than taken from ExcelJS: its streaming writer stores
// text as formula-string cells (t="str") unless it keeps every string in a
// shared table in memory; this writes plain inline text cells, real numbers
// and date cells with a date format, a frozen header row and column widths.

export type ColumnKind = 'text' | 'number' | 'date';

export interface SheetColumn {
  header: string;
  kind: ColumnKind;
  /** Width in characters; by default from the header and the first rows. */
  width?: number;
}

/** A cell: text, a number, or for date columns a `YYYY-MM-DD` text; null/'' is an empty cell. */
export type CellValue = string | number | null | undefined;

export interface SheetSource {
  name: string;
  columns: readonly SheetColumn[];
  rows: AsyncIterable<readonly CellValue[]> | Iterable<readonly CellValue[]>;
}

const BATCH_BYTES = 64 * 1024;
/** Rows read before the column widths are fixed (the widths precede the rows in the sheet XML). */
const WIDTH_SAMPLE_ROWS = 200;

// ---- zip ----------------------------------------------------------------------

interface ZipEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Zip with deflated entries and data descriptors (sizes after the data), written as it goes. */
class ZipWriter {
  readonly output = new PassThrough({ highWaterMark: BATCH_BYTES });
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly stamp = dosTime(new Date());

  private async push(buf: Buffer): Promise<void> {
    if (this.output.destroyed) throw new Error('export stream closed');
    this.offset += buf.length;
    if (!this.output.write(buf)) {
      await Promise.race([once(this.output, 'drain'), once(this.output, 'close')]);
      if (this.output.destroyed) throw new Error('export stream closed');
    }
  }

  async addEntry(path: string, parts: AsyncIterable<string> | Iterable<string>): Promise<void> {
    const name = Buffer.from(path, 'utf8');
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(name.length, 26);
    await this.push(Buffer.concat([header, name]));

    const deflate = zlib.createDeflateRaw({ level: 6 });
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressedSize += chunk.length;
        await this.push(chunk);
      }
    })();
    // A failed pump must not leave the writer waiting on a deflate nobody reads.
    pump.catch(() => deflate.destroy());
    let batch = '';
    const flush = async () => {
      const buf = Buffer.from(batch, 'utf8');
      batch = '';
      crc = zlib.crc32(buf, crc);
      size += buf.length;
      if (!deflate.write(buf)) await Promise.race([once(deflate, 'drain'), pump]);
    };
    try {
      for await (const part of parts) {
        batch += part;
        if (batch.length >= BATCH_BYTES) await flush();
      }
      if (batch) await flush();
      deflate.end();
      await pump;
    } catch (err) {
      deflate.destroy();
      throw err;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.push(descriptor);
    this.entries.push({ name, crc: crc >>> 0, compressedSize, size, offset });
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by
      h.writeUInt16LE(20, 6); // needed
      h.writeUInt16LE(0x0808, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.stamp.time, 12);
      h.writeUInt16LE(this.stamp.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressedSize, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.push(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
    this.output.end();
  }
}

// ---- spreadsheet XML ------------------------------------------------------------

/** XML text: the five escapes, and characters XML 1.0 cannot carry dropped. */
export function escapeXml(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
  );
}

export function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Days since 1899-12-30, Excel's serial for dates after February 1900. */
export function toExcelSerial(isoDate: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(ms) ? null : Math.round((ms - Date.UTC(1899, 11, 30)) / 86_400_000);
}

// Style indexes of styles.xml below: 0 default, 1 date, 2 bold header.
const STYLE_DATE = 1;
const STYLE_HEADER = 2;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function textCell(ref: string, value: string, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/** One cell as its column's kind: numbers and dates as values, anything else as text (never a formula). */
function renderCell(ref: string, value: CellValue, kind: ColumnKind): string {
  if (value === null || value === undefined || value === '') return '';
  if (kind === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(n) && String(value).trim() !== '') return `<c r="${ref}"><v>${n}</v></c>`;
  }
  if (kind === 'date' && typeof value === 'string') {
    const serial = toExcelSerial(value);
    if (serial !== null && serial > 60) return `<c r="${ref}" s="${STYLE_DATE}"><v>${serial}</v></c>`;
  }
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  return textCell(ref, value);
}

/** Display width of text in character cells: CJK and full-width characters take two. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/.test(ch) ? 2 : 1;
  return w;
}

function renderRow(index: number, cells: readonly CellValue[], columns: readonly SheetColumn[]): string {
  let xml = `<row r="${index}">`;
  columns.forEach((c, i) => (xml += renderCell(`${columnLetters(i)}${index}`, cells[i], c.kind)));
  return `${xml}</row>`;
}

async function* sheetXml(sheet: SheetSource): AsyncGenerator<string> {
  const { columns } = sheet;
  // The widths come before the rows: read a sample first, then stream the rest.
  const iterator = Symbol.asyncIterator in sheet.rows ? sheet.rows[Symbol.asyncIterator]() : sheet.rows[Symbol.iterator]();
  const sample: (readonly CellValue[])[] = [];
  let done = false;
  while (sample.length < WIDTH_SAMPLE_ROWS) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    sample.push(next.value);
  }
  const widths = columns.map((c, i) => {
    if (c.width) return c.width;
    let w = displayWidth(c.header);
    for (const r of sample) w = Math.max(w, c.kind === 'date' ? 10 : displayWidth(String(r[i] ?? '')));
    return Math.min(60, Math.max(8, w + 2));
  });
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  yield '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">';
  // The used range comes before the rows. Known when the whole sheet fit in the sample; otherwise left out (it is
  // optional): a wrong one (it said the header alone) made SheetJS and openpyxl's read-only mode read one row.
  if (done) yield `<dimension ref="A1:${columnLetters(Math.max(0, columns.length - 1))}${sample.length + 1}"/>`;
  yield '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
  yield '<sheetFormatPr defaultRowHeight="15"/>';
  if (columns.length)
    yield `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
  yield '<sheetData>';
  yield `<row r="1">${columns.map((c, i) => textCell(`${columnLetters(i)}1`, c.header, STYLE_HEADER)).join('')}</row>`;
  let index = 2;
  for (const r of sample) yield renderRow(index++, r, columns);
  while (!done) {
    const next = await iterator.next();
    if (next.done) break;
    yield renderRow(index++, next.value, columns);
  }
  yield '</sheetData></worksheet>';
}

/** A sheet name Excel accepts: no []:*?/\ , at most 31 characters, unique in the workbook. */
export function toSheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The workbook as a stream. Rows are pulled from each sheet's source as the
 * client reads: a slow download slows the reading, memory stays flat.
 */
export function streamXlsx(sheets: readonly SheetSource[], meta: { creator?: string } = {}): Readable {
  const zip = new ZipWriter();
  const taken = new Set<string>();
  const names = sheets.map((s) => toSheetName(s.name, taken));
  const creator = escapeXml(meta.creator ?? 'Campus Console');
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const sheetList = names.map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const sheetRels = names
    .map(
      (_n, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join('');
  const sheetTypes = names
    .map(
      (_n, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const write = async () => {
    await zip.addEntry('[Content_Types].xml', [
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>${sheetTypes}</Types>`,
    ]);
    await zip.addEntry('_rels/.rels', [
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ]);
    await zip.addEntry('docProps/core.xml', [
      `${xml}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${creator}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${now}</dcterms:created></cp:coreProperties>`,
    ]);
    await zip.addEntry('xl/workbook.xml', [
      `${xml}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView/></bookViews><sheets>${sheetList}</sheets></workbook>`,
    ]);
    await zip.addEntry('xl/_rels/workbook.xml.rels', [
      `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels}<Relationship Id="rId${names.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ]);
    await zip.addEntry('xl/styles.xml', [STYLES]);
    for (const [i, sheet] of sheets.entries()) await zip.addEntry(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet));
    await zip.finish();
  };
  write().catch((err: unknown) => zip.output.destroy(err instanceof Error ? err : new Error(String(err))));
  return zip.output;
}

/** The whole workbook in memory: for small files (templates, reports) and tests. */
export async function writeXlsxBuffer(sheets: readonly SheetSource[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of streamXlsx(sheets) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
