import { defineConfig } from 'vitest/config';

// System tests: the built server as a child process on a fresh data directory,
// over HTTP (kill -9, database outages, backup/restore, load). Not part of the
// root `vitest run`; `npm run test:system` runs them after the build.
// PostgreSQL files (*.pg.test.ts) join only when TEST_DATABASE_URL names a
// server to create databases on; they are left out, not skipped, otherwise.
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['tests/system/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(hasPostgres ? [] : ['tests/system/**/*.pg.test.ts'])],
    // Each file runs servers of its own; two cores cannot run them side by side honestly.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
