import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@campus/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // PostgreSQL-only files join when TEST_DATABASE_URL names a server; left out, never skipped, otherwise.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'])],
    environment: 'node',
    // The generator's worker thread runs the timetabling library's build; the test apps start from one migrated database.
    globalSetup: ['../../packages/timetabling/src/test-support/build-library.ts', 'src/test/database-image-setup.ts'],
    // Each API test file boots the whole app on its own fresh database.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
