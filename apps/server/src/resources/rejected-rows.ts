import { lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { importRejects } from '../db/schema/system.js';
import type { ImportRowError } from '../lib/import-rows.js';
import { writeCsv } from '../lib/tabular.js';
import { createToken } from '../lib/tokens.js';
import { getPrincipal } from '../plugins/access.js';
import { ERROR_COLUMN } from './io-files.js';

/** How long a refused-rows file can be downloaded. */
export const REJECTED_FILE_TTL_MS = 24 * 60 * 60 * 1000;
export const REJECTED_FILES_URL = '/api/educate/import-rejects';

export interface RejectedRows {
  name: string;
  /** The file's header as written. */
  header: readonly string[];
  rows: readonly { row: number; cells: readonly string[] }[];
  errors: readonly ImportRowError[];
}

/**
 * Keeps the refused rows of an import as a CSV (the file's own columns, then
 * the error column) for its user, and answers the URL to download it from.
 * Files older than a day go as a new one is stored.
 */
export async function storeRejectedRows(request: FastifyRequest, rejected: RejectedRows): Promise<string> {
  const byRow = new Map<number, string[]>();
  for (const e of rejected.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.msg]);
  const width = rejected.header.length;
  const csv = writeCsv(
    [...rejected.header, ERROR_COLUMN[request.locale]],
    rejected.rows.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''), (byRow.get(r.row) ?? []).join('; ')]),
  );
  const { token, tokenHash } = createToken();
  const db = request.server.db;
  await db.delete(importRejects).where(lt(importRejects.createdAt, new Date(Date.now() - REJECTED_FILE_TTL_MS)));
  await db.insert(importRejects).values({
    userId: getPrincipal(request).userId,
    tokenHash,
    fileName: `${rejected.name}.csv`.slice(0, 200),
    content: csv.toString('utf8'),
  });
  return `${REJECTED_FILES_URL}/${token}`;
}
