import fs from 'node:fs';
import { inject } from 'vitest';
import type { OpenOptions } from '../db/client.js';

let memoryImage: Blob | undefined;

/**
 * The migrated database the server project's global setup dumped (database-image-setup.ts), read once a file; for
 * a test that opens an in-memory database itself (`openDatabase(config, log, { memoryImage })`).
 */
export function readMemoryImage(): Blob | undefined {
  const file = inject('memoryImageFile');
  if (file && !memoryImage) memoryImage = new Blob([fs.readFileSync(file)]);
  return memoryImage;
}

/** `openDatabase`'s options for an in-memory test database: start from the image when the setup made one. */
export function memoryImageOptions(): OpenOptions {
  const image = readMemoryImage();
  return image ? { memoryImage: image } : {};
}
