// Peak memory of a 100 000-row student export (issue 24, defect 22): the
// built server on a fresh embedded database, loaded through the import API,
// then exported as XLSX and CSV while its RSS is sampled every 10 ms.
//
//   node bench/export-memory.mjs              # this build
//   CAMPUS_SERVER_JS=/path/to/other/dist/server.js node bench/export-memory.mjs   # another build
//
// Prints the RSS before the export, the peak during it, and the bytes sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStudentCsv } from './bench-data.mjs';
import { readRssKb, SERVER_JS, signIn, startServer } from './lib/server-process.mjs';

const ROWS = Number(process.env.EXPORT_ROWS ?? 100_000);
const PASSWORD = 'Export-Memory-Pass-1';
const IMPORT_CHUNK = 20_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-export-mem-'));
const server = await startServer({ adminPassword: PASSWORD, dataDir, env: { BODY_LIMIT: String(64 * 1024 * 1024) } });
try {
  const client = await signIn(server.url, PASSWORD);
  for (let from = 0; from < ROWS; from += IMPORT_CHUNK) {
    const csv = buildStudentCsv(from, Math.min(ROWS, from + IMPORT_CHUNK), ROWS);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
    const res = await fetch(`${server.url}/api/educate/students/import?dryRun=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'x-access-camid': String(client.camId) },
      body: form,
    });
    const body = /** @type {any} */ (await res.json());
    if (body.code !== 0) throw new Error(`import failed: ${body.msg}`);
  }

  /** @param {'xlsx' | 'csv'} format */
  const measure = async (format) => {
    // Let the imports' garbage go first, so the baseline is the server at rest.
    await new Promise((r) => setTimeout(r, 2000));
    const before = readRssKb(server.pid) ?? 0;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, readRssKb(server.pid) ?? 0)), 10);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/educate/students/export?format=${format}`, {
      headers: { authorization: `Bearer ${client.token}`, 'x-access-camid': String(client.camId) },
    });
    let bytes = 0;
    for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (res.body)) bytes += chunk.length;
    const ms = performance.now() - started;
    clearInterval(timer);
    return { format, status: res.status, bytes, ms: Math.round(ms), beforeMiB: before / 1024, peakMiB: peak / 1024 };
  };

  const results = [await measure('xlsx'), await measure('csv')];
  console.log(`server: ${SERVER_JS}\nrows: ${ROWS}`);
  for (const r of results) {
    console.log(
      `${r.format}: HTTP ${r.status}, ${(r.bytes / 1048576).toFixed(1)} MiB in ${r.ms} ms; RSS before ${r.beforeMiB.toFixed(0)} MiB, peak ${r.peakMiB.toFixed(0)} MiB (+${(r.peakMiB - r.beforeMiB).toFixed(0)} MiB)`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
