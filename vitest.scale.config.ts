import { defineConfig } from 'vitest/config';

// `npm run test:scale`: several real server processes on one PostgreSQL behind
// nginx (tests/scale). Not part of `npm test`; .ci/run runs it. Needs nginx and
// TEST_DATABASE_URL (or PostgreSQL binaries for scripts/pg-local.sh).
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
